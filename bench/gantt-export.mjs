// The Gantt's export (issue 12) in headless Chromium: 'Exportar' → 'PDF A4 horizontal' / 'PDF A3
// horizontal' → the download, timed from the menu click to the download event, for 501- and
// 5,001-task projects seeded as bench/gantt-screen.mjs does (chains of links per group); the page
// count is read from the PDF with MuPDF. Prints figures, asserts nothing.
//
//   node bench/gantt-export.mjs        starts the built server (npm run build first) on a fresh
//                                      SQLite data dir, seeds, measures, stops it
//   import { measureGanttExport } from './gantt-export.mjs'
//                                      the same, answering rows { name, value, unit, note }
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as mupdf from 'mupdf';
import { chromium } from 'playwright-core';
import { chromiumExecutablePath } from '../scripts/find-chromium.mjs';
import { seedGanttProject } from './gantt-screen.mjs';
import { contextCookies, median, signUp, startApp } from './support.mjs';

const PROJECTS = [
  { groups: 5, perGroup: 100, chain: 90 },
  { groups: 50, perGroup: 100, chain: 90 },
];
const MENUS = ['PDF A4 horizontal', 'PDF A3 horizontal'];
const TIMEOUT = 300_000;

export async function measureGanttExport({ runs = Number(process.env.BENCH_RUNS ?? 3) } = {}) {
  const rows = [];
  const record = (name, value, unit, note = '') => rows.push({ name, value, unit, note });
  const app = await startApp();
  let browser;
  try {
    const cookie = await signUp(app.url);
    browser = await chromium.launch({
      executablePath: chromiumExecutablePath(),
      headless: true,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
    const context = await browser.newContext({
      viewport: { width: 1400, height: 900 },
      locale: 'es-CL',
      timezoneId: 'America/Santiago',
      acceptDownloads: true,
    });
    await context.addCookies(contextCookies(app.url, cookie));
    for (const project of PROJECTS) {
      const seeded = await seedGanttProject({ url: app.url, cookie, ...project });
      const page = await context.newPage();
      page.setDefaultTimeout(TIMEOUT);
      await page.goto(`${app.url}/projects/${seeded.projectId}/gantt`);
      await page.locator('.wx-bar').first().waitFor();
      await page.getByTestId('global-spinner').waitFor({ state: 'hidden' });
      const exportButton = page
        .getByRole('toolbar', { name: 'Herramientas del Gantt' })
        .getByRole('button', { name: 'Exportar' });
      for (const menu of MENUS) {
        const times = [];
        let pages = 0;
        let bytes = 0;
        for (let run = 0; run < runs; run += 1) {
          await exportButton.click();
          const item = page.getByRole('menuitem', { name: menu });
          await item.waitFor();
          const started = performance.now();
          const [download] = await Promise.all([page.waitForEvent('download', { timeout: TIMEOUT }), item.click()]);
          times.push(performance.now() - started);
          const pdf = readFileSync(await download.path());
          bytes = pdf.length;
          pages = mupdf.Document.openDocument(pdf, 'application/pdf').countPages();
          await exportButton.waitFor();
        }
        record(
          `${menu}, ${seeded.taskCount} tasks / ${seeded.linkCount} links`,
          median(times).toFixed(0),
          'ms',
          `click → download, median of ${runs} (min ${Math.min(...times).toFixed(0)}, max ${Math.max(...times).toFixed(0)}); ${pages} pages, ${(bytes / 1024).toFixed(0)} KB`,
        );
      }
      await page.close();
    }
  } finally {
    await browser?.close();
    await app.stop();
  }
  return rows;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const rows = await measureGanttExport();
  const width = Math.max(...rows.map((row) => row.name.length));
  for (const row of rows) {
    process.stdout.write(
      `${row.name.padEnd(width)}  ${String(row.value).padStart(7)} ${row.unit.padEnd(3)}  ${row.note}\n`,
    );
  }
}
