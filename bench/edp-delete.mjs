// Deleting EDP items with saveEdp (issue 12): the items' EDC goes by cascade and their stored Gantt
// tasks, links and removed sources in the same transaction (gantt-purge.ts). On the 20,000-item EDP
// of edp-usage.mjs (1,000 leaves with a 13-row EDC each, 33,000 tasks, 19,000 links once built),
// twice: with the Gantt built, and with the same EDP and EDC but no Gantt (the saves' own cost).
// Times are request → last byte on loopback; SQLite and a throwaway PostgreSQL database. Prints
// figures, asserts nothing.
//
//   node bench/edp-delete.mjs     (npm run build first; BENCH_DATABASE_URL as in gantt-server.mjs)
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { arrangeUsageProject } from './edp-usage.mjs';
import { median, onBothDatabases, timedCall } from './support.mjs';

const GROUPS_DELETED = 20;

async function storedTasks(target, id) {
  const { result } = await timedCall(target, 'loadEdpUsage', { id });
  return result.usage.items.reduce((sum, item) => sum + item.ganttTaskCount, 0);
}

async function figures(target, label, runs, record) {
  for (const built of [true, false]) {
    const project = await arrangeUsageProject(target, built ? 'DEL-GANTT' : 'DEL-NOGANTT', { buildGantt: built });
    const what = built ? `Gantt built, ${project.tasks} tasks` : 'no Gantt';
    let { items, version } = project;
    const times = [];
    // one EDC leaf per save: 1 item, 13 EDC rows, 14 tasks
    for (let run = 0; run < runs; run += 1) {
      const leaf = project.leaves[project.leaves.length - 1 - run];
      items = items.filter((item) => item.id !== leaf.id);
      const saved = await timedCall(target, 'saveEdp', { id: project.id, edp: { items, version } });
      times.push(saved.ms);
      version = saved.result.edp.version;
    }
    record(
      `saveEdp deleting 1 leaf with its EDC of 13 (${label}, ${what})`,
      median(times).toFixed(0),
      'ms',
      `median of ${runs} (min ${Math.min(...times).toFixed(0)}, max ${Math.max(...times).toFixed(0)})`,
    );
    // whole groups: 2,000 items with their EDC and tasks, in one save
    const before = built ? await storedTasks(target, project.id) : 0;
    const groups = new Set(
      items
        .filter((item) => item.parentId === 1)
        .slice(0, GROUPS_DELETED)
        .map((item) => item.id),
    );
    const kept = items.filter((item) => !groups.has(item.id) && !groups.has(item.parentId));
    const saved = await timedCall(target, 'saveEdp', { id: project.id, edp: { items: kept, version } });
    const after = built ? await storedTasks(target, project.id) : 0;
    record(
      `saveEdp deleting ${items.length - kept.length} items (${label}, ${what})`,
      saved.ms.toFixed(0),
      'ms',
      built ? `one run; ${before - after} stored tasks went with them` : 'one run',
    );
  }
}

export async function measureEdpDelete({ runs = Number(process.env.BENCH_RUNS ?? 5) } = {}) {
  return onBothDatabases('saveEdp deleting items', (target, label, record) => figures(target, label, runs, record));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  for (const row of await measureEdpDelete()) {
    process.stdout.write(`${row.name}  ${row.value} ${row.unit}  ${row.note}\n`);
  }
}
