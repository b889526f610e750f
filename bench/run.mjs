// `npm run bench`: prints figures for the built app; asserts nothing. Run on an otherwise idle machine.
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { chromium } from 'playwright-core';
import { chromiumExecutablePath } from '../scripts/find-chromium.mjs';
import { measureEdcBulk } from './edc-bulk.mjs';
import { measureEdpDelete } from './edp-delete.mjs';
import { measureEdpScreen } from './edp-screen.mjs';
import { measureEdpUsage } from './edp-usage.mjs';
import { measureBoot, loginJavaScript as measureLoginJavaScript } from './boot.mjs';
import { measureFieldScreen } from './field-screen.mjs';
import { measureGanttExport } from './gantt-export.mjs';
import { measureGanttScreen } from './gantt-screen.mjs';
import { measureGanttSequencing } from './gantt-sequencing.mjs';
import { measureLoadMixed } from './load-mixed.mjs';
import { measureMetrics } from './metrics.mjs';
import { measureMixed } from './mixed.mjs';
import { measureGanttServer } from './gantt-server.mjs';
import { measureLoadGantt } from './loadgantt.mjs';
import { measureMspdiExchange } from './mspdi-exchange.mjs';
import { measureP6Import } from './p6-import.mjs';
import { measureNotifications } from './notifications.mjs';
import { measureLastPlanner } from './last-planner.mjs';
import { measureLiveBounds } from './live-bounds.mjs';
import { measureNpmStart } from './npm-start.mjs';
import { measureResources } from './resources.mjs';
import { measureRoleCheck } from './role-check.mjs';
import { measureScheduleEngine } from './schedule-engine.mjs';
import { measureTracking } from './tracking.mjs';
import { measureUploadBounds } from './upload-bounds.mjs';
import { measureCosts } from './costs.mjs';
import { measureHistory } from './history.mjs';
import { idleRss, measureColdStart, rssMegabytes } from './server-memory.mjs';
import { createBenchDatabase, freePort, median, signUp, startApp } from './support.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 20;

