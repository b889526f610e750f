// Editing in the Gantt's cells (issue 32), in headless Chromium at 10,001 tasks / 9,000 links: a
// duration typed in a leaf's Duración cell and Enter → the recomputed chart painted (the cell reads
// the new value); ↓ on the grid → the next row selected and painted. Prints figures, asserts nothing.
//
//   node bench/gantt-cells.mjs         starts the built server (npm run build first) on a fresh
//                                      SQLite data dir, seeds the project, measures, stops it
//   import { measureGanttCells } from './gantt-cells.mjs'
//                                      the same, answering rows { name, value, unit, note }; given
//                                      { url, cookie } it measures against that running app instead
/* global requestAnimationFrame, window -- the functions given to evaluate run in the page */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { chromiumExecutablePath } from '../scripts/find-chromium.mjs';
import { newPage, seedGanttProject } from './gantt-screen.mjs';
import { contextCookies, median, signUp, startApp } from './support.mjs';

const TIMEOUT = 180_000;
const LARGE = { groups: 100, perGroup: 100, chain: 90 };

/**
 * In the page: from the next `key` keydown's own time stamp until `changed()` (given as the body of
 * a function) is true, then until that frame is painted (a message posted after the frame).
 */
async function armKey(page, { key, changed }) {
  await page.evaluate(
    ({ key: wanted, changed: body, timeout }) => {
      const isChanged = new Function(body);
      window.__cimKey = new Promise((resolve, reject) => {
        const listener = (event) => {
          if (event.key !== wanted) return;
          window.removeEventListener('keydown', listener, true);
          const started = event.timeStamp;
          const poll = () => {
            const now = performance.now();
            if (isChanged()) {
              const channel = new MessageChannel();
              channel.port1.onmessage = () =>
                resolve({ changedMs: now - started, paintedMs: performance.now() - started });
              channel.port2.postMessage(null);
            } else if (now - started > timeout) reject(new Error(`${wanted}: nothing changed within ${timeout} ms`));
            else requestAnimationFrame(poll);
          };
          requestAnimationFrame(poll);
        };
        window.addEventListener('keydown', listener, true);
      });
    },
    { key, changed, timeout: 60_000 },
  );
}

const cellSelector = (id, column) => `.wx-table .wx-row[data-id="${id}"] [data-col-id=":${column}"]`;

/** `runs` durations typed in the leaf's Duración cell, each committed with Enter: painted ms. */
async function cellEditTimes(page, { leaf, runs }) {
  const times = [];
  for (let run = 0; run < runs; run += 1) {
    const value = String(leaf.Duration + 2 + run);
    await page.locator(cellSelector(leaf.TaskID, 'workDays')).click({ timeout: 30_000 });
    await page.keyboard.type(value[0]);
    const field = page.getByTestId('gantt-cell-input');
    await field.waitFor({ timeout: 30_000 });
    if (value.length > 1) await field.pressSequentially(value.slice(1));
    await armKey(page, {
      key: 'Enter',
      changed: `return document.querySelector(${JSON.stringify(cellSelector(leaf.TaskID, 'workDays'))})?.textContent.trim() === ${JSON.stringify(value)};`,
    });
    await page.keyboard.press('Enter');
    times.push((await page.evaluate(() => window.__cimKey)).paintedMs);
  }
  return times;
}

/** `runs` times ↓ on the grid from the leaf's row: the next row selected and painted (ms). */
async function rowSelectionTimes(page, { leaf, runs }) {
  const times = [];
  await page.locator(cellSelector(leaf.TaskID, 'name')).click({ timeout: 30_000 });
  for (let run = 0; run < runs; run += 1) {
    const before = await page.locator('.wx-row.wx-selected').first().getAttribute('data-id');
    await armKey(page, {
      key: 'ArrowDown',
      changed: `const row = document.querySelector('.wx-row.wx-selected'); return row !== null && row.getAttribute('data-id') !== ${JSON.stringify(before)};`,
    });
    await page.keyboard.press('ArrowDown');
    times.push((await page.evaluate(() => window.__cimKey)).paintedMs);
  }
  return times;
}

const list = (times) => times.map((time) => time.toFixed(0)).join(', ');

/** The figures as rows { name, value, unit, note }; starts and stops its own app unless given { url, cookie }. */
export async function measureGanttCells({ url, cookie, runs = Number(process.env.BENCH_RUNS ?? 5) } = {}) {
  const rows = [];
  const record = (name, times, note) => {
    if (times instanceof Error)
      rows.push({ name, value: 'n/a', unit: '', note: `failed: ${times.message.split('\n')[0]}` });
    else
      rows.push({
        name,
        value: median(times).toFixed(0),
        unit: 'ms',
        note: `${note}; median of ${times.length}: ${list(times)}`,
      });
  };
  const app = url ? null : await startApp();
  const target = app ? { url: app.url, cookie: await signUp(app.url) } : { url, cookie };
  let browser;
  try {
    const project = await seedGanttProject({ ...target, ...LARGE });
    const size = `${project.taskCount} tasks / ${project.linkCount} links`;
    const leaf = project.gantt.activities.find((task) => task.TaskName === 'Actividad 1.2');
    browser = await chromium.launch({
      executablePath: chromiumExecutablePath(),
      headless: true,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1'],
    });
    const { context, page } = await newPage(browser, contextCookies(target.url, target.cookie));
    try {
      await page.goto(`${target.url}/projects/${project.projectId}/gantt`, { waitUntil: 'commit', timeout: TIMEOUT });
      await page.locator(cellSelector(leaf.TaskID, 'workDays')).waitFor({ timeout: TIMEOUT });
      let edits;
      try {
        edits = await cellEditTimes(page, { leaf, runs });
      } catch (error) {
        edits = error;
      }
      record(
        `Gantt cell edit: duration + Enter → chart painted (${size})`,
        edits,
        'from the Enter keydown to the recomputed chart painted with the new duration',
      );
      let moves;
      try {
        moves = await rowSelectionTimes(page, { leaf, runs });
      } catch (error) {
        moves = error;
      }
      record(
        `Gantt row selection with ↓ → painted (${size})`,
        moves,
        'from the ↓ keydown to the next row selected and painted',
      );
    } finally {
      await context.close();
    }
  } finally {
    await browser?.close();
    await app?.stop();
  }
  return rows;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const rows = await measureGanttCells();
  const width = Math.max(...rows.map((row) => row.name.length));
  for (const row of rows) {
    process.stdout.write(
      `${row.name.padEnd(width)}  ${String(row.value).padStart(7)} ${row.unit.padEnd(3)}  ${row.note}\n`,
    );
  }
}
