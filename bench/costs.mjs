// Costs (issue 16) on a priced project of about 5,000 EDP items and 20,000 Gantt tasks, with 24
// monthly cut-offs, on SQLite and on a throwaway PostgreSQL database:
//   - saveBaseline, which now also freezes every task's cost (gantt_baseline_cost);
//   - loadSCurve for the whole project (median of `runs`) and for one EDP item's subtree;
//   - exportSCurve (the 'Curva S' workbook);
//   - the 'Curva S' screen's first paint in Chromium: navigation → the chart's first SVG path.
//   - estados de pago: saveEstadoPago at the 24th cut-off (after 3 approved EPs), approveEstadoPago,
//     loadEstadosPago (the list, and one EP whole), exportEstadoPago as xlsx and as pdf.
// The EDP and its prices are written by saveEdp; the cut-offs' progress is seeded with SQL (what
// a year of use leaves behind, not what is timed). Prints figures, asserts nothing.
// Run alone (after `npm run build`): `node bench/costs.mjs`.
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { chromiumExecutablePath } from '../scripts/find-chromium.mjs';
import { benchEdp } from './gantt-server.mjs';
import { contextCookies, directWriter, median, onBothDatabases, timedCall } from './support.mjs';

/** 1 root + 50 groups of 100 items (a group item and 99 leaves): 5,001 items, 4,950 leaves. */
export const GROUPS = 50;
export const PER_GROUP = 100;
/** Tasks the Gantt ends with: the 5,001 built from the EDP, and children added under the leaves. */
const TASKS = 20_000;
const CUTOFFS = 24;
/** The tasks' starts spread over this many calendar days (about 30 months). */
const SPAN_DAYS = 880;
const TIMEOUT = 180_000;

