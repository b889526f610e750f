// The EDP editor screen in headless Chromium: navigation start → first grid rows visible, for a
// 5,000-item and a 20,000-item EDP (issue 5), and an 11-item one: the boot alone (issue 18). Prints figures, asserts nothing.
//
//   node bench/edp-screen.mjs            starts the built server (npm run build first) on a fresh
//                                        SQLite data dir, seeds, measures, stops it
//   import { measureEdpScreen } from './edp-screen.mjs'
//                                        measures against a running app: { url, cookie, sizes?, runs? }
/* global document, window, MutationObserver -- the functions given to addInitScript/evaluate run in the page */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { chromiumExecutablePath } from '../scripts/find-chromium.mjs';
import { contextCookies, median, signUp, startApp } from './support.mjs';

/** Sub-areas per area: 4 + 3 + 2 = 9, so each area (level 1) brings 10 items. */
const SECTORES = [
  { code: 'A', name: 'Departamento', quantity: 4, priority: 1 },
  { code: 'B', name: 'Bodega', quantity: 3, priority: 2 },
  { code: 'C', name: 'Estacionamiento', quantity: 2, priority: 3 },
];
const ITEMS_PER_AREA = 1 + SECTORES.reduce((sum, sector) => sum + sector.quantity, 0);

async function callFunction(url, cookie, name, data) {
  const response = await fetch(`${url}/api/functions/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ data }),
  });
  const body = await response.json();
  if (!response.ok) throw new Error(`${name}: ${response.status} ${JSON.stringify(body)}`);
  return body.result;
}

/** saveProject takes at most 999 of one area type, so large EDPs spread over several. */
const MAX_QUANTITY = 999;

/**
 * A generica project whose EDP has 1 + areas × 10 items (root, areas, their sub-areas). `tag` keeps
 * the codes of a second seeding of the same size on one app apart (npm run bench: steps 9 and 9b).
 */
export async function seedEdpProject({ url, cookie, items, tag = '' }) {
  let areas = Math.ceil((items - 1) / ITEMS_PER_AREA);
  const tiposArea = [];
  for (let index = 1; areas > 0; index += 1) {
    const quantity = Math.min(areas, MAX_QUANTITY);
    areas -= quantity;
    const { object } = await callFunction(url, cookie, 'saveObject', {
      collection: 'tipos-area',
      object: {
        code: `EDP-BENCH-${tag}${items}-${index}`,
        name: `Torre ${index}`,
        priority: index,
        sectores: SECTORES,
      },
    });
    tiposArea.push({ _id: object._id, quantity });
  }
  const { project } = await callFunction(url, cookie, 'saveProject', {
    project: { name: `EDP de ${items} ítems`, code: `EDP${tag}${items}`, tiposArea },
  });
  return project;
}

/**
 * For each size: seeds a project through saveProject, then opens /projects/{id}/edp in `runs`
 * fresh pages (signed in by cookie) and times navigation start → loadProject's answer received, the
 * grid's first body row and its 50th visible. Answers
 * [{ items, projectId, loadedMs, firstRowMs, fullPageMs, renderMs, median }] (median of firstRowMs);
 * renderMs is the page's own time from loadProject's last byte to the first row in the DOM.
 */
export async function measureEdpScreen({ url, cookie, sizes = [11, 5000, 20000], runs = 5 }) {
  const projects = [];
  for (const size of sizes) projects.push(await seedEdpProject({ url, cookie, items: size }));
  const browser = await chromium.launch({
    executablePath: chromiumExecutablePath(),
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const results = [];
  try {
    for (const project of projects) {
      const firstRowMs = [];
      const fullPageMs = [];
      const loadedMs = [];
      const renderMs = [];
      for (let run = 0; run < runs; run += 1) {
        const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
        await context.addCookies(contextCookies(url, cookie));
        const page = await context.newPage();
        // in the page's own clock: when the first grid row was added, to subtract loadProject's responseEnd
        await page.addInitScript(() => {
          new MutationObserver((_records, observer) => {
            if (document.querySelector('tbody tr[data-edp-id]')) {
              window.__firstEdpRowAt = performance.now();
              observer.disconnect();
            }
          }).observe(document, { childList: true, subtree: true });
        });
        const answered = page
          .waitForResponse((response) => response.url().endsWith('/api/functions/loadProject'), { timeout: 60_000 })
          .then(async (response) => {
            await response.body();
            return performance.now();
          });
        const started = performance.now();
        await page.goto(`${url}/projects/${project._id}/edp`, { waitUntil: 'commit' });
        await page.locator('tbody tr[data-edp-id]').first().waitFor({ timeout: 60_000 });
        firstRowMs.push(performance.now() - started);
        loadedMs.push((await answered) - started);
        renderMs.push(
          await page.evaluate(() => {
            const entry = performance
              .getEntriesByType('resource')
              .find((candidate) => candidate.name.endsWith('/api/functions/loadProject'));
            return window.__firstEdpRowAt - (entry ? entry.responseEnd : 0);
          }),
        );
        await page
          .locator('tbody tr[data-edp-id]')
          .nth(Math.min(49, project.edpItemCount - 1))
          .waitFor({ timeout: 60_000 });
        fullPageMs.push(performance.now() - started);
        await context.close();
      }
      results.push({
        items: project.edpItemCount,
        projectId: project._id,
        firstRowMs,
        fullPageMs,
        loadedMs,
        renderMs,
        median: median(firstRowMs),
      });
    }
  } finally {
    await browser.close();
  }
  return results;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const runs = Number(process.env.BENCH_RUNS ?? 5);
  const app = await startApp();
  try {
    const cookie = await signUp(app.url);
    // an 11-item EDP first: the same screen with next to no data, to tell fixed costs from the EDP's
    const sizes = (process.env.BENCH_EDP_SIZES ?? '11,5000,20000').split(',').map(Number);
    const results = await measureEdpScreen({ url: app.url, cookie, sizes, runs });
    for (const result of results) {
      const list = (times) => times.map((time) => time.toFixed(0)).join(', ');
      process.stdout.write(
        `EDP screen, first rows visible (Chromium, ${result.items} items): ${result.median.toFixed(0)} ms` +
          ` — median of ${runs} fresh pages: ${list(result.firstRowMs)}; loadProject answered at ${list(result.loadedMs)};` +
          ` 50th row (or last) at ${list(result.fullPageMs)}; loadProject's last byte → first row in the page:` +
          ` median ${median(result.renderMs).toFixed(0)} ms (${list(result.renderMs)})\n`,
      );
    }
  } finally {
    await app.stop();
  }
}
