import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, readlinkSync, rmSync } from 'node:fs';
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

/** The server could not listen on the port it was given: another process holds it. */
export class PortTakenError extends Error {}

/**
 * Runs `start` on a port free a moment ago, again on another one (up to `attempts` times) when it
 * throws PortTakenError: with e2e spec files in parallel workers, another server, a browser or a
 * database connection may take a free port between freePort() and the server's listen.
 */
export async function onFreePort<T>(start: (port: number) => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await start(await freePort());
    } catch (error) {
      if (!(error instanceof PortTakenError) || attempt >= attempts) throw error;
    }
  }
}

/** The inodes of the TCP sockets listening on `port` (any address), from /proc/net/tcp and tcp6. */
function listeningInodes(port: number): Set<string> {
  const inodes = new Set<string>();
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text = '';
    try {
      text = readFileSync(table, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      // sl local_address rem_address st tx:rx tr:when retrnsmt uid timeout inode
      const fields = line.trim().split(/\s+/);
      if (fields.length > 9 && fields[1]?.endsWith(`:${hexPort}`) && fields[3] === '0A') inodes.add(fields[9] ?? '');
    }
  }
  return inodes;
}

/**
 * Whether the process `pid` itself holds the socket listening on `port`: a /healthz answer on the
 * port could otherwise come from another spec's server that took the port first. Where /proc cannot
 * tell (not Linux), true.
 */
function listensOn(pid: number | undefined, port: number): boolean {
  if (pid === undefined || !existsSync('/proc/net/tcp')) return true;
  const inodes = listeningInodes(port);
  let fds: string[];
  try {
    fds = readdirSync(`/proc/${pid}/fd`);
  } catch {
    return false;
  }
  return fds.some((fd) => {
    try {
      return inodes.has(/^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1] ?? '');
    } catch {
      return false;
    }
  });
}

/**
 * Starts the built server (apps/server/dist) on a fresh SQLite installation in a temp folder of its
 * own; with `now` (issue 30), its clock starts at that instant (fixed-clock.mjs). Without `port`, on a
 * free port, another one when that one was taken meanwhile (onFreePort); with `port`, a taken port
 * throws PortTakenError. Ready when /healthz answers from this server's own process.
 */
export async function startServer(
  env: Record<string, string> = {},
  port?: number,
  options: { now?: Date } = {},
): Promise<RunningServer> {
  if (!existsSync(serverEntry) || !existsSync(webIndex)) {
    throw new Error('Falta el build: ejecuta `npm run build` antes de las pruebas e2e (npm test lo hace).');
  }
  if (port === undefined) return onFreePort((free) => startServerOn(free, env, options));
  return startServerOn(port, env, options);
}

async function startServerOn(
  chosenPort: number,
  env: Record<string, string>,
  options: { now?: Date },
): Promise<RunningServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cimiento-e2e-'));
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
  const exited = new Promise((resolve) => child.once('exit', resolve));

  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
      if (/EADDRINUSE/.test(log)) throw new PortTakenError(`El puerto ${chosenPort} está ocupado:\n${log}`);
      throw new Error(`El servidor terminó al iniciar:\n${log}`);
    }
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok && listensOn(child.pid, chosenPort)) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
      throw new Error(`El servidor no respondió /healthz en 30 s:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return {
    url,
    dataDir,
    output: () => log,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
        if (child.exitCode === null && child.signalCode === null) {
          child.kill('SIGKILL');
          await exited;
        }
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
