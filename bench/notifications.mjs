// Issue 19, the live stream: 200 clients connected to GET /api/events (plain node:http, the session
// cookies of five users), one saveEdp a second on one project by a sixth user, for ~20 s; the delivery
// latency of each save's project-change event at every client (p50, p99), the followers' notification
// events, and the server's RSS. SQLite, then a throwaway PostgreSQL database. Prints figures, asserts nothing.
//
//   node bench/notifications.mjs      BENCH_NOTIFY_CLIENTS (200), BENCH_NOTIFY_SECONDS (20),
//                                     BENCH_NOTIFY_DATABASES ('sqlite,postgres')
//   import { measureNotifications } from './notifications.mjs'
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rssMegabytes } from './server-memory.mjs';
import { addMember, createBenchDatabase, signUp, startApp, timedCall } from './support.mjs';

const PASSWORD = 'clave-de-bench-1';

function percentile(values, p) {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
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

/** One EventSource-like client: calls onEvent(name, data, receivedAt) for every event. */
function connect(url, cookie, onEvent) {
  return new Promise((resolve, reject) => {
    const request = http.get(
      `${url}/api/events`,
      { agent: false, headers: { cookie, accept: 'text/event-stream' } },
      (response) => {
        if (response.statusCode !== 200) {
          reject(new Error(`/api/events: ${response.statusCode}`));
          return;
        }
        let buffer = '';
        let resolved = false;
        response.setEncoding('utf8');
        response.on('data', (chunk) => {
          const receivedAt = performance.now();
          buffer += chunk;
          let cut = buffer.indexOf('\n\n');
          while (cut >= 0) {
            const block = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            cut = buffer.indexOf('\n\n');
            const name = /^event: (.*)$/m.exec(block)?.[1];
            const data = /^data: (.*)$/m.exec(block)?.[1];
            if (name === undefined || data === undefined) continue;
            onEvent(name, JSON.parse(data), receivedAt);
            if (name === 'ready' && !resolved) {
              resolved = true;
              resolve(() => request.destroy());
            }
          }
        });
      },
    );
    request.on('error', reject);
  });
}

async function figures(label, extraEnv, { clients, seconds }) {
  // five users hold the streams: each may open them all (issue 30's per-user limit is 10 by default)
  const app = await startApp({ LIVE_STREAMS_PER_USER: String(clients), ...extraEnv });
  const closers = [];
  try {
    const admin = { url: app.url, cookie: await signUp(app.url) };
    // five users with streams open (the administrator and four followers), a sixth who saves
    const people = [];
    for (const name of ['Lectora 1', 'Lectora 2', 'Lectora 3', 'Lectora 4', 'Carla Planificadora']) {
      const email = `${name.toLowerCase().replace(/ /g, '.')}@empresa.cl`;
      const created = await timedCall(admin, 'saveUser', { user: { name, email, password: PASSWORD, admin: false } });
      people.push({ url: app.url, cookie: await signIn(app.url, email), userId: created.result.user.id });
    }
    const saver = people.pop();
    const code = 'NOTIF-1';
    const project = (await timedCall(people[0], 'saveProject', { project: { name: 'Bodega Quilicura', code } })).result
      .project;
    // issue 36: the followers and the saver are members of the project
    for (const person of [...people.slice(1), saver]) await addMember(people[0], project._id, person.userId);
    for (const person of people.slice(1)) await timedCall(person, 'followProject', { id: project._id, follow: true });
    const listeners = [admin, ...people];
    const rssIdle = rssMegabytes(app.child.pid);

    /** per client, the receive times of the project's changes in the order they came */
    const received = [];
    let notifications = 0;
    for (let index = 0; index < clients; index += 1) {
      const times = [];
      received.push(times);
      const account = listeners[index % listeners.length];
      closers.push(
        await connect(app.url, account.cookie, (name, data, at) => {
          if (name === 'project-change' && data.projectId === project._id) times.push(at);
          else if (name === 'notification' && data.notification.projectId === project._id) notifications += 1;
        }),
      );
    }
    const rssConnected = rssMegabytes(app.child.pid);

    // saveEdp once a second: item 2 added, then renamed
    let edp = (await timedCall(saver, 'loadProject', { id: project._id })).result.project.edp;
    const sentAt = [];
    const answeredAt = [];
    let rssPeak = rssConnected;
    for (let save = 0; save < seconds; save += 1) {
      const tick = performance.now();
      const items = [
        ...edp.items.filter((item) => item.id !== 2),
        { id: 2, parentId: 1, code: `${code}.1`, name: `Sector ${save}` },
      ];
      sentAt.push(performance.now());
      const saved = await timedCall(saver, 'saveEdp', { id: project._id, edp: { version: edp.version, items } });
      answeredAt.push(performance.now());
      edp = saved.result.edp;
      rssPeak = Math.max(rssPeak, rssMegabytes(app.child.pid));
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, 1000 - (performance.now() - tick))));
    }
    // the last events' way
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const fromAnswer = [];
    const fromRequest = [];
    let missing = 0;
    for (const times of received) {
      for (let save = 0; save < seconds; save += 1) {
        const at = times[save];
        if (at === undefined) {
          missing += 1;
          continue;
        }
        fromAnswer.push(Math.max(0, at - answeredAt[save]));
        fromRequest.push(at - sentAt[save]);
      }
    }
    const expectedNotifications = seconds * clients * (people.length / listeners.length);
    const note = `${clients} streams of ${listeners.length} users, ${seconds} saves 1/s; ${fromAnswer.length} events, ${missing} missing`;
    return [
      {
        name: `live stream: saveEdp answer → project-change at each client, p50 (${label})`,
        value: percentile(fromAnswer, 50).toFixed(1),
        unit: 'ms',
        note: `${note}; from the request sent: p50 ${percentile(fromRequest, 50).toFixed(1)} ms`,
      },
      {
        name: `live stream: saveEdp answer → project-change at each client, p99 (${label})`,
        value: percentile(fromAnswer, 99).toFixed(1),
        unit: 'ms',
        note: `from the request sent: p99 ${percentile(fromRequest, 99).toFixed(1)} ms, max ${Math.max(...fromRequest).toFixed(1)} ms`,
      },
      {
        name: `live stream: server RSS with ${clients} streams, peak while saving (${label})`,
        value: rssPeak.toFixed(1),
        unit: 'MB',
        note: `before connecting ${rssIdle.toFixed(1)} MB, connected ${rssConnected.toFixed(1)} MB; notification events ${notifications} of ${expectedNotifications}`,
      },
    ];
  } finally {
    for (const close of closers) close();
    await app.stop();
  }
}

/** The live stream's figures, as rows { name, value, unit, note }. */
export async function measureNotifications({
  clients = Number(process.env.BENCH_NOTIFY_CLIENTS ?? 200),
  seconds = Number(process.env.BENCH_NOTIFY_SECONDS ?? 20),
  databases = (process.env.BENCH_NOTIFY_DATABASES ?? 'sqlite,postgres').split(','),
} = {}) {
  const rows = [];
  if (databases.includes('sqlite')) rows.push(...(await figures('SQLite', {}, { clients, seconds })));
  if (databases.includes('postgres')) {
    const database = await createBenchDatabase();
    try {
      rows.push(...(await figures('PostgreSQL', { DATABASE_URL: database.url }, { clients, seconds })));
    } finally {
      await database.drop();
    }
  }
  return rows;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const rows = await measureNotifications();
  const width = Math.max(...rows.map((row) => row.name.length));
  for (const row of rows) {
    process.stdout.write(
      `${row.name.padEnd(width)}  ${String(row.value).padStart(7)} ${row.unit.padEnd(3)}  ${row.note}\n`,
    );
  }
}
