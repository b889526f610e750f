import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const MAIN = 'apps/server/src/main.ts';

export type MainExit = { code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string };

export type MainProcess = {
  child: ChildProcess;
  /** Resolves once the process has exited, with everything it wrote. */
  exited: Promise<MainExit>;
  /** stdout and stderr so far, for failure messages. */
  output: () => string;
};

/** Runs the real entry point as `node --import tsx apps/server/src/main.ts` would in development. */
export function startMain(env: Record<string, string>): MainProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', HOME: os.tmpdir(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<MainExit>((resolve) => {
    child.on('exit', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
  return { child, exited, output: () => stdout + stderr };
}

/** Polls GET /healthz until it answers (the process is up and migrated); the last answer, if any. */
export async function waitForHealth(origin: string, attempts = 150): Promise<Response | undefined> {
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    const health = await fetch(`${origin}/healthz`).catch(() => undefined);
    if (health) return health;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return undefined;
}
