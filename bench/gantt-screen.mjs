// The Gantt screen in headless Chromium (issue 7): navigation start → first bar painted for a
// 10,001-task / 9,000-link project in the product, next to a bare page that renders only SVAR React
// Gantt with the same tasks and links (the ratio is the figure); the same for ~30,000 tasks; and, in
// the product at 10,001 tasks, 'Actualizar' after one duration edit → the recomputed chart painted,
// and 'Contraer todo' / 'Expandir todo' → the chart painted; issue 18: a bar dragged and a bar stretched
// with the pointer → the recomputed chart painted; issue 32: one duration edit undone with Ctrl+Z
// and with 'Deshacer' (goal ≤ 100 ms), the selection moved one row down with ↓ (goal ≤ 50 ms), and one
// duration typed in its Duración cell and Enter (goal ≤ 100 ms; 'no disponible' on a build without
// editing in the cells) → painted. Prints figures, asserts nothing.
//
//   node bench/gantt-screen.mjs        starts the built server (npm run build first) on a fresh
//                                      SQLite data dir, seeds both projects, measures, stops it
//   node bench/gantt-screen.mjs --edits
//                                      the 10,001-task project's edits alone ('Actualizar', 'Contraer
//                                      todo' / 'Expandir todo', drag, stretch and issue 32's): no first
//                                      bars, no 30,001 tasks, no tracking
//   import { measureGanttScreen } from './gantt-screen.mjs'
//                                      the same, answering rows { name, value, unit, note }; given
//                                      { url, cookie } it measures against that running app instead
//
// The bare page is bench/svar-bare/entry.mjs bundled by esbuild (minified, like the product's Vite
// build) and served from a throwaway node:http server on loopback; it fetches loadGantt's answer as
// JSON and converts it to SVAR tasks and links in the page. Chromium resolves no host names, so
// nothing leaves the machine (the SVAR stylesheet names fonts on cdn.svar.dev; fonts={false}).
/* global document, requestAnimationFrame, window -- the functions given to evaluate run in the page */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { chromiumExecutablePath } from '../scripts/find-chromium.mjs';
import { benchEdp, withLinks } from './gantt-server.mjs';
import { contextCookies, median, root, signUp, startApp } from './support.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const VIEWPORT = { width: 1400, height: 900 };
const TOOLBAR = 'Herramientas del Gantt';
const TIMEOUT = 180_000;

/** 100 groups of 100 (10,001 tasks, 9,000 links) and 300 groups of 100 (30,001 tasks, 27,000 links). */
const PROJECTS = [
  { key: 'large', groups: 100, perGroup: 100, chain: 90 },
  { key: 'huge', groups: 300, perGroup: 100, chain: 90 },
];

async function callFunction(url, cookie, name, data) {
  const response = await fetch(`${url}/api/functions/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ data }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${name}: ${response.status} ${text.slice(0, 300)}`);
  return JSON.parse(text).result;
}

/**
 * A project whose Gantt is the EDP's tree with a chain of links per group, seeded as
 * bench/gantt-server.mjs does (saveProject, saveEdp, loadGantt, saveGantt); answers the saved
 * Gantt (loadGantt's shape) with the counts.
 */
export async function seedGanttProject({ url, cookie, groups, perGroup, chain }) {
  const call = (name, data) => callFunction(url, cookie, name, data);
  const size = 1 + groups * perGroup;
  const { project } = await call('saveProject', { project: { name: `Gantt de ${size} tareas`, code: `GANTT${size}` } });
  const { project: loaded } = await call('loadProject', { id: project._id });
  await call('saveEdp', {
    id: project._id,
    edp: { items: benchEdp({ groups, perGroup }), version: loaded.edp.version },
  });
  const first = await call('loadGantt', { id: project._id });
  const linked = withLinks(first.activities, chain);
  const saved = await call('saveGantt', {
    id: project._id,
    gantt: { activities: linked.activities },
    version: first.version,
  });
  return { projectId: project._id, gantt: saved, taskCount: saved.activities.length, linkCount: linked.count };
}

/**
 * issue 15: fixes a baseline on a seeded project and records progress at a cut-off on the start of
 * 'Actividad 1.6' (the sixth link of group 1's chain, near the top of the chart): every leaf finished
 * before it done on its dates, every leaf started before it 50 % under way. Answers the counts and
 * 'Actividad 1.6', not started, the one to edit.
 */
