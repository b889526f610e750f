// Issue 18: the signed-in call (loadProfile) at 20 connections next to a bare Fastify route answering
// the same JSON (the floor), on SQLite. The same figure as step 3 of `npm run bench`, alone, to compare
// two builds quickly (BENCH_SERVER_ENTRY=path/to/main.js). Prints figures; asserts nothing.
//
//   node bench/session.mjs         BENCH_SECONDS=5 to shorten it (default 10)
//   import { measureSession } from './session.mjs'
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { freePort, signUp, startApp } from './support.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 20;

function load(url, headers) {
  return new Promise((resolve, reject) => {
    autocannon(
      { url, method: 'POST', connections: CONNECTIONS, duration: SECONDS, headers, body: '{"data":null}' },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

const figure = (name, result) => ({
  name,
  value: result.requests.average.toFixed(0),
  unit: 'req/s',
  note: `p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, non-2xx ${result.non2xx}`,
});

/** loadProfile signed in, then the bare route with the same answer; rows { name, value, unit, note }. */
export async function measureSession() {
  const app = await startApp();
  let sample;
  let profile;
  try {
    const cookie = await signUp(app.url);
    const url = `${app.url}/api/functions/loadProfile`;
    const headers = { 'content-type': 'application/json', cookie };
    sample = await (await fetch(url, { method: 'POST', headers, body: '{"data":null}' })).json();
    profile = await load(url, headers);
  } finally {
    await app.stop();
  }
  const port = await freePort();
  const bare = spawn(process.execPath, [path.join(here, 'bare-server.mjs')], {
    env: { PATH: process.env.PATH, PORT: String(port), BARE_PAYLOAD: JSON.stringify(sample) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    await new Promise((resolve) => bare.stdout.once('data', resolve));
    const floor = await load(`http://127.0.0.1:${port}/api/functions/loadProfile`, {
      'content-type': 'application/json',
    });
    return [
      figure(`loadProfile signed in, ${CONNECTIONS} connections, ${SECONDS} s`, profile),
      figure('bare Fastify route, same JSON (the floor)', floor),
    ];
  } finally {
    bare.kill('SIGTERM');
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  for (const row of await measureSession()) {
    process.stdout.write(
      `${row.name.padEnd(52)}  ${String(row.value).padStart(7)} ${row.unit.padEnd(5)}  ${row.note}\n`,
    );
  }
}
