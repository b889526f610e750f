import { execFile } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import type { Config } from '../src/config';
import { loadObjects, saveObject } from './support/catalogues';
import { callFunction, createFirstAdmin, signIn } from './support/factories';
import type { TestAccount } from './support/factories';
import { dataUrl, tinyPng } from './support/images';
import { createTestApp, createTestConfig, databaseKinds } from './support/test-app';
import type { DatabaseKind, TestApp, TestConfig } from './support/test-app';

const run = promisify(execFile);
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const BACKUP_CLI = 'apps/server/src/ops/backup-cli.ts';
const RESTORE_CLI = 'apps/server/src/ops/restore-cli.ts';
/** A PostgreSQL URL nobody answers at: a refusal that must come before any connection. */
const UNREACHABLE_POSTGRES = 'postgres://nadie@127.0.0.1:1/cimiento';

type CliResult = { code: number; stdout: string; stderr: string };

/** `npm run backup` / `npm run restore` run these entries (bundled); here their source runs through tsx. */
async function runCli(cli: string, file: string, env: Record<string, string | undefined>): Promise<CliResult> {
  const defined = Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => !!entry[1]));
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', cli, file], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH ?? '', HOME: os.tmpdir(), LOG_LEVEL: 'silent', ...defined },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failure = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failure.code ?? -1, stdout: failure.stdout ?? '', stderr: failure.stderr ?? '' };
  }
}

function envOf(config: Config): Record<string, string | undefined> {
  return { DATA_DIR: config.dataDir, DATABASE_URL: config.databaseUrl };
}

/** What an empty target holds: DATA_DIR's entries and, on PostgreSQL, the database's tables. */
async function targetContents(config: Config): Promise<{ entries: string[]; tables: number }> {
  const entries = await readdir(config.dataDir).catch(() => []);
  if (!config.databaseUrl) return { entries, tables: 0 };
  const client = new pg.Client({ connectionString: config.databaseUrl });
  await client.connect();
  try {
    const result = await client.query<{ n: string }>(
      `select count(*) as n from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema')`,
    );
    return { entries, tables: Number(result.rows[0]?.n) };
  } finally {
    await client.end();
  }
}

const code = (n: number) => `W${String(n).padStart(5, '0')}`;

