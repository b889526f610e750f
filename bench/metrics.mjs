// Issue 30, what GET /metrics costs: the built server on SQLite without METRICS_TOKEN (the route and
// its hook are not there; prom-client is never loaded) and with it (every request goes through the
// metrics' onResponse hook), under the same load of loadProfile (a signed-in call that reads one
// row), rounds interleaved so both see the same machine. The figure is the server's CPU time per
// request (from /proc/<pid>/stat, steadier than req/s on a shared machine), and the difference is
// the hook's cost; also one scrape's time and size, and the RSS prom-client adds. Prints figures;
// asserts nothing.
//
//   node bench/metrics.mjs       METRICS_BENCH_SECONDS=5 per round (default 5), METRICS_BENCH_ROUNDS (default 3)
//   import { measureMetrics } from './metrics.mjs'   rows { name, value, unit, note }
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { tsImport } from 'tsx/esm/api';
import { median, signUp, startApp } from './support.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));

const SECONDS = Number(process.env.METRICS_BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.METRICS_BENCH_ROUNDS ?? 3);
const CONNECTIONS = 10;
const TOKEN = 'bench-metricas-0123456789abcdef';

/** The process's CPU time so far (user + system), in seconds (clock ticks of 1/100 s). */
function cpuSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

function rssMegabytes(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

function load(url, cookie) {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: `${url}/api/functions/loadProfile`,
        method: 'POST',
        connections: CONNECTIONS,
        duration: SECONDS,
        headers: { 'content-type': 'application/json', cookie },
        body: '{"data":null}',
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

/** One round on one server: requests/s and the server's CPU microseconds per request. */
async function round(server) {
  const before = cpuSeconds(server.app.child.pid);
  const result = await load(server.app.url, server.cookie);
  const cpu = cpuSeconds(server.app.child.pid) - before;
  const requests = result.requests.total;
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, cpuMicros: (cpu / requests) * 1e6 };
}

/**
 * The hook alone: registerMetrics (apps/server/src/http/metrics.ts) on a bare Fastify, its onResponse
 * hook taken as it is added and called directly as Fastify calls it after each answer, for a function
 * call and for another route: nanoseconds per call, the median of 7 rounds of 200,000.
 */
async function hookNanoseconds() {
  const { registerMetrics } = await tsImport(
    pathToFileURL(path.join(here, '../apps/server/src/http/metrics.ts')).href,
    import.meta.url,
  );
  const app = Fastify();
  let hook;
  const addHook = app.addHook.bind(app);
  app.addHook = (name, fn) => {
    if (name === 'onResponse') hook = fn;
    return addHook(name, fn);
  };
  await registerMetrics(app, { token: TOKEN, poolUse: () => ({ max: 1, open: 1, idle: 1, waiting: 0 }) });
  const started = performance.now();
  const reply = (statusCode) => ({
    statusCode,
    get elapsedTime() {
      return performance.now() - started;
    },
  });
  const calls = [
    [{ method: 'POST', routeOptions: { url: '/api/functions/loadProfile' } }, reply(200)],
    [{ method: 'GET', routeOptions: { url: '/assets/*' } }, reply(200)],
  ];
  const done = () => {};
  const per = (request, response) => {
    const rounds = [];
    for (let index = 0; index < 7; index += 1) {
      const start = process.hrtime.bigint();
      for (let call = 0; call < 200_000; call += 1) hook(request, response, done);
      rounds.push(Number(process.hrtime.bigint() - start) / 200_000);
    }
    return median(rounds);
  };
  const figures = calls.map(([request, response]) => per(request, response));
  await app.close();
  return figures;
}

export async function measureMetrics() {
  const rows = [];
  const record = (name, value, unit, note = '') => rows.push({ name, value, unit, note });
  const off = { app: await startApp() };
  const on = { app: await startApp({ METRICS_TOKEN: TOKEN }) };
  try {
    off.cookie = await signUp(off.app.url);
    on.cookie = await signUp(on.app.url);
    const idleOff = rssMegabytes(off.app.child.pid);
    const idleOn = rssMegabytes(on.app.child.pid);
    // warm both up, then interleave
    await round(off);
    await round(on);
    const figures = { off: [], on: [] };
    for (let index = 0; index < ROUNDS; index += 1) {
      figures.off.push(await round(off));
      figures.on.push(await round(on));
    }
    const cpuOff = median(figures.off.map((figure) => figure.cpuMicros));
    const cpuOn = median(figures.on.map((figure) => figure.cpuMicros));
    const rpsOff = median(figures.off.map((figure) => figure.rps));
    const rpsOn = median(figures.on.map((figure) => figure.rps));
    const rounds = `median of ${ROUNDS} interleaved rounds of ${SECONDS} s, ${CONNECTIONS} connections`;
    record(
      'loadProfile without METRICS_TOKEN',
      rpsOff.toFixed(0),
      'req/s',
      `${cpuOff.toFixed(1)} µs server CPU per request; ${rounds}`,
    );
    record(
      'loadProfile with METRICS_TOKEN (metrics hook on)',
      rpsOn.toFixed(0),
      'req/s',
      `${cpuOn.toFixed(1)} µs server CPU per request`,
    );
    record(
      'metrics instrumentation per request',
      (cpuOn - cpuOff).toFixed(1),
      'µs CPU',
      `${(((cpuOn - cpuOff) / cpuOff) * 100).toFixed(1)} % of a loadProfile call; each round's figures: off ${figures.off
        .map((figure) => figure.cpuMicros.toFixed(1))
        .join(', ')}, on ${figures.on.map((figure) => figure.cpuMicros.toFixed(1)).join(', ')}`,
    );
    // a scrape, after the load: every function and route the load touched has its series
    const scrapes = [];
    let bytes = 0;
    for (let index = 0; index < 20; index += 1) {
      const started = performance.now();
      const response = await fetch(`${on.app.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      bytes = (await response.arrayBuffer()).byteLength;
      scrapes.push(performance.now() - started);
    }
    record(
      'GET /metrics (one scrape)',
      median(scrapes).toFixed(1),
      'ms',
      `${(bytes / 1024).toFixed(1)} KB uncompressed; median of 20`,
    );
    const [functionHook, routeHook] = await hookNanoseconds();
    record(
      "the metrics' onResponse hook alone",
      functionHook.toFixed(0),
      'ns per call',
      `a function call; ${routeHook.toFixed(0)} ns for another route; called directly, median of 7 × 200,000`,
    );
    record(
      'idle RSS with METRICS_TOKEN, minus without',
      (idleOn - idleOff).toFixed(1),
      'MB',
      'prom-client loaded, one sign-up each',
    );
  } finally {
    await off.app.stop();
    await on.app.stop();
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const row of await measureMetrics()) console.log(`${row.name}: ${row.value} ${row.unit}  ${row.note}`);
}
