// `npm start` on an unchanged checkout (issue 18): launch → /healthz answers 200, next to the floor,
// the built server started directly (`node apps/server/dist/main.js`), in the same run and on the same
// machine, alternating so both see the same load; plus the time scripts/build-if-changed.mjs takes to
// decide that both builds are current (hashing every input). Prints figures, asserts nothing.
//
//   node bench/npm-start.mjs     after a build (`npm run build` writes the stamps npm start compares)
//   import { measureNpmStart } from './npm-start.mjs'
//                                the same, answering rows { name, value, unit, note }
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkBuilds } from '../scripts/build-if-changed.mjs';
import { freePort, median, root, serveNodeArgs, serverEntry } from './support.mjs';

const RUNS = 3;

/** npm itself: the one running this bench (`npm run bench`), else the npm on PATH. */
function npmCommand() {
  const npmCli = process.env.npm_execpath;
  return npmCli && npmCli.endsWith('.js') ? [process.execPath, [npmCli]] : ['npm', []];
}

/**
 * Launches `command args` in its own process group on a fresh SQLite data dir and a free port, and
 * answers the milliseconds until /healthz answers 200; then stops the whole group (npm, its shell and
 * the server) and waits for it to exit.
 */
async function timeToHealthz(command, args) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cimiento-bench-start-'));
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(command, args, {
    cwd: root,
    detached: true,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    const deadline = Date.now() + 600_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${command} terminó (${child.exitCode}): ${output.slice(-300)}`);
      try {
        if ((await fetch(`${url}/healthz`)).status === 200) break;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`sin respuesta de ${url}/healthz`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    return { ms: performance.now() - started, output };
  } finally {
    if (child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function measureNpmStart() {
  const [npm, npmArgs] = npmCommand();
  const npmStart = [];
  const plain = [];
  let said = '';
  for (let run = 0; run < RUNS; run += 1) {
    const started = await timeToHealthz(npm, [...npmArgs, 'start']);
    npmStart.push(started.ms);
    said = started.output.split('\n').find((line) => line.startsWith('build:')) ?? '';
    plain.push((await timeToHealthz(process.execPath, [...serveNodeArgs(), serverEntry])).ms);
  }
  const checks = [];
  for (let run = 0; run < 5; run += 1) {
    const started = performance.now();
    await checkBuilds({ root });
    checks.push(performance.now() - started);
  }
  const list = (times) => times.map((time) => time.toFixed(0)).join(', ');
  return [
    {
      name: '`npm start` again on an unchanged checkout, to /healthz 200',
      value: median(npmStart).toFixed(0),
      unit: 'ms',
      note: `median of ${RUNS}: ${list(npmStart)}; it said "${said}"`,
    },
    {
      name: '`node apps/server/dist/main.js` to /healthz 200 (the floor)',
      value: median(plain).toFixed(0),
      unit: 'ms',
      note: `median of ${RUNS}, alternating with npm start: ${list(plain)}; node options as \`npm run serve\`: ${serveNodeArgs().join(' ') || 'none'}`,
    },
    {
      name: 'build-if-changed: hashing every input of both builds',
      value: median(checks).toFixed(0),
      unit: 'ms',
      note: `median of ${checks.length}, in process: ${list(checks)}`,
    },
  ];
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  for (const row of await measureNpmStart()) {
    process.stdout.write(`${row.name}: ${row.value} ${row.unit} (${row.note})\n`);
  }
}
