import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const MAIN = 'apps/server/src/main.ts';
const BUILT_MAIN = 'apps/server/dist/main.js';

/**
 * Builds the server bundle (apps/server/dist) when its stamp says its sources changed, as `npm start`
 * would (scripts/build-if-changed.mjs, the server's build only): a test of the built server then runs
 * what the sources say, not an older build. Throws with the build's output when it fails.
 */
export function ensureServerBuild(): void {
  const script =
    "import { BUILDS, buildIfChanged } from './scripts/build-if-changed.mjs';" +
    "const server = BUILDS.filter((target) => target.dist === 'apps/server/dist');" +
    'process.exitCode = buildIfChanged({ builds: server }).exitCode;';
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`El build del servidor falló:\n${result.stdout}${result.stderr}`);
}

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

/** The process's resident set now (VmRSS) or its peak (VmHWM), in MB. */
export function residentMegabytes(pid: number, field: 'VmRSS' | 'VmHWM' = 'VmRSS'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? Number.NaN) / 1024;
}

/** Starts the peak (VmHWM) again from the current resident set; false where the kernel refuses. */
export function resetPeakResident(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

function parseLogLine(line: string): Record<string, unknown>[] {
  try {
    const parsed: unknown = JSON.parse(line);
    return parsed !== null && typeof parsed === 'object' ? [parsed as Record<string, unknown>] : [];
  } catch {
    return [];
  }
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
 * or with `built` the bundle `npm run build` makes (rebuilt first when its sources changed:
 * ensureServerBuild), as `npm run serve` starts it.
 */
export function startServerProcess(
  port: number,
  env: Record<string, string>,
  options: { built?: boolean } = {},
): ServerProcess {
  if (options.built) ensureServerBuild();
  const args = options.built ? [...serveNodeOptions(), BUILT_MAIN] : ['--import', 'tsx', MAIN];
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
