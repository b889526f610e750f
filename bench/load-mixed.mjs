// Issue 18: 50 users at once, each on its own session and connection, cycling through a mixed load
// for 60 s: loadProjects, loadProject of a 2,001-item EDP, loadObjects (a 300-activity catalogue),
// loadGantt of a 501-task Gantt and a small saveEdp (one name changed on the user's own 11-item
// EDP), on SQLite and on a throwaway PostgreSQL database. The load client (autocannon) runs in this
// process, on the same machine as the server. Prints req/s, latency percentiles, errors and the
// server's RSS after the load (and its peak, VmHWM, which includes the seeding); asserts nothing.
//
//   node bench/load-mixed.mjs      LOAD_MIXED_SECONDS=10 to shorten it while iterating;
//                                  BENCH_SERVER_ENTRY=path/to/main.js to load another build
//   import { measureLoadMixed } from './load-mixed.mjs'
//                                  the same, answering rows { name, value, unit, note }
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { benchEdp } from './gantt-server.mjs';
import { addMember, onBothDatabases, timedCall } from './support.mjs';

const USERS = 50;
const SECONDS = Number(process.env.LOAD_MIXED_SECONDS ?? 60);
const ACTIVITIES = 300;
const PASSWORD = 'clave-de-bench-1';

function procStatusMegabytes(pid, field) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024;
}

