// Issue 35: the resources' load on a 10,001-task Gantt with 9,000 links and 50 resources (every leaf
// uses one, 1 unit; each resource has 5): loadResourceHistogram (per resource and week; goal ≤ 200 ms)
// and levelResources (a dry run, then applying; goal ≤ 2 s on the server), on SQLite and on a
// throwaway PostgreSQL database. Times are request → last byte on loopback, median of sequential calls.
// Prints figures, asserts nothing.
//
//   node bench/resources.mjs     (npm run build first)
//   import { measureResources } from './resources.mjs'
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchEdp, withLinks } from './gantt-server.mjs';
import { median, onBothDatabases, timedCall } from './support.mjs';

const RESOURCES = 50;
const MAX_UNITS = 5;

async function resourceFigures(target, label, runs, record) {
  const call = (name, data) => timedCall(target, name, data);
  const resourceIds = [];
  for (let index = 1; index <= RESOURCES; index += 1) {
    const { result } = await call('saveObject', {
      collection: 'recursos',
      object: {
        code: `BR${index}`,
        name: `Cuadrilla ${index}`,
        type: 'labor',
        unit: 'cuadrilla',
        maxUnits: MAX_UNITS,
        costPerDay: '450000',
        currency: 'CLP',
      },
    });
    resourceIds.push(result.object._id);
  }
  const { result: saved } = await call('saveProject', { project: { name: 'Recursos grande', code: 'RES-BENCH' } });
  const projectId = saved.project._id;
  const { result: loadedProject } = await call('loadProject', { id: projectId });
  await call('saveEdp', { id: projectId, edp: { items: benchEdp(), version: loadedProject.project.edp.version } });
  const first = await call('loadGantt', { id: projectId });
  const linked = withLinks(first.result.activities);
  let leaf = 0;
  const activities = linked.activities.map((task) => {
    if (task.isSummary) return task;
    leaf += 1;
    return { ...task, Resources: [{ resourceId: resourceIds[leaf % RESOURCES], units: 1 }] };
  });
  const assigned = await call('saveGantt', { id: projectId, gantt: { activities }, version: first.result.version });
  const taskCount = assigned.result.activities.length;
  const shape = `${taskCount} tasks, ${linked.count} links, ${RESOURCES} resources, ${leaf} assignments`;

  const histograms = [];
  let bytes = 0;
  let series = 0;
  for (let run = 0; run < runs; run += 1) {
    const timing = await call('loadResourceHistogram', { id: projectId, groupBy: 'resource', period: 'week' });
    histograms.push(timing.ms);
    bytes = timing.bytes;
    series = timing.result.series.length;
  }
  record(
    `loadResourceHistogram per resource and week, ${shape} (${label})`,
    median(histograms).toFixed(0),
    'ms',
    `median of ${runs} (min ${Math.min(...histograms).toFixed(0)}, max ${Math.max(...histograms).toFixed(0)}); ${series} series; ${(bytes / 1024).toFixed(0)} KB JSON; goal ≤ 200 ms`,
  );

  const version = assigned.result.version;
  const dryRuns = [];
  let preview;
  for (let run = 0; run < Math.min(runs, 5); run += 1) {
    const timing = await call('levelResources', {
      id: projectId,
      version,
      dryRun: true,
      order: 'totalFloat',
      withinSlack: false,
    });
    dryRuns.push(timing.ms);
    preview = timing.result;
  }
  record(
    `levelResources dry run, ${shape} (${label})`,
    median(dryRuns).toFixed(0),
    'ms',
    `median of ${dryRuns.length} (min ${Math.min(...dryRuns).toFixed(0)}); ${preview.moved.length} tasks moved, finish ${preview.finishBefore} → ${preview.finish}, ${preview.overloads.length} overloads left; goal ≤ 2 s`,
  );
  // The same dry run after 10 of the 50 resources get an own calendar (two non-working weeks inside
  // the schedule: a crew's holidays, a crane's service): the levelling then keeps every task off
  // those days. (Narrower weekdays than the project's are not used here: a task is not split, so a
  // 5-day task on a Monday-to-Thursday crew fits only in a week whose Friday is a holiday.)
  const starts = activities.filter((task) => !task.isSummary).map((task) => String(task.StartDate).slice(0, 10));
  const firstStart = starts.reduce((min, date) => (date < min ? date : min));
  const plusDays = (date, days) =>
    new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
  const { result: listed } = await call('loadObjects', { collection: 'recursos' });
  const own = listed.objects.filter((object) => resourceIds.indexOf(object._id) % 5 === 0);
  for (const resource of own) {
    await call('saveObject', {
      collection: 'recursos',
      object: {
        ...resource,
        calendar: {
          exceptions: [
            { from: plusDays(firstStart, 30), to: plusDays(firstStart, 36), name: 'Mantención' },
            { from: plusDays(firstStart, 200), to: plusDays(firstStart, 206), name: 'Vacaciones' },
          ],
        },
      },
    });
  }
  const calendarRuns = [];
  let calendarPreview;
  for (let run = 0; run < Math.min(runs, 5); run += 1) {
    const timing = await call('levelResources', {
      id: projectId,
      version,
      dryRun: true,
      order: 'totalFloat',
      withinSlack: false,
    });
    calendarRuns.push(timing.ms);
    calendarPreview = timing.result;
  }
  record(
    `levelResources dry run, ${own.length} resources on their own calendar, ${shape} (${label})`,
    median(calendarRuns).toFixed(0),
    'ms',
    `median of ${calendarRuns.length} (min ${Math.min(...calendarRuns).toFixed(0)}); ${calendarPreview.moved.length} tasks moved, finish ${calendarPreview.finishBefore} → ${calendarPreview.finish}, ${calendarPreview.overloads.length} overloads left; goal ≤ 2 s`,
  );

  const applied = await call('levelResources', {
    id: projectId,
    version,
    dryRun: false,
    order: 'totalFloat',
    withinSlack: false,
  });
  record(
    `levelResources applied, ${shape} (${label})`,
    applied.ms.toFixed(0),
    'ms',
    `1 call: writes ${applied.result.moved.length} tasks and answers the Gantt (${(applied.bytes / 1024).toFixed(0)} KB)`,
  );
}

/** The figures on SQLite and PostgreSQL, as rows { name, value, unit, note }. */
export async function measureResources({ runs = Number(process.env.BENCH_RUNS ?? 7) } = {}) {
  return onBothDatabases('resources', (target, label, record) => resourceFigures(target, label, runs, record));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const rows = await measureResources();
  const width = Math.max(...rows.map((row) => row.name.length));
  for (const row of rows) {
    process.stdout.write(
      `${row.name.padEnd(width)}  ${String(row.value).padStart(7)} ${row.unit.padEnd(3)}  ${row.note}\n`,
    );
  }
}
