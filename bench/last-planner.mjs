// Issue 36: the Last Planner's reads on a 10,001-task Gantt (100 groups of 99 leaves; the leaves'
// starts spread over a year around today, those before today done and those across it half done at
// today's cut-off, so the look-ahead holds what a real 4-week window does: the tasks starting in it
// and those under way), 5 companies doing every leaf, and 300 constraints
// on tasks of the window (a third overdue): loadLookAhead (goal ≤ 300 ms on the server), grouped by
// company and by area, loadWeeklyPlan and loadPpc with 200 commitments, on SQLite and on a
// throwaway PostgreSQL database. Times are request → last byte on loopback, median of sequential
// calls. Prints figures, asserts nothing.
//
//   node bench/last-planner.mjs     (npm run build first)
//   import { measureLastPlanner } from './last-planner.mjs'
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchEdp } from './gantt-server.mjs';
import { median, onBothDatabases, timedCall } from './support.mjs';

/** Today in America/Santiago, YYYY-MM-DD (as the server's santiagoToday). */
function santiagoToday() {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Santiago' }).format(new Date());
}
function addDays(date, days) {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + days);
  return next.toISOString().slice(0, 10);
}
/** The Monday of `date`'s week. */
function weekOf(date) {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return addDays(date, -((day + 6) % 7));
}

const COMPANIES = 5;
const CONSTRAINTS = 300;
const COMMITMENTS = 200;
const RUTS = ['76.086.428-5', '11.111.111-1', '22.222.222-2', '33.333.333-3', '44.444.444-4'];

async function lastPlannerFigures(target, label, runs, record) {
  const call = (name, data) => timedCall(target, name, data);
  const today = santiagoToday();
  const week = weekOf(today);
  const year = Number(today.slice(0, 4));
  const { result: saved } = await call('saveProject', {
    project: { name: 'Last Planner grande', code: 'LP-BENCH', startYear: String(year - 1), endYear: String(year + 1) },
  });
  const projectId = saved.project._id;
  const { result: loadedProject } = await call('loadProject', { id: projectId });
  await call('saveEdp', { id: projectId, edp: { items: benchEdp(), version: loadedProject.project.edp.version } });
  const first = await call('loadGantt', { id: projectId });
  let leaf = 0;
  // as the screen sends them back: StartDate is the start no earlier than
  const activities = first.result.activities.map(({ StartNoEarlierThan, ...task }) => {
    if (task.isSummary) return { ...task, StartDate: StartNoEarlierThan };
    leaf += 1;
    return { ...task, StartDate: addDays(week, (leaf % 365) - 120), Duration: 5 + (leaf % 10) };
  });
  const dated = await call('saveGantt', { id: projectId, gantt: { activities }, version: first.result.version });
  // what a project under way has: the tasks before today done, those across it half done, at today's cut-off
  const entries = [];
  for (const task of dated.result.activities) {
    if (task.isSummary || task.StartDate > today) continue;
    const done = task.EndDate < today;
    entries.push({
      TaskID: task.TaskID,
      Progress: done ? 100 : 50,
      ActualStart: task.StartDate,
      ...(done ? { ActualFinish: task.EndDate } : {}),
    });
  }
  await call('saveProgress', { id: projectId, cutoff: today, entries, version: dated.result.version });
  const leaves = dated.result.activities.filter((task) => !task.isSummary);
  const companies = [];
  for (let index = 0; index < COMPANIES; index += 1) {
    const { result } = await call('saveCompany', {
      id: projectId,
      company: { name: `Subcontrato ${index + 1}`, rut: RUTS[index], kind: 'subcontratista' },
    });
    companies.push(result.company.id);
  }
  for (let index = 0; index < COMPANIES; index += 1) {
    const taskIds = leaves.filter((_, position) => position % COMPANIES === index).map((task) => task.TaskID);
    await call('saveTaskCompany', { id: projectId, taskIds, companyId: companies[index] });
  }
  const look = await call('loadLookAhead', { id: projectId, weeks: 4 });
  const inWindow = look.result.groups.flatMap((group) => group.tasks);
  for (let index = 0; index < CONSTRAINTS && index < inWindow.length; index += 1) {
    await call('saveConstraint', {
      id: projectId,
      taskId: inWindow[(index * 7) % inWindow.length].id,
      constraint: {
        type: ['Diseño', 'Materiales', 'Mano de obra', 'Permisos'][index % 4],
        description: `Restricción ${index + 1}`,
        responsible: 'Oficina técnica',
        dueDate: addDays(today, (index % 3) - 1 === 0 ? -2 : 3 + (index % 20)),
      },
    });
  }
  const ready = (await call('loadWeeklyPlan', { id: projectId, week })).result.candidates.filter((task) => task.ready);
  let committed = 0;
  for (const task of ready.slice(0, COMMITMENTS)) {
    const { result } = await call('saveCommitment', {
      id: projectId,
      commitment: { taskId: task.id, week, percent: 20 },
    });
    committed += 1;
    if (committed % 4 === 0) {
      await call('closeCommitment', {
        id: projectId,
        commitmentId: result.commitment.id,
        version: 1,
        outcome: 'no-cumplido',
        cause: ['Materiales', 'Clima', 'Mano de obra'][committed % 3],
      });
    } else if (committed % 4 === 1) {
      await call('closeCommitment', {
        id: projectId,
        commitmentId: result.commitment.id,
        version: 1,
        outcome: 'cumplido',
      });
    }
  }
  const shape = `${dated.result.activities.length} tasks, ${inWindow.length} in a 4-week window, ${CONSTRAINTS} constraints, ${committed} commitments`;

  const timed = async (name, data, goal) => {
    const times = [];
    let last;
    for (let run = 0; run < runs; run += 1) {
      last = await call(name, data);
      times.push(last.ms);
    }
    record(
      `${name} ${JSON.stringify(data).replace(/"id":"[^"]+",?/, '')}, ${shape} (${label})`,
      median(times).toFixed(0),
      'ms',
      `median of ${runs} (min ${Math.min(...times).toFixed(0)}, max ${Math.max(...times).toFixed(0)}); ${(last.bytes / 1024).toFixed(0)} KB JSON${goal ? `; goal ≤ ${goal} ms` : ''}`,
    );
  };
  // the peer: the Gantt the look-ahead reads (an unchanged loadGantt answers from its remembered stamp)
  await timed('loadGantt', { id: projectId });
  await timed('loadLookAhead', { id: projectId, weeks: 4, groupBy: 'company' }, 300);
  await timed('loadLookAhead', { id: projectId, weeks: 6, groupBy: 'area' }, 300);
  await timed('loadWeeklyPlan', { id: projectId, week });
  await timed('loadPpc', { id: projectId });
}

/** The figures on SQLite and PostgreSQL, as rows { name, value, unit, note }. */
export async function measureLastPlanner({ runs = Number(process.env.BENCH_RUNS ?? 7) } = {}) {
  return onBothDatabases('last planner', (target, label, record) => lastPlannerFigures(target, label, runs, record));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const rows = await measureLastPlanner();
  const width = Math.max(...rows.map((row) => row.name.length));
  for (const row of rows) {
    process.stdout.write(
      `${row.name.padEnd(width)}  ${String(row.value).padStart(7)} ${row.unit.padEnd(3)}  ${row.note}\n`,
    );
  }
}