/** The process's CPU time so far (user + system), in seconds, from /proc/<pid>/stat (clock ticks of 1/100 s). */
function cpuSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  // after the command: state is field 3, utime field 14 and stime field 15
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function signIn(url, email) {
  const response = await fetch(`${url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-in ${email}: ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/** The 11-item EDP of a user's own project, with item 2's name marking the save. */
const smallEdp = (mark) =>
  Array.from({ length: 11 }, (_, index) =>
    index === 0
      ? { id: 1, code: 'E', name: 'Proyecto pequeño' }
      : { id: index + 1, parentId: 1, code: `E.${index}`, name: index === 1 ? `Partida ${mark}` : `Partida ${index}` },
  );

/** What the load reads and writes: the admin's shared projects and catalogue, and one small project per user. */
async function seed(target) {
  const call = async (name, data, cookie = target.cookie) =>
    (await timedCall({ url: target.url, cookie }, name, data)).result;

  for (let index = 0; index < ACTIVITIES; index += 1) {
    await call('saveObject', {
      collection: 'actividades',
      object: { code: `ACT-${index + 1}`, name: `Actividad de prueba ${index + 1}`, priority: (index % 50) + 1 },
    });
  }
  const tiposArea = [];
  for (let index = 0; index < 5; index += 1) {
    const { object } = await call('saveObject', {
      collection: 'tipos-area',
      object: {
        code: `LM-TA-${index + 1}`,
        name: `Tipo de área ${index + 1}`,
        priority: index + 1,
        sectores: [
          { code: 'A', name: 'Departamento', quantity: 4, priority: 1 },
          { code: 'B', name: 'Bodega', quantity: 3, priority: 2 },
          { code: 'C', name: 'Estacionamiento', quantity: 2, priority: 3 },
        ],
      },
    });
    tiposArea.push({ _id: object._id, quantity: 40 });
  }
  // 5 × 40 × (4 + 3 + 2) + 1 = 2,001 items
  const big = (await call('saveProject', { project: { name: 'Proyecto grande', code: 'LM-BIG', tiposArea } })).project;

  const gantt = (await call('saveProject', { project: { name: 'Gantt mediano', code: 'LM-GANTT' } })).project;
  const ganttVersion = (await call('loadProject', { id: gantt._id })).project.edp.version;
  await call('saveEdp', {
    id: gantt._id,
    edp: { items: benchEdp({ groups: 5, perGroup: 100 }), version: ganttVersion },
  });
  // the first loadGantt builds and stores the tasks; the load reads them stored
  const ganttTasks = (await call('loadGantt', { id: gantt._id })).activities.length;

  const users = [{ cookie: target.cookie }];
  for (let index = 1; index < USERS; index += 1) {
    const email = `carga-${index}@empresa.cl`;
    const { user } = await call('saveUser', {
      user: { name: `Usuaria ${index}`, email, password: PASSWORD, admin: false },
    });
    // issue 36: the shared projects' members (a Lector reads them, as before)
    for (const projectId of [big._id, gantt._id]) await addMember(target, projectId, user.id);
    users.push({ cookie: await signIn(target.url, email) });
  }
  for (const [index, user] of users.entries()) {
    const { project } = await call(
      'saveProject',
      { project: { name: `Proyecto de ${index + 1}`, code: `LM-U${index + 1}` } },
      user.cookie,
    );
    const version = (await call('loadProject', { id: project._id }, user.cookie)).project.edp.version;
    const saved = await call('saveEdp', { id: project._id, edp: { items: smallEdp(0), version } }, user.cookie);
    Object.assign(user, { projectId: project._id, version: saved.edp.version });
  }
  return { users, bigId: big._id, bigItems: big.edpItemCount, ganttId: gantt._id, ganttTasks };
}

function run(url, { users, bigId, ganttId }) {
  let nextUser = 0;
  const userOf = (context) => users[context.userIndex ?? 0];
  const post = (name, data) => ({
    method: 'POST',
    path: `/api/functions/${name}`,
    setupRequest: (request, context) => {
      const user = userOf(context);
      const body = typeof data === 'function' ? data(user) : data;
      return { ...request, headers: { ...request.headers, cookie: user.cookie }, body: JSON.stringify({ data: body }) };
    },
  });
  const saveEdp = post('saveEdp', (user) => {
    user.saves = (user.saves ?? 0) + 1;
    return { id: user.projectId, edp: { items: smallEdp(user.saves), version: user.version } };
  });
  saveEdp.onResponse = (status, body, context) => {
    if (status === 200) userOf(context).version = JSON.parse(body).result.edp.version;
  };
  // one user per connection for the whole run: autocannon resets a connection's context to its
  // initial one after each round of requests, so the user's index goes there
  const setupClient = (client) => {
    const iterator = client.requestIterator;
    iterator.initialContext = { userIndex: nextUser++ % users.length };
    iterator.resetContext();
    iterator.setRequests(iterator.requests);
  };
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        connections: users.length,
        setupClient,
        duration: SECONDS,
        // gzip, as a simple HTTP client asks (a browser also offers br, which the server then prefers)
        headers: { 'content-type': 'application/json', 'accept-encoding': 'gzip' },
        requests: [
          post('loadProjects', null),
          post('loadProject', { id: bigId }),
          post('loadObjects', { collection: 'actividades' }),
          post('loadGantt', { id: ganttId }),
          saveEdp,
        ],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

async function figures(target, label, record) {
  const seeded = await seed(target);
  const cpuBefore = cpuSeconds(target.pid);
  const result = await run(target.url, seeded);
  const cpu = cpuSeconds(target.pid) - cpuBefore;
  const errors = result.errors + result.timeouts + result.non2xx;
  record(
    `mixed load, ${USERS} users, ${SECONDS} s (${label})`,
    result.requests.average.toFixed(0),
    'req/s',
    `p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms; ` +
      `${errors} errors (${result.non2xx} non-2xx, ${result.errors} failed, ${result.timeouts} timeouts); ` +
      `loadProjects (${USERS + 2} projects), loadProject (${seeded.bigItems} items), loadObjects (${ACTIVITIES} activities), ` +
      `loadGantt (${seeded.ganttTasks} tasks), saveEdp (11 items) in turn`,
  );
  record(
    `server CPU per request in the mixed load (${label})`,
    ((cpu * 1000) / Math.max(1, result.requests.total)).toFixed(2),
    'ms',
    `${cpu.toFixed(1)} s of server CPU (user + system) over ${result.requests.total} requests; steadier than req/s on a loaded machine`,
  );
  record(
    `server RSS after the mixed load (${label})`,
    procStatusMegabytes(target.pid, 'VmRSS').toFixed(0),
    'MB',
    `peak ${procStatusMegabytes(target.pid, 'VmHWM').toFixed(0)} MB over seeding and load`,
  );
}

/** The figures on SQLite and PostgreSQL, as rows { name, value, unit, note }; a database that fails gets an 'n/a' row. */
export async function measureLoadMixed() {
  return onBothDatabases('mixed load', figures);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const rows = await measureLoadMixed();
  const width = Math.max(...rows.map((row) => row.name.length));
  for (const row of rows) {
    process.stdout.write(
      `${row.name.padEnd(width)}  ${String(row.value).padStart(7)} ${row.unit.padEnd(5)}  ${row.note}\n`,
    );
  }
}
