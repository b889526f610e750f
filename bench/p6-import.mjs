// Primavera P6 XER import (issue 34): importProject {format: 'xer'} of the largest real file of the
// shared corpus, HS2's 'SP10 - COST LOADED.xer' (3.08 MB, 3,994 activities, 5,966 relationships,
// 2,265 WBS nodes), sent as base64 as the import dialog sends it: its dry run (the preview), the
// import that writes the project, and loadGantt of it, on SQLite and on a throwaway PostgreSQL
// database. Each figure is one call's time from request to the last byte on loopback, with the
// server's peak RSS during it (VmHWM, reset before the call). The target: the import in
// ≤ 3 s and ≤ 400 MB server RSS. Prints figures, asserts nothing.
//
//   node bench/p6-import.mjs        starts the built server (npm run build first) on both databases;
//                                   the file is read from CIMIENTO_SHARED_DATA/p6, else from the first
//                                   shared/data/p6 found going up from the repository
//   import { measureP6Import } from './p6-import.mjs'
//                                   the same, answering rows { name, value, unit, note }
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { peakRss, resetPeak } from './mspdi-exchange.mjs';
import { onBothDatabases, root, timedCall } from './support.mjs';

const FILE = 'pyp6xer-SP10-COST-LOADED.xer';

/** The corpus file's path: CIMIENTO_SHARED_DATA/p6, else shared/data/p6 going up from the repository. */
function p6File() {
  const candidates = [];
  if (process.env.CIMIENTO_SHARED_DATA) candidates.push(path.join(process.env.CIMIENTO_SHARED_DATA, 'p6', FILE));
  for (let dir = root; ; dir = path.dirname(dir)) {
    candidates.push(path.join(dir, 'shared', 'data', 'p6', FILE));
    if (path.dirname(dir) === dir) break;
  }
  const found = candidates.find((candidate) => existsSync(candidate));
  if (!found) throw new Error(`no se encontró ${FILE} (define CIMIENTO_SHARED_DATA)`);
  return found;
}

async function p6Figures(target, label, record) {
  const bytes = readFileSync(p6File());
  const megabytes = (bytes.length / (1024 * 1024)).toFixed(2);
  const timed = async (name, data) => {
    const reset = resetPeak(target.pid);
    const timing = await timedCall(target, name, data);
    return { ...timing, peak: peakRss(target.pid), reset };
  };
  const peakNote = (timing) =>
    `${timing.reset ? 'peak RSS during the call' : 'peak RSS since the server started'} ${timing.peak.toFixed(0)} MB`;
  const base = { format: 'xer', fileName: FILE, content: bytes.toString('base64') };

  const preview = await timed('importProject', { ...base, dryRun: true });
  const { taskCount, linkCount } = preview.result.preview;
  record(
    `importProject xer dry run, HS2 ${taskCount} tasks / ${linkCount} links (${label})`,
    preview.ms.toFixed(0),
    'ms',
    `1 call, ${megabytes} MB file; ${peakNote(preview)}`,
  );
  const imported = await timed('importProject', { ...base, code: 'P6-BENCH' });
  record(
    `importProject xer, HS2 3,994 activities (${label})`,
    imported.ms.toFixed(0),
    'ms',
    `target ≤ 3000 ms and ≤ 400 MB; 1 call writing the project, ${taskCount + 1} EDP items and tasks, ${linkCount} links; ${peakNote(imported)}`,
  );
  const loaded = await timed('loadGantt', { id: imported.result.project._id });
  record(
    `loadGantt of the imported HS2 project (${label})`,
    loaded.ms.toFixed(0),
    'ms',
    `1 call, ${(loaded.bytes / 1024).toFixed(0)} KB JSON; ${peakNote(loaded)}`,
  );
}

/** The figures on SQLite and PostgreSQL, as rows { name, value, unit, note }. */
export async function measureP6Import() {
  return onBothDatabases('importProject xer', p6Figures);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const rows = await measureP6Import();
  const width = Math.max(...rows.map((row) => row.name.length));
  for (const row of rows) {
    process.stdout.write(
      `${row.name.padEnd(width)}  ${String(row.value).padStart(7)} ${row.unit.padEnd(3)}  ${row.note}\n`,
    );
  }
}
