// The project history ('Historial', issue 19): a project with 5,000 history entries, written
// straight into the database (as 5,000 saves would leave them: summaries of EDP and Gantt saves,
// each with its detail), on SQLite and on a throwaway PostgreSQL database. Median time of
// loadProjectHistory's first page (the timeline as it opens), of a page at the end (offset 4,980)
// and of loadHistoryEntry of an entry whose detail lists 500 changed tasks. Times are request →
// last byte on loopback, median of sequential calls. Prints figures, asserts nothing.
//
//   node bench/history.mjs     (npm run build first; BENCH_DATABASE_URL as in gantt-server.mjs)
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { directWriter, median, onBothDatabases, timedCall } from './support.mjs';

const ENTRIES = 5_000;

/** A Gantt save's detail with `count` changed tasks (duration, start and links). */
function ganttDetail(count) {
  return {
    added: [],
    removed: [],
    renamed: [],
    tasks: Array.from({ length: count }, (_, index) => ({
      code: `G.${index + 1}`,
      name: `Tarea ${index + 1}`,
      changes: [
        { field: 'duration', from: '5 días', to: '7 días' },
        { field: 'start', from: '02-03-2026', to: '04-03-2026' },
        { field: 'links', from: '', to: `G.${index}FS` },
      ],
    })),
    notes: [],
    omitted: 0,
  };
}

/** An EDP save's detail: 3 added, 1 removed, 2 renamed. */
function edpDetail(index) {
  return {
    added: [1, 2, 3].map((k) => ({ code: `P.${index}.${k}`, name: `Ítem ${k}` })),
    removed: [{ code: `P.${index}.9`, name: 'Bodega' }],
    renamed: [1, 2].map((k) => ({ code: `P.${k}`, from: `Nave ${k}`, to: `Nave ${k} norte` })),
    tasks: [],
    notes: [],
    omitted: 0,
  };
}

/** `count` entries of project `projectId`, oldest first, one minute apart; every 10th one a 500-task Gantt save. */
function historyRows(projectId, userId, count) {
  const start = Date.parse('2026-01-05T12:00:00Z');
  return Array.from({ length: count }, (_, index) => {
    const gantt = index % 2 === 1;
    const big = index % 10 === 9;
    return {
      project_id: projectId,
      user_id: userId,
      user_name: 'Bench Admin',
      function_name: gantt ? 'saveGantt' : 'saveEdp',
      area: gantt ? 'gantt' : 'edp',
      summary: gantt
        ? `Gantt: ${big ? 500 : 5} tareas cambiadas`
        : 'EDP: 3 ítems agregados, 1 eliminado, 2 renombrados',
      detail: JSON.stringify(gantt ? ganttDetail(big ? 500 : 5) : edpDetail(index)),
      created_at: new Date(start + index * 60_000).toISOString(),
    };
  });
}

async function figures(target, label, runs, record) {
  const { result: saved } = await timedCall(target, 'saveProject', {
    project: { name: 'Historial largo', code: 'HIST-BENCH', sequencing: 'none' },
  });
  const id = saved.project._id;
  const { result: me } = await timedCall(target, 'loadProfile', null);
  const userId = me.profile.uid;
  const writer = await directWriter(target.database);
  try {
    await writer.insert('project_history', historyRows(id, userId, ENTRIES - 1));
  } finally {
    await writer.close();
  }

  const time = async (name, data) => {
    const times = [];
    let last;
    for (let run = 0; run < runs; run += 1) {
      last = await timedCall(target, name, data);
      times.push(last.ms);
    }
    return { times, last };
  };
  const spread = (times) =>
    `median of ${times.length} (min ${Math.min(...times).toFixed(1)}, max ${Math.max(...times).toFixed(1)})`;

  const first = await time('loadProjectHistory', { id });
  const total = first.last.result.total;
  record(
    `loadProjectHistory first page, ${total} entries (${label})`,
    median(first.times).toFixed(1),
    'ms',
    `${spread(first.times)}; ${first.last.result.entries.length} entries, ${(first.last.bytes / 1024).toFixed(1)} KB JSON`,
  );
  const deep = await time('loadProjectHistory', { id, offset: total - 20, limit: 20 });
  record(
    `loadProjectHistory last page (offset ${total - 20}) (${label})`,
    median(deep.times).toFixed(1),
    'ms',
    spread(deep.times),
  );
  // a 500-task Gantt entry: every 10th row written, the newest such one
  const bigEntry = first.last.result.entries.find((entry) => entry.summary === 'Gantt: 500 tareas cambiadas');
  const entryId = bigEntry?.id ?? first.last.result.entries[0].id;
  const one = await time('loadHistoryEntry', { id, entryId });
  record(
    `loadHistoryEntry, ${one.last.result.entry.detail.tasks.length}-task detail (${label})`,
    median(one.times).toFixed(1),
    'ms',
    `${spread(one.times)}; ${(one.last.bytes / 1024).toFixed(1)} KB JSON`,
  );
}

/** The history figures, as rows { name, value, unit, note }. */
export async function measureHistory({ runs = Number(process.env.BENCH_RUNS ?? 15) } = {}) {
  return onBothDatabases('history', (target, label, record) => figures(target, label, runs, record));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const rows = await measureHistory();
  const width = Math.max(...rows.map((row) => row.name.length));
  for (const row of rows) {
    process.stdout.write(
      `${row.name.padEnd(width)}  ${String(row.value).padStart(7)} ${row.unit.padEnd(3)}  ${row.note}\n`,
    );
  }
}
