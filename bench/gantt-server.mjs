// The Gantt's server side (issue 7): loadGantt and saveGantt on a 10,000-task / 9,000-link Gantt,
// on SQLite and on a throwaway PostgreSQL database. Times are from request to the last byte of the
// response on loopback (the server's time plus a local round trip), median of sequential calls.
// Prints figures, asserts nothing.
//
//   node bench/gantt-server.mjs     starts the built server (npm run build first) twice: on a fresh
//                                   SQLite data dir, and on a fresh PostgreSQL database created on
//                                   BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres,
//                                   must allow CREATE DATABASE; dropped afterwards)
//   import { measureGanttServer } from './gantt-server.mjs'
//                                   the same, answering rows { name, value, unit, note }
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { median, onBothDatabases, timedCall } from './support.mjs';

/** Root, then 100 groups of 100 (a group item and 99 leaves): 10,000 EDP items → 10,000 tasks. */
const GROUPS = 100;
const PER_GROUP = 100;
/** Links per group: a chain over the first 90 leaves → 9,000 links. */
const CHAIN = 90;

/** The root, then `groups` groups of `perGroup` items (a group item and its leaves, 'Actividad g.k'). */
export function benchEdp({ groups = GROUPS, perGroup = PER_GROUP } = {}) {
  const total = (groups * perGroup).toLocaleString('es-CL');
  const items = [{ id: 1, code: 'G', name: `Proyecto de ${total} tareas` }];
  let id = 1;
  for (let group = 1; group <= groups; group += 1) {
    const groupId = ++id;
    items.push({ id: groupId, parentId: 1, code: `G.${group}`, name: `Grupo ${group}` });
    for (let leaf = 1; leaf < perGroup; leaf += 1) {
      items.push({ id: ++id, parentId: groupId, code: `G.${group}.${leaf}`, name: `Actividad ${group}.${leaf}` });
    }
  }
  return items;
}

const LINK_KINDS = ['FS', 'FS', 'FS', 'SS', 'FF', 'SF', 'FS+2', 'FS-1', 'SS+3'];

/** The loaded activities with a chain of `chain` links per group (leaf k after leaf k − 1, mixed types and lags). */
export function withLinks(activities, chain = CHAIN) {
  const byParent = new Map();
  for (const task of activities) {
    if (task.ParentId === undefined || task.isSummary) continue;
    const list = byParent.get(task.ParentId) ?? [];
    list.push(task);
    byParent.set(task.ParentId, list);
  }
  const predecessor = new Map();
  let count = 0;
  for (const leaves of byParent.values()) {
    for (let index = 1; index <= chain && index < leaves.length; index += 1) {
      predecessor.set(leaves[index].TaskID, `${leaves[index - 1].TaskID}${LINK_KINDS[count % LINK_KINDS.length]}`);
      count += 1;
    }
  }
  return {
    count,
    activities: activities.map((task) => ({ ...task, Predecessor: predecessor.get(task.TaskID) ?? '' })),
  };
}

async function ganttFigures(target, label, runs, record) {
  const call = (name, data) => timedCall(target, name, data);
  const { result: saved } = await call('saveProject', { project: { name: 'Gantt grande', code: 'GANTT-BENCH' } });
  const projectId = saved.project._id;
  const { result: loadedProject } = await call('loadProject', { id: projectId });
  await call('saveEdp', { id: projectId, edp: { items: benchEdp(), version: loadedProject.project.edp.version } });

  const first = await call('loadGantt', { id: projectId });
  const taskCount = first.result.activities.length;
  record(
    `loadGantt first build, ${taskCount} tasks (${label})`,
    first.ms.toFixed(0),
    'ms',
    `1 call: ${taskCount} tasks built from the EDP and written; ${(first.bytes / 1024).toFixed(0)} KB JSON`,
  );

  const linked = withLinks(first.result.activities);
  const firstSave = await call('saveGantt', {
    id: projectId,
    gantt: { activities: linked.activities },
    version: first.result.version,
  });
  record(
    `saveGantt adding ${linked.count} links, ${taskCount} tasks (${label})`,
    firstSave.ms.toFixed(0),
    'ms',
    `1 call; ${(firstSave.requestBytes / 1024).toFixed(0)} KB request`,
  );

  let version = firstSave.result.version;
  let activities = firstSave.result.activities;
  const loads = [];
  let loadBytes = 0;
  for (let run = 0; run < runs; run += 1) {
    const timing = await call('loadGantt', { id: projectId });
    loads.push(timing.ms);
    loadBytes = timing.bytes;
    version = timing.result.version;
    activities = timing.result.activities;
  }
  const critical = activities.filter((task) => task.critical).length;
  record(
    `loadGantt ${taskCount} tasks / ${linked.count} links (${label})`,
    median(loads).toFixed(0),
    'ms',
    `median of ${runs} (min ${Math.min(...loads).toFixed(0)}, max ${Math.max(...loads).toFixed(0)}); ${(loadBytes / 1024).toFixed(0)} KB JSON; ${critical} critical`,
  );

  // each save moves one leaf's duration, as a user's edit would, and sends the whole list back
  const saves = [];
  let requestBytes = 0;
  const leaf = activities.findIndex((task) => !task.isSummary);
  for (let run = 0; run < runs; run += 1) {
    const edited = activities.map((task, index) => (index === leaf ? { ...task, Duration: 2 + (run % 5) } : task));
    const timing = await call('saveGantt', { id: projectId, gantt: { activities: edited }, version });
    saves.push(timing.ms);
    requestBytes = timing.requestBytes;
    version = timing.result.version;
    activities = timing.result.activities;
  }
  record(
    `saveGantt ${taskCount} tasks / ${linked.count} links, one duration changed (${label})`,
    median(saves).toFixed(0),
    'ms',
    `median of ${runs} (min ${Math.min(...saves).toFixed(0)}, max ${Math.max(...saves).toFixed(0)}); ${(requestBytes / 1024).toFixed(0)} KB request`,
  );
}

/** The figures on SQLite and PostgreSQL, as rows { name, value, unit, note }; a database that fails gets an 'n/a' row. */
export async function measureGanttServer({ runs = Number(process.env.BENCH_RUNS ?? 7) } = {}) {
  return onBothDatabases('loadGantt / saveGantt', (target, label, record) => ganttFigures(target, label, runs, record));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const rows = await measureGanttServer();
  const width = Math.max(...rows.map((row) => row.name.length));
  for (const row of rows) {
    process.stdout.write(
      `${row.name.padEnd(width)}  ${String(row.value).padStart(7)} ${row.unit.padEnd(3)}  ${row.note}\n`,
    );
  }
}
