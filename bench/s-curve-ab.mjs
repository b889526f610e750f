// loadSCurve, the build before against this checkout's (issue 33's forecast): both servers on ONE
// database holding costs.mjs's project (5,001 priced items, 20,000 tasks, 24 monthly cut-offs, a
// baseline), their calls interleaved (before, after; then after, before; …) so both see the same
// load on a shared machine; the medians, their ratio, and whether the answers' issue-16 fields agree.
// SQLite (both servers on one data dir) and a throwaway PostgreSQL database (BENCH_DATABASE_URL).
// Run after `npm run build`, with the other build's server (built from its own checkout):
//   BENCH_BASE_ENTRY=/path/to/before/apps/server/dist/main.js node bench/s-curve-ab.mjs
// AB_ROUNDS (default 11) rounds after two warm-up calls each. Prints figures, asserts nothing.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GROUPS, PER_GROUP, seedCutoffs, withChildren } from './costs.mjs';
import { benchEdp } from './gantt-server.mjs';
import { createBenchDatabase, freePort, median, root, serveNodeArgs, signUp, timedCall } from './support.mjs';

const ROUNDS = Number(process.env.AB_ROUNDS ?? 11);
const AFTER = path.join(root, 'apps/server/dist/main.js');
const BEFORE = process.env.BENCH_BASE_ENTRY;
if (BEFORE === undefined) throw new Error('BENCH_BASE_ENTRY: the main.js of the build to compare with');

/** A build's server on `dataDir` (and DATABASE_URL in `env`), until /healthz answers. */
async function start(entry, dataDir, env = {}) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...serveNodeArgs(entry), entry], {
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (const deadline = Date.now() + 60_000; ;) {
    if (child.exitCode !== null) throw new Error(`${entry} ended (${child.exitCode})`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not yet
    }
    if (Date.now() > deadline) throw new Error(`no answer from ${url}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return {
    url,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** The bench administrator (signUp's) signed in on the second server. */
async function signIn(url) {
  const response = await fetch(`${url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ email: 'bench@empresa.cl', password: 'clave-de-bench-1' }),
  });
  if (!response.ok) throw new Error(`sign-in: ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/** costs.mjs's project, through the first server: the id of the project and of its item G.25. */
async function seed(target) {
  const call = async (name, data) => (await timedCall(target, name, data)).result;
  const saved = await call('saveProject', { project: { name: 'Costos', code: 'COST-BENCH', currency: 'CLP' } });
  const projectId = saved.project._id;
  const loaded = await call('loadProject', { id: projectId });
  const edp = benchEdp({ groups: GROUPS, perGroup: PER_GROUP }).map((item) =>
    item.parentId === undefined
      ? item
      : { ...item, unit: 'm2', quantity: '12.5', unitPrice: String(((item.id % 97) + 1) * 1250) },
  );
  await call('saveEdp', { id: projectId, edp: { items: edp, version: loaded.project.edp.version } });
  const first = await call('loadGantt', { id: projectId });
  const activities = withChildren(first.activities, first.projectStart);
  const gantt = await call('saveGantt', { id: projectId, gantt: { activities }, version: first.version });
  await call('saveBaseline', { id: projectId, name: 'Contrato' });
  await seedCutoffs(target.database, projectId, gantt.activities);
  return { projectId, groupId: edp.find((item) => item.code === 'G.25').id };
}

async function compare(label, before, after, { projectId, groupId }) {
  const requests = { whole: { id: projectId }, item: { id: projectId, edpItemId: groupId } };
  const times = { whole: { before: [], after: [] }, item: { before: [], after: [] } };
  const answers = {};
  for (const [key, target] of [
    ['before', before],
    ['after', after],
  ]) {
    // the first load after the seed may merge and write
    answers[key] = (await timedCall(target, 'loadSCurve', requests.whole)).result;
    await timedCall(target, 'loadSCurve', requests.whole);
  }
  for (let round = 0; round < ROUNDS; round += 1) {
    const order =
      round % 2 === 0
        ? [
            ['before', before],
            ['after', after],
          ]
        : [
            ['after', after],
            ['before', before],
          ];
    for (const which of ['whole', 'item']) {
      for (const [key, target] of order)
        times[which][key].push((await timedCall(target, 'loadSCurve', requests[which])).ms);
    }
  }
  const list = (values) => values.map((ms) => ms.toFixed(0)).join(', ');
  for (const which of ['whole', 'item']) {
    const { before: a, after: b } = times[which];
    process.stdout.write(
      `loadSCurve ${which === 'whole' ? 'whole project' : 'one item (G.25)'} (${label}): before ${median(a).toFixed(0)} ms, ` +
        `after ${median(b).toFixed(0)} ms, ×${(median(b) / median(a)).toFixed(2)}  [${list(a)} | ${list(b)}]\n`,
    );
  }
  const issue16 = (curve) =>
    JSON.stringify({
      ...curve,
      forecast: undefined,
      points: curve.points.map(({ projected: _projected, projectedPercent: _percent, ...point }) => point),
    });
  process.stdout.write(
    `  issue-16 fields identical: ${issue16(answers.before) === issue16(answers.after)}; ` +
      `forecast ${JSON.stringify(answers.after.forecast)}\n`,
  );
}

{
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cimiento-ab-'));
  const before = await start(BEFORE, dataDir);
  let after;
  try {
    const a = { url: before.url, cookie: await signUp(before.url), database: { kind: 'sqlite', dataDir } };
    const project = await seed(a);
    after = await start(AFTER, dataDir);
    await compare('SQLite', a, { url: after.url, cookie: await signIn(after.url) }, project);
  } finally {
    await before.stop();
    await after?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
{
  const database = await createBenchDatabase();
  const dirs = [mkdtempSync(path.join(tmpdir(), 'cimiento-ab-')), mkdtempSync(path.join(tmpdir(), 'cimiento-ab-'))];
  const before = await start(BEFORE, dirs[0], { DATABASE_URL: database.url });
  let after;
  try {
    const a = { url: before.url, cookie: await signUp(before.url), database: { kind: 'postgres', url: database.url } };
    const project = await seed(a);
    after = await start(AFTER, dirs[1], { DATABASE_URL: database.url });
    await compare('PostgreSQL', a, { url: after.url, cookie: await signIn(after.url) }, project);
  } finally {
    await before.stop();
    await after?.stop();
    await database.drop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}
