// Uploads under bounds (issue 30): the hostile workbooks of the issue sent to importEdp, a real
// 10,000-task Gantt workbook imported back (dry run and write), and importProject of MS Project's
// largest file (20 MB, 40,000 tasks, dry run) and of 10,000 tasks (written), on SQLite and on a
// throwaway PostgreSQL database. Each figure: the call's time, the server's peak RSS during it
// (VmHWM, reset before the call through /proc/<pid>/clear_refs) and the longest the server kept a
// probe waiting meanwhile (GET /healthz sent again as soon as it answers: the longest event-loop
// block as a client sees it). A server that dies on an upload is reported as such (an older build
// under BENCH_SERVER_ENTRY). Prints figures, asserts nothing.
//
//   node bench/upload-bounds.mjs      starts the built server (npm run build first) on both databases
//   import { measureUploadBounds } from './upload-bounds.mjs'
import { readFileSync, writeFileSync } from 'node:fs';
import { createDeflateRaw, deflateRawSync } from 'node:zlib';
import { benchMspdi } from './mspdi-exchange.mjs';
import { onBothDatabases, timedCall } from './support.mjs';

function peakRss(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

function resetPeak(pid) {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------- the hostile workbooks

function zipOf(parts) {
  const chunks = [];
  const directory = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(part.data.length, 18);
    local.writeUInt32LE(part.size, 22);
    local.writeUInt16LE(name.length, 26);
    chunks.push(local, name, part.data);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(8, 10);
    entry.writeUInt32LE(part.data.length, 20);
    entry.writeUInt32LE(part.size, 24);
    entry.writeUInt16LE(name.length, 28);
    entry.writeUInt32LE(offset, 42);
    directory.push(entry, name);
    offset += 30 + name.length + part.data.length;
  }
  const size = directory.reduce((total, part) => total + part.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(size, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...chunks, ...directory, end]);
}

const text = (name, value) => ({ name, data: deflateRawSync(Buffer.from(value)), size: Buffer.byteLength(value) });

async function repeated(name, head, unit, count, tail) {
  const deflater = createDeflateRaw({ level: 9 });
  const out = [];
  deflater.on('data', (chunk) => out.push(chunk));
  const done = new Promise((resolve) => deflater.on('end', resolve));
  const write = (value) =>
    new Promise((resolve) => (deflater.write(Buffer.from(value)) ? resolve() : deflater.once('drain', resolve)));
  await write(head);
  const perBlock = Math.floor((1024 * 1024) / unit.length);
  const block = unit.repeat(perBlock);
  let left = count;
  for (; left >= perBlock; left -= perBlock) await write(block);
  await write(unit.repeat(left));
  await write(tail);
  deflater.end();
  await done;
  const size = Buffer.byteLength(head) + unit.length * count + Buffer.byteLength(tail);
  return { name, data: Buffer.concat(out), size: size > 0xffffffff ? 0xffffffff : size };
}

const SHEET_HEAD =
  '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
const SHEET_TAIL = '</sheetData></worksheet>';

function workbook(sheet, extra = []) {
  return zipOf([
    text(
      '_rels/.rels',
      '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
    ),
    text(
      'xl/workbook.xml',
      '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="EDP" sheetId="1" r:id="rId1"/></sheets></workbook>',
    ),
    text(
      'xl/_rels/workbook.xml.rels',
      '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>',
    ),
    ...extra,
    typeof sheet === 'string' ? text('xl/worksheets/sheet1.xml', sheet) : sheet,
  ]);
}

export const BOMBS = {
  'shared strings, 11 million (187 MB unpacked)': async () =>
    workbook(`${SHEET_HEAD}<row r="1"><c r="A1" t="s"><v>0</v></c></row>${SHEET_TAIL}`, [
      await repeated(
        'xl/sharedStrings.xml',
        '<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">',
        '<si><t>x</t></si>',
        11_000_000,
        '</sst>',
      ),
    ]),
  'rows, 1.9 million with data': async () =>
    workbook(
      await repeated(
        'xl/worksheets/sheet1.xml',
        SHEET_HEAD,
        '<row><c t="inlineStr"><is><t>x</t></is></c></row>',
        1_900_000,
        SHEET_TAIL,
      ),
    ),
  'cells, 12 million in one row': async () =>
    workbook(
      await repeated(
        'xl/worksheets/sheet1.xml',
        `${SHEET_HEAD}<row r="1">`,
        '<c><v>1</v></c>',
        12_000_000,
        `</row>${SHEET_TAIL}`,
      ),
    ),
  'depth, 5 million levels': async () =>
    workbook(
      await repeated(
        'xl/worksheets/sheet1.xml',
        `${SHEET_HEAD}<row r="1">${'<x>'.repeat(5_000_000)}`,
        '</x>',
        5_000_000,
        `</row>${SHEET_TAIL}`,
      ),
    ),
  'a zip of 60,000 entries': async () =>
    workbook(
      `${SHEET_HEAD}<row r="1"><c r="A1"><v>1</v></c></row>${SHEET_TAIL}`,
      Array.from({ length: 60_000 }, (_, index) => text(`xl/worksheets/sheet${index + 2}.xml`, '<worksheet/>')),
    ),
};

// ---------------------------------------------------------------- measuring

/** GET /healthz again as soon as it answers, until stopped: the longest wait, in ms. */
function startProbe(url) {
  let running = true;
  let longest = 0;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      const ok = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(120_000) })
        .then((response) => response.arrayBuffer())
        .then(() => true)
        .catch(() => false);
      longest = Math.max(longest, performance.now() - started);
      if (!ok) break;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  })();
  return async () => {
    running = false;
    await loop;
    return longest;
  };
}

