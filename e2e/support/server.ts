import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const serverEntry = path.join(repoRoot, 'apps/server/dist/main.js');
const webIndex = path.join(repoRoot, 'apps/web/dist/index.html');
/** issue 30: preloaded to move the server's wall clock (test support only; see the file) */
const fixedClock = pathToFileURL(path.join(repoRoot, 'e2e/support/fixed-clock.mjs')).href;

export type RunningServer = {
  url: string;
  dataDir: string;
  output: () => string;
  stop: () => Promise<void>;
};

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts the built server (apps/server/dist) on a fresh SQLite installation in a temp folder; with
 * `now` (issue 30), its clock starts at that instant (fixed-clock.mjs).
 */
export async function startServer(
  env: Record<string, string> = {},
  port?: number,
  options: { now?: Date } = {},
): Promise<RunningServer> {
  if (!existsSync(serverEntry) || !existsSync(webIndex)) {
    throw new Error('Falta el build: ejecuta `npm run build` antes de las pruebas e2e (npm test lo hace).');
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cimiento-e2e-'));
  const chosenPort = port ?? (await freePort());
  const url = `http://127.0.0.1:${chosenPort}`;
  let log = '';
  const clockArgs = options.now === undefined ? [] : ['--import', fixedClock];
  const child: ChildProcess = spawn(process.execPath, [...clockArgs, serverEntry], {
    cwd: repoRoot,
    env: {
      ...(options.now === undefined ? {} : { CIMIENTO_TEST_NOW: options.now.toISOString() }),
      PATH: process.env.PATH ?? '',
      PORT: String(chosenPort),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));

  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`El servidor terminó al iniciar:\n${log}`);
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`El servidor no respondió /healthz en 30 s:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return {
    url,
    dataDir,
    output: () => log,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
