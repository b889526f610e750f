// loadGantt on the server at 10,000 tasks / 9,000 links (issue 18: goal ≤ 80 ms), on SQLite and on a
// throwaway PostgreSQL database: repeated loads of an unchanged Gantt (the usual case: a planner
// opening the screen again), and a load right after an EDC save (the sources changed: the full
// merge with the EDP and EDC runs again). Besides the time from request to last byte on loopback
// (median), each figure gives the server process's CPU time per call (/proc/<pid>/stat, mean over
// the calls), which a loaded machine disturbs less than wall time. Prints figures, asserts nothing.
//
//   node bench/loadgantt.mjs        the built server (npm run build first); BENCH_SERVER_ENTRY=…/main.js
//                                   measures another build (before/after from one checkout)
//   import { measureLoadGantt } from './loadgantt.mjs'
//                                   the same, answering rows { name, value, unit, note }
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchEdp, withLinks } from './gantt-server.mjs';
import { median, onBothDatabases, timedCall } from './support.mjs';

const TICKS_PER_SECOND = 100;

/** The process's user + system CPU time so far, in ms (Linux clock ticks). */
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  // after the command: state is field 3, utime 14 and stime 15 (1-based) → indexes 11 and 12 here
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

async function loadFigures(target, label, runs, record) {
  const call = (name, data) => timedCall(target, name, data);
  const { result: saved } = await call('saveProject', { project: { name: 'Gantt grande', code: 'GANTT-LOAD' } });
  const projectId = saved.project._id;
  const { result: loadedProject } = await call('loadProject', { id: projectId });
  await call('saveEdp', { id: projectId, edp: { items: benchEdp(), version: loadedProject.project.edp.version } });
  const first = await call('loadGantt', { id: projectId });
  const linked = withLinks(first.result.activities);
  await call('saveGantt', { id: projectId, gantt: { activities: linked.activities }, version: first.result.version });
  // one load after the save, as the screen does, then the measured ones
  await call('loadGantt', { id: projectId });

  const loads = [];
  let bytes = 0;
  const cpuBefore = cpuMs(target.pid);
  for (let run = 0; run < runs; run += 1) {
    const timing = await call('loadGantt', { id: projectId });
    loads.push(timing.ms);
    bytes = timing.bytes;
  }
  const cpuPerLoad = (cpuMs(target.pid) - cpuBefore) / runs;
  record(
    `loadGantt 10,001 tasks / ${linked.count} links, unchanged (${label})`,
    median(loads).toFixed(0),
    'ms',
    `median of ${runs} (min ${Math.min(...loads).toFixed(0)}, max ${Math.max(...loads).toFixed(0)}); server CPU ${cpuPerLoad.toFixed(0)} ms/call; ${(bytes / 1024).toFixed(0)} KB JSON; goal ≤ 80 ms`,
  );

  // the sources change between loads: an EDC saved on one leaf each time (the merge runs in full)
  const leafId = benchEdp().at(-1).id;
  const afterEdc = [];
  let edcCpu = 0;
  const edcRuns = Math.max(3, Math.floor(runs / 2));
  for (let run = 0; run < edcRuns; run += 1) {
    // the same (empty) list saved again: its version moves on, so the load merges in full
    const { result: loaded } = await call('loadEdc', { projectId, id: leafId });
    await call('saveEdc', {
      id: projectId,
      edc: { id: leafId, componentesEdc: loaded.edc?.componentesEdc ?? [], version: loaded.edc?.version ?? 0 },
    });
    const before = cpuMs(target.pid);
    const timing = await call('loadGantt', { id: projectId });
    edcCpu += cpuMs(target.pid) - before;
    afterEdc.push(timing.ms);
  }
  record(
    `loadGantt 10,001 tasks right after an EDC save (${label})`,
    median(afterEdc).toFixed(0),
    'ms',
    `median of ${edcRuns} (min ${Math.min(...afterEdc).toFixed(0)}, max ${Math.max(...afterEdc).toFixed(0)}); server CPU ${(edcCpu / edcRuns).toFixed(0)} ms/call; the full merge with the EDP and EDC`,
  );
}

/** The figures on SQLite and PostgreSQL, as rows { name, value, unit, note }; a database that fails gets an 'n/a' row. */
export async function measureLoadGantt({ runs = Number(process.env.BENCH_RUNS ?? 15) } = {}) {
  return onBothDatabases('loadGantt', (target, label, record) => loadFigures(target, label, runs, record));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const rows = await measureLoadGantt();
  const width = Math.max(...rows.map((row) => row.name.length));
  for (const row of rows) {
    process.stdout.write(
      `${row.name.padEnd(width)}  ${String(row.value).padStart(7)} ${row.unit.padEnd(3)}  ${row.note}\n`,
    );
  }
}