export async function seedTracking({ url, cookie, project }) {
  const call = (name, data) => callFunction(url, cookie, name, data);
  await call('saveBaseline', { id: project.projectId, name: 'Contrato' });
  const gantt = await call('loadGantt', { id: project.projectId });
  const cutoff = gantt.activities.find((task) => task.TaskName === 'Actividad 1.6')?.StartDate;
  if (cutoff === undefined) throw new Error("no 'Actividad 1.6'");
  const entries = [];
  for (const task of gantt.activities) {
    if (task.isSummary || task.StartDate >= cutoff) continue;
    entries.push(
      task.EndDate < cutoff
        ? { TaskID: task.TaskID, ActualStart: task.StartDate, ActualFinish: task.EndDate, Progress: 100 }
        : { TaskID: task.TaskID, ActualStart: task.StartDate, Progress: 50 },
    );
  }
  const saved = await call('saveProgress', { id: project.projectId, cutoff, entries, version: gantt.version });
  const leaf = saved.activities.find((task) => task.TaskName === 'Actividad 1.6');
  if (!leaf || leaf.status !== undefined) throw new Error("'Actividad 1.6' should not be started");
  return {
    leaf,
    done: saved.activities.filter((task) => task.status === 'done').length,
    started: saved.activities.filter((task) => task.status === 'started').length,
  };
}

/** The bare page's files in a temporary directory: index.html, entry.js, entry.css. */
async function buildBarePage() {
  const outdir = mkdtempSync(path.join(tmpdir(), 'cimiento-svar-bare-'));
  await build({
    entryPoints: [path.join(here, 'svar-bare/entry.mjs')],
    absWorkingDir: root,
    nodePaths: [path.join(root, 'apps/web/node_modules'), path.join(root, 'node_modules')],
    bundle: true,
    format: 'esm',
    minify: true,
    target: 'es2022',
    define: { 'process.env.NODE_ENV': '"production"' },
    outdir,
    logLevel: 'warning',
  });
  return outdir;
}

