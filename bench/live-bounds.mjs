// Issue 30, the live stream's bounds: 300 clients of GET /api/events that never read past `ready`
// (raw sockets, 30 users with 10 streams each, the default per-user limit) and two that read, on the
// built server; history rows written straight into the database 2,000 at a time (as that many saves
// leave them) until the server has destroyed all 300 for falling behind. Figures: the server's RSS
// (/proc/<pid>/status VmRSS) before the streams, with them open, at its peak and after, and a signed-in
// loadProfile's p50/p99 meanwhile (one started every 20 ms, from a thread of its own). SQLite, then a
// throwaway PostgreSQL database. Prints figures, asserts nothing.
//
//   node bench/live-bounds.mjs   (npm run build first; BENCH_DATABASE_URL as in gantt-server.mjs)
//   import { measureLiveBounds } from './live-bounds.mjs'
import http from 'node:http';
import net from 'node:net';
import { readdirSync, readlinkSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { rssMegabytes } from './server-memory.mjs';
import { addMember, directWriter, onBothDatabases, timedCall } from './support.mjs';

const USERS = 30;
const STREAMS_PER_USER = 10;
const ROWS_PER_ROUND = 2000;
const MAX_ROUNDS = 30;
const CALL_INTERVAL_MS = 20;
const PASSWORD = 'clave-de-bench-1';
const PROJECT_NAME =
  'Edificio de departamentos y locales comerciales Avenida Libertador Bernardo O’Higgins 1450, torres A, B y C, con subterráneos de estacionamientos, bodegas y áreas comunes — etapa 2';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function percentile(values, p) {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

function openSockets(pid) {
  return readdirSync(`/proc/${pid}/fd`).filter((fd) => {
    try {
      return readlinkSync(`/proc/${pid}/fd/${fd}`).startsWith('socket:');
    } catch {
      return false;
    }
  }).length;
}

async function signIn(url, email) {
  const response = await fetch(`${url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-in ${email}: ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/** A raw socket that reads GET /api/events up to `ready` and then never again; resolves with the status. */
function openStalled(url, cookie) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    let received = '';
    socket.on('error', () => {});
    socket.once('error', reject);
    const onData = (chunk) => {
      received += chunk.toString('latin1');
      const status = Number(/^HTTP\/1\.1 (\d{3}) /.exec(received)?.[1] ?? 0);
      if ((status === 200 && /event: ready\n.*\n\n/s.test(received)) || (status > 0 && status !== 200)) {
        socket.off('data', onData);
        socket.pause();
        resolve({ socket, status });
      }
    };
    socket.on('data', onData);
    socket.write(
      `GET /api/events HTTP/1.1\r\nHost: ${hostname}:${port}\r\nAccept: text/event-stream\r\nCookie: ${cookie}\r\n\r\n`,
    );
  });
}

/** A client that reads: counts the project-change events; `waitFor(n)` resolves once n have come. */
function openReader(url, cookie) {
  return new Promise((resolve, reject) => {
    let changes = 0;
    const waiters = new Set();
    const request = http.get(
      `${url}/api/events`,
      { agent: false, headers: { cookie, accept: 'text/event-stream' } },
      (response) => {
        if (response.statusCode !== 200) return reject(new Error(`/api/events: ${response.statusCode}`));
        let buffer = '';
        let isReady = false;
        response.setEncoding('utf8');
        response.on('data', (chunk) => {
          buffer += chunk;
          let cut = buffer.indexOf('\n\n');
          while (cut >= 0) {
            const block = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            cut = buffer.indexOf('\n\n');
            if (block.includes('event: project-change')) changes += 1;
            if (block.includes('event: ready') && !isReady) {
              isReady = true;
              resolve(reader);
            }
          }
          for (const wake of waiters) wake();
        });
      },
    );
    request.on('error', reject);
    const reader = {
      changes: () => changes,
      waitFor: (count, timeoutMs = 60_000) =>
        new Promise((resolveWait, rejectWait) => {
          const check = () => {
            if (changes < count) return;
            clearTimeout(timer);
            waiters.delete(check);
            resolveWait();
          };
          const timer = setTimeout(() => {
            waiters.delete(check);
            rejectWait(new Error(`only ${changes} of ${count} events within ${timeoutMs} ms`));
          }, timeoutMs);
          waiters.add(check);
          check();
        }),
      close: () => request.destroy(),
    };
  });
}

/** loadProfile one after another from a worker thread, one started every CALL_INTERVAL_MS; stop() answers the times. */
function startTimedCalls(url, cookie) {
  const worker = new Worker(
    `
    const { parentPort, workerData } = require('node:worker_threads');
    const { setTimeout: sleep } = require('node:timers/promises');
    let isStopped = false;
    parentPort.on('message', () => (isStopped = true));
    (async () => {
      const times = [];
      while (!isStopped) {
        const started = performance.now();
        const response = await fetch(workerData.url + '/api/functions/loadProfile', {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: workerData.cookie },
          body: '{"data":null}',
        });
        await response.arrayBuffer();
        const took = performance.now() - started;
        times.push(took);
        if (took < workerData.interval) await sleep(workerData.interval - took);
      }
      parentPort.postMessage({ times });
    })().catch((error) => parentPort.postMessage({ error: String(error) }));
    `,
    { eval: true, workerData: { url, cookie, interval: CALL_INTERVAL_MS } },
  );
  const answer = new Promise((resolve) => worker.once('message', resolve));
  return {
    stop: async () => {
      worker.postMessage('stop');
      const { times, error } = await answer;
      await worker.terminate();
      if (error) throw new Error(error);
      return times;
    },
  };
}

async function figures(target, label, record) {
  const stalled = [];
  const readers = [];
  const writer = await directWriter(target.database);
  try {
    const { result: me } = await timedCall(target, 'loadProfile', null);
    const project = (await timedCall(target, 'saveProject', { project: { name: PROJECT_NAME, code: 'LIVE-BENCH' } }))
      .result.project;
    const cookies = [];
    for (let index = 0; index <= USERS; index += 1) {
      const email = `lector.${index}@empresa.cl`;
      const created = await timedCall(target, 'saveUser', {
        user: { name: `Lector ${index}`, email, password: PASSWORD, admin: false },
      });
      // issue 36: a project's changes go to its members' streams
      await addMember(target, project._id, created.result.user.id);
      cookies.push(await signIn(target.url, email));
    }
    const readerCookie = cookies.pop();
    for (let index = 0; index < 50; index += 1) await timedCall(target, 'loadProfile', null);
    await sleep(2000);
    const rssBefore = rssMegabytes(target.pid);
    const socketsBefore = openSockets(target.pid);

    for (let index = 0; index < 2; index += 1) readers.push(await openReader(target.url, readerCookie));
    for (const cookie of cookies) {
      for (let index = 0; index < STREAMS_PER_USER; index += 1) stalled.push(await openStalled(target.url, cookie));
    }
    const refused = stalled.filter((stream) => stream.status !== 200).length;
    const rssOpen = rssMegabytes(target.pid);

    const calls = startTimedCalls(target.url, target.cookie);
    let rssPeak = rssOpen;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssMegabytes(target.pid))), 200);
    // the readers, and a pooled database connection or keep-alive one that may come meanwhile
    const goneAt = socketsBefore + readers.length + 10;
    const started = performance.now();
    let rows = 0;
    const at = new Date().toISOString();
    for (let round = 0; round < MAX_ROUNDS && openSockets(target.pid) > goneAt; round += 1) {
      await writer.insert(
        'project_history',
        Array.from({ length: ROWS_PER_ROUND }, () => ({
          project_id: project._id,
          user_id: me.profile.uid,
          user_name: 'Bench Admin',
          function_name: 'saveEdp',
          area: 'edp',
          summary: 'EDP: 12 ítems agregados, 3 eliminados, 4 renombrados, 9 modificados',
          detail: '{"added":[],"removed":[],"renamed":[],"tasks":[],"notes":[],"omitted":0}',
          created_at: at,
        })),
      );
      rows += ROWS_PER_ROUND;
      // the server's poll (3 s) finds them; the readers have them once they are fanned out
      for (const reader of readers) await reader.waitFor(rows);
      for (let wait = 0; wait < 5 && openSockets(target.pid) > goneAt; wait += 1) await sleep(100);
    }
    const seconds = (performance.now() - started) / 1000;
    const times = await calls.stop();
    clearInterval(sampler);
    const socketsAfter = openSockets(target.pid);
    const samples = [];
    for (let waited = 0; waited <= 60; waited += 1) {
      samples.push(rssMegabytes(target.pid));
      if (samples.at(-1) <= rssBefore + 50) break;
      await sleep(1000);
    }
    const rssAfter = samples.at(-1);
    const destroyed =
      socketsAfter <= goneAt ? 'all 300 destroyed' : `${socketsAfter - socketsBefore} sockets still open`;
    record(
      `live bounds: server RSS after 300 non-reading streams (${label})`,
      rssAfter.toFixed(1),
      'MB',
      `before ${rssBefore.toFixed(1)} MB, streams open ${rssOpen.toFixed(1)}, peak ${rssPeak.toFixed(1)} (+${(rssAfter - rssBefore).toFixed(1)} after, ${samples.length - 1} s later); ${rows} saves in ${seconds.toFixed(1)} s, ${destroyed}${refused ? `, ${refused} refused` : ''}`,
    );
    record(
      `live bounds: loadProfile p99 while they are put behind (${label})`,
      percentile(times, 99).toFixed(1),
      'ms',
      `p50 ${percentile(times, 50).toFixed(1)} ms, max ${Math.max(...times).toFixed(1)} ms, ${times.length} calls, one every ${CALL_INTERVAL_MS} ms; goal < 200 ms (issue 30)`,
    );
  } finally {
    for (const stream of stalled) stream.socket.destroy();
    for (const reader of readers) reader.close();
    await writer.close();
  }
}

/** The live stream's bounds, as rows { name, value, unit, note }. */
export function measureLiveBounds() {
  return onBothDatabases('live bounds', figures);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const rows = await measureLiveBounds();
  const width = Math.max(...rows.map((row) => row.name.length));
  for (const row of rows) {
    process.stdout.write(
      `${row.name.padEnd(width)}  ${String(row.value).padStart(7)} ${row.unit.padEnd(3)}  ${row.note}\n`,
    );
  }
}
