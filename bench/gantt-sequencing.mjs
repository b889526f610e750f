// The generated schedule (issue 13): the first loadGantt of a 5,051-item EDP (50 areas of 100 floors)
// whose 5,000 floors have a 7-row EDC each (one main component, two subcomponents of two activities:
// 20,000 activity tasks), which builds 40,051 tasks and sequences them by 'Tren de actividades'
// (rules 1–5), then loadGantt of the same once stored. On SQLite and a throwaway PostgreSQL
// database. The EDC rows are written straight into the database (as saveEdc would store them, with
// their catalogue priority and duration copies): 5,000 saveEdc calls would only time the arranging.
// Times are request → last byte on loopback. Prints figures, asserts nothing.
//
//   node bench/gantt-sequencing.mjs     (npm run build first; BENCH_DATABASE_URL as in gantt-server.mjs)
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchEdp } from './gantt-server.mjs';
import { directWriter, median, onBothDatabases, timedCall } from './support.mjs';

const GROUPS = 50;
/** a group item and 100 floors */
const PER_GROUP = 101;

/** One floor's EDC as generateEdc makes it, with the catalogue copies the sequencing reads. */
function edcRows(projectId, edpItemId, edpCode) {
  const main = `EST.1.S.${edpItemId}`;
  const rows = [
    [main, 'Estructura', edpCode, 'main', 'c-est', 1, null],
    [`${main}.1`, 'Muros', main, 'sub', null, 1, null],
    ['ACT1', 'Moldaje', `${main}.1`, 'activity', 'a-mol', 1, 3],
    ['ACT2', 'Hormigonado', `${main}.1`, 'activity', 'a-hor', 2, 2],
    [`${main}.2`, 'Losa', main, 'sub', null, 2, null],
    ['ACT3', 'Enfierradura', `${main}.2`, 'activity', 'a-enf', 1, 4],
    ['ACT4', 'Curado', `${main}.2`, 'activity', 'a-cur', 2, 5],
  ];
  return rows.map(([code, name, parentCode, kind, sourceId, priority, duration], position) => ({
    project_id: projectId,
    edp_item_id: edpItemId,
    position,
    code,
    code_key: code.toLowerCase(),
    name,
    parent_code: parentCode,
    kind,
    source_id: sourceId,
    source_code: null,
    source_name: name,
    priority,
    duration,
  }));
}

async function figures(target, label, runs, record) {
  const call = (name, data) => timedCall(target, name, data);
  const { result: saved } = await call('saveProject', {
    project: { name: 'Secuencia grande', code: 'SEQ-BENCH', sequencing: 'train' },
  });
  const id = saved.project._id;
  const { result: loaded } = await call('loadProject', { id });
  const items = benchEdp({ groups: GROUPS, perGroup: PER_GROUP });
  await call('saveEdp', { id, edp: { items, version: loaded.project.edp.version } });
  const floors = items.filter((item) => item.code.split('.').length === 3);

  const writer = await directWriter(target.database);
  try {
    const now = new Date().toISOString();
    await writer.insert(
      'edc_list',
      floors.map((floor) => ({ project_id: id, edp_item_id: floor.id, version: 1, updated_at: now })),
    );
    await writer.insert(
      'edc_item',
      floors.flatMap((floor) => edcRows(id, floor.id, floor.code)),
    );
  } finally {
    await writer.close();
  }

  const first = await call('loadGantt', { id });
  const tasks = first.result.activities;
  const links = tasks.reduce((sum, task) => sum + (task.generatedPredecessors?.length ?? 0), 0);
  const leaves = tasks.filter((task) => !task.isSummary).length;
  const critical = tasks.filter((task) => task.critical).length;
  record(
    `loadGantt first build + sequencing, ${items.length} EDP items / ${leaves} activity tasks (${label})`,
    first.ms.toFixed(0),
    'ms',
    `1 call: ${tasks.length} tasks and ${links} generated links built and written; ${critical} critical; finish ${first.result.projectFinish}; ${(first.bytes / 1024).toFixed(0)} KB JSON`,
  );

  const loads = [];
  let bytes = 0;
  for (let run = 0; run < runs; run += 1) {
    const timing = await call('loadGantt', { id });
    if (timing.result.version !== first.result.version) throw new Error('loadGantt wrote the stored Gantt again');
    loads.push(timing.ms);
    bytes = timing.bytes;
  }
  record(
    `loadGantt stored, ${tasks.length} tasks / ${links} generated links (${label})`,
    median(loads).toFixed(0),
    'ms',
    `median of ${runs} (min ${Math.min(...loads).toFixed(0)}, max ${Math.max(...loads).toFixed(0)}); merge and sequencing checked, nothing written; ${(bytes / 1024).toFixed(0)} KB JSON`,
  );
}

export async function measureGanttSequencing({ runs = Number(process.env.BENCH_RUNS ?? 5) } = {}) {
  return onBothDatabases('loadGantt sequencing', (target, label, record) => figures(target, label, runs, record));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  for (const row of await measureGanttSequencing()) {
    process.stdout.write(`${row.name}  ${row.value} ${row.unit}  ${row.note}\n`);
  }
}
