import { GANTT_STALE_MESSAGE } from '@cimiento/domain';
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
  watchGanttWrites,
} from '../../test/support/gantt';
import type { WireGantt } from '../../test/support/gantt';
import { createTestApp, databaseKinds } from '../../test/support/test-app';
import type { TestApp } from '../../test/support/test-app';

const UNKNOWN_ID = '01890000-0000-7000-8000-000000000000';

describe.each(databaseKinds)('saveGantt (%s)', (kind) => {
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

  /** A project whose Gantt was loaded once (built: tasks 1–11, ACT1 = 6, ACT2 = 7, P.1.2 = 8, P.2.1 = 10, P.2.2 = 11). */
  async function loadedProject(): Promise<{ id: string; code: string; gantt: WireGantt }> {
    const project = await createGanttProject(t, member.cookie);
    return { ...project, gantt: await loadGanttOk(t, member.cookie, project.id) };
  }

  /** The loaded activities with the changes of `edits` (by TaskCode). */
  function edit(gantt: WireGantt, edits: Record<string, Record<string, unknown>>): Record<string, unknown>[] {
    return asInput(gantt.activities).map((task) => ({ ...task, ...(edits[task.TaskCode as string] ?? {}) }));
  }

  describe('round trip', () => {
    it('stores the edits, answers the recomputed schedule and loads it back the same, with the Predecessor texts', async () => {
      const { id, code, gantt } = await loadedProject();
      const activities = edit(gantt, {
        // progress is recorded at a cut-off (issue 15: save-progress.test.ts), not here
        ACT1: { StartDate: '2026-01-05' },
        ACT2: { Predecessor: ' 6fs+2 ' },
        [`${code}.1.2`]: { Predecessor: '7SS-1, 6FF' },
        // indent: P.2.2 under P.2.1
        [`${code}.2.2`]: { ParentId: 10 },
      });
      activities.push({
        TaskID: 12,
        TaskCode: 'H1',
        TaskName: 'Recepción',
        StartDate: '2026-01-02',
        Duration: 0,
        ParentId: 1,
        Predecessor: '7',
      });

      const response = await saveGantt(t, member.cookie, id, { activities }, gantt.version);
      expect(response.statusCode, JSON.stringify(response.body).slice(0, 500)).toBe(200);
      const saved: WireGantt = response.body.result;
      expect(saved.message).toBe('Gantt grabado: 12 tareas');
      expect(saved.version).toBe(gantt.version + 1);

      // ACT1 2026-01-05…09; ACT2 FS+2 → 2026-01-14…20; P.1.2: SS−1 from ACT2 → 2026-01-13 (FF from
      // ACT1 asks less) …19; the milestone after ACT2 sits on ACT2's finish day, 2026-01-20 (MS Project's
      // milestone rule, issue 14)
      expect(taskByCode(saved, 'ACT1')).toMatchObject({
        StartDate: '2026-01-05',
        EndDate: '2026-01-09',
        Progress: 0,
        critical: true,
      });
      expect(taskByCode(saved, 'ACT2')).toMatchObject({
        StartDate: '2026-01-14',
        EndDate: '2026-01-20',
        Predecessor: '6FS+2',
        critical: true,
      });
      expect(taskByCode(saved, `${code}.1.2`)).toMatchObject({
        StartDate: '2026-01-13',
        EndDate: '2026-01-19',
        Predecessor: '6FF,7SS-1',
      });
      expect(taskByCode(saved, 'H1')).toMatchObject({
        StartDate: '2026-01-20',
        EndDate: '2026-01-20',
        Duration: 0,
        ParentId: 1,
        // the canonical text names the type
        Predecessor: '7FS',
        isSummary: false,
      });
      expect(taskByCode(saved, 'H1').sourceKey).toBeUndefined();
      expect(taskByCode(saved, `${code}.2.1`)).toMatchObject({ isSummary: true });
      expect(taskByCode(saved, `${code}.2.2`)).toMatchObject({ ParentId: 10, critical: false });
      expect(taskByCode(saved, `${code}.2.2`).totalFloat).toBeGreaterThan(0);

      const loaded = await loadGanttOk(t, member.cookie, id);
      expect(loaded).toEqual({ ...saved, message: 'Gantt cargado: 12 tareas' });

      // stored: each leaf's own start (a "no earlier than": ACT2 keeps the one it was sent, the link
      // puts it later), ACT1's moved one, source keys kept (none for the user's task), links, list order
      const stored = await storedGantt(t, id);
      expect(stored.version).toBe(saved.version);
      expect(stored.tasks.find((task) => task.id === 7)).toMatchObject({
        sourceKey: 'edc:3:act2',
        start: '2026-01-02',
        duration: 5,
      });
      expect(stored.tasks.find((task) => task.id === 6)?.start).toBe('2026-01-05');
      expect(taskByCode(saved, 'ACT2').StartNoEarlierThan).toBe('2026-01-02');
      expect(taskByCode(saved, 'ACT1').StartNoEarlierThan).toBe('2026-01-05');
      expect(stored.tasks.find((task) => task.id === 6)?.progress).toBe(0);
      expect(stored.tasks.at(-1)).toMatchObject({ id: 12, sourceKey: null, parentId: 1, duration: 0, position: 11 });
      expect(stored.links).toEqual([
        { from: 6, to: 7, type: 'FS', lag: 2 },
        { from: 6, to: 8, type: 'FF', lag: 0 },
        { from: 7, to: 8, type: 'SS', lag: -1 },
        { from: 7, to: 12, type: 'FS', lag: 0 },
      ]);

      // saving what was loaded changes nothing but the version
      const again = await saveGanttOk(t, member.cookie, id, { activities: asInput(loaded.activities) }, loaded.version);
      expect(again).toEqual({ ...loaded, version: loaded.version + 1, message: 'Gantt grabado: 12 tareas' });
    });

    it('stores each save as a difference: changed links, links of a deleted task, links into a new task', async () => {
      const { id, code, gantt } = await loadedProject();
      const first = await saveGanttOk(
        t,
        member.cookie,
        id,
        {
          activities: edit(gantt, {
            ACT2: { Predecessor: '6FS+2' },
            [`${code}.1.2`]: { Predecessor: '7SS' },
            [`${code}.2.1`]: { Predecessor: '8' },
          }),
        },
        gantt.version,
      );
      expect((await storedGantt(t, id)).links).toEqual([
        { from: 6, to: 7, type: 'FS', lag: 2 },
        { from: 7, to: 8, type: 'SS', lag: 0 },
        { from: 8, to: 10, type: 'FS', lag: 0 },
      ]);

      // P.1.2 (8) deleted with its links (the screen drops them from P.2.1), ACT2's link changed, a
      // new task 12 after ACT2, P.2.2 after 12
      const activities = edit(first, {
        ACT2: { Predecessor: '6SS-1' },
        [`${code}.2.1`]: { Predecessor: '' },
        [`${code}.2.2`]: { Predecessor: '12FF' },
      }).filter((task) => task.TaskID !== 8);
      activities.push({
        TaskID: 12,
        TaskCode: 'N',
        TaskName: 'Nueva',
        StartDate: '2026-01-02',
        Duration: 2,
        Predecessor: '7',
      });
      const second = await saveGanttOk(t, member.cookie, id, { activities }, first.version);
      const stored = await storedGantt(t, id);
      expect(stored.links).toEqual([
        { from: 6, to: 7, type: 'SS', lag: -1 },
        { from: 12, to: 11, type: 'FF', lag: 0 },
        { from: 7, to: 12, type: 'FS', lag: 0 },
      ]);
      expect(stored.tasks.map((task) => [task.id, task.position])).toEqual(
        second.activities.map((task, position) => [task.TaskID, position]),
      );
      expect(taskByCode(second, `${code}.2.1`).Predecessor).toBe('');
      expect(await loadGanttOk(t, member.cookie, id)).toEqual({ ...second, message: 'Gantt cargado: 11 tareas' });

      // every link removed
      const third = await saveGanttOk(
        t,
        member.cookie,
        id,
        { activities: asInput(second.activities).map((task) => ({ ...task, Predecessor: '' })) },
        second.version,
      );
      expect(third.activities.every((task) => task.Predecessor === '')).toBe(true);
      expect((await storedGantt(t, id)).links).toEqual([]);
    });

    it('writes only the rows a save changes: one task for one edit that moves nothing else', async () => {
      const { id, code, gantt } = await loadedProject();
      const watch = await watchGanttWrites(t, kind);
      try {
        // P.2.2 shorter: P.2 still ends with P.2.1, so nothing else moves
        const first = await saveGanttOk(
          t,
          member.cookie,
          id,
          { activities: edit(gantt, { [`${code}.2.2`]: { Duration: 3 } }) },
          gantt.version,
        );
        expect(await watch.read(id)).toEqual([{ table: 'gantt_task', id: 11, op: 'update' }]);
        await watch.clear();

        // ACT2 after ACT1: ACT2 moves (its stored start, a "no earlier than", stays), its summaries
        // up to the root get longer, one link is added
        await saveGanttOk(
          t,
          member.cookie,
          id,
          { activities: edit(first, { ACT2: { Predecessor: '6' } }) },
          first.version,
        );
        expect(await watch.read(id)).toEqual([
          { table: 'gantt_link', id: 7, op: 'insert' },
          ...[1, 2, 3, 4, 5].map((task) => ({ table: 'gantt_task', id: task, op: 'update' })),
        ]);
        await watch.clear();

        // saving what was loaded writes no task or link
        const loaded = await loadGanttOk(t, member.cookie, id);
        await saveGanttOk(t, member.cookie, id, { activities: asInput(loaded.activities) }, loaded.version);
        expect(await watch.read(id)).toEqual([]);
      } finally {
        await watch.drop();
      }
    });

    it('schedules on Monday–Saturday when asked, keeps the option and changes the dates', async () => {
      const { id, gantt } = await loadedProject();
      expect(taskByCode(gantt, 'ACT1')).toMatchObject({ StartDate: '2026-01-02', EndDate: '2026-01-08' });
      const saved = await saveGanttOk(
        t,
        member.cookie,
        id,
        { activities: asInput(gantt.activities), workWeek: 'mon-sat' },
        gantt.version,
      );
      // Friday 2, Saturday 3, Monday 5, 6, 7
      expect(taskByCode(saved, 'ACT1')).toMatchObject({ StartDate: '2026-01-02', EndDate: '2026-01-07' });
      expect(saved.calendar.workWeek).toBe('mon-sat');
      expect((await storedGantt(t, id)).workWeek).toBe('mon-sat');
      const loaded = await loadGanttOk(t, member.cookie, id);
      expect(taskByCode(loaded, 'ACT1').EndDate).toBe('2026-01-07');
      expect(loaded.calendar.workWeek).toBe('mon-sat');

      // a save without the option keeps it; back to Monday–Friday when asked
      const kept = await saveGanttOk(t, member.cookie, id, { activities: asInput(loaded.activities) }, loaded.version);
      expect(kept.calendar.workWeek).toBe('mon-sat');
      const back = await saveGanttOk(
        t,
        member.cookie,
        id,
        { activities: asInput(kept.activities), workWeek: 'mon-fri' },
        kept.version,
      );
      expect(taskByCode(back, 'ACT1').EndDate).toBe('2026-01-08');
      expect((await storedGantt(t, id)).workWeek).toBe('mon-fri');
    });

    it('remembers a built task left out of the save, so the next load does not build it again', async () => {
      const { id, gantt } = await loadedProject();
      // the subcomponent M.1 and its two activities deleted in the Gantt
      const activities = asInput(gantt.activities).filter((task) => ![5, 6, 7].includes(task.TaskID as number));
      const saved = await saveGanttOk(t, member.cookie, id, { activities }, gantt.version);
      expect(saved.activities).toHaveLength(8);
      expect((await storedGantt(t, id)).removed).toEqual(['edc:3:act1', 'edc:3:act2', 'edc:3:m.1']);
      const loaded = await loadGanttOk(t, member.cookie, id);
      expect(loaded.activities.map((task) => task.TaskID)).toEqual([1, 2, 3, 4, 8, 9, 10, 11]);
      expect(loaded.version).toBe(saved.version);
    });
  });

  describe('refusals write nothing', () => {
    async function expectRefused(
      activities: Record<string, unknown>[],
      status: string,
      message: string | RegExp,
      project?: { id: string; gantt: WireGantt },
    ) {
      const { id, gantt } = project ?? (await loadedProject());
      const before = await storedGantt(t, id);
      const response = await saveGantt(t, member.cookie, id, { activities }, gantt.version);
      expect(response.body.error?.status, JSON.stringify(response.body).slice(0, 500)).toBe(status);
      if (typeof message === 'string') expect(response.body.error.message).toBe(message);
      else expect(response.body.error.message).toMatch(message);
      expect(await storedGantt(t, id)).toEqual(before);
      return response;
    }

    it('refuses two tasks with the same TaskID', async () => {
      const project = await loadedProject();
      const activities = asInput(project.gantt.activities);
      activities.push({ ...activities[6], TaskCode: 'X', TaskName: 'Copia' });
      const response = await expectRefused(
        activities,
        'INVALID_ARGUMENT',
        'Tarea X (7): el TaskID 7 ya lo usa la tarea ACT2',
        project,
      );
      expect(response.statusCode).toBe(400);
    });

    it('refuses a ParentId that is not a task of the list, or the task itself', async () => {
      const project = await loadedProject();
      await expectRefused(
        edit(project.gantt, { ACT1: { ParentId: 99 } }),
        'INVALID_ARGUMENT',
        'Tarea ACT1 (6): su tarea resumen 99 no está en el Gantt',
        project,
      );
      await expectRefused(
        edit(project.gantt, { ACT1: { ParentId: 6 } }),
        'INVALID_ARGUMENT',
        'Tarea ACT1 (6): no puede ser su propia tarea resumen',
        project,
      );
    });

    it('refuses a parent chain that loops', async () => {
      const project = await loadedProject();
      const c = project.code;
      await expectRefused(
        edit(project.gantt, { [`${c}.1`]: { ParentId: 3 } }),
        'INVALID_ARGUMENT',
        `Tarea ${c}.1 (2): las tareas resumen forman un ciclo: ${c}.1 (2) → ${c}.1.1 (3) → ${c}.1 (2)`,
        project,
      );
    });

    it('refuses a malformed Predecessor naming the task, and a predecessor given twice', async () => {
      const project = await loadedProject();
      await expectRefused(
        edit(project.gantt, { ACT2: { Predecessor: '6XX' } }),
        'INVALID_ARGUMENT',
        'Tarea ACT2 (7): Predecessor: «6XX» no es un predecesor válido (ejemplos: 12, 12FS+2, 15SS, 20FF-1)',
        project,
      );
      await expectRefused(
        edit(project.gantt, { ACT2: { Predecessor: '6,6SS' } }),
        'INVALID_ARGUMENT',
        'Tarea ACT2 (7): Predecessor: la tarea 6 aparece dos veces',
        project,
      );
    });

    it('refuses a predecessor that is not a task of the list, or the task itself', async () => {
      const project = await loadedProject();
      await expectRefused(
        edit(project.gantt, { ACT2: { Predecessor: '6,99FS+1' } }),
        'INVALID_ARGUMENT',
        'Tarea ACT2 (7): Predecessor: la tarea 99 no está en el Gantt',
        project,
      );
      await expectRefused(
        edit(project.gantt, { ACT2: { Predecessor: '7' } }),
        'INVALID_ARGUMENT',
        'Tarea ACT2 (7): no puede ser su propio predecesor',
        project,
      );
    });

    it('refuses a cycle in the links, naming the tasks', async () => {
      const project = await loadedProject();
      const response = await expectRefused(
        edit(project.gantt, { ACT1: { Predecessor: '7' }, ACT2: { Predecessor: '6SS+1' } }),
        'INVALID_ARGUMENT',
        /^Los vínculos forman un ciclo entre las tareas: /,
        project,
      );
      expect(response.body.error.message).toContain('ACT1 Excavar (6)');
      expect(response.body.error.message).toContain('ACT2 Hormigonar (7)');
      // a link from a summary into its own task is a cycle too
      const throughSummary = await expectRefused(
        edit(project.gantt, { ACT1: { Predecessor: '5' } }),
        'INVALID_ARGUMENT',
        /^Los vínculos forman un ciclo entre las tareas: /,
        project,
      );
      expect(throughSummary.body.error.message).toContain('M.1 Zapatas (5)');
    });

    it.each([
      ['a date that does not exist', { StartDate: '2026-02-30' }, 'StartDate: debe ser una fecha válida (AAAA-MM-DD)'],
      ['a fractional duration', { Duration: 1.5 }, 'Duration: debe ser un número entero de días hábiles'],
      ['a negative duration', { Duration: -1 }, 'Duration: debe ser 0 o más'],
      ['a duration over 10,000', { Duration: 10_001 }, 'Duration: debe ser como máximo 10000'],
      ['progress over 100', { Progress: 100.5 }, 'Progress: debe ser como máximo 100'],
      ['negative progress', { Progress: -1 }, 'Progress: debe ser 0 o más'],
      ['an empty name', { TaskName: '  ' }, 'TaskName: es obligatorio'],
    ])('refuses %s', async (_label, change, message) => {
      const project = await loadedProject();
      await expectRefused(
        edit(project.gantt, { ACT1: change }),
        'INVALID_ARGUMENT',
        `gantt.activities.5.${message}`,
        project,
      );
    });

    it('refuses a StartDate 100 years or more past the start year (the calendar would take minutes to build)', async () => {
      const project = await loadedProject();
      for (const StartDate of ['2126-01-05', '9999-12-31']) {
        await expectRefused(
          edit(project.gantt, { ACT1: { StartDate } }),
          'INVALID_ARGUMENT',
          'Tarea ACT1 (6): StartDate: debe ser anterior al 01-01-2126',
          project,
        );
      }
    });

    it('refuses a schedule that would end 100 years past the start year', async () => {
      const project = await loadedProject();
      await expectRefused(
        edit(project.gantt, {
          ACT1: { Duration: 10_000 },
          ACT2: { Duration: 10_000, Predecessor: '6' },
          [`${project.code}.1.2`]: { Duration: 10_000, Predecessor: '7FS+100' },
        }),
        'INVALID_ARGUMENT',
        'El cronograma debe terminar antes del 01-01-2126 (100 años desde el inicio del proyecto): revisa las duraciones y los desfases',
        project,
      );
    });

    it('refuses more than 100,000 tasks', async () => {
      const project = await loadedProject();
      const activities = Array.from({ length: 100_001 }, (_, index) => ({
        TaskID: index + 1,
        TaskCode: '',
        TaskName: 'T',
        StartDate: '2026-01-02',
        Duration: 1,
      }));
      await expectRefused(
        activities,
        'INVALID_ARGUMENT',
        'gantt.activities: admite como máximo 100000 tareas',
        project,
      );
    });

    it('refuses a stale save (ABORTED, 409) and keeps the first client’s Gantt', async () => {
      const project = await loadedProject();
      // issue 36: a second Planificador of the project
      await addMember(t, member.cookie, project.id, other.userId);
      const second = await loadGanttOk(t, other.cookie, project.id);
      const first = await saveGanttOk(
        t,
        member.cookie,
        project.id,
        { activities: edit(project.gantt, { ACT1: { Duration: 3 } }) },
        project.gantt.version,
      );
      const response = await expectRefused(edit(second, { ACT1: { Duration: 9 } }), 'ABORTED', GANTT_STALE_MESSAGE, {
        id: project.id,
        gantt: second,
      });
      expect(response.statusCode).toBe(409);
      expect(taskByCode(await loadGanttOk(t, other.cookie, project.id), 'ACT1').Duration).toBe(3);
      expect((await storedGantt(t, project.id)).version).toBe(first.version);
    });

    it("answers NOT_FOUND (404) 'Proyecto no encontrado' for an unknown project", async () => {
      const project = await loadedProject();
      const response = await saveGantt(
        t,
        member.cookie,
        UNKNOWN_ID,
        { activities: asInput(project.gantt.activities) },
        1,
      );
      expect(response.statusCode).toBe(404);
      expect(response.body.error).toEqual({ status: 'NOT_FOUND', message: 'Proyecto no encontrado' });
    });
  });
});
