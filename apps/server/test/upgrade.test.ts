import { cp, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { openDatabase } from '../src/db/database';
import { knownMigrations } from '../src/ops/manifest';
import { restorePostgres } from '../src/ops/postgres-tools';
import { RELEASED_FILE_GRACE_MS, sweepReleasedFiles } from '../src/storage/file-sweep';
import { createFileStorage } from '../src/storage/files-route';
import { FIXTURE_ADMIN, readInstallation, signInFixtureAdmin } from './fixtures/upgrade/installation';
import { callFunction, cookieHeaderFrom } from './support/factories';
import { dataUrl, tinyPng } from './support/images';
import { createTestConfig, databaseKinds } from './support/test-app';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/upgrade');

type Expected = {
  schemaVersion: string;
  projectId: string;
  admin: typeof FIXTURE_ADMIN;
  read: Record<string, unknown>;
};

/** The fixture's project ids, as its loadProjects answered them. */
function projects36(expected: Expected): string[] {
  const list = (expected.read.loadProjects as { projects: { _id: string }[] }).projects;
  return list.map((project) => project._id);
}

/** The migrations a database has run, oldest first. */
async function appliedMigrations(config: { databaseUrl: string | undefined; dataDir: string }): Promise<string[]> {
  const database = openDatabase(config);
  try {
    const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(database.db);
    return rows.map((row) => row.name).sort();
  } finally {
    await database.close();
  }
}

// The fixture (fixtures/upgrade/README.md) is an installation written by the previous release's
// schema; this build must open it, migrate it, and load every record as that release did.
describe.each(databaseKinds)('upgrade from the previous release (%s)', (kind) => {
  it('migrates the fixture database to the latest schema and loads every record as it was written', async () => {
    const folder = path.join(fixtures, kind);
    const expected = JSON.parse(await readFile(path.join(folder, 'expected.json'), 'utf8')) as Expected;
    const migrations = await knownMigrations(kind);
    // the fixture was made by a release this build can migrate from
    expect(migrations).toContain(expected.schemaVersion);

    const { config, cleanup } = await createTestConfig(kind);
    let app: FastifyInstance | undefined;
    try {
      if (config.databaseUrl) {
        await restorePostgres(config.databaseUrl, path.join(folder, 'cimiento.dump'));
      } else {
        await writeFile(
          path.join(config.dataDir, 'cimiento.db'),
          gunzipSync(await readFile(path.join(folder, 'cimiento.db.gz'))),
        );
      }
      await cp(path.join(folder, 'files'), path.join(config.dataDir, 'files'), { recursive: true });
      expect((await appliedMigrations(config)).at(-1)).toBe(expected.schemaVersion);

      // start-up migrates (migrateToLatest), as on a real upgrade
      app = await buildApp(config, { logger: false });
      expect(await appliedMigrations(config)).toEqual(migrations);

      expect(expected.admin).toEqual(FIXTURE_ADMIN);
      const cookie = await signInFixtureAdmin({ app, config });
      const read = await readInstallation({ app, config }, cookie);
      // every record as written; fields a later release adds are allowed
      expect(read).toMatchObject(expected.read);

      // issue 36: nobody loses a project: every user of the installation is a Planificador of every
      // project, and a member who is not an administrator sees and may change it as before
      const database36 = openDatabase(config);
      try {
        const users = await database36.db.selectFrom('user').select('id').execute();
        const projects = await database36.db.selectFrom('project').select('_id').execute();
        const members = await database36.db
          .selectFrom('project_member')
          .select(['project_id', 'user_id', 'role'])
          .execute();
        expect(users.length).toBe(4);
        expect(members).toHaveLength(users.length * projects.length);
        expect(new Set(members.map((row) => row.role))).toEqual(new Set(['planificador']));
      } finally {
        await database36.close();
      }
      const pia = await app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { 'content-type': 'application/json', origin: config.publicUrl },
        payload: JSON.stringify({ email: 'pia@constructora.example', password: 'clave-pia-12345' }),
      });
      expect(pia.statusCode, pia.body).toBe(200);
      const piaCookie = cookieHeaderFrom(pia.headers['set-cookie']);
      const piaProjects = await callFunction(app, 'loadProjects', null, piaCookie);
      expect(piaProjects.body.result.projects).toEqual(
        projects36(expected).map((id) => expect.objectContaining({ _id: id, role: 'planificador' })),
      );
      const piaGantt = await callFunction(app, 'loadGantt', { id: expected.projectId }, piaCookie);
      expect(piaGantt.statusCode).toBe(200);

      // issue 30: the avatar stored under the previous release's key (a UUID, not a SHA-256) stays
      // served; replaced, it waits for the sweep like any other, and goes only after the grace period
      const oldUrl = (read.avatar as { url: string }).url;
      expect(oldUrl).toMatch(/^\/files\/avatars\/[^/]+\/[0-9a-f-]{36}\.png$/);
      const replaced = await callFunction(
        app,
        'uploadFile',
        { purpose: 'avatar', dataUrl: dataUrl('image/png', tinyPng(6, 6)) },
        cookie,
      );
      expect(replaced.statusCode, JSON.stringify(replaced.body)).toBe(200);
      expect((await app.inject({ method: 'GET', url: oldUrl, headers: { cookie } })).statusCode).toBe(200);
      const database = openDatabase(config);
      try {
        const swept = await sweepReleasedFiles(
          database.db,
          createFileStorage(config, database.db),
          new Date(Date.now() + RELEASED_FILE_GRACE_MS + 60_000),
        );
        expect(swept.removed).toEqual([oldUrl.replace(/^\/files\//, '')]);
      } finally {
        await database.close();
      }
      expect((await app.inject({ method: 'GET', url: oldUrl, headers: { cookie } })).statusCode).toBe(404);
      const current = await app.inject({ method: 'GET', url: replaced.body.result.url, headers: { cookie } });
      expect(current.statusCode).toBe(200);
    } finally {
      await app?.close();
      await cleanup();
    }
  });
});
