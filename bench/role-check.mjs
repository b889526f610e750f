// Issue 36: what the role check costs a call. Every project function now reads the caller's row of
// `project_member` (by its primary key) before it runs (apps/server/src/members/project-access.ts,
// checkFunctionAccess). This measures that check alone, in this process, on the app's own SQLite and
// PostgreSQL databases (seeded through the app: 200 projects, a member on each): the CPU this
// process spends per check (process.cpuUsage: the driver's and Kysely's work, not the database
// server's) and the wall time: the check as calls make it (the role remembered for a second), the
// read itself (once a second per user and project), and an administrator's (no read: the floor).
// The goal: ≤ 0.1 ms of CPU per call. Prints figures; asserts nothing.
//
//   node bench/role-check.mjs
//   import { measureRoleCheck } from './role-check.mjs'   rows { name, value, unit, note }
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import { addMember, median, onBothDatabases, timedCall } from './support.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const PROJECTS = 200;
const CALLS = 3000;
const ROUNDS = 5;

/** CPU µs and wall µs per call of `run`, the medians of ROUNDS rounds of CALLS calls. */
async function perCall(run) {
  const cpu = [];
  const wall = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const cpuStart = process.cpuUsage();
    const start = process.hrtime.bigint();
    for (let call = 0; call < CALLS; call += 1) await run(call);
    const spent = process.cpuUsage(cpuStart);
    wall.push(Number(process.hrtime.bigint() - start) / 1000 / CALLS);
    cpu.push((spent.user + spent.system) / CALLS);
  }
  return { cpu: median(cpu), wall: median(wall) };
}

async function figures(target, label, record) {
  const module = (file) => tsImport(pathToFileURL(path.join(here, '..', file)).href, import.meta.url);
  const { checkFunctionAccess, memberRole } = await module('apps/server/src/members/project-access.ts');
  const { openDatabase } = await module('apps/server/src/db/database.ts');
  const { result: created } = await timedCall(target, 'saveUser', {
    user: { name: 'Rosa Terreno', email: 'rosa.terreno@empresa.cl', password: 'clave-de-bench-1', admin: false },
  });
  const ids = [];
  for (let index = 0; index < PROJECTS; index += 1) {
    const { result } = await timedCall(target, 'saveProject', {
      project: { name: `Obra ${index + 1}`, code: `RC-${index + 1}` },
    });
    ids.push(result.project._id);
    await addMember(target, result.project._id, created.user.id, 'terreno');
  }
  const database = openDatabase(
    target.database.kind === 'sqlite'
      ? { databaseUrl: undefined, dataDir: target.database.dataDir }
      : { databaseUrl: target.database.url, dataDir: '' },
  );
  try {
    const access = { kind: 'project', field: 'id', need: 'progress' };
    const member = { userId: created.user.id, email: '', name: 'Rosa Terreno', isAdmin: false };
    const admin = { ...member, isAdmin: true };
    const check = (caller) => (call) => checkFunctionAccess(database.db, access, { id: ids[call % PROJECTS] }, caller);
    const read = () => (call) => memberRole(database.db, ids[call % PROJECTS], member.userId);
    await perCall(read());
    const floor = await perCall(check(admin));
    const fresh = await perCall(read());
    const remembered = await perCall(check(member));
    record(
      `role check per call, a member (${label})`,
      (remembered.cpu / 1000).toFixed(3),
      'ms',
      `CPU of this process per check, the role remembered (ROLE_CACHE_TTL_MS, 1 s); wall ${(remembered.wall / 1000).toFixed(3)} ms; ` +
        `an administrator's (no read): ${(floor.cpu / 1000).toFixed(4)} ms; goal ≤ 0.1 ms; ${CALLS} calls × ${ROUNDS}, medians`,
    );
    record(
      `role read, project_member by key (${label})`,
      (fresh.cpu / 1000).toFixed(3),
      'ms',
      `CPU of this process per read (once a second per user and project, and after a change); wall ${(fresh.wall / 1000).toFixed(3)} ms`,
    );
  } finally {
    await database.close();
  }
}

export async function measureRoleCheck() {
  return onBothDatabases('role check', figures);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  for (const row of await measureRoleCheck()) {
    console.log(`${row.name.padEnd(44)} ${`${row.value} ${row.unit}`.padEnd(10)} ${row.note}`);
  }
}
