import { santiagoToday } from '@cimiento/domain';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addCalendarDays, sortUpcoming } from './dashboard-queries';
import { callFunction, createFirstAdmin, createSignedInUser, signIn, signInAdmin } from '../../test/support/factories';
import { addMember } from '../../test/support/members';
import type { TestAccount } from '../../test/support/factories';
import { saveEdcOk } from '../../test/support/edc';
import { asInput, createGanttProject, edcList, loadGanttOk, saveGanttOk, taskByCode } from '../../test/support/gantt';
import { saveProgressOk } from '../../test/support/progress';
import { createTestApp, databaseKinds } from '../../test/support/test-app';
import type { TestApp } from '../../test/support/test-app';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read whatever the wire carries
type Wire = any;

async function loadDashboardOk(t: TestApp, cookie: string): Promise<Wire> {
  const response = await callFunction(t.app, 'loadDashboard', null, cookie);
  expect(response.statusCode, JSON.stringify(response.body).slice(0, 500)).toBe(200);
  return response.body.result;
}

const everyDay = { workingWeekdays: [0, 1, 2, 3, 4, 5, 6], chileHolidays: false, exceptions: [] };

/**
 * Issue 30: the days off the upcoming list is also checked on, with the process's clock faked (Date
 * only): a Saturday, a Sunday and a Chilean holiday (Inmaculada Concepción), at noon in Santiago.
 */
const DAYS_OFF = [
  { name: 'sábado 28-11-2026', date: '2026-11-28' },
  { name: 'domingo 29-11-2026', date: '2026-11-29' },
  { name: 'feriado martes 08-12-2026', date: '2026-12-08' },
];

/**
 * loadDashboard's upcoming list on `today` (the server's, in Santiago): the leaf tasks starting or
 * finishing from today to 13 days later, each event once, sorted. The project's calendar works every
 * day, so the dates are the ones set, whatever weekday today is.
 */
async function checkUpcoming(t: TestApp, cookie: string, today: string): Promise<void> {
  const startYear = addCalendarDays(today, -1).slice(0, 4);
  const { id, code: projectCode } = await createGanttProject(t, cookie, {
    prefix: 'UP',
    startYear,
    endYear: String(Number(startYear) + 2),
  });
  const gantt = await loadGanttOk(t, cookie, id);
  const plan: Record<string, { start: string; duration: number }> = {
    // yesterday only: not listed
    [`${projectCode}.1.2`]: { start: addCalendarDays(today, -1), duration: 1 },
    // started yesterday, finishes today: its finish
    [`${projectCode}.2.1`]: { start: addCalendarDays(today, -1), duration: 2 },
    // the last day of the window: its start and its finish
    [`${projectCode}.2.2`]: { start: addCalendarDays(today, 13), duration: 1 },
    // the day after the window: not listed
    ACT1: { start: addCalendarDays(today, 14), duration: 1 },
    // starts today, finishes after the window: its start; the longest, so the critical one
    ACT2: { start: today, duration: 30 },
  };
  const activities = asInput(gantt.activities).map((task) => {
    const change = plan[task.TaskCode as string];
    return change === undefined ? task : { ...task, StartDate: change.start, Duration: change.duration };
  });
  const saved = await saveGanttOk(t, cookie, id, { activities, calendar: everyDay }, gantt.version);
  const dashboard = await loadDashboardOk(t, cookie);
  const mine = dashboard.upcoming.filter((task: Wire) => task.projectId === id);
  const code = (suffix: string) => `${projectCode}${suffix}`;
  expect(mine.map((task: Wire) => [task.date, task.event, task.code])).toEqual([
    // issue 32: each task by its code unique in the project, as the Gantt names it
    [today, 'start', code('.1.1.ACT2')],
    [today, 'finish', code('.2.1')],
    [addCalendarDays(today, 13), 'start', code('.2.2')],
    [addCalendarDays(today, 13), 'finish', code('.2.2')],
  ]);
  const act2 = taskByCode(saved, 'ACT2');
  expect(mine[0]).toEqual({
    projectId: id,
    projectName: 'Edificio',
    taskId: act2.TaskID,
    code: code('.1.1.ACT2'),
    name: 'Hormigonar',
    start: today,
    finish: addCalendarDays(today, 29),
    event: 'start',
    date: today,
    critical: true,
  });
  expect(mine[1].critical).toBe(false);
}

