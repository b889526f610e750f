import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFirstAdmin, createSignedInUser } from '../../test/support/factories';
import type { TestAccount } from '../../test/support/factories';
import { countImportRows, importProject, sharedDataFolder } from '../../test/support/mspdi';
import { uniqueProjectCode } from '../../test/support/projects';
import { createTestApp, databaseKinds } from '../../test/support/test-app';
import type { TestApp } from '../../test/support/test-app';

/**
 * importProject on every file of the MSPDI corpus (issue 34): the 144 files MS Project 2002–2019 and
 * ProjectLibre wrote. Each one's dry run answers 200 with the README's task and link counts (the
 * domain's corpus test reads the same oracle), and each is then imported for real: no 500, and the
 * project holds what the preview said.
 */
describe.each(databaseKinds)('importProject on the MSPDI corpus (%s)', (kind) => {
  let t: TestApp;
  let member: TestAccount;
  const corpus = sharedDataFolder('mspdi-corpus');
  const files = readdirSync(corpus).filter((name) => name.endsWith('.xml'));

  beforeAll(async () => {
    t = await createTestApp(kind);
    const admin = await createFirstAdmin(t);
    member = await createSignedInUser(t, admin.cookie);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('imports all 144 files: what the preview counts is what is written, never a server error', async () => {
    expect(files).toHaveLength(144);
    const failed: string[] = [];
    for (const name of files) {
      const content = readFileSync(path.join(corpus, name), 'utf8');
      const dry = await importProject(t, member.cookie, { fileName: name, content, dryRun: true });
      if (dry.statusCode !== 200) {
        failed.push(`${name} (dry run): ${dry.statusCode} ${JSON.stringify(dry.body).slice(0, 200)}`);
        continue;
      }
      const before = await countImportRows(t);
      const done = await importProject(t, member.cookie, { fileName: name, content, code: uniqueProjectCode('C') });
      if (done.statusCode !== 200) {
        failed.push(`${name}: ${done.statusCode} ${JSON.stringify(done.body).slice(0, 200)}`);
        continue;
      }
      const after = await countImportRows(t);
      const { taskCount, linkCount } = dry.body.result.preview;
      if (
        after.edpItem - before.edpItem !== taskCount + 1 ||
        after.ganttTask - before.ganttTask !== taskCount + 1 ||
        after.ganttLink - before.ganttLink !== linkCount
      )
        failed.push(
          `${name}: preview ${taskCount}/${linkCount}, written ${JSON.stringify(after)} from ${JSON.stringify(before)}`,
        );
    }
    expect(failed).toEqual([]);
  }, 300_000);
});