/** index.html, the bundle and one JSON per project (`/data-{key}.json`), on a free loopback port. */
async function serveBarePage(outdir, datasets) {
  // the product's chart box is calc(100vh - 330px) high: 570 px at 1400 × 900. The theme's "Open Sans"
  // comes from cdn.svar.dev even with fonts={false} (all.css declares it), and a first bar can wait for
  // that font to fail; like the product (Roboto, self-hosted), the page names a local font instead
  const font = 'Arial,Helvetica,sans-serif';
  const html =
    '<!doctype html><html lang="es"><head><meta charset="utf-8"><title>SVAR bare</title>' +
    '<link rel="stylesheet" href="/entry.css">' +
    `<style>html,body{margin:0}#root{height:570px}#root .wx-theme{--wx-font-family:${font};font-family:${font}}</style>` +
    '</head>' +
    '<body><div id="root"></div><script type="module" src="/entry.js"></script></body></html>';
  const files = new Map([
    ['/', { type: 'text/html; charset=utf-8', body: Buffer.from(html) }],
    ['/entry.js', { type: 'text/javascript', body: readFileSync(path.join(outdir, 'entry.js')) }],
    ['/entry.css', { type: 'text/css', body: readFileSync(path.join(outdir, 'entry.css')) }],
  ]);
  for (const [key, gantt] of datasets) {
    files.set(`/data-${key}.json`, { type: 'application/json', body: Buffer.from(JSON.stringify(gantt)) });
  }
  const server = createServer((request, response) => {
    const file = files.get(new URL(request.url, 'http://localhost').pathname);
    if (!file) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': file.type, 'content-length': file.body.length });
    response.end(file.body);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

export async function newPage(browser, cookies, storage) {
  const context = await browser.newContext({ viewport: VIEWPORT });
  if (cookies) await context.addCookies(cookies);
  // issue 35: what the page finds in localStorage before it runs (a layout the user chose)
  if (storage) {
    await context.addInitScript((entries) => {
      for (const [key, value] of entries) localStorage.setItem(key, value);
    }, Object.entries(storage));
  }
  return { context, page: await context.newPage() };
}

/**
 * `runs` fresh pages: navigation start → the first `.wx-bar` visible. With `responseName`, also
 * when that function's answer had arrived (its last byte). Answers { firstBarMs, answeredMs }.
 */
async function firstBarTimes(browser, { pageUrl, cookies, runs, responseName, storage }) {
  const firstBarMs = [];
  const answeredMs = [];
  for (let run = 0; run < runs; run += 1) {
    const { context, page } = await newPage(browser, cookies, storage);
    try {
      const answered = responseName
        ? page
            .waitForResponse((response) => response.url().endsWith(`/api/functions/${responseName}`), {
              timeout: TIMEOUT,
            })
            .then(async (response) => {
              await response.body();
              return performance.now();
            })
            .catch(() => Number.NaN)
        : null;
      const started = performance.now();
      await page.goto(pageUrl, { waitUntil: 'commit', timeout: TIMEOUT });
      await page.locator('.wx-bar').first().waitFor({ timeout: TIMEOUT });
      firstBarMs.push(performance.now() - started);
      if (answered) answeredMs.push((await answered) - started);
    } finally {
      await context.close();
    }
  }
  return { firstBarMs, answeredMs };
}

/**
 * In the page: clicks the toolbar button `label` and waits, frame by frame, until the chart shows the
 * change: with `rowId`, that row's Duración cell reads `text` and its bar's width changed; without,
 * the ids of the grid rows and of the bars both changed. Then waits for that frame to be painted (a
 * message posted from the frame's requestAnimationFrame runs after its paint). Answers the ms from
 * the click to the change seen and to the frame painted.
 */
function timeToolbarClick(page, change) {
  return page.evaluate(
    ({ toolbar, label, rowId, text, timeout }) =>
      new Promise((resolve, reject) => {
        const bar = document.querySelector(`[role="toolbar"][aria-label="${toolbar}"]`);
        const button = [...(bar?.querySelectorAll('button') ?? [])].find(
          // text buttons by their text, icon buttons by their accessible name
          (candidate) => candidate.textContent.trim() === label || candidate.getAttribute('aria-label') === label,
        );
        if (!button) {
          reject(new Error(`no toolbar button '${label}'`));
          return;
        }
        const ids = (selector) => [...document.querySelectorAll(selector)].map((node) => node.dataset.id).join(',');
        const barWidth = () => document.querySelector(`.wx-bar[data-id="${rowId}"]`)?.style.width;
        let done;
        if (rowId === undefined) {
          const rows = ids('.wx-row');
          const bars = ids('.wx-bar');
          done = () => ids('.wx-row') !== rows && ids('.wx-bar') !== bars;
        } else {
          const width = barWidth();
          done = () =>
            document.querySelector(`.wx-row[data-id="${rowId}"] [data-col-id=":workDays"]`)?.textContent.trim() ===
              text && barWidth() !== width;
        }
        const started = performance.now();
        button.click();
        const poll = () => {
          const now = performance.now();
          if (done()) {
            const channel = new MessageChannel();
            channel.port1.onmessage = () =>
              resolve({ changedMs: now - started, paintedMs: performance.now() - started });
            channel.port2.postMessage(null);
          } else if (now - started > timeout) {
            reject(new Error(`'${label}': the chart did not change within ${timeout} ms`));
          } else {
            requestAnimationFrame(poll);
          }
        };
        requestAnimationFrame(poll);
      }),
    { toolbar: TOOLBAR, timeout: 60_000, ...change },
  );
}

/**
 * One fresh product page at 10,001 tasks: selects a leaf by clicking its grid row, then `runs` times
 * 'Editar', a new duration in 'Duración (días hábiles)', and the timed 'Actualizar'; then `runs`
 * pairs of timed 'Contraer todo' / 'Expandir todo' (unless `editOnly`). Answers { edit, collapse, expand } (painted ms),
 * each an array, or an Error where that step failed.
 */
export async function interactionTimes(browser, { pageUrl, cookies, leaf, runs, editOnly = false }) {
  const { context, page } = await newPage(browser, cookies);
  const result = { edit: [], collapse: [], expand: [] };
  try {
    await page.goto(pageUrl, { waitUntil: 'commit', timeout: TIMEOUT });
    await page.locator('.wx-bar').first().waitFor({ timeout: TIMEOUT });
    const toolbar = page.getByRole('toolbar', { name: TOOLBAR });
    try {
      await page.locator(`.wx-row[data-id="${leaf.TaskID}"]`).click({ timeout: 30_000 });
      for (let run = 0; run < runs; run += 1) {
        // each value differs from the one before and from the seeded duration
        const value = String(leaf.Duration + 2 + run);
        await toolbar.getByRole('button', { name: 'Editar', exact: true }).click({ timeout: 30_000 });
        await page.getByLabel('Duración (días hábiles)').fill(value, { timeout: 30_000 });
        const timing = await timeToolbarClick(page, { label: 'Actualizar', rowId: leaf.TaskID, text: value });
        result.edit.push(timing.paintedMs);
      }
    } catch (error) {
      result.edit = error;
    }
    if (editOnly) return result;
    try {
      for (let run = 0; run < runs; run += 1) {
        result.collapse.push((await timeToolbarClick(page, { label: 'Contraer todo' })).paintedMs);
        result.expand.push((await timeToolbarClick(page, { label: 'Expandir todo' })).paintedMs);
      }
    } catch (error) {
      result.collapse = error;
      result.expand = error;
    }
  } finally {
    await context.close();
  }
  return result;
}

/**
 * In the page, around one real pointer drag of a bar (Playwright's mouse, from Node): from the
 * mouseup event's own time stamp until the row's `column` cell no longer reads what it read before
 * the drag and the bar's box (left and width) differs from where the pointer left it, then until that
 * frame is painted, as timeToolbarClick does. `arm` runs before the pointer goes down; `settled`
 * answers { changedMs, paintedMs } from the mouseup.
 */
async function armBarDrag(page, { rowId, column }) {
  await page.evaluate(
    ({ rowId: id, column: col, timeout }) => {
      const cellText = () =>
        document.querySelector(`.wx-row[data-id="${id}"] [data-col-id=":${col}"]`)?.textContent.trim();
      const box = () => {
        const bar = document.querySelector(`.wx-bar[data-id="${id}"]`);
        return bar ? `${bar.style.left}|${bar.style.width}` : '';
      };
      const before = cellText();
      window.__cimDrag = new Promise((resolve, reject) => {
        window.addEventListener(
          'mouseup',
          (event) => {
            const started = event.timeStamp;
            const dropped = box();
            const poll = () => {
              const now = performance.now();
              if (cellText() !== before && box() !== dropped) {
                const channel = new MessageChannel();
                channel.port1.onmessage = () =>
                  resolve({ changedMs: now - started, paintedMs: performance.now() - started });
                channel.port2.postMessage(null);
              } else if (now - started > timeout) {
                reject(new Error(`bar ${id}: the chart did not change within ${timeout} ms`));
              } else {
                requestAnimationFrame(poll);
              }
            };
            requestAnimationFrame(poll);
          },
          { capture: true, once: true },
        );
      });
    },
    { rowId, column, timeout: 60_000 },
  );
}

/**
 * A real drag of bar `rowId`: 'move' from its middle, 'end' from its right end (a resize), by
 * `days` days (negative: to the left) and a third more (so the pointer never stops on a day's edge,
 * and the engine's bar differs from the dragged one). Answers the ms from mouseup to the recomputed
 * bar painted.
 */
export async function timeBarDrag(page, { rowId, mode, days, dayWidth }) {
  const bar = page.locator(`.wx-bar[data-id="${rowId}"]`);
  // each run moves the bar further right: into the chart's view first
  await bar.scrollIntoViewIfNeeded();
  const box = await bar.boundingBox();
  if (!box) throw new Error(`bar ${rowId} not on screen`);
  const y = box.y + box.height / 2;
  const x = mode === 'move' ? box.x + box.width / 2 : box.x + box.width - 3;
  await armBarDrag(page, { rowId, column: mode === 'move' ? 'startIso' : 'workDays' });
  await page.mouse.move(x - 8, y);
  await page.mouse.move(x, y, { steps: 2 });
  await page.mouse.down();
  await page.mouse.move(x + (days + Math.sign(days) / 3) * dayWidth, y, { steps: 8 });
  await page.mouse.up();
  return page.evaluate(() => window.__cimDrag);
}

/**
 * One fresh product page: `runs` times a move of the leaf's bar three days later, then `runs` times
 * a resize of its right end, three days longer and back shorter in turn (each changes its working
 * days whatever the weekday).
 * Answers { drag, resize } (painted ms), each an array or an Error where that step failed.
 */
export async function barDragTimes(browser, { pageUrl, cookies, leaf, runs }) {
  const result = { drag: [], resize: [] };
  // each series on a fresh page, from the seeded dates
  for (const [key, mode] of [
    ['drag', 'move'],
    ['resize', 'end'],
  ]) {
    const { context, page } = await newPage(browser, cookies);
    try {
      await page.goto(pageUrl, { waitUntil: 'commit', timeout: TIMEOUT });
      await page.locator(`.wx-bar[data-id="${leaf.TaskID}"]`).waitFor({ timeout: TIMEOUT });
      // a day's width on the chart, from the leaf's bar (its end is exclusive)
      const width = (await page.locator(`.wx-bar[data-id="${leaf.TaskID}"]`).boundingBox())?.width ?? 0;
      const days = (Date.parse(leaf.EndDate) - Date.parse(leaf.StartDate)) / 86_400_000 + 1;
      const dayWidth = width / days;
      // a drag shorter than 20 px is no drag for SVAR
      const step = Math.max(3, Math.ceil(24 / dayWidth));
      for (let run = 0; run < runs; run += 1) {
        // a resize is longer, then shorter again: a bar stretched run after run grew past the chart's
        // right edge, where its end could no longer be taken (10 runs failed at the fifth)
        const days = mode === 'end' && run % 2 === 1 ? -step : step;
        result[key].push((await timeBarDrag(page, { rowId: leaf.TaskID, mode, days, dayWidth })).paintedMs);
      }
    } catch (error) {
      result[key] = error;
    } finally {
      await context.close();
    }
  }
  return result;
}

/**
 * issue 32: in the page, arms a wait for the next keydown of `key` (with Ctrl when `ctrl`), caught on
 * the window in the capture phase: from that event's own time stamp (the key press) until the chart
 * shows the change, then until that frame is painted, as timeToolbarClick does. The change: with
 * `text`, the row's Duración cell reads it and its bar's width differs from the width when armed (a
 * recomputed, repainted bar); with `select`, the grid row after the selected one (in the rows drawn,
 * top to bottom) is the selected row (SVAR's wx-selected class, or aria-selected). `window.__cimKey`
 * answers { changedMs, paintedMs } and, for `select`, the id selected.
 */
async function armKey(page, { key, ctrl = false, rowId, text, select = false }) {
  await page.evaluate(
    ({ key: expected, ctrl: withCtrl, rowId: id, text: value, select: isSelect, timeout }) => {
      const rows = () =>
        [...document.querySelectorAll('.wx-table .wx-row[data-id]')].sort(
          (a, b) => a.getBoundingClientRect().top - b.getBoundingClientRect().top,
        );
      const isSelected = (row) => row.classList.contains('wx-selected') || row.getAttribute('aria-selected') === 'true';
      let done;
      let target;
      if (isSelect) {
        const drawn = rows();
        const at = drawn.findIndex(isSelected);
        target = at === -1 ? undefined : drawn[at + 1]?.dataset.id;
        if (target === undefined) throw new Error('no selected row with a row drawn below it');
        done = () => {
          const row = document.querySelector(`.wx-table .wx-row[data-id="${target}"]`);
          return row !== null && isSelected(row);
        };
      } else {
        const barWidth = () => document.querySelector(`.wx-bar[data-id="${id}"]`)?.style.width;
        const width = barWidth();
        done = () =>
          document.querySelector(`.wx-row[data-id="${id}"] [data-col-id=":workDays"]`)?.textContent.trim() === value &&
          barWidth() !== width;
      }
      window.__cimKey = new Promise((resolve, reject) => {
        const listener = (event) => {
          if (event.key.toLowerCase() !== expected.toLowerCase() || (withCtrl && !event.ctrlKey)) return;
          window.removeEventListener('keydown', listener, true);
          const started = event.timeStamp;
          const poll = () => {
            const now = performance.now();
            if (done()) {
              const channel = new MessageChannel();
              channel.port1.onmessage = () =>
                resolve({ changedMs: now - started, paintedMs: performance.now() - started, selected: target });
              channel.port2.postMessage(null);
            } else if (now - started > timeout) {
              reject(new Error(`${expected}: the chart did not change within ${timeout} ms`));
            } else {
              requestAnimationFrame(poll);
            }
          };
          requestAnimationFrame(poll);
        };
        window.addEventListener('keydown', listener, true);
      });
    },
    { key, ctrl, rowId, text, select, timeout: 60_000 },
  );
}

/** The text shown when this build has no editing in the cells (issue 32's other lane). */
export const NO_CELL_EDITING = 'no disponible (la edición en celdas no está en esta versión)';

/** Opens the product's Gantt on a fresh page and waits for the leaf's bar. */
async function openLeaf(browser, { pageUrl, cookies, leaf }) {
  const opened = await newPage(browser, cookies);
  await opened.page.goto(pageUrl, { waitUntil: 'commit', timeout: TIMEOUT });
  await opened.page.locator(`.wx-bar[data-id="${leaf.TaskID}"]`).waitFor({ timeout: TIMEOUT });
  return opened;
}

/**
 * issue 32 at 10,001 tasks, each series on a fresh page:
 * - undo: `runs` times one duration edit of the leaf ('Editar', 'Actualizar', not timed), then Ctrl+Z
 *   timed from the key press until the leaf's Duración reads its old value again and its bar is
 *   resized back, painted; then the same with the toolbar's 'Deshacer' clicked (timed from the click);
 * - select: the leaf's row clicked, then `runs` times ArrowDown, from the key press until the next row
 *   is shown selected, painted;
 * - cell: `runs` times the leaf's Duración cell clicked, a new value typed (the first key opens the
 *   cell's field, data-testid gantt-cell-input), then Enter timed from the key press until the cell reads
 *   it and the bar is resized, painted. Without editing in the cells (the field does not appear), 'cell'
 *   is NO_CELL_EDITING.
 * Answers { undoKey, undoButton, select, cell }, each an array of painted ms, an Error, or (cell) the text.
 */
export async function issue32Times(browser, { pageUrl, cookies, leaf, runs }) {
  const result = { undoKey: [], undoButton: [], select: [], cell: [] };
  const id = leaf.TaskID;
  // each value differs from the one before and from the seeded duration, whatever `runs` (a cell edit
  // that types the value already shown changes nothing)
  const valueOf = (run) => String(leaf.Duration + 2 + run);

  let opened = await openLeaf(browser, { pageUrl, cookies, leaf });
  try {
    const { page } = opened;
    const toolbar = page.getByRole('toolbar', { name: TOOLBAR });
    const undoButton = toolbar.getByRole('button', { name: 'Deshacer', exact: true });
    const durationCell = page.locator(`.wx-row[data-id="${id}"] [data-col-id=":workDays"]`);
    const original = (await durationCell.innerText()).trim();
    await page.locator(`.wx-row[data-id="${id}"]`).click({ timeout: 30_000 });
    const edit = async (run) => {
      const value = valueOf(run);
      await toolbar.getByRole('button', { name: 'Editar', exact: true }).click({ timeout: 30_000 });
      await page.getByLabel('Duración (días hábiles)').fill(value, { timeout: 30_000 });
      await timeToolbarClick(page, { label: 'Actualizar', rowId: id, text: value });
      await page.waitForFunction((button) => !button.disabled, await undoButton.elementHandle(), { timeout: 30_000 });
    };
    for (const [key, undo] of [
      [
        'undoKey',
        async () => {
          await armKey(page, { key: 'z', ctrl: true, rowId: id, text: original });
          await page.keyboard.press('Control+z');
          return page.evaluate(() => window.__cimKey);
        },
      ],
      ['undoButton', () => timeToolbarClick(page, { label: 'Deshacer', rowId: id, text: original })],
    ]) {
      try {
        for (let run = 0; run < runs; run += 1) {
          await edit(run);
          result[key].push((await undo()).paintedMs);
        }
      } catch (error) {
        result[key] = error;
      }
    }
  } finally {
    await opened.context.close();
  }

  opened = await openLeaf(browser, { pageUrl, cookies, leaf });
  try {
    const { page } = opened;
    await page.locator(`.wx-row[data-id="${id}"] [data-col-id=":code"]`).click({ timeout: 30_000 });
    await page.locator(`.wx-row.wx-selected[data-id="${id}"]`).waitFor({ timeout: 30_000 });
    for (let run = 0; run < runs; run += 1) {
      await armKey(page, { key: 'ArrowDown', select: true });
      await page.keyboard.press('ArrowDown');
      result.select.push((await page.evaluate(() => window.__cimKey)).paintedMs);
    }
  } catch (error) {
    result.select = error;
  } finally {
    await opened.context.close();
  }

  opened = await openLeaf(browser, { pageUrl, cookies, leaf });
  try {
    const { page } = opened;
    const durationCell = page.locator(`.wx-row[data-id="${id}"] [data-col-id=":workDays"]`);
    const input = page.getByTestId('gantt-cell-input');
    for (let run = 0; run < runs; run += 1) {
      const value = valueOf(run);
      await durationCell.click({ timeout: 30_000 });
      await page.locator(`.wx-row.wx-selected[data-id="${id}"]`).waitFor({ timeout: 30_000 });
      // the first key opens the cell's field with it; a build without editing in the cells shows none
      await page.keyboard.press(value[0]);
      const shown = await input
        .waitFor({ timeout: 10_000 })
        .then(() => true)
        .catch(() => false);
      if (!shown) {
        result.cell = NO_CELL_EDITING;
        break;
      }
      if (value.length > 1) await input.pressSequentially(value.slice(1));
      await armKey(page, { key: 'Enter', rowId: id, text: value });
      await page.keyboard.press('Enter');
      result.cell.push((await page.evaluate(() => window.__cimKey)).paintedMs);
      await input.waitFor({ state: 'detached', timeout: 30_000 });
    }
  } catch (error) {
    result.cell = error;
  } finally {
    await opened.context.close();
  }
  return result;
}

const list = (times) => times.map((time) => time.toFixed(0)).join(', ');

/** The figures as rows { name, value, unit, note }; starts and stops its own app unless given { url, cookie }. */
export async function measureGanttScreen({
  url,
  cookie,
  runs = Number(process.env.BENCH_RUNS ?? 5),
  editsOnly = false,
} = {}) {
  const rows = [];
  const record = (name, value, unit, note = '') => rows.push({ name, value, unit, note });
  const app = url ? null : await startApp();
  const target = app ? { url: app.url, cookie: await signUp(app.url) } : { url, cookie };
  let bare;
  let outdir;
  let browser;
  try {
    const seeded = new Map();
    // editsOnly: the 10,001-task project's edits alone (no first bars, no 30,001 tasks, no tracking)
    const projects = editsOnly ? PROJECTS.filter((project) => project.key === 'large') : PROJECTS;
    for (const project of projects) {
      const started = performance.now();
      const result = await seedGanttProject({ ...target, ...project });
      seeded.set(project.key, { ...result, seedSeconds: (performance.now() - started) / 1000 });
    }
    if (!editsOnly) outdir = await buildBarePage();
    if (!editsOnly)
      bare = await serveBarePage(
        outdir,
        [...seeded].map(([key, project]) => [key, project.gantt]),
      );
    browser = await chromium.launch({
      executablePath: chromiumExecutablePath(),
      headless: true,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        // no host name resolves: the pages reach 127.0.0.1 only
        '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
      ],
    });
    const cookies = contextCookies(target.url, target.cookie);

    for (const { key } of editsOnly ? [] : PROJECTS) {
      const project = seeded.get(key);
      const pageRuns = key === 'large' ? runs : Math.min(runs, 3);
      const size = `${project.taskCount} tasks / ${project.linkCount} links`;
      const product = await firstBarTimes(browser, {
        pageUrl: `${target.url}/projects/${project.projectId}/gantt`,
        cookies,
        runs: pageRuns,
        responseName: 'loadGantt',
      });
      const productMs = median(product.firstBarMs);
      record(
        `Gantt screen first bar, product (Chromium, ${size})`,
        productMs.toFixed(0),
        'ms',
        `median of ${pageRuns} fresh pages: ${list(product.firstBarMs)}; loadGantt answered at ${list(product.answeredMs)}` +
          ` (its last byte → first bar: median ${median(product.firstBarMs.map((ms, run) => ms - product.answeredMs[run])).toFixed(0)} ms);` +
          ` seeded in ${project.seedSeconds.toFixed(1)} s`,
      );
      const plain = await firstBarTimes(browser, { pageUrl: `${bare.url}/?data=/data-${key}.json`, runs: pageRuns });
      const bareMs = median(plain.firstBarMs);
      record(
        `Gantt first bar, bare SVAR React Gantt page (${size})`,
        bareMs.toFixed(0),
        'ms',
        `median of ${pageRuns} fresh pages: ${list(plain.firstBarMs)}; the same tasks as JSON, converted in the page`,
      );
      record(
        `Gantt first bar, product / bare SVAR (${project.taskCount} tasks)`,
        (productMs / bareMs).toFixed(2),
        '×',
        'the ratio of the two medians above',
      );
    }

    const large = seeded.get('large');
    const leaf = large.gantt.activities.find((task) => task.TaskName === 'Actividad 1.2');
    const interactions = await interactionTimes(browser, {
      pageUrl: `${target.url}/projects/${large.projectId}/gantt`,
      cookies,
      leaf,
      runs,
    });
    const figure = (name, times, note) => {
      if (times instanceof Error) record(name, 'n/a', '', `failed: ${times.message.split('\n')[0]}`);
      else record(name, median(times).toFixed(0), 'ms', `${note}; median of ${times.length}: ${list(times)}`);
    };
    const size = `${large.taskCount} tasks / ${large.linkCount} links`;
    figure(
      `Gantt recompute after one duration edit (product, ${size})`,
      interactions.edit,
      `'Actualizar' click → the new duration in the grid and the bar resized, painted`,
    );
    figure(
      `Gantt 'Contraer todo' (product, ${size})`,
      interactions.collapse,
      'click → grid rows and bars changed, painted',
    );
    figure(
      `Gantt 'Expandir todo' (product, ${size})`,
      interactions.expand,
      'click → grid rows and bars changed, painted',
    );
    // issue 18: the same leaf's bar dragged three days later, then stretched three days longer, with
    // the pointer (each moves its group's chain and the project's finish)
    const drags = await barDragTimes(browser, {
      pageUrl: `${target.url}/projects/${large.projectId}/gantt`,
      cookies,
      leaf,
      runs,
    });
    figure(
      `Gantt bar dragged, one edit (product, ${size})`,
      drags.drag,
      'mouseup → the new start in the grid and the bar moved to it, painted',
    );
    figure(
      `Gantt bar stretched, one edit (product, ${size})`,
      drags.resize,
      'mouseup → the new duration in the grid and the bar resized to it, painted',
    );

    // issue 32: one duration edit undone (Ctrl+Z, 'Deshacer'), the selection moved with ↓, one duration
    // typed in its cell and Enter, at 10,001 tasks
    const edits = await issue32Times(browser, {
      pageUrl: `${target.url}/projects/${large.projectId}/gantt`,
      cookies,
      leaf,
      runs,
    });
    figure(
      `Gantt undo of one duration edit, Ctrl+Z (product, ${size})`,
      edits.undoKey,
      'key press → the old duration in the grid and the bar resized back, painted; goal ≤ 100 ms',
    );
    figure(
      `Gantt undo of one duration edit, 'Deshacer' (product, ${size})`,
      edits.undoButton,
      'click → the old duration in the grid and the bar resized back, painted; goal ≤ 100 ms',
    );
    figure(
      `Gantt row selection with ↓ (product, ${size})`,
      edits.select,
      'key press → the next row shown selected, painted; goal ≤ 50 ms',
    );
    if (typeof edits.cell === 'string') {
      record(`Gantt one duration edit in a cell (product, ${size})`, 'n/a', '', `${edits.cell}; goal ≤ 100 ms`);
    } else {
      figure(
        `Gantt one duration edit in a cell (product, ${size})`,
        edits.cell,
        'Enter on the typed Duración → the new duration in the grid and the bar resized, painted; goal ≤ 100 ms',
      );
    }
    if (editsOnly) return rows;

    // issue 15: the same project tracked — a baseline chosen (grey bars) and progress at a cut-off
    // (leaves finished before it done, those across it under way) — first bar and one edit of a leaf
    // after the cut-off, next to the figures above
    const tracked = await seedTracking({ ...target, project: large });
    const trackedBars = await firstBarTimes(browser, {
      pageUrl: `${target.url}/projects/${large.projectId}/gantt`,
      cookies,
      runs,
      responseName: 'loadGantt',
    });
    const plainFirstBar = rows.find(
      (row) => row.name.startsWith('Gantt screen first bar, product') && row.name.includes(`${large.taskCount} tasks`),
    );
    record(
      `Gantt screen first bar with a baseline and a cut-off, product (Chromium, ${size})`,
      median(trackedBars.firstBarMs).toFixed(0),
      'ms',
      `median of ${runs} fresh pages: ${list(trackedBars.firstBarMs)}; ${tracked.done} done, ${tracked.started} under way;` +
        ` without tracking (above): ${plainFirstBar?.value ?? 'n/a'} ms`,
    );
    const trackedEdit = await interactionTimes(browser, {
      pageUrl: `${target.url}/projects/${large.projectId}/gantt`,
      cookies,
      leaf: tracked.leaf,
      runs,
      editOnly: true,
    });
    const plainEdit = interactions.edit instanceof Error ? 'n/a' : median(interactions.edit).toFixed(0);
    figure(
      `Gantt recompute after one duration edit with a baseline and a cut-off (product, ${size})`,
      trackedEdit.edit,
      `'Actualizar' on a leaf after the cut-off → painted; without tracking (above): ${plainEdit} ms`,
    );

    // issue 35: every leaf of the same project with a resource; first bar with the 'Recursos' column
    // shown (the default) and hidden with the column chooser, one page of each in turn (goal: shown
    // no slower than 1.1× hidden)
    try {
      const call = (name, data) => callFunction(target.url, target.cookie, name, data);
      const { object: crew } = await call('saveObject', {
        collection: 'recursos',
        object: { code: 'BENCH-CREW', name: 'Cuadrilla de prueba', type: 'labor', unit: 'cuadrilla', maxUnits: 5 },
      });
      const current = await call('loadGantt', { id: large.projectId });
      await call('saveGantt', {
        id: large.projectId,
        gantt: {
          activities: current.activities.map((task) =>
            task.isSummary ? task : { ...task, Resources: [{ resourceId: crew._id, units: 2 }] },
          ),
        },
        version: current.version,
      });
      const { profile } = await call('loadProfile', null);
      const hidden = {
        'cimiento-gantt-view': JSON.stringify({
          state: { byUser: { [profile.uid]: { hiddenColumns: ['resourceText'] } } },
          version: 2,
        }),
      };
      const shownMs = [];
      const hiddenMs = [];
      for (let run = 0; run < runs; run += 1) {
        const pageUrl = `${target.url}/projects/${large.projectId}/gantt`;
        shownMs.push(...(await firstBarTimes(browser, { pageUrl, cookies, runs: 1 })).firstBarMs);
        hiddenMs.push(...(await firstBarTimes(browser, { pageUrl, cookies, runs: 1, storage: hidden })).firstBarMs);
      }
      record(
        `Gantt screen first bar, every leaf with a resource, 'Recursos' shown / hidden (${size})`,
        (median(shownMs) / median(hiddenMs)).toFixed(2),
        '×',
        `shown median ${median(shownMs).toFixed(0)} ms (${list(shownMs)}), hidden median ${median(hiddenMs).toFixed(0)} ms (${list(hiddenMs)}); pages in turn; goal ≤ 1.1×`,
      );
    } catch (error) {
      record(`Gantt screen first bar with 'Recursos' (${size})`, 'n/a', '', `failed: ${error.message.split('\n')[0]}`);
    }
  } finally {
    await browser?.close();
    await bare?.close();
    if (outdir) rmSync(outdir, { recursive: true, force: true });
    await app?.stop();
  }
  return rows;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const rows = await measureGanttScreen({ editsOnly: process.argv.includes('--edits') });
  const width = Math.max(...rows.map((row) => row.name.length));
  for (const row of rows) {
    process.stdout.write(
      `${row.name.padEnd(width)}  ${String(row.value).padStart(7)} ${row.unit.padEnd(3)}  ${row.note}\n`,
    );
  }
}