describe.each(databaseKinds)('npm run backup and npm run restore (%s)', (kind: DatabaseKind) => {
  let source: TestApp;
  let admin: TestAccount;
  let avatar: { url: string; bytes: Buffer };
  let workDir: string;
  let backupFile: string;
  const targets: TestConfig[] = [];

  async function emptyTarget(targetKind: DatabaseKind = kind): Promise<TestConfig> {
    const target = await createTestConfig(targetKind);
    targets.push(target);
    return target;
  }

  beforeAll(async () => {
    source = await createTestApp(kind);
    admin = await createFirstAdmin(source);
    const bytes = tinyPng(3, 3, [20, 120, 200]);
    const upload = await callFunction(
      source.app,
      'uploadFile',
      { purpose: 'avatar', dataUrl: dataUrl('image/png', bytes) },
      admin.cookie,
    );
    expect(upload.statusCode, JSON.stringify(upload.body)).toBe(200);
    avatar = { url: upload.body.result.url, bytes };
    workDir = await mkdtemp(path.join(os.tmpdir(), 'cimiento-backup-test-'));
    backupFile = path.join(workDir, 'copia.tar');
  });
  afterAll(async () => {
    await source?.close();
    for (const target of targets) await target.cleanup();
    if (workDir) await rm(workDir, { recursive: true, force: true });
  });

  it('takes a backup during a write load; the restored data is a prefix of the acknowledged writes, with the avatar', async () => {
    // the load: numbered activities saved one after another, each counted once acknowledged
    const acknowledged: string[] = [];
    let stop = false;
    let backupDone = false;
    let writesAfterBackup = 0;
    let loadFailed = false;
    const load = (async () => {
      for (let n = 1; !stop; n += 1) {
        const response = await saveObject(source, admin.cookie, 'actividades', {
          code: code(n),
          name: `Actividad de carga ${n}`,
        });
        expect(response.statusCode, JSON.stringify(response.body)).toBe(200);
        acknowledged.push(code(n));
        if (backupDone) writesAfterBackup += 1;
      }
    })().catch((error: unknown) => {
      loadFailed = true;
      throw error;
    });
    while (acknowledged.length < 20 && !loadFailed) await new Promise((resolve) => setTimeout(resolve, 10));

    const beforeBackup = acknowledged.length;
    const backup = await runCli(BACKUP_CLI, backupFile, envOf(source.config));
    backupDone = true;
    while (writesAfterBackup < 20 && !loadFailed) await new Promise((resolve) => setTimeout(resolve, 10));
    stop = true;
    await load;
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout).toMatch(/^Copia de seguridad creada en .*copia\.tar \((SQLite|PostgreSQL), esquema 00\d\d-/);
    expect(backup.stdout).toContain('1 archivo subido');
    expect(backup.stderr).toBe('');

    const manifest = JSON.parse((await run('tar', ['-xOf', backupFile, 'cimiento-backup.json'])).stdout) as Record<
      string,
      unknown
    >;
    expect(manifest).toEqual({
      format: 'cimiento-backup',
      formatVersion: 1,
      databaseKind: kind,
      schemaVersion: expect.stringMatching(/^00\d\d-/),
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      files: 1,
      authSecret: true,
    });

    const target = await emptyTarget();
    const restore = await runCli(RESTORE_CLI, backupFile, envOf(target.config));
    expect(restore.code, restore.stderr).toBe(0);
    expect(restore.stdout).toMatch(/restaurada en/);

    let restored: FastifyInstance | undefined;
    try {
      restored = await buildApp(target.config, { logger: false });
      const app = restored;
      const cookie = await signIn({ app, config: target.config }, admin.email, admin.password);
      const codes = (await loadObjects({ app }, cookie, 'actividades'))
        .map((object: { code: string }) => object.code)
        .filter((value: string) => value.startsWith('W'))
        .sort();
      // a consistent prefix: every write acknowledged before the backup began, then no gaps
      expect(codes.length).toBeGreaterThanOrEqual(beforeBackup);
      expect(codes.length).toBeLessThan(acknowledged.length);
      expect(codes).toEqual(acknowledged.slice(0, codes.length));

      // the avatar's record and its file came back together; the generated secret too, so the
      // session made on the source still opens
      const profile = await callFunction(app, 'loadProfile', null, admin.cookie);
      expect(profile.statusCode).toBe(200);
      expect(profile.body.result.profile.photoUrl).toBe(avatar.url);
      const file = await app.inject({ method: 'GET', url: avatar.url, headers: { cookie } });
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.equals(avatar.bytes)).toBe(true);
    } finally {
      await restored?.close();
    }
  });

  it('refuses to restore into a target that is not empty, and changes nothing', async () => {
    const before = await loadObjects(source, admin.cookie, 'actividades');
    const refused = await runCli(RESTORE_CLI, backupFile, envOf(source.config));
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim()).toMatch(
      kind === 'sqlite'
        ? /^La carpeta de datos .* \(DATA_DIR\) no está vacía\. Restaura en una carpeta o base de datos vacía: no se modificó nada\.$/
        : /^La base de datos PostgreSQL \(DATABASE_URL\) no está vacía: tiene \d+ tablas\. Restaura en una carpeta o base de datos vacía: no se modificó nada\.$/,
    );
    expect(refused.stdout).toBe('');
    expect(await loadObjects(source, admin.cookie, 'actividades')).toEqual(before);
  });

  it('refuses a file that is not a Cimiento backup, and changes nothing', async () => {
    const target = await emptyTarget();
    const garbage = path.join(workDir, 'basura.tar');
    await writeFile(garbage, Buffer.from('esto no es una copia de seguridad\n'.repeat(100)));
    const foreign = path.join(workDir, 'otra.tar');
    await writeFile(path.join(workDir, 'cimiento.db'), 'no es SQLite');
    await run('tar', ['-cf', foreign, '-C', workDir, 'cimiento.db']);
    const badManifest = path.join(workDir, 'manifiesto.tar');
    await writeFile(path.join(workDir, 'cimiento-backup.json'), JSON.stringify({ format: 'otro' }));
    await run('tar', ['-cf', badManifest, '-C', workDir, 'cimiento-backup.json', 'cimiento.db']);

    for (const file of [garbage, foreign, badManifest, path.join(workDir, 'no-existe.tar')]) {
      const refused = await runCli(RESTORE_CLI, file, envOf(target.config));
      expect(refused.code, file).toBe(1);
      expect(refused.stderr.trim(), file).toMatch(
        file.endsWith('no-existe.tar')
          ? /^No existe el archivo .*no-existe\.tar\.$/
          : /^El archivo .* no es una copia de seguridad de Cimiento \(se crean con npm run backup\)\./,
      );
    }
    expect(await targetContents(target.config)).toEqual({ entries: [], tables: 0 });
  });

  it('refuses a backup whose files include a symbolic link, and changes nothing', async () => {
    const unpacked = await mkdtemp(path.join(workDir, 'enlace-'));
    await run('tar', ['-xf', backupFile, '-C', unpacked]);
    await symlink('/etc/passwd', path.join(unpacked, 'files', 'enlace.png'));
    const tampered = path.join(workDir, 'con-enlace.tar');
    await run('tar', ['-cf', tampered, '-C', unpacked, ...(await readdir(unpacked))]);

    const target = await emptyTarget();
    const refused = await runCli(RESTORE_CLI, tampered, envOf(target.config));
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim()).toMatch(
      /^El archivo .*con-enlace\.tar contiene enlaces u otras entradas que no son archivos; no es una copia de npm run backup\. No se modificó nada\.$/,
    );
    expect(await targetContents(target.config)).toEqual({ entries: [], tables: 0 });
  });

  it('refuses a backup whose database is cut short, and changes nothing', async () => {
    const unpacked = await mkdtemp(path.join(workDir, 'cortada-'));
    await run('tar', ['-xf', backupFile, '-C', unpacked]);
    const member = path.join(unpacked, kind === 'sqlite' ? 'cimiento.db' : 'postgres.dump');
    const whole = await readFile(member);
    await writeFile(member, whole.subarray(0, Math.floor(whole.length * 0.6)));
    const damaged = path.join(workDir, 'cortada.tar');
    await run('tar', ['-cf', damaged, '-C', unpacked, ...(await readdir(unpacked))]);

    const target = await emptyTarget();
    const refused = await runCli(RESTORE_CLI, damaged, envOf(target.config));
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim()).toMatch(
      kind === 'sqlite'
        ? /^La base de datos dentro de la copia está dañada o incompleta; no se modificó nada\.$/
        : /^La restauración de la base de datos PostgreSQL falló \(pg_restore\):\n/,
    );
    // on PostgreSQL pg_restore ran in one transaction: not a table is left
    expect(await targetContents(target.config)).toEqual({ entries: [], tables: 0 });
  });

  it('refuses a backup of the other database kind, saying which, and changes nothing', async () => {
    if (kind === 'sqlite') {
      const target = await emptyTarget('sqlite');
      const refused = await runCli(RESTORE_CLI, backupFile, {
        DATA_DIR: target.config.dataDir,
        DATABASE_URL: UNREACHABLE_POSTGRES,
      });
      expect(refused.code).toBe(1);
      expect(refused.stderr.trim()).toBe(
        'La copia es de SQLite y el destino es PostgreSQL (DATABASE_URL está definida). Restaurar una copia de ' +
          'SQLite en PostgreSQL no está disponible: restáurela en SQLite (sin DATABASE_URL).',
      );
      expect(await targetContents(target.config)).toEqual({ entries: [], tables: 0 });
    } else {
      const target = await emptyTarget('sqlite');
      const refused = await runCli(RESTORE_CLI, backupFile, envOf(target.config));
      expect(refused.code).toBe(1);
      expect(refused.stderr.trim()).toBe(
        'La copia es de PostgreSQL y el destino es SQLite (DATABASE_URL no está definida). Defina DATABASE_URL ' +
          'con una base PostgreSQL vacía para restaurarla.',
      );
      expect(await targetContents(target.config)).toEqual({ entries: [], tables: 0 });
    }
  });

  it('refuses to overwrite an existing file, or to back up an installation that does not exist', async () => {
    const refused = await runCli(BACKUP_CLI, backupFile, envOf(source.config));
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim()).toMatch(/^El archivo .*copia\.tar ya existe\. Elige otro nombre para la copia\.$/);

    const empty = await emptyTarget();
    const nothing = await runCli(BACKUP_CLI, path.join(workDir, 'vacia.tar'), envOf(empty.config));
    expect(nothing.code).toBe(1);
    expect(nothing.stderr.trim()).toMatch(
      kind === 'sqlite' ? /^No hay una base de datos de Cimiento en / : /^La base de datos PostgreSQL está vacía/,
    );
    expect(await readdir(workDir)).not.toContain('vacia.tar');
    expect(await targetContents(empty.config)).toEqual({ entries: [], tables: 0 });
    expect((await readFile(backupFile)).length).toBeGreaterThan(0);
  });

  it('copies the files its database copy names, only those, and says which named file was already missing', async () => {
    const folder = path.join(source.config.dataDir, 'files', 'avatars', admin.userId);
    // a file nothing names, and a record naming a file that is not there
    await writeFile(path.join(folder, 'suelto.png'), tinyPng());
    const missingKey = `avatars/${admin.userId}/${'f'.repeat(64)}.png`;
    await source.db
      .insertInto('stored_file')
      .values({
        _id: '0190a5b2-0000-7000-8000-00000000f17e',
        owner_id: admin.userId,
        purpose: 'otro',
        path: missingKey,
        content_type: 'image/png',
        size: 1,
        created_at: new Date().toISOString(),
      })
      .execute();
    try {
      const file = path.join(workDir, 'nombrados.tar');
      const backup = await runCli(BACKUP_CLI, file, envOf(source.config));
      expect(backup.code, backup.stderr).toBe(0);
      expect(backup.stderr.trim()).toBe(
        `Aviso: la base de datos nombra 1 archivo que no estaba en DATA_DIR/files y no está en la copia: ${missingKey}`,
      );
      expect(backup.stdout).toContain('1 archivo subido');
      const members = (await run('tar', ['-tf', file])).stdout.split('\n');
      expect(members).toContain(`files/${avatar.url.replace(/^\/files\//, '')}`);
      expect(members.some((member) => member.includes('suelto'))).toBe(false);
    } finally {
      await source.db.deleteFrom('stored_file').where('path', '=', missingKey).execute();
    }
  });
});
