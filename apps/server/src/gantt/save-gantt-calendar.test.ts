import { GANTT_STALE_MESSAGE } from '@cimiento/domain';
import { chileHolidays } from '@cimiento/domain/holidays';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFirstAdmin, createSignedInUser } from '../../test/support/factories';
import { addMember } from '../../test/support/members';
import type { TestAccount } from '../../test/support/factories';
import {
  asInput,
  createGanttProject,
  loadGanttOk,
  saveGantt,
  saveGanttOk,
  storedGantt,
  taskByCode,
} from '../../test/support/gantt';
import type { WireGantt } from '../../test/support/gantt';
import { editableFields, loadProject, loadProjects, storedProject, updateProject } from '../../test/support/projects';
import { createTestApp, databaseKinds } from '../../test/support/test-app';
import type { TestApp } from '../../test/support/test-app';

/**
 * The project's calendar (issue 14) through saveGantt, loadGantt and updateProject: any working
 * weekdays, Chile's holidays on or off, the project's own exceptions; saved with the Gantt under
 * its version check, and kept in step with the work week 'Editar proyecto' shows.
 */
describe.each(databaseKinds)('the project calendar (%s)', (kind) => {
  let t: TestApp;
  let member: TestAccount;
  let other: TestAccount;

  beforeAll(async () => {
    t = await createTestApp(kind);
    const admin = await createFirstAdmin(t);
    member = await createSignedInUser(t, admin.cookie);
    other = await createSignedInUser(t, admin.cookie);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A project whose Gantt was loaded once (ACT1 = 6, ACT2 = 7: leaves starting 2026-01-02, 5 days). */
  async function loadedProject(): Promise<{ id: string; code: string; gantt: WireGantt }> {
    const project = await createGanttProject(t, member.cookie, { prefix: 'CAL' });
    return { ...project, gantt: await loadGanttOk(t, member.cookie, project.id) };
  }

  function edit(gantt: WireGantt, edits: Record<string, Record<string, unknown>>): Record<string, unknown>[] {
    return asInput(gantt.activities).map((task) => ({ ...task, ...(edits[task.TaskCode as string] ?? {}) }));
  }

  const mondayToFriday = { workingWeekdays: [1, 2, 3, 4, 5], chileHolidays: true, exceptions: [] };

  it('schedules on Sunday–Thursday, stores the calendar as custom and moves the project version on', async () => {
    const { id, gantt } = await loadedProject();
    const projectBefore = await storedProject(t, id);
    const saved = await saveGanttOk(
      t,
      member.cookie,
      id,
      // sent unsorted: stored ascending
      {
        activities: asInput(gantt.activities),
        calendar: { workingWeekdays: [4, 0, 1, 2, 3], chileHolidays: true, exceptions: [] },
      },
      gantt.version,
    );
    // 2026-01-02 is a Friday, not worked: ACT1 starts on Sunday the 4th and runs to Thursday the 8th
    expect(taskByCode(saved, 'ACT1')).toMatchObject({ StartDate: '2026-01-04', EndDate: '2026-01-08' });
    expect(saved.calendar).toMatchObject({
      workWeek: 'custom',
      workingWeekdays: [0, 1, 2, 3, 4],
      chileHolidays: true,
      exceptions: [],
    });
    expect(saved.calendar.holidays).toContain('2026-09-18');

    const stored = await storedGantt(t, id);
    expect(stored.workWeek).toBe('custom');
    expect(stored.calendar).toEqual({ workingWeekdays: [0, 1, 2, 3, 4], chileHolidays: true, exceptions: [] });
    // the calendar is a project option: 'Editar proyecto' sees it as 'custom' on the next version
    expect((await storedProject(t, id))?.version).toBe((projectBefore?.version ?? 0) + 1);
    expect((await loadProject(t, member.cookie, id)).workWeek).toBe('custom');
    expect((await loadProjects(t, member.cookie)).find((row) => row._id === id)?.workWeek).toBe('custom');

    const loaded = await loadGanttOk(t, member.cookie, id);
    expect(loaded).toEqual({ ...saved, message: loaded.message });
  });

  it("with Chile's holidays off, a task over 18 September finishes earlier and the holiday list is empty", async () => {
    const { id, gantt } = await loadedProject();
    // Monday 14 September 2026, 10 days: with the holidays (Friday 18 off) it ends Monday the 28th
    const activities = edit(gantt, { ACT1: { StartDate: '2026-09-14', Duration: 10 } });
    const on = await saveGanttOk(t, member.cookie, id, { activities, calendar: mondayToFriday }, gantt.version);
    expect(taskByCode(on, 'ACT1')).toMatchObject({ StartDate: '2026-09-14', EndDate: '2026-09-28' });
    // the default calendar sent whole changes nothing of the project's
    expect((await storedGantt(t, id)).calendar).toBeNull();

    const off = await saveGanttOk(
      t,
      member.cookie,
      id,
      { activities, calendar: { ...mondayToFriday, chileHolidays: false } },
      on.version,
    );
    expect(taskByCode(off, 'ACT1')).toMatchObject({ StartDate: '2026-09-14', EndDate: '2026-09-25' });
    expect(off.calendar).toMatchObject({ workWeek: 'mon-fri', chileHolidays: false, holidays: [] });
    expect((await storedGantt(t, id)).workWeek).toBe('mon-fri');
    expect((await loadGanttOk(t, member.cookie, id)).calendar).toEqual(off.calendar);
  });

  it('a non-working exception and an extra working Saturday move the dates, and keep their names', async () => {
    const { id, gantt } = await loadedProject();
    // Monday 5 January 2026, 5 days: Monday–Friday 5…9; without Wednesday the 7th and with Saturday the 10th, 5…10
    const activities = edit(gantt, { ACT1: { StartDate: '2026-01-05' } });
    const calendar = {
      ...mondayToFriday,
      exceptions: [
        { date: '2026-01-10', name: 'Sábado recuperado', working: true },
        { date: '2026-01-07', name: 'Paralización de faena', working: false },
      ],
    };
    const saved = await saveGanttOk(t, member.cookie, id, { activities, calendar }, gantt.version);
    expect(taskByCode(saved, 'ACT1')).toMatchObject({ StartDate: '2026-01-05', EndDate: '2026-01-10', Duration: 5 });
    // ascending by date
    expect(saved.calendar.exceptions).toEqual([
      { date: '2026-01-07', name: 'Paralización de faena', working: false },
      { date: '2026-01-10', name: 'Sábado recuperado', working: true },
    ]);
    // the weekdays are still a preset
    expect(saved.calendar.workWeek).toBe('mon-fri');
    expect((await loadGanttOk(t, member.cookie, id)).calendar).toEqual(saved.calendar);

    // an exception on a Chilean holiday decides it: 18 September worked
    const worked = await saveGanttOk(
      t,
      member.cookie,
      id,
      {
        activities: edit(saved, { ACT1: { StartDate: '2026-09-14', Duration: 10 } }),
        calendar: {
          ...mondayToFriday,
          exceptions: [{ date: '2026-09-18', name: 'Faena en Fiestas Patrias', working: true }],
        },
      },
      saved.version,
    );
    expect(taskByCode(worked, 'ACT1').EndDate).toBe('2026-09-25');
    // the holiday stays in Chile's list: the exception is what overrides it
    expect(worked.calendar.holidays).toContain('2026-09-18');
  });

  it("workWeek alone sets the weekdays' preset and keeps Chile's holidays option and the exceptions", async () => {
    const { id, gantt } = await loadedProject();
    const exceptions = [{ date: '2026-01-07', name: 'Paralización de faena', working: false }];
    const first = await saveGanttOk(
      t,
      member.cookie,
      id,
      {
        activities: asInput(gantt.activities),
        calendar: { workingWeekdays: [1, 2, 3, 4], chileHolidays: false, exceptions },
      },
      gantt.version,
    );
    expect(first.calendar.workWeek).toBe('custom');
    const second = await saveGanttOk(
      t,
      member.cookie,
      id,
      { activities: asInput(first.activities), workWeek: 'mon-sat' },
      first.version,
    );
    expect(second.calendar).toMatchObject({
      workWeek: 'mon-sat',
      workingWeekdays: [1, 2, 3, 4, 5, 6],
      chileHolidays: false,
      exceptions,
      holidays: [],
    });
    expect(await storedGantt(t, id)).toMatchObject({
      workWeek: 'mon-sat',
      calendar: { workingWeekdays: [1, 2, 3, 4, 5, 6], chileHolidays: false, exceptions },
    });
    // both sent: the calendar wins
    const third = await saveGanttOk(
      t,
      member.cookie,
      id,
      { activities: asInput(second.activities), workWeek: 'mon-sat', calendar: mondayToFriday },
      second.version,
    );
    expect(third.calendar).toMatchObject({ workWeek: 'mon-fri', chileHolidays: true, exceptions: [] });
  });

  it('a save without a calendar keeps the stored one and does not move the project version', async () => {
    const { id, gantt } = await loadedProject();
    const calendar = { workingWeekdays: [1, 2, 3, 4, 5, 6], chileHolidays: false, exceptions: [] };
    const first = await saveGanttOk(
      t,
      member.cookie,
      id,
      { activities: asInput(gantt.activities), calendar },
      gantt.version,
    );
    const projectVersion = (await storedProject(t, id))?.version;
    const second = await saveGanttOk(
      t,
      member.cookie,
      id,
      { activities: edit(first, { ACT1: { Duration: 2 } }) },
      first.version,
    );
    expect(second.calendar).toMatchObject({ ...calendar, workWeek: 'mon-sat' });
    expect((await storedProject(t, id))?.version).toBe(projectVersion);
  });

  describe('refusals write nothing', () => {
    async function expectRefused(
      project: { id: string; gantt: WireGantt },
      calendar: unknown,
      status: string,
      message: string,
      version = project.gantt.version,
    ) {
      const before = await storedGantt(t, project.id);
      const projectBefore = await storedProject(t, project.id);
      const response = await saveGantt(
        t,
        member.cookie,
        project.id,
        { activities: edit(project.gantt, { ACT1: { Duration: 9 } }), calendar },
        version,
      );
      expect(response.body.error, JSON.stringify(response.body).slice(0, 500)).toEqual({ status, message });
      expect(await storedGantt(t, project.id)).toEqual(before);
      expect(await storedProject(t, project.id)).toEqual(projectBefore);
      return response;
    }

    it('refuses a stale save with its calendar (ABORTED) and keeps the first client’s calendar', async () => {
      const project = await loadedProject();
      // issue 36: a second Planificador of the project
      await addMember(t, member.cookie, project.id, other.userId);
      const second = await loadGanttOk(t, other.cookie, project.id);
      await saveGanttOk(
        t,
        member.cookie,
        project.id,
        { activities: asInput(project.gantt.activities), calendar: { ...mondayToFriday, chileHolidays: false } },
        project.gantt.version,
      );
      const response = await expectRefused(
        { id: project.id, gantt: second },
        { workingWeekdays: [0, 1, 2, 3, 4], chileHolidays: true, exceptions: [] },
        'ABORTED',
        GANTT_STALE_MESSAGE,
      );
      expect(response.statusCode).toBe(409);
      expect((await loadGanttOk(t, other.cookie, project.id)).calendar).toMatchObject({
        workingWeekdays: [1, 2, 3, 4, 5],
        chileHolidays: false,
      });
    });

    it.each([
      [
        'no working weekday',
        { workingWeekdays: [], chileHolidays: true, exceptions: [] },
        'gantt.calendar.workingWeekdays: debe tener al menos un día hábil',
      ],
      [
        'a weekday out of 0–6',
        { workingWeekdays: [1, 7], chileHolidays: true, exceptions: [] },
        'gantt.calendar.workingWeekdays.1: debe ser un día de la semana (0 = domingo … 6 = sábado)',
      ],
      [
        'a repeated weekday',
        { workingWeekdays: [1, 1, 2], chileHolidays: true, exceptions: [] },
        'gantt.calendar.workingWeekdays: tiene días repetidos',
      ],
      [
        'a repeated exception date',
        {
          workingWeekdays: [1, 2, 3, 4, 5],
          chileHolidays: true,
          exceptions: [
            { date: '2026-03-02', name: 'Paro', working: false },
            { date: '2026-03-02', name: 'Otra', working: true },
          ],
        },
        'gantt.calendar.exceptions.1.date: la fecha 2026-03-02 está repetida',
      ],
      [
        'a date that does not exist',
        { workingWeekdays: [1, 2, 3, 4, 5], chileHolidays: true, exceptions: [{ date: '2026-02-30', working: false }] },
        'gantt.calendar.exceptions.0.date: debe ser una fecha válida (AAAA-MM-DD)',
      ],
      [
        'no Chile holidays option',
        { workingWeekdays: [1, 2, 3, 4, 5], exceptions: [] },
        'gantt.calendar.chileHolidays: debe ser verdadero o falso',
      ],
    ])('refuses %s in Spanish (INVALID_ARGUMENT)', async (_label, calendar, message) => {
      const project = await loadedProject();
      const response = await expectRefused(project, calendar, 'INVALID_ARGUMENT', message);
      expect(response.statusCode).toBe(400);
    });
  });

  describe("'Editar proyecto' and the calendar", () => {
    it("a preset change replaces the weekdays and keeps the exceptions and Chile's holidays option; 'custom' keeps the weekdays", async () => {
      const { id, gantt } = await loadedProject();
      const exceptions = [{ date: '2026-01-07', name: 'Paralización de faena', working: false }];
      const saved = await saveGanttOk(
        t,
        member.cookie,
        id,
        {
          activities: asInput(gantt.activities),
          calendar: { workingWeekdays: [0, 1, 2, 3, 4], chileHolidays: false, exceptions },
        },
        gantt.version,
      );
      const project = await loadProject(t, member.cookie, id);
      expect(project.workWeek).toBe('custom');

      // 'custom' sent back as it came: the weekdays stay, the Gantt's version does not move
      const kept = await updateProject(
        t,
        member.cookie,
        id,
        { ...editableFields(project), name: 'Otro nombre' },
        project.version,
      );
      expect(kept.statusCode, JSON.stringify(kept.body)).toBe(200);
      expect(kept.body.result.project.workWeek).toBe('custom');
      expect((await storedGantt(t, id)).version).toBe(saved.version);
      expect((await storedGantt(t, id)).calendar).toEqual({
        workingWeekdays: [0, 1, 2, 3, 4],
        chileHolidays: false,
        exceptions,
      });

      const changed = await updateProject(
        t,
        member.cookie,
        id,
        { ...editableFields(project), workWeek: 'mon-sat' },
        kept.body.result.project.version,
      );
      expect(changed.statusCode, JSON.stringify(changed.body)).toBe(200);
      expect(changed.body.result.project.workWeek).toBe('mon-sat');
      const stored = await storedGantt(t, id);
      expect(stored.workWeek).toBe('mon-sat');
      expect(stored.calendar).toEqual({ workingWeekdays: [1, 2, 3, 4, 5, 6], chileHolidays: false, exceptions });
      // the Gantt's calendar changed: an open Gantt is stale, a reload schedules on the new weekdays
      expect(stored.version).toBe(saved.version + 1);
      const reloaded = await loadGanttOk(t, member.cookie, id);
      expect(reloaded.calendar).toMatchObject({ workWeek: 'mon-sat', chileHolidays: false, exceptions, holidays: [] });
      // ACT1 from Friday 2 January, 5 days, Wednesday the 7th off: 2, 3 (Saturday), 5, 6, 8
      expect(taskByCode(reloaded, 'ACT1')).toMatchObject({ StartDate: '2026-01-02', EndDate: '2026-01-08' });
    });

    it("a project made by the wizard keeps the default calendar: Monday–Friday with Chile's holidays", async () => {
      const { id } = await createGanttProject(t, member.cookie, { prefix: 'DEF' });
      expect((await storedProject(t, id))?.gantt_calendar).toBeNull();
      const gantt = await loadGanttOk(t, member.cookie, id);
      const holidays: string[] = [];
      for (let year = 2026; year <= 2032; year += 1) holidays.push(...chileHolidays(year));
      expect(gantt.calendar).toEqual({
        workWeek: 'mon-fri',
        firstYear: 2026,
        holidays,
        workingWeekdays: [1, 2, 3, 4, 5],
        chileHolidays: true,
        exceptions: [],
      });
    });
  });
});
