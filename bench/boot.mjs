// Issue 18, a screen's boot in headless Chromium with a cold cache: the JavaScript /login downloads
// (gzip -9, as run.mjs step 4 counts it), and an 11-item EDP screen from navigation to its first row,
// with when the session check and loadProject were sent and answered, and how many scripts the page
// fetched before its first row. Prints figures, asserts nothing.
//
//   node bench/boot.mjs        starts the built server (npm run build first) on a fresh SQLite data
//                              dir, seeds, measures, stops it (BENCH_RUNS fresh pages, default 7)
//   import { measureBoot } from './boot.mjs'
//                              measures against a running app: { url, cookie, runs? } → rows
/* global document, window, MutationObserver, location -- the functions given to addInitScript/evaluate run in the page */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { chromiumExecutablePath } from '../scripts/find-chromium.mjs';
import { seedEdpProject } from './edp-screen.mjs';
import { contextCookies, median, signUp, startApp } from './support.mjs';

const BROWSER_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];

/** The scripts a signed-out visit to /login downloads, raw and gzip -9 (run.mjs step 4's figure). */
export async function loginJavaScript(browser, url) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const scripts = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response);
    });
    await page.goto(`${url}/login`, { waitUntil: 'networkidle' });
    let raw = 0;
    let gzip = 0;
    for (const response of scripts) {
      const body = await response.body();
      raw += body.length;
      gzip += gzipSync(body, { level: 9 }).length;
    }
    return { files: scripts.length, raw, gzip };
  } finally {
    await context.close();
  }
}

/** One fresh page on /projects/{id}/edp, signed in by cookie: times in the page's clock from navigation start. */
async function edpBoot(browser, url, cookie, projectId) {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  try {
    await context.addCookies(contextCookies(url, cookie));
    const page = await context.newPage();
    // the renderer's main-thread time (tasks, scripts): steadier than wall time on a loaded machine
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    await page.addInitScript(() => {
      new MutationObserver((_records, observer) => {
        if (document.querySelector('tbody tr[data-edp-id]')) {
          window.__firstEdpRowAt = performance.now();
          observer.disconnect();
        }
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(`${url}/projects/${projectId}/edp`, { waitUntil: 'commit' });
    await page.locator('tbody tr[data-edp-id]').first().waitFor({ timeout: 60_000 });
    const { metrics } = await cdp.send('Performance.getMetrics');
    const metric = (name) => (metrics.find((entry) => entry.name === name)?.value ?? NaN) * 1000;
    const mainThread = { taskMs: metric('TaskDuration'), scriptMs: metric('ScriptDuration') };
    const timings = await page.evaluate(() => {
      const entries = performance.getEntriesByType('resource');
      const find = (suffix) => entries.find((entry) => entry.name.endsWith(suffix));
      const session = find('/api/auth/get-session');
      const project = find('/api/functions/loadProject');
      const firstRow = window.__firstEdpRowAt;
      const scripts = entries.filter((entry) => entry.initiatorType !== 'fetch' && entry.name.endsWith('.js'));
      return {
        firstRowMs: firstRow,
        sessionSentMs: session ? session.startTime : NaN,
        sessionAnsweredMs: session ? session.responseEnd : NaN,
        projectSentMs: project ? project.startTime : NaN,
        projectAnsweredMs: project ? project.responseEnd : NaN,
        scriptsBeforeFirstRow: scripts.filter((entry) => entry.startTime < firstRow).length,
        lastScriptMs: Math.max(...scripts.filter((entry) => entry.startTime < firstRow).map((e) => e.responseEnd)),
        origin: location.origin,
      };
    });
    return { ...timings, ...mainThread };
  } finally {
    await context.close();
  }
}

/**
 * Rows for bench/run.mjs: /login's JavaScript (gzip -9) and the 11-item EDP screen's boot (median of
 * `runs` fresh pages), with the moments its session check and loadProject were sent and answered.
 * `withLoginJs: false` leaves /login's row out (bench/run.mjs step 4 has it).
 */
export async function measureBoot({ url, cookie, runs = 7, withLoginJs = true }) {
  const project = await seedEdpProject({ url, cookie, items: 11, tag: 'B' });
  const browser = await chromium.launch({
    executablePath: chromiumExecutablePath(),
    headless: true,
    args: BROWSER_ARGS,
  });
  try {
    const js = withLoginJs ? await loginJavaScript(browser, url) : null;
    const boots = [];
    for (let run = 0; run < runs; run += 1) boots.push(await edpBoot(browser, url, cookie, project._id));
    const med = (key) => median(boots.map((boot) => boot[key]));
    const list = boots.map((boot) => boot.firstRowMs.toFixed(0)).join(', ');
    const loginRows = js
      ? [
          {
            name: 'JS loaded by /login (gzip -9)',
            value: (js.gzip / 1024).toFixed(1),
            unit: 'KB',
            note: `${js.files} files, ${(js.raw / 1024).toFixed(0)} KB raw; goal ≤ 180 KB`,
          },
        ]
      : [];
    return [
      ...loginRows,
      {
        name: 'EDP screen boot, 11 items: navigation → first row (cold cache)',
        value: med('firstRowMs').toFixed(0),
        unit: 'ms',
        note: `median of ${runs} fresh pages (${list}); goal ≤ 600 ms`,
      },
      {
        name: 'EDP screen boot, 11 items: main-thread task / script time until the first row',
        value: `${med('taskMs').toFixed(0)} / ${med('scriptMs').toFixed(0)}`,
        unit: 'ms',
        note: "medians; the page's CPU (Chromium's TaskDuration / ScriptDuration), steadier than wall time under load",
      },
      {
        name: 'EDP screen boot, 11 items: session check sent / answered',
        value: `${med('sessionSentMs').toFixed(0)} / ${med('sessionAnsweredMs').toFixed(0)}`,
        unit: 'ms',
        note: 'medians, from navigation start',
      },
      {
        name: 'EDP screen boot, 11 items: loadProject sent / answered',
        value: `${med('projectSentMs').toFixed(0)} / ${med('projectAnsweredMs').toFixed(0)}`,
        unit: 'ms',
        note: 'medians, from navigation start',
      },
      {
        name: 'EDP screen boot, 11 items: scripts fetched before the first row / last one answered',
        value: `${med('scriptsBeforeFirstRow').toFixed(0)} / ${med('lastScriptMs').toFixed(0)}`,
        unit: 'files / ms',
        note: 'medians; HTTP/1.1 fetches at most 6 at a time',
      },
    ];
  } finally {
    await browser.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const app = await startApp();
  try {
    const cookie = await signUp(app.url);
    const rows = await measureBoot({ url: app.url, cookie, runs: Number(process.env.BENCH_RUNS ?? 7) });
    for (const row of rows) process.stdout.write(`${row.name}: ${row.value} ${row.unit} — ${row.note}\n`);
  } finally {
    await app.stop();
  }
}
