// The scheduling engine (packages/domain, issue 7) on large networks: a full forward + backward
// pass over 10,000 tasks / 9,000 links and over 100,000 tasks / 90,000 links, on the Chilean
// Monday–Friday calendar. The engine is TypeScript, so it is bundled with esbuild first.
// issue 18: the fast engine (schedule) next to the engine it replaced (scheduleReference), run
// interleaved in the same process (reference, fast, reference, fast, …), and IncrementalScheduler
// after a one-task duration edit next to the fast full pass of the same edit.
// Prints figures, asserts nothing. Run alone: `node bench/schedule-engine.mjs`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const domain = path.resolve(here, '../packages/domain/src');

export async function loadEngine() {
  const dir = mkdtempSync(path.join(tmpdir(), 'cimiento-engine-'));
  const outfile = path.join(dir, 'engine.mjs');
  await build({
    stdin: {
      contents: `export { IncrementalScheduler, WorkingCalendar, schedule } from ${JSON.stringify(path.join(domain, 'index.ts'))};
export { chileHolidays } from ${JSON.stringify(path.join(domain, 'holidays.ts'))};
export { scheduleReference } from ${JSON.stringify(path.join(domain, 'gantt/schedule-reference.ts'))};`,
      resolveDir: domain,
      loader: 'ts',
    },
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile,
    logLevel: 'error',
  });
  const engine = await import(pathToFileURL(outfile).href);
  rmSync(dir, { recursive: true, force: true });
  return engine;
}

/** Groups of 10: one summary and 9 leaves; `links` forward links between leaves (a DAG), deterministic. */
export function network(taskCount, linkCount) {
  const tasks = [];
  const leaves = [];
  for (let id = 1; id <= taskCount; id += 1) {
    const isSummary = id % 10 === 1;
    const summaryId = id - ((id - 1) % 10);
    tasks.push({ id, parentId: isSummary ? undefined : summaryId, start: '2026-01-05', duration: 1 + (id % 7) });
    if (!isSummary) leaves.push(id);
  }
  // mulberry32: a small deterministic generator with integer arithmetic only
  let seed = 7;
  const random = () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const types = ['FS', 'SS', 'FF', 'SF'];
  const links = [];
  const seen = new Set();
  while (links.length < linkCount) {
    const a = Math.floor(random() * (leaves.length - 1));
    const b = a + 1 + Math.floor(random() * Math.min(40, leaves.length - a - 1));
    const key = `${a}-${b}`;
    if (seen.has(key)) continue;
    seen.add(key);
    links.push({ from: leaves[a], to: leaves[b], type: types[links.length % 4], lag: (links.length % 5) - 1 });
  }
  return { tasks, links };
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

const fmt = (ms) => ms.toFixed(1);
const WARM_UP = 3;

/**
 * Rows { name, value, unit, note }: per size, the reference and the fast full pass (median of `runs`
 * each, interleaved, a new calendar each run as the server makes one per request) and the incremental
 * run after an edit next to the fast full pass of the same edit (also interleaved).
 */
export async function measureScheduleEngine(runs = 9) {
  const { IncrementalScheduler, WorkingCalendar, schedule, scheduleReference, chileHolidays } = await loadEngine();
  const rows = [];
  for (const [taskCount, linkCount] of [
    [10_000, 9_000],
    [100_000, 90_000],
  ]) {
    const { tasks, links } = network(taskCount, linkCount);
    const times = { reference: [], fast: [] };
    // the process's CPU time over the call too: on a shared, loaded machine the wall time also counts
    // the time the process waited for a core
    const cpu = { reference: [], fast: [] };
    // the first WARM_UP runs of each are not counted (the server is a long-lived process whose engine is
    // compiled after its first requests); the first, cold one is shown in the note
    const cold = {};
    let critical = 0;
    for (let run = -WARM_UP; run < runs; run += 1) {
      for (const [name, engine] of [
        ['reference', scheduleReference],
        ['fast', schedule],
      ]) {
        const calendar = new WorkingCalendar('mon-fri', chileHolidays, 2026);
        const cpuBefore = process.cpuUsage();
        const started = performance.now();
        const result = engine(tasks, links, calendar);
        const elapsed = performance.now() - started;
        const cpuUsed = process.cpuUsage(cpuBefore);
        if (run >= 0) {
          times[name].push(elapsed);
          cpu[name].push((cpuUsed.user + cpuUsed.system) / 1000);
        } else cold[name] ??= elapsed;
        if (!result.ok) throw new Error(result.error);
        critical = result.tasks.filter((task) => task.critical).length;
      }
    }
    const before = median(times.reference);
    const after = median(times.fast);
    rows.push({
      name: `schedule() ${taskCount} tasks / ${linkCount} links (reference engine, before issue 18)`,
      value: fmt(before),
      unit: 'ms',
      note: `median of ${runs} after ${WARM_UP} uncounted, min ${fmt(Math.min(...times.reference))}, first (cold) run ${fmt(cold.reference)}, CPU median ${fmt(median(cpu.reference))}; interleaved with the fast engine`,
    });
    rows.push({
      name: `schedule() ${taskCount} tasks / ${linkCount} links (fast engine)`,
      value: fmt(after),
      unit: 'ms',
      note: `median of ${runs} after ${WARM_UP} uncounted, min ${fmt(Math.min(...times.fast))}, first (cold) run ${fmt(cold.fast)}, CPU median ${fmt(median(cpu.fast))}; ${(before / after).toFixed(1)}× faster than the reference; ${critical} critical`,
    });

    // one duration edit on a leaf in the middle of the network, alternating between two durations so
    // every run is a real edit; one calendar for the session, as a screen keeps it
    const calendar = new WorkingCalendar('mon-fri', chileHolidays, 2026);
    const scheduler = new IncrementalScheduler();
    scheduler.schedule(tasks, links, calendar);
    const at = tasks.findIndex((task) => task.id === Math.floor(taskCount / 2) + 3);
    const edit = { incremental: [], full: [] };
    let changed = 0;
    for (let run = -WARM_UP; run < runs; run += 1) {
      const original = tasks[at];
      const edited = tasks.map((task, i) =>
        i === at ? { ...original, duration: original.duration + 1 + (run % 2) } : task,
      );
      let started = performance.now();
      const full = schedule(edited, links, calendar);
      if (run >= 0) edit.full.push(performance.now() - started);
      started = performance.now();
      const incremental = scheduler.schedule(edited, links, calendar);
      if (run >= 0) edit.incremental.push(performance.now() - started);
      if (!full.ok || !incremental.ok) throw new Error('schedule refused the edit');
      changed = full.tasks.filter((task, i) => task.finishIndex !== incremental.tasks[i].finishIndex).length;
    }
    rows.push({
      name: `IncrementalScheduler after one duration edit, ${taskCount} tasks / ${linkCount} links`,
      value: fmt(median(edit.incremental)),
      unit: 'ms',
      note: `median of ${runs} after ${WARM_UP} uncounted, min ${fmt(Math.min(...edit.incremental))}; the fast full pass of the same edit: median ${fmt(median(edit.full))} (${changed} tasks differ: expect 0)`,
    });
  }
  return rows;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for (const row of await measureScheduleEngine()) console.log(`${row.name}: ${row.value} ${row.unit} (${row.note})`);
}
