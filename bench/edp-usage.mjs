// loadEdpUsage (issue 12): what each EDP item carries, asked by the EDP editor as it opens and
// before a deletion, on a 20,000-item EDP whose 1,000 leaves have a 13-row EDC each (13,000 EDC
// rows), a built Gantt (33,000 tasks) and 19,000 links; on SQLite and on a throwaway PostgreSQL
// database. Times are request → last byte on loopback, median of sequential calls. Prints figures,
// asserts nothing.
//
//   node bench/edp-usage.mjs     (npm run build first; BENCH_DATABASE_URL as in gantt-server.mjs)
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchEdp, withLinks } from './gantt-server.mjs';
import { median, onBothDatabases, timedCall } from './support.mjs';

const EDC_ITEMS = 1_000;

function edcRows(edpCode) {
  return [
    { code: 'M', name: 'Estructura', parentCode: edpCode, kind: 'main' },
    { code: 'M.1', name: 'Hormigón', parentCode: 'M', kind: 'sub' },
    ...Array.from({ length: 11 }, (_, index) => ({
      code: `ACT${index + 1}`,
      name: `Actividad ${index + 1}`,
      parentCode: 'M.1',
      kind: 'activity',
    })),
  ];
}

/**
 * A project `code` with the 20,000-item EDP whose first 1,000 leaves get a 13-row EDC each and,
 * with `buildGantt`, its Gantt built and linked (withLinks). Answers the saved items and their
 * version, the leaves with an EDC, and the stored tasks and links (0 without a Gantt).
 */
export async function arrangeUsageProject(target, code, { buildGantt = true } = {}) {
  const { result: saved } = await timedCall(target, 'saveProject', {
    project: { name: 'EDP grande', code, sequencing: 'none' },
  });
  const id = saved.project._id;
  const { result: loaded } = await timedCall(target, 'loadProject', { id });
  const items = benchEdp({ groups: 200, perGroup: 100 });
  const { result: edp } = await timedCall(target, 'saveEdp', {
    id,
    edp: { items, version: loaded.project.edp.version },
  });
  const leaves = items.filter((item) => item.code.split('.').length === 3).slice(0, EDC_ITEMS);
  for (const leaf of leaves) {
    await timedCall(target, 'saveEdc', { id, edc: { id: leaf.id, version: 0, componentesEdc: edcRows(leaf.code) } });
  }
  let tasks = 0;
  let links = 0;
  if (buildGantt) {
    const gantt = await timedCall(target, 'loadGantt', { id });
    const linked = withLinks(gantt.result.activities);
    await timedCall(target, 'saveGantt', {
      id,
      gantt: { activities: linked.activities },
      version: gantt.result.version,
    });
    tasks = gantt.result.activities.length;
    links = linked.count;
  }
  return { id, items: edp.edp.items, version: edp.edp.version, leaves, tasks, links };
}

async function figures(target, label, runs, record) {
  const { id, items, tasks, links } = await arrangeUsageProject(target, 'USAGE-BENCH');
  const times = [];
  let last;
  for (let run = 0; run < runs; run += 1) {
    last = await timedCall(target, 'loadEdpUsage', { id });
    times.push(last.ms);
  }
  const usage = last.result.usage;
  record(
    `loadEdpUsage, ${items.length} items / ${tasks} tasks / ${links} links (${label})`,
    median(times).toFixed(0),
    'ms',
    `median of ${runs} (min ${Math.min(...times).toFixed(0)}, max ${Math.max(...times).toFixed(0)}); ${usage.items.length} items carry something, ${usage.crossLinks.length} cross-item pairs; ${(last.bytes / 1024).toFixed(0)} KB JSON`,
  );
}

export async function measureEdpUsage({ runs = Number(process.env.BENCH_RUNS ?? 7) } = {}) {
  return onBothDatabases('loadEdpUsage', (target, label, record) => figures(target, label, runs, record));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  for (const row of await measureEdpUsage()) {
    process.stdout.write(`${row.name}  ${row.value} ${row.unit}  ${row.note}\n`);
  }
}
