// Issue 18, the server's start and idle memory: `npm run bench` steps 1 (cold start to /healthz) and
// 2 (idle RSS), here so they also run alone. Prints figures, asserts nothing.
//
//   node bench/server-memory.mjs   BENCH_SERVER_ENTRY=path/to/main.js for another build (started
//                                  with its own checkout's `npm run serve` options, as startApp does)
//   import { measureColdStart, idleRss, rssMegabytes } from './server-memory.mjs'
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { median, signUp, startApp } from './support.mjs';

/** A process's resident set, in MB (/proc/<pid>/status VmRSS). */
export function rssMegabytes(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

/** Cold start: process spawn → /healthz answers, on a fresh installation each time; the row, median of `runs`. */
export async function measureColdStart(runs = 5) {
  const starts = [];
  for (let run = 0; run < runs; run += 1) {
    const app = await startApp();
    starts.push(app.coldStartMs);
    await app.stop();
  }
  return {
    name: 'cold start to /healthz (SQLite, new data dir)',
    value: median(starts).toFixed(0),
    unit: 'ms',
    note: `median of ${runs}: ${starts.map((start) => start.toFixed(0)).join(', ')}`,
  };
}

/** Idle RSS of a started app: its first account signed up, then 3 s of nothing; answers { cookie, rss } (MB). */
export async function idleRss(app) {
  const cookie = await signUp(app.url);
  await new Promise((resolve) => setTimeout(resolve, 3000));
  return { cookie, rss: rssMegabytes(app.child.pid) };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const cold = await measureColdStart();
  process.stdout.write(`${cold.name}: ${cold.value} ${cold.unit} (${cold.note})\n`);
  const app = await startApp();
  try {
    process.stdout.write(`idle RSS (SQLite): ${(await idleRss(app)).rss.toFixed(1)} MB\n`);
  } finally {
    await app.stop();
  }
}