describe('sortUpcoming', () => {
  const event = (date: string, kind: 'start' | 'finish', projectName: string, code: string) => ({
    projectId: projectName,
    projectName,
    taskId: 1,
    code,
    name: code,
    start: date,
    finish: date,
    event: kind,
    date,
    critical: false,
  });

  it('orders by date, a day’s starts before its finishes, then project and code (numeric-aware); caps the list', () => {
    const sorted = sortUpcoming([
      event('2026-05-02', 'start', 'B', 'X'),
      event('2026-05-01', 'finish', 'A', 'T1'),
      event('2026-05-01', 'start', 'B', 'T10'),
      event('2026-05-01', 'start', 'B', 'T2'),
      event('2026-05-01', 'start', 'A', 'T9'),
    ]);
    expect(sorted.map((item) => `${item.date} ${item.event} ${item.projectName} ${item.code}`)).toEqual([
      '2026-05-01 start A T9',
      '2026-05-01 start B T2',
      '2026-05-01 start B T10',
      '2026-05-01 finish A T1',
      '2026-05-02 start B X',
    ]);
    expect(sortUpcoming([event('2026-05-02', 'start', 'B', 'X'), event('2026-05-01', 'start', 'B', 'Y')], 1)).toEqual([
      event('2026-05-01', 'start', 'B', 'Y'),
    ]);
  });

  it('counts calendar days across months and years', () => {
    expect(addCalendarDays('2026-12-25', 13)).toBe('2027-01-07');
    expect(addCalendarDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addCalendarDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(santiagoToday(new Date('2026-03-01T02:30:00Z'))).toBe('2026-02-28');
  });
});

describe.each(databaseKinds)('loadDashboard (%s)', (kind) => {
  let t: TestApp;
  let admin: TestAccount;
  let member: TestAccount;

  beforeAll(async () => {
    // a database of its own: the dashboard is every project there is
    t = await createTestApp(kind);
    admin = await createFirstAdmin(t);
    member = await createSignedInUser(t, admin.cookie);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers no projects, nothing upcoming, no changes and the catalogue counts on an empty installation', async () => {
    const dashboard = await loadDashboardOk(t, member.cookie);
    expect(dashboard).toEqual({
      projects: [],
      upcoming: [],
      recent: [],
      catalogues: { tiposArea: 0, actividades: 0, sistemas: 0, componentes: 0 },
      message: 'Panel cargado',
    });
  });

  it('refuses a caller who is not signed in', async () => {
    const response = await callFunction(t.app, 'loadDashboard', null);
    expect(response.statusCode).toBe(401);
    expect(response.body.error.status).toBe('UNAUTHENTICATED');
  });

  it("gives each project the Gantt's span, task and critical counts as loadGantt would, without writing the Gantt", async () => {
    const { id, code } = await createGanttProject(t, member.cookie, { prefix: 'DASH' });
    const before = await loadDashboardOk(t, member.cookie);
    // the Gantt was never opened: nothing stored, the dashboard built it in memory
    const stored = await t.db.selectFrom('gantt_task').select('id').where('project_id', '=', id).execute();
    expect(stored).toEqual([]);

    const gantt = await loadGanttOk(t, member.cookie, id);
    const card = before.projects.find((project: Wire) => project.id === id);
    expect(card).toEqual({
      id,
      name: 'Edificio',
      code: expect.stringMatching(/^DASH/),
      mine: true,
      start: gantt.projectStart,
      finish: gantt.projectFinish,
      taskCount: gantt.activities.length,
      criticalCount: gantt.activities.filter((task) => task.critical).length,
      progress: null,
      progressBasis: 'duration',
      overdueConstraints: 0,
    });
    expect(card.taskCount).toBe(11);
    expect(card.criticalCount).toBeGreaterThan(0);
    // another caller sees it too, not as theirs
    const theirs = (await loadDashboardOk(t, admin.cookie)).projects.find((project: Wire) => project.id === id);
    expect(theirs).toEqual({ ...card, mine: false });
    // the catalogue counts follow the catalogue (createGanttProject made one area type)
    expect(before.catalogues).toEqual({ tiposArea: 1, actividades: 0, sistemas: 0, componentes: 0 });

    // an EDC save adds a task: the project's figures are built again, not remembered
    await saveEdcOk(t, member.cookie, id, {
      id: 3,
      componentesEdc: edcList(`${code}.1.1`, ['Excavar', 'Hormigonar', 'Curar']),
      version: 1,
    });
    const after = (await loadDashboardOk(t, member.cookie)).projects.find((project: Wire) => project.id === id);
    expect(after.taskCount).toBe(12);
  });

  it('follows a save of the Gantt and a cut-off: new span, counts and the progress at the latest cut-off', async () => {
    const { id } = await createGanttProject(t, member.cookie, { prefix: 'PROG' });
    const gantt = await loadGanttOk(t, member.cookie, id);
    const first = (await loadDashboardOk(t, member.cookie)).projects.find((project: Wire) => project.id === id);
    expect(first.progress).toBeNull();

    const activities = asInput(gantt.activities).map((task) =>
      task.TaskCode === 'ACT1' ? { ...task, Duration: 40 } : task,
    );
    const saved = await saveGanttOk(t, member.cookie, id, { activities }, gantt.version);
    const second = (await loadDashboardOk(t, member.cookie)).projects.find((project: Wire) => project.id === id);
    expect(second.finish).toBe(saved.projectFinish);
    expect(second.finish).not.toBe(first.finish);
    expect(second.criticalCount).toBe(saved.activities.filter((task) => task.critical).length);

    const act1 = taskByCode(saved, 'ACT1');
    const tracked = await saveProgressOk(t, member.cookie, {
      id,
      cutoff: '2026-01-15',
      entries: [{ TaskID: act1.TaskID, ActualStart: act1.StartDate, Progress: 50 }],
      version: saved.version,
    });
    const cutoff = await t.db
      .selectFrom('gantt_cutoff')
      .select('progress')
      .where('project_id', '=', id)
      .executeTakeFirstOrThrow();
    const third = (await loadDashboardOk(t, member.cookie)).projects.find((project: Wire) => project.id === id);
    expect(third.progress).toBe(Number(cutoff.progress));
    expect(third.progress).toBeGreaterThan(0);
    expect(third.finish).toBe(tracked.projectFinish);
  });

  it('lists the leaf tasks starting or finishing from today (Santiago) to 13 days later, each event once, sorted', async () => {
    await checkUpcoming(t, member.cookie, santiagoToday());
  });

  describe.each(DAYS_OFF)('on $name (issue 30: the clock faked, Date only)', ({ date }) => {
    beforeAll(() => {
      vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
      vi.setSystemTime(new Date(`${date}T15:00:00Z`));
    });
    afterAll(() => {
      vi.useRealTimers();
    });

    it('lists the leaf tasks starting or finishing from that day to 13 days later', async () => {
      expect(santiagoToday()).toBe(date);
      // a session of that day (the administrator's too: it keeps the catalogue the setup writes)
      const cookie = await signIn(t, member.email, member.password);
      await signInAdmin(t, admin);
      await checkUpcoming(t, cookie, date);
    });
  });

  it('lists the 10 newest history entries across projects, with their project names', async () => {
    const first = await createGanttProject(t, member.cookie, { prefix: 'HA' });
    const second = await createGanttProject(t, member.cookie, { prefix: 'HB' });
    await t.db.updateTable('project').set({ name: 'Torre Norte' }).where('_id', '=', second.id).execute();
    for (let index = 1; index <= 12; index += 1) {
      await t.db
        .insertInto('project_history')
        .values({
          project_id: index % 2 === 0 ? second.id : first.id,
          user_id: member.userId,
          user_name: 'Carla Planificadora',
          function_name: 'saveGantt',
          area: 'gantt',
          summary: `Gantt: ${index} tareas cambiadas`,
          detail: '{}',
          created_at: `2026-03-01T10:00:${String(index).padStart(2, '0')}.000Z`,
        })
        .execute();
    }
    const { recent } = await loadDashboardOk(t, member.cookie);
    expect(recent).toHaveLength(10);
    expect(recent.map((entry: Wire) => entry.summary)).toEqual(
      [12, 11, 10, 9, 8, 7, 6, 5, 4, 3].map((index) => `Gantt: ${index} tareas cambiadas`),
    );
    expect(recent[0]).toEqual({
      id: expect.any(Number),
      projectId: second.id,
      projectName: 'Torre Norte',
      userId: member.userId,
      userName: 'Carla Planificadora',
      functionName: 'saveGantt',
      area: 'gantt',
      summary: 'Gantt: 12 tareas cambiadas',
      at: '2026-03-01T10:00:12.000Z',
    });
    expect(recent[1].projectName).toBe('Edificio');

    // issue 36: someone who is not a member sees neither the projects nor their changes; once a
    // member of one, that one (its entries and the addition itself)
    const outsider = await createSignedInUser(t, admin.cookie, { name: 'Iván Externo' });
    const theirs = await loadDashboardOk(t, outsider.cookie);
    expect(theirs.projects.map((project: Wire) => project.id)).not.toContain(first.id);
    expect(theirs.recent.filter((entry: Wire) => [first.id, second.id].includes(entry.projectId))).toEqual([]);
    await addMember(t, member.cookie, second.id, outsider.userId, 'lector');
    const now = await loadDashboardOk(t, outsider.cookie);
    expect(now.projects.map((project: Wire) => project.id)).toEqual([second.id]);
    expect(now.recent[0].summary).toBe('Miembro agregado: Iván Externo (Lector)');
    expect(new Set(now.recent.map((entry: Wire) => entry.projectId))).toEqual(new Set([second.id]));
  });
});
