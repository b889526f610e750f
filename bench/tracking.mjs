// Tracking (issue 15) at 10,000 tasks, each figure next to the same one without tracking, in one run:
//   - the engine: schedule() of 10,000 tasks / 9,000 links with progress at a cut-off (a third done,
//     a third under way, a third not started) next to the same network without progress;
//   - the server, on SQLite and on a throwaway PostgreSQL database (10,101 tasks: 10,000 leaves):
//     saveProgress with 10,000 entries (first cut-off, then a later one) next to saveGantt after one
//     edit; saveBaseline; loadGantt with a baseline chosen and a cut-off next to loadGantt before any.
// Prints figures, asserts nothing. Run alone (after `npm run build`): `node bench/tracking.mjs`.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchEdp, withLinks } from './gantt-server.mjs';
import { loadEngine, network } from './schedule-engine.mjs';
import { median, onBothDatabases, timedCall } from './support.mjs';

/** 100 groups of 101 items (a group item and 100 leaves): 10,000 leaves. */
const GROUPS = 100;
const PER_GROUP = 101;

/** Progress at `cutoff` for every leaf, as a planner would record it from the schedule on screen. */
function entriesAt(activities, cutoff, share) {
  const entries = [];
  for (const task of activities) {
    if (task.isSummary) continue;
    if (task.EndDate < cutoff) {
      entries.push({ TaskID: task.TaskID, ActualStart: task.StartDate, ActualFinish: task.EndDate, Progress: 100 });
    } else if (task.StartDate <= cutoff) {
      entries.push({ TaskID: task.TaskID, ActualStart: task.StartDate, Progress: share });
    } else {
      entries.push({ TaskID: task.TaskID, Progress: 0 });
    }
  }
  return entries;
}

/** The date `fraction` of the way from `start` to `finish` (YYYY-MM-DD). */
function dateBetween(start, finish, fraction) {
  const a = Date.parse(`${start}T00:00:00Z`);
  const b = Date.parse(`${finish}T00:00:00Z`);
  return new Date(a + (b - a) * fraction).toISOString().slice(0, 10);
}

async function trackingFigures(target, label, runs, record) {
  const call = async (name, data) => {
    const timing = await timedCall(target, name, data);
    if (timing.result === undefined) throw new Error(`${name} failed`);
    return timing;
  };
  const { result: saved } = await call('saveProject', { project: { name: 'Seguimiento', code: 'TRACK-BENCH' } });
  const projectId = saved.project._id;
  const { result: loadedProject } = await call('loadProject', { id: projectId });
  await call('saveEdp', {
    id: projectId,
    edp: { items: benchEdp({ groups: GROUPS, perGroup: PER_GROUP }), version: loadedProject.project.edp.version },
  });
  const first = await call('loadGantt', { id: projectId });
  const linked = withLinks(first.result.activities);
  const linkedSave = await call('saveGantt', {
    id: projectId,
    gantt: { activities: linked.activities },
    version: first.result.version,
  });
  let gantt = linkedSave.result;
  const taskCount = gantt.activities.length;
  const leafCount = gantt.activities.filter((task) => !task.isSummary).length;

  // without tracking: loadGantt, and saveGantt after one duration edit
  const plainLoads = [];
  for (let run = 0; run < runs; run += 1) plainLoads.push((await call('loadGantt', { id: projectId })).ms);
  const plainSaves = [];
  const leaf = gantt.activities.findIndex((task) => !task.isSummary);
  for (let run = 0; run < runs; run += 1) {
    const edited = gantt.activities.map((task, index) =>
      index === leaf ? { ...task, StartDate: task.StartNoEarlierThan, Duration: 2 + (run % 5) } : task,
    );
    const timing = await call('saveGantt', { id: projectId, gantt: { activities: edited }, version: gantt.version });
    plainSaves.push(timing.ms);
    gantt = timing.result;
  }

  const baseline = await call('saveBaseline', { id: projectId, name: 'Contrato' });
  record(
    `saveBaseline, ${taskCount} tasks (${label})`,
    baseline.ms.toFixed(0),
    'ms',
    `1 call: every task's start, finish and duration frozen`,
  );

  // two cut-offs, each with an entry for every leaf
  const cutoffs = [0.3, 0.5].map((fraction) => dateBetween(gantt.projectStart, gantt.projectFinish, fraction));
  for (const [index, cutoff] of cutoffs.entries()) {
    const entries = entriesAt(gantt.activities, cutoff, 40 + index * 20);
    const timing = await call('saveProgress', { id: projectId, cutoff, entries, version: gantt.version });
    gantt = timing.result;
    const done = gantt.activities.filter((task) => task.status === 'done').length;
    const started = gantt.activities.filter((task) => task.status === 'started').length;
    record(
      `saveProgress ${entries.length} entries, ${index === 0 ? 'first' : 'second'} cut-off, ${taskCount} tasks (${label})`,
      timing.ms.toFixed(0),
      'ms',
      `1 call; ${(timing.requestBytes / 1024).toFixed(0)} KB request; ${done} done, ${started} under way; ` +
        `saveGantt after one edit, same Gantt without tracking: median ${median(plainSaves).toFixed(0)} ms`,
    );
  }

  const trackedLoads = [];
  let bytes = 0;
  for (let run = 0; run < runs; run += 1) {
    const timing = await call('loadGantt', { id: projectId });
    trackedLoads.push(timing.ms);
    bytes = timing.bytes;
  }
  record(
    `loadGantt with a baseline and a cut-off, ${taskCount} tasks (${label})`,
    median(trackedLoads).toFixed(0),
    'ms',
    `median of ${runs}; ${(bytes / 1024).toFixed(0)} KB JSON; without tracking: median ${median(plainLoads).toFixed(0)} ms`,
  );
  if (leafCount !== 10_000) throw new Error(`expected 10,000 leaves, got ${leafCount}`);
}

