// A CPU profile of one Gantt edit at 10,001 tasks (issue 32's speed goals, issue 37): the built app
// on a fresh SQLite data dir, the bench's project (bench/gantt-screen.mjs seedGanttProject), one
// duration typed in 'Actividad 1.2''s Duración cell, then Enter under Chromium's sampling profiler
// until the cell reads it, painted; the same for Ctrl+Z and for ↓. Prints, per gesture, the
// wall time, the main thread's time by trace event (style, layout, paint, script) and the
// functions with the most self time, so the next change aims at what the figures say. A tool, not
// a benchmark: it asserts nothing.
//
//   npm run build && node bench/profile-gantt-edit.mjs [top=25]
/* global document, requestAnimationFrame -- the functions given to evaluate run in the page */
import { chromium } from 'playwright-core';
import { chromiumExecutablePath } from '../scripts/find-chromium.mjs';
import { newPage, seedGanttProject } from './gantt-screen.mjs';
import { contextCookies, signUp, startApp } from './support.mjs';

const TOP = Number(process.argv[2] ?? 25);

/** Self time per function (name, file, line) from a CDP profile, the largest first. */
function topSelf(profile, count) {
  const byNode = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map();
  const deltas = profile.timeDeltas ?? [];
  for (let index = 0; index < profile.samples.length; index += 1) {
    const node = byNode.get(profile.samples[index]);
    if (!node) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    const file = url.split('/').pop() || '(native)';
    const key = `${functionName || '(anonymous)'} ${file}:${lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + (deltas[index] ?? 0) / 1000);
  }
  return [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, count);
}

/**
 * Total time per function (itself and what it called), the largest first: each sample counts once
 * for every distinct function on its stack, so a caller shows what its whole call costs.
 */
function topTotal(profile, count) {
  const byNode = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const total = new Map();
  const deltas = profile.timeDeltas ?? [];
  for (let index = 0; index < profile.samples.length; index += 1) {
    const seen = new Set();
    for (let id = profile.samples[index]; id !== undefined; id = parentOf.get(id)) {
      const node = byNode.get(id);
      if (!node) break;
      const { functionName, url, lineNumber } = node.callFrame;
      if (!url) continue;
      seen.add(`${functionName || '(anonymous)'} ${url.split('/').pop()}:${lineNumber + 1}`);
    }
    for (const key of seen) total.set(key, (total.get(key) ?? 0) + (deltas[index] ?? 0) / 1000);
  }
  return [...total.entries()].sort((a, b) => b[1] - a[1]).slice(0, count);
}

/** The renderer main thread's time per trace event name (style, layout, paint, script…), the largest first. */
function topEvents(events, count) {
  const main = events.find((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain');
  const totals = new Map();
  for (const event of events) {
    if (event.ph !== 'X' || (main && (event.pid !== main.pid || event.tid !== main.tid))) continue;
    totals.set(event.name, (totals.get(event.name) ?? 0) + (event.dur ?? 0) / 1000);
  }
  return [...totals.entries()].sort((a, b) => b[1] - a[1]).slice(0, count);
}

/**
 * Runs `act` under the sampling profiler (JavaScript self time) and a timeline trace (the main
 * thread's style, layout and paint, which the profile only shows as '(program)') until `done()`
 * holds in the page and two frames have painted.
 */
async function profiled(page, session, label, act, done, arg) {
  await session.send('Profiler.enable');
  await session.send('Profiler.setSamplingInterval', { interval: 100 });
  const events = [];
  const collect = ({ value }) => events.push(...value);
  session.on('Tracing.dataCollected', collect);
  const complete = new Promise((resolve) => session.once('Tracing.tracingComplete', resolve));
  await session.send('Tracing.start', {
    categories: 'devtools.timeline,disabled-by-default-devtools.timeline',
    transferMode: 'ReportEvents',
  });
  await session.send('Profiler.start');
  const started = Date.now();
  await act();
  await page.waitForFunction(done, arg, { timeout: 60_000, polling: 'raf' });
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const wall = Date.now() - started;
  const { profile } = await session.send('Profiler.stop');
  await session.send('Tracing.end');
  await complete;
  session.off('Tracing.dataCollected', collect);
  console.log(`\n## ${label}: ${wall} ms (wall, with the profiler's and the trace's overhead)`);
  console.log('main thread, by trace event (nested events overlap):');
  for (const [name, ms] of topEvents(events, 12)) console.log(`${ms.toFixed(1).padStart(8)} ms  ${name}`);
  console.log('JavaScript, self time by function:');
  for (const [name, ms] of topSelf(profile, TOP)) console.log(`${ms.toFixed(1).padStart(8)} ms  ${name}`);
  console.log('JavaScript, total time by function (itself and its callees):');
  for (const [name, ms] of topTotal(profile, TOP * 2)) console.log(`${ms.toFixed(1).padStart(8)} ms  ${name}`);
}

/** In the page: whether the row's Duración cell reads `text`. */
const durationReads = ([rowId, text]) =>
  document.querySelector(`.wx-row[data-id="${rowId}"] [data-col-id=":workDays"]`)?.textContent?.trim() === text;

const app = await startApp();
const browser = await chromium.launch({ executablePath: chromiumExecutablePath() });
try {
  const cookie = await signUp(app.url);
  const project = await seedGanttProject({ url: app.url, cookie, groups: 100, perGroup: 100, chain: 90 });
  const leaf = project.gantt.activities.find((task) => task.TaskName === 'Actividad 1.2');
  if (!leaf) throw new Error("no 'Actividad 1.2'");
  const id = leaf.TaskID;
  const { context, page } = await newPage(browser, contextCookies(app.url, cookie));
  await page.goto(`${app.url}/projects/${project.projectId}/gantt`);
  await page.locator(`.wx-bar[data-id="${id}"]`).waitFor({ timeout: 180_000 });
  const session = await context.newCDPSession(page);
  const duration = page.locator(`.wx-row[data-id="${id}"] [data-col-id=":workDays"]`);
  const value = String(leaf.Duration + 3);

  await duration.click();
  await page.keyboard.press(value[0]);
  await page.getByTestId('gantt-cell-input').waitFor();
  if (value.length > 1) await page.getByTestId('gantt-cell-input').pressSequentially(value.slice(1));
  await profiled(
    page,
    session,
    `cell edit, Enter (${project.taskCount} tasks)`,
    () => page.keyboard.press('Enter'),
    durationReads,
    [id, value],
  );

  await duration.click();
  await profiled(page, session, 'Ctrl+Z', () => page.keyboard.press('Control+z'), durationReads, [
    id,
    String(leaf.Duration),
  ]);

  await profiled(
    page,
    session,
    '↓ (the selection one row down)',
    () => page.keyboard.press('ArrowDown'),
    (rowId) => {
      const selected = document.querySelector('.wx-row.wx-selected')?.getAttribute('data-id');
      return selected !== undefined && selected !== null && selected !== String(rowId);
    },
    id,
  );
  await context.close();
} finally {
  await browser.close();
  await app.stop();
}