function addDays(iso, days) {
  return new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The 1st of the month `months` after `iso`'s. */
function monthStart(iso, months) {
  const date = new Date(`${iso.slice(0, 7)}-01T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() + months);
  return date.toISOString().slice(0, 10);
}

/** The loaded Gantt with children under every EDP leaf's task until it has TASKS tasks, spread over SPAN_DAYS. */
export function withChildren(activities, projectStart) {
  const leaves = activities.filter((task) => !task.isSummary && task.ParentId !== undefined);
  let nextId = Math.max(...activities.map((task) => task.TaskID)) + 1;
  const missing = TASKS - activities.length;
  const added = [];
  leaves.forEach((leaf, index) => {
    const count = Math.floor(missing / leaves.length) + (index < missing % leaves.length ? 1 : 0);
    const start = addDays(projectStart, Math.floor((index * SPAN_DAYS) / leaves.length));
    for (let child = 0; child < count; child += 1) {
      added.push({
        TaskID: nextId++,
        TaskCode: `${leaf.TaskCode}.${child + 1}`,
        TaskName: `Subtarea ${child + 1} de ${leaf.TaskName}`,
        StartDate: addDays(start, child * 7),
        Duration: 5 + ((index + child * 3) % 16),
        Progress: 0,
        ParentId: leaf.TaskID,
        Predecessor: '',
      });
    }
  });
  const existing = activities.map((task) => ({ ...task, StartDate: task.StartNoEarlierThan }));
  return [...existing, ...added];
}

/** Each leaf's progress at every monthly cut-off, from its planned dates, inserted directly. */
export async function seedCutoffs(database, projectId, activities) {
  const writer = await directWriter(database);
  try {
    const leaves = activities.filter((task) => !task.isSummary);
    const start = activities.reduce((first, task) => (task.StartDate < first ? task.StartDate : first), '9999-12-31');
    const cutoffs = [];
    const rows = [];
    for (let month = 1; month <= CUTOFFS; month += 1) {
      const cutoff = monthStart(start, month);
      const id = randomUUID();
      // the actual cost to date: a round figure that grows each month
      cutoffs.push({
        _id: id,
        project_id: projectId,
        cutoff,
        recorded_at: new Date().toISOString(),
        recorded_by: null,
        recorded_by_name: 'Bench',
        progress: 0,
        actual_cost: String(month * 250_000_000),
      });
      for (const task of leaves) {
        if (task.StartDate >= cutoff) continue;
        const done = task.EndDate < cutoff;
        rows.push({
          cutoff_id: id,
          task_id: task.TaskID,
          code: task.TaskCode,
          name: task.TaskName,
          progress: done ? 100 : 20 + (month % 6) * 10,
          actual_start: task.StartDate,
          actual_finish: done ? task.EndDate : null,
        });
      }
    }
    await writer.insert('gantt_cutoff', cutoffs);
    await writer.insert('gantt_cutoff_task', rows);
    return { cutoffs: cutoffs.map((row) => row.cutoff), progressRows: rows.length };
  } finally {
    await writer.close();
  }
}

async function firstPaint(target, projectId, runs) {
  const browser = await chromium.launch({
    executablePath: chromiumExecutablePath(),
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
    ],
  });
  try {
    const times = [];
    for (let run = 0; run < runs; run += 1) {
      const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
      await context.addCookies(contextCookies(target.url, target.cookie));
      const page = await context.newPage();
      const started = performance.now();
      if (process.env.BENCH_TRACE) {
        // each request's span from the navigation, to see what the first paint waits for
        page.on('requestfinished', (request) => {
          const timing = request.timing();
          const name = request.url().replace(target.url, '');
          const body = request.postData()?.slice(0, 60) ?? '';
          const at = (performance.now() - started).toFixed(0);
          process.stderr.write(`${at} ms done  ${name} ${body} (${timing.responseEnd.toFixed(0)} ms)\n`);
        });
      }
      await page.goto(`${target.url}/projects/${projectId}/curva-s`, { waitUntil: 'commit', timeout: TIMEOUT });
      await page.locator('[data-testid="s-curve-chart"] svg path').first().waitFor({ timeout: TIMEOUT });
      times.push(performance.now() - started);
      await context.close();
    }
    return times;
  } finally {
    await browser.close();
  }
}

async function costsFigures(target, label, runs, record) {
  const call = async (name, data) => {
    const timing = await timedCall(target, name, data);
    if (timing.result === undefined) throw new Error(`${name} failed`);
    return timing;
  };
  const { result: saved } = await call('saveProject', {
    project: { name: 'Costos', code: 'COST-BENCH', currency: 'CLP' },
  });
  const projectId = saved.project._id;
  const { result: loadedProject } = await call('loadProject', { id: projectId });
  // prices: every item but the root, in CLP (quantity 12,5 × a unit price of $1.250 to $121.250)
  const edp = benchEdp({ groups: GROUPS, perGroup: PER_GROUP }).map((item) =>
    item.parentId === undefined
      ? item
      : { ...item, unit: 'm2', quantity: '12.5', unitPrice: String(((item.id % 97) + 1) * 1250) },
  );
  await call('saveEdp', { id: projectId, edp: { items: edp, version: loadedProject.project.edp.version } });
  const first = await call('loadGantt', { id: projectId });
  const activities = withChildren(first.result.activities, first.result.projectStart);
  const savedGantt = await call('saveGantt', { id: projectId, gantt: { activities }, version: first.result.version });
  const gantt = savedGantt.result;
  const taskCount = gantt.activities.length;

  const baseline = await call('saveBaseline', { id: projectId, name: 'Contrato' });
  record(
    `saveBaseline with costs, ${taskCount} tasks, ${edp.length} priced items (${label})`,
    baseline.ms.toFixed(0),
    'ms',
    "1 call: every task's dates and every leaf's cost per EDP item frozen",
  );

  const seeded = await seedCutoffs(target.database, projectId, gantt.activities);
  const latest = seeded.cutoffs.at(-1);

  const loads = [];
  let answer;
  for (let run = 0; run < runs; run += 1) {
    answer = await call('loadSCurve', { id: projectId });
    loads.push(answer.ms);
  }
  record(
    `loadSCurve, ${edp.length} priced items, ${taskCount} tasks, ${CUTOFFS} cut-offs (${label})`,
    median(loads).toFixed(0),
    'ms',
    `median of ${runs}: ${loads.map((ms) => ms.toFixed(0)).join(', ')} ms; ${answer.result.points.length} points, ` +
      `${(answer.bytes / 1024).toFixed(1)} KB JSON; SPI ${answer.result.spi}, CPI ${answer.result.cpi}; ` +
      `${seeded.progressRows} leaf progress rows seeded`,
  );
  const group = edp.find((item) => item.code === 'G.25');
  const item = await call('loadSCurve', { id: projectId, edpItemId: group.id });
  record(
    `loadSCurve for one EDP item (G.25, ${PER_GROUP} items) (${label})`,
    item.ms.toFixed(0),
    'ms',
    `1 call; total ${item.result.total}`,
  );
  const exported = await call('exportSCurve', { id: projectId });
  record(
    `exportSCurve, ${exported.result.fileName} (${label})`,
    exported.ms.toFixed(0),
    'ms',
    `1 call; ${((exported.result.content.length * 3) / 4 / 1024).toFixed(1)} KB workbook`,
  );

  // estados de pago at cut-offs 6, 12 and 18 (approved), then the timed one at the latest (24th)
  for (const month of [6, 12, 18]) {
    const draft = await call('saveEstadoPago', { id: projectId, cutoff: seeded.cutoffs[month - 1] });
    await call('approveEstadoPago', { id: projectId, number: draft.result.estadoPago.number });
  }
  const estadoPago = await call('saveEstadoPago', { id: projectId, cutoff: latest });
  const number = estadoPago.result.estadoPago.number;
  record(
    `saveEstadoPago at the 24th cut-off, ${edp.length} items (${label})`,
    estadoPago.ms.toFixed(0),
    'ms',
    `1 call; EP N° ${number}, ${estadoPago.result.estadoPago.lines.length} lines, ${(estadoPago.bytes / 1024).toFixed(1)} KB JSON`,
  );
  const approved = await call('approveEstadoPago', { id: projectId, number });
  record(`approveEstadoPago N° ${number} (${label})`, approved.ms.toFixed(0), 'ms', '1 call');
  const list = await call('loadEstadosPago', { id: projectId });
  record(
    `loadEstadosPago, ${list.result.estadosPago.length} EPs (${label})`,
    list.ms.toFixed(0),
    'ms',
    `1 call; ${(list.bytes / 1024).toFixed(1)} KB JSON`,
  );
  const one = await call('loadEstadosPago', { id: projectId, number });
  record(
    `loadEstadosPago with EP N° ${number} whole (${label})`,
    one.ms.toFixed(0),
    'ms',
    `1 call; ${(one.bytes / 1024).toFixed(1)} KB JSON`,
  );
  for (const format of ['xlsx', 'pdf']) {
    const file = await call('exportEstadoPago', { id: projectId, number, format });
    record(
      `exportEstadoPago ${format}, EP N° ${number} (${label})`,
      file.ms.toFixed(0),
      'ms',
      `1 call; ${((file.result.content.length * 3) / 4 / 1024).toFixed(1)} KB file`,
    );
  }

  if (process.env.BENCH_DUMP) {
    // the answers themselves, to compare two builds' results (BENCH_DUMP: a file name prefix)
    const { estadoPago: document } = (await call('loadEstadosPago', { id: projectId, number })).result;
    const answers = { curve: answer.result, item: item.result, lines: document.lines, totals: document.totals };
    writeFileSync(`${process.env.BENCH_DUMP}-${label}.json`, JSON.stringify(answers, null, 1));
  }

  const paints = await firstPaint(target, projectId, Math.min(runs, 3));
  record(
    `'Curva S' screen first paint, ${taskCount} tasks (Chromium, ${label})`,
    median(paints).toFixed(0),
    'ms',
    `median of ${paints.length} fresh pages (navigation → the chart's first SVG path): ${paints.map((ms) => ms.toFixed(0)).join(', ')} ms`,
  );
}

/** Every costs figure, as rows { name, value, unit, note }. */
export async function measureCosts({ runs = Number(process.env.BENCH_RUNS ?? 5) } = {}) {
  return onBothDatabases('costs', (target, label, record) => costsFigures(target, label, runs, record));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const rows = await measureCosts();
  const width = Math.max(...rows.map((row) => row.name.length));
  for (const row of rows) {
    process.stdout.write(
      `${row.name.padEnd(width)}  ${String(row.value).padStart(7)} ${row.unit.padEnd(3)}  ${row.note}\n`,
    );
  }
}
