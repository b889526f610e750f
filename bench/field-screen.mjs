// Issue 36, the field screen 'Terreno' on a phone: a 390 × 844 touch viewport with Chromium's CPU
// slowed 4× (a mid-range phone), a cold cache, signed in by cookie: navigation → the first task card
// drawn, on a project whose week holds 24 tasks (6 EDC activities under 4 floors). Median of BENCH_RUNS
// fresh pages (default 7); goal ≤ 2 s. Prints figures, asserts nothing.
//
//   node bench/field-screen.mjs     starts the built server (npm run build first) on a fresh SQLite dir
//   import { measureFieldScreen } from './field-screen.mjs'   against a running app: { url, cookie, runs? } → rows
/* global document, window, MutationObserver -- the functions given to addInitScript/evaluate run in the page */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { chromiumExecutablePath } from '../scripts/find-chromium.mjs';
import { contextCookies, median, signUp, startApp, timedCall } from './support.mjs';

const BROWSER_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];
const CPU_SLOWDOWN = 4;

function santiagoToday() {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Santiago' }).format(new Date());
}
function mondayOf(date) {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  const monday = new Date(`${date}T00:00:00Z`);
  monday.setUTCDate(monday.getUTCDate() - ((day + 6) % 7));
  return monday.toISOString().slice(0, 10);
}

/** A project (Torre × 1 with Piso × 4) whose leaves all start on this week's Monday. */
export async function seedFieldProject(target) {
  const call = async (name, data) => (await timedCall(target, name, data)).result;
  const year = Number(santiagoToday().slice(0, 4));
  const { object: areaType } = await call('saveObject', {
    collection: 'tipos-area',
    object: {
      code: 'TFS',
      name: 'Torre',
      priority: 1,
      sectores: [{ code: 'PIS', name: 'Piso', quantity: 4, priority: 1 }],
    },
  });
  const { project } = await call('saveProject', {
    project: {
      name: 'Terreno bench',
      code: 'TERRENO-BENCH',
      currency: 'CLP',
      budget: '1000000',
      startYear: String(year - 1),
      endYear: String(year + 1),
      sequencing: 'none',
      tiposArea: [{ ...areaType, quantity: 1 }],
    },
  });
  const loaded = (await call('loadProject', { id: project._id })).project;
  const floors = loaded.edp.items.filter((item) => item.code.split('.').length === 3);
  for (const floor of floors) {
    await call('saveEdc', {
      id: project._id,
      edc: {
        id: floor.id,
        version: 0,
        componentesEdc: [
          { code: 'M', name: 'Obra gruesa', parentCode: floor.code, kind: 'main' },
          { code: 'M.1', name: 'Losa', parentCode: 'M', kind: 'sub' },
          ...['Moldaje', 'Enfierradura', 'Hormigonado', 'Descimbre', 'Albañilería', 'Estuco'].map((name, index) => ({
            code: `ACT${index + 1}`,
            name,
            parentCode: 'M.1',
            kind: 'activity',
          })),
        ],
      },
    });
  }
  const gantt = await call('loadGantt', { id: project._id });
  const monday = mondayOf(santiagoToday());
  await call('saveGantt', {
    id: project._id,
    version: gantt.version,
    gantt: {
      activities: gantt.activities.map((task) => ({
        TaskID: task.TaskID,
        TaskCode: task.TaskCode,
        TaskName: task.TaskName,
        StartDate: task.isSummary ? (task.StartNoEarlierThan ?? task.StartDate) : monday,
        Duration: task.Duration,
        Progress: task.Progress,
        ParentId: task.ParentId ?? null,
        Predecessor: '',
      })),
    },
  });
  return project._id;
}

export async function fieldBoot(browser, url, cookie, projectId) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: 'es-CL',
    timezoneId: 'America/Santiago',
  });
  try {
    await context.addCookies(contextCookies(url, cookie));
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.addInitScript(() => {
      new MutationObserver((_records, observer) => {
        if (document.querySelector('[data-testid="field-task"]')) {
          window.__firstTaskAt = performance.now();
          observer.disconnect();
        }
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(`${url}/projects/${projectId}/terreno`, { waitUntil: 'commit' });
    await page.locator('[data-testid="field-task"]').first().waitFor({ timeout: 60_000 });
    const firstTaskMs = await page.evaluate(() => window.__firstTaskAt);
    const tasks = await page.locator('[data-testid="field-task"]').count();
    return { firstTaskMs, tasks };
  } finally {
    await context.close();
  }
}

/** Rows for bench/run.mjs: the field screen's first task card, phone-sized, CPU 4× slower. */
export async function measureFieldScreen({ url, cookie, runs = Number(process.env.BENCH_RUNS ?? 7) }) {
  const projectId = await seedFieldProject({ url, cookie });
  const browser = await chromium.launch({
    executablePath: chromiumExecutablePath(),
    headless: true,
    args: BROWSER_ARGS,
  });
  try {
    const boots = [];
    for (let run = 0; run < runs; run += 1) boots.push(await fieldBoot(browser, url, cookie, projectId));
    const times = boots.map((boot) => boot.firstTaskMs);
    return [
      {
        name: `Field screen 'Terreno' (390 × 844, CPU ${CPU_SLOWDOWN}× slower): navigation → first task card (cold cache)`,
        value: median(times).toFixed(0),
        unit: 'ms',
        note: `median of ${runs} fresh pages (${times.map((time) => time.toFixed(0)).join(', ')}); ${boots[0]?.tasks} task cards; goal ≤ 2000 ms`,
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
    for (const row of await measureFieldScreen({ url: app.url, cookie })) {
      process.stdout.write(`${row.name}  ${row.value} ${row.unit}  ${row.note}\n`);
    }
  } finally {
    await app.stop();
  }
}