function load(url, headers) {
  return new Promise((resolve, reject) => {
    autocannon(
      { url, method: 'POST', connections: CONNECTIONS, duration: DURATION_SECONDS, headers, body: '{"data":null}' },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

/** /login's scripts (boot.mjs's measure) in a browser of its own. */
async function loginJavaScript(url) {
  const browser = await chromium.launch({
    executablePath: chromiumExecutablePath(),
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    return await measureLoginJavaScript(browser, url);
  } finally {
    await browser.close();
  }
}

const rows = [];
const record = (name, value, unit, note = '') => rows.push({ name, value, unit, note });

// 1. cold start (process spawn → /healthz answers), fresh installation each time, median of 5
rows.push(await measureColdStart());

// 1b. `npm start` again on an unchanged checkout (issue 18: no rebuild, the stamps `npm run build` just
//     wrote match) → /healthz 200, next to `node apps/server/dist/main.js` alone, median of 3 each
try {
  rows.push(...(await measureNpmStart()));
} catch (error) {
  record('`npm start` again on an unchanged checkout', 'n/a', '', `failed: ${error.message.split('\n')[0]}`);
}

// 2. idle RSS, 3 s after start with one signed-in user
const app = await startApp();
const { cookie, rss: idle } = await idleRss(app);
record('idle RSS (SQLite)', idle.toFixed(1), 'MB');

// 3. loadProfile at 20 connections next to a bare Fastify route answering the same JSON
const profileUrl = `${app.url}/api/functions/loadProfile`;
const sample = await (
  await fetch(profileUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: '{"data":null}',
  })
).json();
const profileRun = await load(profileUrl, { 'content-type': 'application/json', cookie });
record(
  `loadProfile, ${CONNECTIONS} connections, ${DURATION_SECONDS} s`,
  profileRun.requests.average.toFixed(0),
  'req/s',
  `p50 ${profileRun.latency.p50} ms, p99 ${profileRun.latency.p99} ms, non-2xx ${profileRun.non2xx}`,
);
record('idle→loaded RSS after loadProfile run', rssMegabytes(app.child.pid).toFixed(1), 'MB');

const barePort = await freePort();
const bare = spawn(process.execPath, [path.join(here, 'bare-server.mjs')], {
  env: { PATH: process.env.PATH, PORT: String(barePort), BARE_PAYLOAD: JSON.stringify(sample) },
  stdio: ['ignore', 'pipe', 'inherit'],
});
await new Promise((resolve) => bare.stdout.once('data', resolve));
const bareRun = await load(`http://127.0.0.1:${barePort}/api/functions/loadProfile`, {
  'content-type': 'application/json',
});
bare.kill('SIGTERM');
record(
  `bare Fastify route, same JSON (the floor)`,
  bareRun.requests.average.toFixed(0),
  'req/s',
  `p50 ${bareRun.latency.p50} ms, p99 ${bareRun.latency.p99} ms`,
);

// 3b. 50 users, mixed load for 60 s (issue 18), on fresh SQLite and PostgreSQL apps, with the server's RSS after it
try {
  rows.push(...(await measureLoadMixed()));
} catch (error) {
  record('mixed load, 50 users', 'n/a', '', `failed: ${error.message.split('\n')[0]}`);
}
// 3c. where the mixed load's CPU went: statement cache and gzip level, each beside what it replaced
try {
  rows.push(...(await measureMixed()));
} catch (error) {
  record('mixed load costs', 'n/a', '', `failed: ${error.message.split('\n')[0]}`);
}
// 3d. issue 36: the role check every project function makes, on both databases
try {
  rows.push(...(await measureRoleCheck()));
} catch (error) {
  record('role check', 'n/a', '', `failed: ${error.message.split('\n')[0]}`);
}

// 4. JavaScript the browser downloads to show /login
// (like step 6, a machine without Chromium still gets the other figures)
try {
  const js = await loginJavaScript(app.url);
  record(
    'JS loaded by /login (gzip -9)',
    (js.gzip / 1024).toFixed(1),
    'KB',
    `${js.files} files, ${(js.raw / 1024).toFixed(0)} KB raw`,
  );
} catch (error) {
  record('JS loaded by /login (gzip -9)', 'n/a', '', `failed: ${error.message.split('\n')[0]}`);
}
// 5. catalogues: loadObjects on a large catalogue, seeded through the app's own saveObject
//    (2,000 activities; 200 main components × 10 subcomponents × 10 ticked activities)
async function callFunction(name, data) {
  const response = await fetch(`${app.url}/api/functions/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ data }),
  });
  const body = await response.json();
  if (!response.ok) throw new Error(`${name}: ${response.status} ${JSON.stringify(body)}`);
  return body.result;
}

const ACTIVITIES = 2000;
const COMPONENTS = 200;
const SUBCOMPONENTS = 10;
const TICKS = 10;
const seedStarted = performance.now();
const activityIds = [];
for (let index = 0; index < ACTIVITIES; index += 1) {
  const { object } = await callFunction('saveObject', {
    collection: 'actividades',
    object: { code: `ACT-${index + 1}`, name: `Actividad de prueba ${index + 1}`, priority: (index % 50) + 1 },
  });
  activityIds.push(object._id);
}
for (let index = 0; index < COMPONENTS; index += 1) {
  await callFunction('saveObject', {
    collection: 'componentes',
    object: {
      code: `CP-${index + 1}`,
      name: `Componente de prueba ${index + 1}`,
      priority: (index % 20) + 1,
      subcomponents: Array.from({ length: SUBCOMPONENTS }, (_, sub) => ({
        code: `SC-${sub + 1}`,
        name: `Componente básico ${sub + 1}`,
        priority: sub + 1,
        actividades: Array.from({ length: TICKS }, (_, tick) => ({
          _id: activityIds[(index * SUBCOMPONENTS * TICKS + sub * TICKS + tick) % ACTIVITIES],
        })),
      })),
    },
  });
}
const seedSeconds = (performance.now() - seedStarted) / 1000;

/** Median of sequential calls, each timed from request to the last byte of the response (loopback). */
async function timeLoadObjects(collection, runs = 20) {
  const body = JSON.stringify({ data: { collection } });
  const headers = { 'content-type': 'application/json', cookie };
  const url = `${app.url}/api/functions/loadObjects`;
  let bytes = 0;
  await (await fetch(url, { method: 'POST', headers, body })).arrayBuffer(); // warm-up
  const times = [];
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    const response = await fetch(url, { method: 'POST', headers: { ...headers, 'accept-encoding': 'identity' }, body });
    bytes = (await response.arrayBuffer()).byteLength;
    times.push(performance.now() - started);
  }
  return { median: median(times), min: Math.min(...times), max: Math.max(...times), bytes, runs };
}

const activitiesTiming = await timeLoadObjects('actividades');
record(
  `loadObjects actividades (${ACTIVITIES} activities)`,
  activitiesTiming.median.toFixed(1),
  'ms',
  `median of ${activitiesTiming.runs} sequential calls (min ${activitiesTiming.min.toFixed(1)}, max ${activitiesTiming.max.toFixed(1)}), ${(activitiesTiming.bytes / 1024).toFixed(0)} KB JSON`,
);
const componentsTiming = await timeLoadObjects('componentes');
record(
  `loadObjects componentes (${COMPONENTS} × ${SUBCOMPONENTS} × ${TICKS})`,
  componentsTiming.median.toFixed(1),
  'ms',
  `median of ${componentsTiming.runs} sequential calls (min ${componentsTiming.min.toFixed(1)}, max ${componentsTiming.max.toFixed(1)}), ${(componentsTiming.bytes / 1024).toFixed(0)} KB JSON; seeded through saveObject in ${seedSeconds.toFixed(1)} s`,
);

// 6. the Componentes screen in Chromium, signed in by cookie: navigation start → first row of the table
//    (the app's JS, the session check, loadObjects 'componentes' and the render), median of 5 fresh pages
async function componentesScreenTimes(runs = 5) {
  const browser = await chromium.launch({
    executablePath: chromiumExecutablePath(),
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const { hostname } = new URL(app.url);
    const cookies = cookie.split('; ').map((pair) => {
      const at = pair.indexOf('=');
      return { name: pair.slice(0, at), value: pair.slice(at + 1), domain: hostname, path: '/' };
    });
    const times = [];
    for (let run = 0; run < runs; run += 1) {
      const context = await browser.newContext();
      await context.addCookies(cookies);
      const page = await context.newPage();
      const started = performance.now();
      await page.goto(`${app.url}/admin/componentes`, { waitUntil: 'commit' });
      await page.locator('tbody tr', { hasText: 'Componente de prueba' }).first().waitFor({ timeout: 30_000 });
      times.push(performance.now() - started);
      await context.close();
    }
    return times;
  } finally {
    await browser.close();
  }
}

try {
  const screenTimes = await componentesScreenTimes();
  record(
    `Componentes screen shows its first row (Chromium, ${COMPONENTS} components)`,
    median(screenTimes).toFixed(0),
    'ms',
    `median of ${screenTimes.length} fresh pages: ${screenTimes.map((time) => time.toFixed(0)).join(', ')}`,
  );
} catch (error) {
  record('Componentes screen shows its first row (Chromium)', 'n/a', '', `failed: ${error.message.split('\n')[0]}`);
}

// 7. projects: saveProject generating a ~2,000-item EDP (generica: 5 area types × 40, each with
//    sub-areas of quantities 4 + 3 + 2 → 5 × 40 × 10 + 1 = 2,001 items), loadProject of such a
//    project, and loadProjects over 500 projects; seeded through the app's own saveProject
const BIG_AREA_TYPES = 5;
const BIG_AREA_QUANTITY = 40;
const PROJECTS = 500;
const bigAreaTypes = [];
for (let index = 0; index < BIG_AREA_TYPES; index += 1) {
  const { object } = await callFunction('saveObject', {
    collection: 'tipos-area',
    object: {
      code: `BENCH-TA-${index + 1}`,
      name: `Tipo de área ${index + 1}`,
      priority: index + 1,
      sectores: [
        { code: 'A', name: 'Departamento', quantity: 4, priority: 1 },
        { code: 'B', name: 'Bodega', quantity: 3, priority: 2 },
        { code: 'C', name: 'Estacionamiento', quantity: 2, priority: 3 },
      ],
    },
  });
  bigAreaTypes.push({ _id: object._id, quantity: BIG_AREA_QUANTITY });
}

/** Median of sequential calls, each timed from request to the last byte of the response (loopback). */
async function timeCalls(name, dataFor, runs = 20, target = { url: app.url, cookie }) {
  const url = `${target.url}/api/functions/${name}`;
  const headers = { 'content-type': 'application/json', cookie: target.cookie, 'accept-encoding': 'identity' };
  let bytes = 0;
  let last;
  const times = [];
  for (let run = 0; run < runs; run += 1) {
    const body = JSON.stringify({ data: dataFor(run) });
    const started = performance.now();
    const response = await fetch(url, { method: 'POST', headers, body });
    const buffer = await response.arrayBuffer();
    times.push(performance.now() - started);
    if (!response.ok) throw new Error(`${name}: ${response.status} ${Buffer.from(buffer).toString()}`);
    bytes = buffer.byteLength;
    last = JSON.parse(Buffer.from(buffer).toString()).result;
  }
  return { median: median(times), min: Math.min(...times), max: Math.max(...times), bytes, runs, last };
}
const note = (timing, extra = '') =>
  `median of ${timing.runs} sequential calls (min ${timing.min.toFixed(1)}, max ${timing.max.toFixed(1)}), ${(timing.bytes / 1024).toFixed(0)} KB JSON${extra}`;

const bigProject = (run) => ({
  project: { name: `Proyecto grande ${run + 1}`, code: `BIG-${run + 1}`, tiposArea: bigAreaTypes },
});
await callFunction('saveProject', bigProject(-1)); // warm-up (code BIG-0)
const saveTiming = await timeCalls('saveProject', bigProject);
const bigItems = saveTiming.last.project.edpItemCount;
record(`saveProject generica (${bigItems} EDP items)`, saveTiming.median.toFixed(1), 'ms', note(saveTiming));

const bigId = saveTiming.last.project._id;
const loadTiming = await timeCalls('loadProject', () => ({ id: bigId }));
record(`loadProject (${bigItems} EDP items)`, loadTiming.median.toFixed(1), 'ms', note(loadTiming));

const projectsSeedStarted = performance.now();
for (let index = saveTiming.runs + 1; index < PROJECTS; index += 1) {
  await callFunction('saveProject', {
    project: { name: `Proyecto ${index + 1}`, code: `PRJ-${index + 1}`, budget: `${index * 1000}.5`, currency: 'CLP' },
  });
}
const projectsSeedSeconds = (performance.now() - projectsSeedStarted) / 1000;
const listTiming = await timeCalls('loadProjects', () => null);
record(
  `loadProjects (${listTiming.last.projects.length} projects)`,
  listTiming.median.toFixed(1),
  'ms',
  note(listTiming, `; the rest seeded through saveProject in ${projectsSeedSeconds.toFixed(1)} s`),
);

// 8. the EDP editor's server side on a 5,000-item EDP, on SQLite (the app above) and on a
//    throwaway PostgreSQL database (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres,
//    must allow CREATE DATABASE): saveEdp writing all 5,000 items onto a new project's EDP (one call),
//    saveEdp changing 50 names (~1%), saveEdp rewriting every code, and loadProject of it
const EDP_ITEMS = 5000;

/** Root, then groups of 100 (a group item under the root and 99 leaves under it), in tree order. */
function benchEdp(count) {
  const items = [{ id: 1, code: 'EDP', name: 'Proyecto de 5.000 ítems' }];
  let group = 1;
  for (let id = 2; id <= count; id += 1) {
    if ((id - 2) % 100 === 0) {
      group = id;
      items.push({ id, parentId: 1, code: `EDP.${(id - 2) / 100 + 1}`, name: `Grupo ${(id - 2) / 100 + 1}` });
    } else {
      items.push({ id, parentId: group, code: `EDP.${(group - 2) / 100 + 1}.${id - group}`, name: `Ítem ${id}` });
    }
  }
  return items;
}

async function edpFigures(target, label) {
  const call = async (name, data) => {
    const response = await fetch(`${target.url}/api/functions/${name}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: target.cookie },
      body: JSON.stringify({ data }),
    });
    const body = await response.json();
    if (!response.ok) throw new Error(`${name}: ${response.status} ${JSON.stringify(body).slice(0, 300)}`);
    return body.result;
  };
  const { project } = await call('saveProject', { project: { name: 'EDP grande', code: 'EDP-BENCH' } });
  const base = benchEdp(EDP_ITEMS);
  let version = (await call('loadProject', { id: project._id })).project.edp.version;
  const started = performance.now();
  version = (await call('saveEdp', { id: project._id, edp: { items: base, version } })).edp.version;
  const firstMs = performance.now() - started;
  record(
    `saveEdp ${EDP_ITEMS} items onto a 1-item EDP (${label})`,
    firstMs.toFixed(1),
    'ms',
    '1 call: 4,999 rows inserted',
  );

  const save = (name, itemsFor) =>
    timeCalls(
      'saveEdp',
      (run) => ({ id: project._id, edp: { items: itemsFor(run), version: version + run } }),
      20,
      target,
    ).then((timing) => {
      version += timing.runs;
      record(`saveEdp ${EDP_ITEMS} items, ${name} (${label})`, timing.median.toFixed(1), 'ms', note(timing));
    });
  await save('50 names changed (~1%)', (run) =>
    base.map((item, index) => (index % 100 === 50 ? { ...item, name: `${item.name} (${run})` } : item)),
  );
  await save('every code rewritten', (run) => base.map((item) => ({ ...item, code: `${item.code}-${run}` })));
  const loaded = await timeCalls('loadProject', () => ({ id: project._id }), 20, target);
  record(
    `loadProject (${loaded.last.project.edp.items.length} EDP items, ${label})`,
    loaded.median.toFixed(1),
    'ms',
    note(loaded),
  );
}

await edpFigures({ url: app.url, cookie }, 'SQLite');

// 9. the EDP editor in Chromium: navigation start → first grid row, for 11-, 5,000- and 20,000-item EDPs
//    (median of 5 fresh pages; "render" is the page's own time after loadProject's last byte)
try {
  for (const result of await measureEdpScreen({ url: app.url, cookie })) {
    const render = [...result.renderMs].sort((a, b) => a - b)[Math.floor(result.renderMs.length / 2)];
    record(
      `EDP screen first rows (${result.items} items)`,
      result.median.toFixed(0),
      'ms',
      `median of ${result.firstRowMs.length}; render after loadProject ${render.toFixed(0)} ms`,
    );
  }
} catch (error) {
  record('EDP screen first rows', 'n/a', '', `failed: ${error.message.split('\n')[0]}`);
}
// 9b. issue 18, a screen's boot: when the 11-item EDP screen sent its session check and loadProject,
//     how many scripts it fetched first (bench/boot.mjs)
try {
  for (const row of await measureBoot({ url: app.url, cookie, withLoginJs: false }))
    record(row.name, row.value, row.unit, row.note);
} catch (error) {
  record('EDP screen boot', 'n/a', '', `failed: ${error.message.split('\n')[0]}`);
}
// 9c. issue 36, the field screen on a phone: 390 × 844, CPU 4× slower, navigation → first task card
try {
  for (const row of await measureFieldScreen({ url: app.url, cookie })) record(row.name, row.value, row.unit, row.note);
} catch (error) {
  record('Field screen first task card', 'n/a', '', `failed: ${error.message.split('\n')[0]}`);
}
await app.stop();

let benchDatabase;
try {
  benchDatabase = await createBenchDatabase();
  const pgApp = await startApp({ DATABASE_URL: benchDatabase.url });
  try {
    await edpFigures({ url: pgApp.url, cookie: await signUp(pgApp.url) }, 'PostgreSQL');
  } finally {
    await pgApp.stop();
  }
} catch (error) {
  record(`saveEdp / loadProject ${EDP_ITEMS} items (PostgreSQL)`, 'n/a', '', `failed: ${error.message.split('\n')[0]}`);
} finally {
  await benchDatabase?.drop();
}

// 10. the scheduling engine (packages/domain): a full pass over 10,000 tasks / 9,000 links and over
//     100,000 tasks / 90,000 links on the Chilean calendar, the fast engine next to the reference (issue 18),
//     interleaved, median of 9; and IncrementalScheduler after one edit
try {
  rows.push(...(await measureScheduleEngine()));
} catch (error) {
  record('schedule() engine', 'n/a', '', `failed: ${error.message.split('\n')[0]}`);
}

// 11. the Gantt's server side at 10,000 tasks / 9,000 links, on SQLite and on a throwaway PostgreSQL
//     database: loadGantt, saveGantt after one edit, the first load (builds and writes the tasks)
//     and the first save (adds the links)
rows.push(...(await measureGanttServer()));

// 11a. issue 35: the resource histogram (goal ≤ 200 ms) and levelResources (goal ≤ 2 s) on 10,001 tasks,
//      9,000 links and 50 resources, on SQLite and PostgreSQL
try {
  rows.push(...(await measureResources()));
} catch (error) {
  record('loadResourceHistogram / levelResources', 'n/a', '', `failed: ${error.message.split('\n')[0]}`);
}

// 11b. issue 36: the Last Planner's reads on 10,001 tasks (look-ahead goal ≤ 300 ms), beside loadGantt
try {
  rows.push(...(await measureLastPlanner()));
} catch (error) {
  record('loadLookAhead / loadWeeklyPlan / loadPpc', 'n/a', '', `failed: ${error.message.split('\n')[0]}`);
}

// 11b. issue 18: loadGantt of an unchanged 10,001-task Gantt (goal ≤ 80 ms), and right after an EDC save
//      (the full merge), with the server's CPU time per call, on SQLite and PostgreSQL
try {
  rows.push(...(await measureLoadGantt()));
} catch (error) {
  record('loadGantt, unchanged and after an EDC save', 'n/a', '', `failed: ${error.message.split('\n')[0]}`);
}

// 12. the Gantt screen in Chromium, on its own fresh app: navigation start → first bar for 10,001 tasks /
//     9,000 links in the product next to a bare SVAR React Gantt page with the same tasks (the ratio is the
//     figure), the same at 30,001 tasks, and at 10,001 tasks 'Actualizar' after one duration edit and
//     'Contraer todo' / 'Expandir todo' until the chart is painted (median of 5; 3 at 30,001 tasks); issue 32:
//     undo of one duration edit (Ctrl+Z, 'Deshacer'), ↓ moving the selection, one duration edited in its cell
//     (alone: node bench/gantt-screen.mjs --edits)
try {
  rows.push(...(await measureGanttScreen()));
} catch (error) {
  record('Gantt screen first bar (Chromium)', 'n/a', '', `failed: ${error.message.split('\n')[0]}`);
}

// 13. loadEdpUsage (issue 12: what an EDP deletion takes) on a 20,001-item EDP with its Gantt built
//     and linked, on SQLite and on a throwaway PostgreSQL database
rows.push(...(await measureEdpUsage()));

// 13b. saveEdp deleting items on a 20,000-item EDP, with and without a built Gantt (the deletion takes
//      the items' stored Gantt tasks, links and removed sources in the same transaction)
rows.push(...(await measureEdpDelete()));

// 13c. the EDC of many items at once (issue 13): assignEdc on 500 items of a generated project (and
//      appending a second system, copyEdc to 500 items, unassignEdc from 500), SQLite and PostgreSQL
rows.push(...(await measureEdcBulk()));

// 13d. the generated schedule (issue 13): the first loadGantt of a 5,051-item EDP with 20,000 activity
//      tasks, which builds and sequences ('Tren de actividades') 40,051 tasks, and loadGantt of the same
//      once stored, on SQLite and on a throwaway PostgreSQL database
rows.push(...(await measureGanttSequencing()));

// 13e. MS Project XML (issue 14): importProject of a generated 10,000-task MSPDI file (dry run, then the
//      import writing the project), loadGantt of it and exportGantt 'mspdi' of it, with the server's peak RSS,
//      on SQLite and on a throwaway PostgreSQL database
rows.push(...(await measureMspdiExchange()));

// 13d'. Primavera P6 XER import (issue 34): HS2's real 3,994-activity file, its dry run, the import
//      (target ≤ 3 s, ≤ 400 MB server RSS) and loadGantt of it, on SQLite and PostgreSQL
try {
  rows.push(...(await measureP6Import()));
} catch (error) {
  record('importProject xer (issue 34)', 'n/a', '', `failed: ${error.message.split('\n')[0]}`);
}

// 13e. tracking (issue 15) at 10,000 tasks, each next to the same figure without tracking: schedule()
//      with progress at a cut-off; on SQLite and PostgreSQL, saveProgress with 10,000 entries (two
//      cut-offs), saveBaseline, loadGantt with a baseline and a cut-off
try {
  rows.push(...(await measureTracking()));
} catch (error) {
  record('tracking (issue 15)', 'n/a', '', `failed: ${error.message.split('\n')[0]}`);
}

// 13b. costs (issue 16): a 5,001-item priced EDP with 20,000 tasks and 24 monthly cut-offs on SQLite
//      and PostgreSQL: saveBaseline with costs, loadSCurve (whole project, one item), exportSCurve,
//      saveEstadoPago, and the 'Curva S' screen's first paint in Chromium
try {
  rows.push(...(await measureCosts()));
} catch (error) {
  record('costs (issue 16)', 'n/a', '', `failed: ${error.message.split('\n')[0]}`);
}

// 13g. uploads under bounds (issue 30): the hostile workbooks of the issue sent to importEdp, a
//      10,000-task Gantt workbook imported back, MS Project's largest file (20 MB) read, on SQLite and
//      PostgreSQL: time, the server's peak RSS, and the longest a probe waited meanwhile
try {
  rows.push(...(await measureUploadBounds()));
} catch (error) {
  record('uploads under bounds (issue 30)', 'n/a', '', `failed: ${error.message.split('\n')[0]}`);
}

// 13c. the project history (issue 19): a project with 5,000 entries on SQLite and PostgreSQL:
//      loadProjectHistory's first and last page, loadHistoryEntry of a 500-task detail
try {
  rows.push(...(await measureHistory()));
} catch (error) {
  record('history (issue 19)', 'n/a', '', `failed: ${error.message.split('\n')[0]}`);
}

// 13f. the live stream (issue 19): 200 clients on GET /api/events, a saveEdp every second for 20 s:
//      delivery latency p50/p99 (save answered → project-change received) and the server's RSS,
//      on SQLite and on a throwaway PostgreSQL database
try {
  rows.push(...(await measureNotifications()));
} catch (error) {
  record('live stream (issue 19)', 'n/a', '', `failed: ${error.message.split('\n')[0]}`);
}

// 13g. the live stream's bounds (issue 30): 300 clients of GET /api/events that never read (30 users × 10),
//      saves until the server has destroyed them all: its RSS before / with them / peak / after, and
//      loadProfile's p99 meanwhile, on SQLite and on a throwaway PostgreSQL database
try {
  rows.push(...(await measureLiveBounds()));
} catch (error) {
  record('live bounds (issue 30)', 'n/a', '', `failed: ${error.message.split('\n')[0]}`);
}

// 14. the Gantt's PDF export (issue 12) in Chromium: menu click → download for 501 and 5,001 tasks,
//     A4 and A3, pages counted with MuPDF
try {
  rows.push(...(await measureGanttExport()));
} catch (error) {
  record('Gantt PDF export (Chromium)', 'n/a', '', `failed: ${error.message.split('\n')[0]}`);
}

// 15. GET /metrics (issue 30): loadProfile with and without METRICS_TOKEN (the server's CPU per
//     request), the metrics' hook alone, one scrape, the RSS prom-client adds
try {
  rows.push(...(await measureMetrics()));
} catch (error) {
  record('GET /metrics (issue 30)', 'n/a', '', `failed: ${error.message.split('\n')[0]}`);
}

const width = Math.max(...rows.map((row) => row.name.length));
const lines = [
  `Cimiento bench — ${new Date().toISOString()} — node ${process.version}`,
  '',
  `${'measure'.padEnd(width)}  ${'value'.padStart(9)}  unit   note`,
  `${'-'.repeat(width)}  ${'-'.repeat(9)}  -----  ----`,
  ...rows.map(
    (row) => `${row.name.padEnd(width)}  ${String(row.value).padStart(9)}  ${row.unit.padEnd(5)}  ${row.note}`,
  ),
];
process.stdout.write(`${lines.join('\n')}\n`);
mkdirSync(path.join(here, 'results'), { recursive: true });
writeFileSync(path.join(here, 'results', 'latest.txt'), `${lines.join('\n')}\n`);
