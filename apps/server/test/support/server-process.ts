import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const MAIN = 'apps/server/src/main.ts';
const BUILT_MAIN = 'apps/server/dist/main.js';

export type ServerExit = { code: number | null; signal: NodeJS.Signals | null };

export type ServerProcess = {
  /** http://127.0.0.1:<port> */
  baseUrl: string;
  /** the server's process id (its /proc/<pid>/status) */
  pid: number;
  exited: Promise<ServerExit>;
  /** Everything it wrote so far, stdout then stderr. */
  output: () => string;
  /** The JSON log lines it wrote to stdout so far. */
  logLines: () => Record<string, unknown>[];
  /** SIGTERM, then its exit. */
  stop: () => Promise<ServerExit>;
};

function parseLogLine(line: string): Record<string, unknown>[] {
  try {
    const parsed: unknown = JSON.parse(line);
    return parsed !== null && typeof parsed === 'object' ? [parsed as Record<string, unknown>] : [];
  } catch {
    return [];
  }
}

/** The newest modification time of the files under `folder` that a build reads (tests left out). */
function newestSource(folder: string): number {
  let newest = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(full));
    else if (!/\.test\.tsx?$/.test(entry.name)) newest = Math.max(newest, statSync(full).mtimeMs);
  }
  return newest;
}

/**
 * The built server's entry, checked: it exists and is newer than the server's and the domain's
 * sources, so a test of the built server never runs an older build than the code it checks.
 */
function builtMain(): string {
  const entry = path.join(repoRoot, BUILT_MAIN);
  const rebuild = '`npm run build -w @cimiento/server` (npm test builds first)';
  if (!existsSync(entry)) throw new Error(`Falta el build del servidor: ejecuta ${rebuild}`);
  const built = statSync(entry).mtimeMs;
  const sources = ['apps/server/src', 'packages/domain/src'].map((folder) => newestSource(path.join(repoRoot, folder)));
  if (Math.max(...sources) > built)
    throw new Error(`El build del servidor es anterior a sus fuentes: ejecuta ${rebuild}`);
  return entry;
}

/** The node options of the root package.json's `serve` script: the built server runs as `npm run serve` runs it. */
function serveNodeOptions(): string[] {
  const { scripts } = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const options = /^node (.*)apps\/server\/dist\/main\.js$/.exec(scripts.serve ?? '')?.[1] ?? '';
  return options.split(' ').filter((option) => option !== '');
}

/**
 * Starts the real entry point listening on 127.0.0.1:<port>: `node --import tsx apps/server/src/main.ts`,
 * or with `built` the bundle `npm run build` makes, as `npm run serve` starts it.
 */
export function startServerProcess(
  port: number,
  env: Record<string, string>,
  options: { built?: boolean } = {},
): ServerProcess {
  const args = options.built ? [...serveNodeOptions(), builtMain()] : ['--import', 'tsx', MAIN];
  const child = spawn(process.execPath, args, {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', HOME: os.tmpdir(), HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<ServerExit>((resolve) => {
    child.on('exit', (code, signal) => resolve({ code, signal }));
  });
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    pid: child.pid ?? 0,
    exited,
    output: () => stdout + stderr,
    // complete lines only: the last one may still be on its way
    logLines: () => stdout.split('\n').slice(0, -1).flatMap(parseLogLine),
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

/**
 * Polls GET /healthz until it answers (or the process exits, or 30 s of attempts pass); returns
 * the last status, or undefined when it never answered.
 */
export async function waitForHealth(server: ServerProcess): Promise<number | undefined> {
  let hasExited = false;
  void server.exited.then(() => (hasExited = true));
  for (let attempt = 0; attempt < 300 && !hasExited; attempt += 1) {
    const response = await fetch(`${server.baseUrl}/healthz`).catch(() => undefined);
    if (response) return response.status;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return undefined;
}