/** One upload: time to its answer, peak RSS, the probe's longest wait; `died` when the server did not survive it. */
export async function measured(target, name, data) {
  const reset = resetPeak(target.pid);
  const stopProbe = startProbe(target.url);
  const started = performance.now();
  let answer;
  let error;
  try {
    answer = await timedCall(target, name, data);
  } catch (caught) {
    error = caught;
  }
  const ms = performance.now() - started;
  const longest = await stopProbe();
  const died = !alive(target.pid);
  const peak = died ? Number.NaN : peakRss(target.pid);
  return { ms, peak, reset, longest, died, answer, error };
}

function note({ peak, reset, longest, died, error }) {
  if (died) return 'the server died on it';
  const refusal = error
    ? ` refused: ${String(error.message)
        .replace(/^[^{]*/, '')
        .slice(0, 90)}`
    : '';
  return `peak RSS ${peak.toFixed(0)} MB${reset ? '' : ' (since start)'}, longest probe wait ${longest.toFixed(0)} ms${refusal}`;
}

async function uploadFigures(target, label, record) {
  const project = await timedCall(target, 'saveProject', { project: { name: 'Cargas', code: 'CARGAS-BENCH' } });
  const id = project.result.project._id;
  for (const [kind, build] of Object.entries(BOMBS)) {
    const content = (await build()).toString('base64');
    const loaded = await timedCall(target, 'loadProject', { id });
    const result = await measured(target, 'importEdp', { id, content, version: loaded.result.project.edp.version });
    record(
      `importEdp, hostile workbook: ${kind} (${label})`,
      result.ms.toFixed(0),
      'ms',
      `${(content.length / 1e6).toFixed(2)} MB upload; ${note(result)}`,
    );
    if (result.died) return;
  }

  // a real 10,000-task Gantt: imported back from its own export
  const { xml } = benchMspdi(10_000);
  const imported = await measured(target, 'importProject', {
    format: 'mspdi',
    fileName: 'bench.xml',
    content: xml,
    code: 'CARGAS-10K',
  });
  record(`importProject, 10,000 tasks written (${label})`, imported.ms.toFixed(0), 'ms', note(imported));
  if (imported.died || !imported.answer) return;
  const ganttId = imported.answer.result.project._id;
  const exported = await timedCall(target, 'exportGantt', { id: ganttId, format: 'xlsx' });
  const gantt = await timedCall(target, 'loadGantt', { id: ganttId });
  const base = { id: ganttId, format: 'xlsx', content: exported.result.content, version: gantt.result.version };
  const preview = await measured(target, 'importGantt', { ...base, dryRun: true });
  record(`importGantt of its 10,000-task workbook, dry run (${label})`, preview.ms.toFixed(0), 'ms', note(preview));
  const written = await measured(target, 'importGantt', base);
  record(`importGantt of its 10,000-task workbook, written (${label})`, written.ms.toFixed(0), 'ms', note(written));

  const { xml: largest } = benchMspdi(40_000);
  const padded = largest.replace(
    '</Project>',
    `<!--${' '.repeat(Math.max(0, 20 * 1024 * 1024 - largest.length - 20))}--></Project>`,
  );
  const big = await measured(target, 'importProject', {
    format: 'mspdi',
    fileName: 'grande.xml',
    content: padded,
    dryRun: true,
  });
  record(`importProject dry run, the largest file: 20 MB, 40,000 tasks (${label})`, big.ms.toFixed(0), 'ms', note(big));
}

export async function measureUploadBounds() {
  return onBothDatabases('uploads under bounds (issue 30)', uploadFigures);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const row of await measureUploadBounds()) console.log(`${row.name}: ${row.value} ${row.unit}  ${row.note}`);
}