/** The engine with and without progress at a cut-off, 10,000 tasks / 9,000 links, median of `runs`. */
export async function measureTrackingEngine(runs = 7) {
  const { WorkingCalendar, schedule, chileHolidays } = await loadEngine();
  const { tasks, links } = network(10_000, 9_000);
  const calendar = () => new WorkingCalendar('mon-fri', chileHolidays, 2026);
  const plain = schedule(tasks, links, calendar());
  if (!plain.ok) throw new Error(plain.error);
  // the cut-off at the median leaf finish; a task planned to end before it is done, one across it under way
  const ends = plain.tasks
    .filter((task) => !task.isSummary)
    .map((task) => task.end)
    .sort();
  const cutoff = ends[Math.floor(ends.length / 2)];
  const byId = new Map(plain.tasks.map((task) => [task.id, task]));
  const tracked = tasks.map((task) => {
    const planned = byId.get(task.id);
    if (task.parentId === undefined) return task;
    if (planned.end < cutoff) return { ...task, actualStart: planned.start, actualFinish: planned.end, progress: 100 };
    if (planned.start <= cutoff) return { ...task, actualStart: planned.start, progress: 50 };
    return task;
  });
  const time = (list, options) => {
    const times = [];
    for (let run = 0; run < runs; run += 1) {
      const started = performance.now();
      const result = schedule(list, links, calendar(), options);
      times.push(performance.now() - started);
      if (!result.ok) throw new Error(result.error);
    }
    return median(times);
  };
  const without = time(tasks, {});
  const withProgress = time(tracked, { cutoff });
  const done = tracked.filter((task) => task.actualFinish !== undefined).length;
  const started = tracked.filter((task) => task.actualStart !== undefined && task.actualFinish === undefined).length;
  return [
    {
      name: 'schedule() with progress at a cut-off, 10000 tasks / 9000 links',
      value: withProgress.toFixed(1),
      unit: 'ms',
      note: `median of ${runs}; ${done} done, ${started} under way; without progress: ${without.toFixed(1)} ms`,
    },
  ];
}

/** Every tracking figure, as rows { name, value, unit, note }. */
export async function measureTracking({ runs = Number(process.env.BENCH_RUNS ?? 5) } = {}) {
  const rows = await measureTrackingEngine();
  rows.push(
    ...(await onBothDatabases('tracking', (target, label, record) => trackingFigures(target, label, runs, record))),
  );
  return rows;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const rows = await measureTracking();
  const width = Math.max(...rows.map((row) => row.name.length));
  for (const row of rows) {
    process.stdout.write(
      `${row.name.padEnd(width)}  ${String(row.value).padStart(7)} ${row.unit.padEnd(3)}  ${row.note}\n`,
    );
  }
}
