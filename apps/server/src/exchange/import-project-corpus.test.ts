import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callFunction, createFirstAdmin, createSignedInUser } from '../../test/support/factories';
import type { TestAccount } from '../../test/support/factories';
import { loadGanttOk } from '../../test/support/gantt';
import type { WireGantt } from '../../test/support/gantt';
import { countImportRows, importProject, sharedDataFolder } from '../../test/support/mspdi';
import { exportGantt } from '../../test/support/workbooks';
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

  /** What a Gantt's tasks say, task by task, for the round trip: all but the EDP root. */
  function shown(gantt: WireGantt) {
    return gantt.activities.slice(1).map((task) => ({
      name: task.TaskName,
      // the outline by position: the parent's index
      parent: gantt.activities.findIndex((other) => other.TaskID === task.ParentId),
      duration: task.Duration,
      start: task.StartDate,
      end: task.EndDate,
      progress: task.Progress,
      // links by the predecessor's position, with type and lag ('3FS+2')
      predecessors: task.Predecessor.replace(/\d+/g, (id, offset: number, text: string) =>
        /[A-Z]{2}[+-]$/.test(text.slice(0, offset))
          ? id
          : String(gantt.activities.findIndex((other) => other.TaskID === Number(id))),
      ),
      actualStart: (task as { ActualStart?: string }).ActualStart,
      actualFinish: (task as { ActualFinish?: string }).ActualFinish,
      // a summary's stored start means nothing: its tasks' starts hold the schedule
      startNoEarlierThan: task.isSummary ? undefined : task.StartNoEarlierThan,
      // issue 34: a must-start-on and a Resume
      mustStartOn: (task as { MustStartOn?: boolean }).MustStartOn,
      resume: (task as { Resume?: string }).Resume,
      // issue 35: the resources and units (the second import finds the first's in the catalogue by name)
      resources: (task as { Resources?: { resourceId: string; units: number }[] }).Resources,
    }));
  }

  /** The exported file's tasks read with plain text matching (not our parser): each one's Start and Finish days. */
  function writtenDates(xml: string): { start: string; finish: string }[] {
    const tasks = xml.split('<Task>').slice(1);
    return tasks
      .filter((task) => !/<UID>0<\/UID>/.test(task))
      .map((task) => ({
        start: /<Start>(\d{4}-\d{2}-\d{2})/.exec(task)?.[1] ?? '',
        finish: /<Finish>(\d{4}-\d{2}-\d{2})/.exec(task)?.[1] ?? '',
      }));
  }

  it('round trip of all 144 files: export, then import the export, gives the same tasks, outline, links, progress, constraints and dates', async () => {
    const failed: string[] = [];
    let empty = 0;
    const withResources: string[] = [];
    for (const name of files) {
      const content = readFileSync(path.join(corpus, name), 'utf8');
      const first = await importProject(t, member.cookie, { fileName: name, content, code: uniqueProjectCode('R') });
      expect(first.statusCode, name).toBe(200);
      const original = await loadGanttOk(t, member.cookie, first.body.result.project._id);
      const exported = await exportGantt(t, member.cookie, first.body.result.project._id, 'mspdi');
      expect(exported.statusCode, name).toBe(200);
      const xml: string = exported.body.result.content;
      const again = await importProject(t, member.cookie, {
        fileName: name,
        content: xml,
        code: uniqueProjectCode('R'),
      });
      expect(again.statusCode, name).toBe(200);
      const back = await loadGanttOk(t, member.cookie, again.body.result.project._id);
      if (original.activities.length === 1) empty += 1;
      if (original.activities.some((task) => (task as { Resources?: unknown[] }).Resources !== undefined))
        withResources.push(name);
      if (JSON.stringify(shown(back)) !== JSON.stringify(shown(original))) failed.push(`${name}: the Gantt changed`);
      if (JSON.stringify(back.calendar) !== JSON.stringify(original.calendar))
        failed.push(`${name}: the calendar changed`);
      // what MS Project reads in the file is what Cimiento shows
      const dates = writtenDates(xml);
      const expected = original.activities.slice(1).map((task) => ({ start: task.StartDate, finish: task.EndDate }));
      if (JSON.stringify(dates) !== JSON.stringify(expected))
        failed.push(`${name}: the file's Start/Finish differ from the Gantt's`);
    }
    expect(failed).toEqual([]);
    // the calendar- and resource-only files: no task in, none out
    expect(empty).toBe(41);
    // issue 35: the 28 files whose tasks are assigned resources (issue 35 counts them) went out and
    // came back with them, task by task
    expect(withResources).toHaveLength(28);
  }, 600_000);

  it("a baseline goes out as MS Project's Baseline 0 and comes back as 'Línea base 0 (MS Project)', chosen, on the same days", async () => {
    const content = readFileSync(path.join(corpus, 'projectlibre-new-product.xml'), 'utf8');
    const first = await importProject(t, member.cookie, { fileName: 'np.xml', content, code: uniqueProjectCode('BL') });
    const id = first.body.result.project._id;
    const saved = await callFunction(t.app, 'saveBaseline', { id, name: 'Contrato' }, member.cookie);
    expect(saved.statusCode).toBe(200);
    const original = await loadGanttOk(t, member.cookie, id);
    const xml: string = (await exportGantt(t, member.cookie, id, 'mspdi')).body.result.content;
    const dry = await importProject(t, member.cookie, { fileName: 'np.xml', content: xml, dryRun: true });
    expect(dry.body.result.preview.baselines).toEqual(['Línea base 0 (MS Project)']);
    const again = await importProject(t, member.cookie, {
      fileName: 'np.xml',
      content: xml,
      code: uniqueProjectCode('BL'),
    });
    expect(again.statusCode).toBe(200);
    const back = await loadGanttOk(t, member.cookie, again.body.result.project._id);
    const baselines = await callFunction(t.app, 'loadBaselines', { id: again.body.result.project._id }, member.cookie);
    expect(baselines.body.result.baselines.map((baseline: { name: string }) => baseline.name)).toEqual([
      'Línea base 0 (MS Project)',
    ]);
    expect(back.baselineId).toBe(baselines.body.result.baselines[0].baselineId);
    const frozen = (gantt: WireGantt) =>
      gantt.activities.slice(1).map((task) => {
        const dated = task as { BaselineStart?: string; BaselineFinish?: string; BaselineDuration?: number };
        return [task.TaskName, dated.BaselineStart, dated.BaselineFinish, dated.BaselineDuration];
      });
    expect(frozen(back)).toEqual(frozen(original));
    expect(frozen(back).every(([, start]) => start !== undefined)).toBe(true);
  });
});
