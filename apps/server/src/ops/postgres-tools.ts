import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import pg from 'pg';
import { OpsError } from './manifest';

const run = promisify(execFile);

/**
 * pg_dump and pg_restore get the URL without its password, and the password in PGPASSWORD, so
 * the password never shows in the process list.
 */
function connection(databaseUrl: string): { url: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (password !== '') env.PGPASSWORD = password;
  return { url: url.toString(), env };
}

/** Runs a PostgreSQL client program; its failure becomes a Spanish message with the program's own words. */
async function runClient(program: string, args: string[], databaseUrl: string, what: string): Promise<void> {
  const { url, env } = connection(databaseUrl);
  try {
    await run(program, [...args, `--dbname=${url}`], { env, maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const failure = error as NodeJS.ErrnoException & { stderr?: string };
    if (failure.code === 'ENOENT') {
      throw new OpsError(
        `No se encontró ${program}. Instala el cliente de PostgreSQL de la misma versión que el servidor ` +
          `(en Debian: apt-get install postgresql-client) y vuelve a intentarlo.`,
      );
    }
    const detail = (failure.stderr ?? '').trim().split('\n').slice(0, 5).join('\n  ');
    throw new OpsError(`${what} falló (${program}):\n  ${detail || failure.message}`);
  }
}

/**
 * pg_dump in custom format: one consistent snapshot of the whole database, taken while it is in use;
 * with `snapshot`, the one a transaction still open exported (pg_export_snapshot()).
 */
export async function dumpPostgres(databaseUrl: string, file: string, snapshot?: string): Promise<void> {
  await runClient(
    'pg_dump',
    [
      '--format=custom',
      '--no-owner',
      '--no-privileges',
      ...(snapshot ? [`--snapshot=${snapshot}`] : []),
      `--file=${file}`,
    ],
    databaseUrl,
    'La copia de la base de datos PostgreSQL',
  );
}

/** pg_restore in one transaction: on any error the database is left as it was (empty). */
export async function restorePostgres(databaseUrl: string, file: string): Promise<void> {
  await runClient(
    'pg_restore',
    ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', file],
    databaseUrl,
    'La restauración de la base de datos PostgreSQL',
  );
}

/** One short-lived connection for a query or two; a connection failure becomes a Spanish message. */
export async function withPostgres<T>(databaseUrl: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    await client.connect();
  } catch (error) {
    throw new OpsError(
      `No se pudo conectar a PostgreSQL (DATABASE_URL): ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

/** Tables outside PostgreSQL's own schemas: zero means an empty database, safe to restore into. */
export async function countUserTables(client: pg.Client): Promise<number> {
  const result = await client.query<{ n: string }>(
    `select count(*) as n from information_schema.tables
     where table_schema not in ('pg_catalog', 'information_schema')`,
  );
  return Number(result.rows[0]?.n ?? 0);
}
