import { GANTT_STALE_MESSAGE, ganttActivityCodes } from '@cimiento/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveEdcOk } from '../../test/support/edc';
import { callFunction, createFirstAdmin, createSignedInUser } from '../../test/support/factories';
import { addMember } from '../../test/support/members';
import type { TestAccount } from '../../test/support/factories';
import {
  asInput,
  createGanttProject,
  edcList,
  loadGanttOk,
  saveGantt,
  saveGanttOk,
  taskByCode,
} from '../../test/support/gantt';
import type { WireGantt } from '../../test/support/gantt';
import {
  loadProgressHistory,
  saveProgress,
  saveProgressOk,
  storedHistory,
  storedProgress,
} from '../../test/support/progress';
import type { TrackedGantt } from '../../test/support/progress';
import { createTestApp, databaseKinds } from '../../test/support/test-app';
import type { TestApp } from '../../test/support/test-app';

const UNKNOWN_ID = '01890000-0000-7000-8000-000000000000';
const NO_CUTOFF = 'Para registrar avance, fija primero la fecha de corte en «Registrar avance»';

// createGanttProject's Gantt: 1 P · 2 P.1 · 3 P.1.1 · 4 M · 5 M.1 · 6 ACT1 · 7 ACT2 · 8 P.1.2 · 9 P.2 ·
// 10 P.2.1 · 11 P.2.2; the leaves 6, 7, 8, 10 and 11 start on Friday 2 January 2026 (Thursday 1 is
// Año Nuevo) and last 5 working days, to Thursday 8.
const ACT1 = 6;
const ACT2 = 7;
const P12 = 8;
const P21 = 10;
const P22 = 11;

describe.each(databaseKinds)('saveProgress and loadProgressHistory (%s)', (kind) => {
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

  /** A loaded project whose Gantt links ACT2 after ACT1 and P.2.2 after P.1.2 (both FS). */
  async function linkedProject(): Promise<{ id: string; code: string; gantt: WireGantt }> {
    const { id, code } = await createGanttProject(t, member.cookie);
    const loaded = await loadGanttOk(t, member.cookie, id);
    const activities = asInput(loaded.activities).map((task) =>
      task.TaskID === ACT2
        ? { ...task, Predecessor: String(ACT1) }
        : task.TaskID === P22
          ? { ...task, Predecessor: String(P12) }
          : task,
    );
    return { id, code, gantt: await saveGanttOk(t, member.cookie, id, { activities }, loaded.version) };
  }

  /** A task's label in the messages: its code and «name». */
  function label(gantt: Pick<WireGantt, 'activities'>, taskId: number): string {
    const task = gantt.activities.find((candidate) => candidate.TaskID === taskId);
    if (!task) throw new Error(`no hay tarea ${taskId}`);
    return `${task.TaskCode} «${task.TaskName}»`;
  }

  function byId(gantt: TrackedGantt, taskId: number) {
    const task = gantt.activities.find((candidate) => candidate.TaskID === taskId);
    if (!task) throw new Error(`no hay tarea ${taskId}`);
    return task;
  }

  async function versionOf(id: string): Promise<number> {
    const row = await t.db
      .selectFrom('project')
      .select('gantt_version')
      .where('_id', '=', id)
      .executeTakeFirstOrThrow();
    return Number(row.gantt_version);
  }

  /** Everything a refused call must leave alone. */
  async function snapshot(id: string) {
    return { version: await versionOf(id), tasks: await storedProgress(t, id), history: await storedHistory(t, id) };
  }

  describe('the rescheduled Gantt', () => {
    it('keeps a done task on its actual dates, resumes one in progress from the cut-off, pushes the rest, and finds the critical path on the remaining work', async () => {
      const { id, code, gantt } = await linkedProject();
      // a chosen baseline (saveBaseline's rows, written here directly): its dates go along in the answer
      const baselineId = '01890000-0000-7000-8000-0000000000b1';
      await t.db
        .insertInto('gantt_baseline')
        .values({
          _id: baselineId,
          project_id: id,
          name: 'Contrato',
          created_at: new Date().toISOString(),
          created_by: member.userId,
          created_by_name: member.name,
          task_count: 1,
          project_start: '2026-01-02',
          project_finish: '2026-01-08',
        })
        .execute();
      await t.db
        .insertInto('gantt_baseline_task')
        .values({
          baseline_id: baselineId,
          task_id: ACT1,
          code: 'ACT1',
          name: 'Excavar',
          start_date: '2026-01-02',
          finish_date: '2026-01-08',
          duration: 5,
          cost: null,
        })
        .execute();
      await t.db.updateTable('project').set({ gantt_baseline_id: baselineId }).where('_id', '=', id).execute();
      // cut-off Wednesday 14 January: ACT1 done late (2 … Friday 9, 6 working days for 5 planned);
      // P.1.2 started on Monday 5, at 40 %: its remaining ceil(5 × 0.6) = 3 days run 14, 15, 16
      const saved = await saveProgressOk(t, member.cookie, {
        id,
        cutoff: '2026-01-14',
        entries: [
          { TaskID: ACT1, ActualStart: '2026-01-02', ActualFinish: '2026-01-09', Progress: 100 },
          { TaskID: P12, ActualStart: '2026-01-05', Progress: 40 },
        ],
        version: gantt.version,
      });
      expect(saved.message).toBe('Avance registrado al 14-01-2026: 2 tareas');
      expect(saved.version).toBe(gantt.version + 1);
      expect(saved.cutoff).toBe('2026-01-14');
      expect(byId(saved, ACT1)).toMatchObject({
        StartDate: '2026-01-02',
        EndDate: '2026-01-09',
        ActualStart: '2026-01-02',
        ActualFinish: '2026-01-09',
        Progress: 100,
        status: 'done',
        // the planned duration, which the remaining work is computed from, not the span
        Duration: 5,
        BaselineStart: '2026-01-02',
        BaselineFinish: '2026-01-08',
      });
      expect(saved.baselineId).toBe(baselineId);
      expect(byId(saved, P12)).toMatchObject({
        StartDate: '2026-01-05',
        EndDate: '2026-01-16',
        ActualStart: '2026-01-05',
        Progress: 40,
        status: 'started',
        critical: true,
        Duration: 5,
      });
      expect(byId(saved, P12).ActualFinish).toBeUndefined();
      // ACT2 (FS after ACT1, which finished on the 9th) and P.2.1 have not started: from the cut-off,
      // 14 … 20, three days of float before the project's finish
      for (const taskId of [ACT2, P21]) {
        expect(byId(saved, taskId)).toMatchObject({
          StartDate: '2026-01-14',
          EndDate: '2026-01-20',
          Progress: 0,
          critical: false,
          totalFloat: 3,
        });
        expect(byId(saved, taskId).status).toBeUndefined();
      }
      // P.2.2, FS after P.1.2's late finish (planned the 8th, now the 16th): Monday 19 … Friday 23
      expect(byId(saved, P22)).toMatchObject({ StartDate: '2026-01-19', EndDate: '2026-01-23', critical: true });
      expect(saved.projectFinish).toBe('2026-01-23');
      // the summaries roll up by duration: M.1 (ACT1, ACT2) at (100 + 0) / 2; the project at 140 / 5
      expect(taskByCode(saved, 'M.1').Progress).toBe(50);
      expect(taskByCode(saved, code).Progress).toBe(28);

      const stored = await storedProgress(t, id);
      expect(stored.filter((task) => task.progress > 0 || task.actualStart !== null)).toEqual([
        { id: ACT1, progress: 100, actualStart: '2026-01-02', actualFinish: '2026-01-09', remaining: null },
        { id: P12, progress: 40, actualStart: '2026-01-05', actualFinish: null, remaining: null },
      ]);
      // a reload answers the same, and so does a load that merges a change of the EDC (a new activity
      // on P.1.1, not started: from the cut-off)
      const { message: _message, ...rest } = saved;
      expect(await loadGanttOk(t, member.cookie, id)).toEqual({ ...rest, message: 'Gantt cargado: 11 tareas' });
      await saveEdcOk(t, member.cookie, id, {
        id: 3,
        componentesEdc: edcList(`${code}.1.1`, ['Excavar', 'Hormigonar', 'Curar']),
        version: 1,
      });
      const merged = (await loadGanttOk(t, member.cookie, id)) as TrackedGantt;
      expect(byId(merged, ACT1)).toEqual(byId(saved, ACT1));
      expect(byId(merged, P12)).toEqual(byId(saved, P12));
      expect(taskByCode(merged, 'ACT3')).toMatchObject({ StartDate: '2026-01-14', Progress: 0 });
    });
  });

  describe('refusals write nothing', () => {
    it('issue 33: a task that has started is no longer held by its start constraint; one not started still is', async () => {
      const { id, gantt } = await linkedProject();
      // P.1.2 and P.2.1 may not start before Monday 2 February (MS Project's 'start no earlier than')
      const constrained = asInput(gantt.activities).map((task) =>
        task.TaskID === P12 || task.TaskID === P21
          ? { ...task, StartDate: '2026-02-02', StartNoEarlierThan: '2026-02-02' }
          : task,
      );
      const planned = await saveGanttOk(t, member.cookie, id, { activities: constrained }, gantt.version);
      expect(byId(planned, P12)).toMatchObject({ StartDate: '2026-02-02', EndDate: '2026-02-06' });
      // P.1.2 started anyway on Monday 5 January, at 40 %: at the cut-off of Wednesday 14 its
      // remaining ceil(5 × 0.6) = 3 days run 14, 15, 16 January, not from 2 February
      const saved = await saveProgressOk(t, member.cookie, {
        id,
        cutoff: '2026-01-14',
        entries: [{ TaskID: P12, ActualStart: '2026-01-05', Progress: 40 }],
        version: planned.version,
      });
      expect(byId(saved, P12)).toMatchObject({ StartDate: '2026-01-05', EndDate: '2026-01-16', Progress: 40 });
      // P.2.2 follows P.1.2 (FS): Monday 19 … Friday 23
      expect(byId(saved, P22)).toMatchObject({ StartDate: '2026-01-19', EndDate: '2026-01-23' });
      // P.2.1 has not started: its constraint still holds it
      expect(byId(saved, P21)).toMatchObject({ StartDate: '2026-02-02', EndDate: '2026-02-06' });
      // the stored Gantt reads the same
      const loaded = await loadGanttOk(t, member.cookie, id);
      expect(byId(loaded, P12)).toMatchObject({ StartDate: '2026-01-05', EndDate: '2026-01-16' });
    });

    it('names every refused task, each with its rule, and nothing is written', async () => {
      const { id, code, gantt } = await linkedProject();
      const before = await snapshot(id);
      const cutoff = '2026-01-14';
      const refused = await saveProgress(t, member.cookie, {
        id,
        cutoff,
        entries: [
          { TaskID: ACT1, ActualStart: '2026-01-09', ActualFinish: '2026-01-08', Progress: 100 },
          { TaskID: ACT2, ActualStart: '2026-01-15', Progress: 10 },
          { TaskID: P12, ActualStart: '2026-01-05', Progress: 100 },
          { TaskID: P21, ActualStart: '2026-01-05', ActualFinish: '2026-01-09', Progress: 50 },
          { TaskID: P22, Progress: 20 },
          { TaskID: 1, Progress: 10 },
        ],
        version: gantt.version,
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.body.error.status).toBe('INVALID_ARGUMENT');
      expect(refused.body.error.message).toBe(
        [
          `${label(gantt, ACT1)}: el fin real no puede ser anterior al inicio real`,
          `${label(gantt, ACT2)}: el inicio real no puede ser posterior a la fecha de corte (14-01-2026)`,
          `${label(gantt, P12)}: el 100 % necesita el fin real`,
          `${label(gantt, P21)}: con fin real, el avance es 100 %`,
          `${label(gantt, P22)}: un avance mayor que 0 necesita el inicio real`,
          `${code} «${gantt.activities[0]?.TaskName}»: es un resumen: su avance se calcula de sus tareas`,
        ].join('; '),
      );
      const more = await saveProgress(t, member.cookie, {
        id,
        cutoff,
        entries: [
          { TaskID: ACT1, ActualStart: '2026-01-02', ActualFinish: '2026-01-15', Progress: 100 },
          { TaskID: ACT2, ActualStart: '2026-01-02', Progress: 120 },
          { TaskID: P12, ActualStart: '2026-01-02', Progress: -1 },
        ],
        version: gantt.version,
      });
      expect(more.body.error.message).toBe(
        [
          `${label(gantt, ACT1)}: el fin real no puede ser posterior a la fecha de corte (14-01-2026)`,
          `${label(gantt, ACT2)}: el avance debe estar entre 0 y 100 %`,
          `${label(gantt, P12)}: el avance debe estar entre 0 y 100 %`,
        ].join('; '),
      );
      // many refused tasks: the first 20 named, then how many more
      const unknown = Array.from({ length: 25 }, (_, index) => ({ TaskID: 1000 + index, Progress: 0 }));
      const many = await saveProgress(t, member.cookie, { id, cutoff, entries: unknown, version: gantt.version });
      const parts = (many.body.error.message as string).split('; ');
      expect(parts).toHaveLength(21);
      expect(parts[0]).toBe('la tarea 1000: no existe en el Gantt');
      expect(parts[19]).toBe('la tarea 1019: no existe en el Gantt');
      expect(parts[20]).toBe('… y 5 tareas más');
      expect(await snapshot(id)).toEqual(before);
    });

    it('refuses a cut-off before the latest one, or in a year outside the calendar; a stale version; an unknown project', async () => {
      const { id, gantt } = await linkedProject();
      const entries = [{ TaskID: ACT1, ActualStart: '2026-01-02', Progress: 20 }];
      // the project starts in 2026: the calendar reaches 2125 (gantt-horizon.ts's horizon)
      for (const cutoff of ['2025-12-31', '2126-01-01']) {
        const response = await saveProgress(t, member.cookie, { id, cutoff, entries, version: gantt.version });
        expect(response.body.error).toEqual({
          status: 'INVALID_ARGUMENT',
          message: 'La fecha de corte debe estar entre los años 2026 y 2125 (el calendario del proyecto)',
        });
      }
      const first = await saveProgressOk(t, member.cookie, {
        id,
        cutoff: '2026-01-14',
        entries,
        version: gantt.version,
      });
      const before = await snapshot(id);
      const earlier = await saveProgress(t, member.cookie, {
        id,
        cutoff: '2026-01-13',
        entries,
        version: first.version,
      });
      expect(earlier.body.error).toEqual({
        status: 'INVALID_ARGUMENT',
        message: 'La fecha de corte no puede ser anterior a la última registrada (14-01-2026)',
      });
      const stale = await saveProgress(t, member.cookie, {
        id,
        cutoff: '2026-01-15',
        entries: [{ TaskID: ACT1, ActualStart: '2026-01-02', Progress: 60 }],
        version: gantt.version,
      });
      expect(stale.statusCode).toBe(409);
      expect(stale.body.error).toEqual({ status: 'ABORTED', message: GANTT_STALE_MESSAGE });
      expect(await snapshot(id)).toEqual(before);
      const unknown = await saveProgress(t, member.cookie, {
        id: UNKNOWN_ID,
        cutoff: '2026-01-15',
        entries,
        version: 0,
      });
      expect(unknown.statusCode).toBe(404);
      expect((await loadProgressHistory(t, member.cookie, { id: UNKNOWN_ID })).statusCode).toBe(404);
    });

    it('refuses a caller without a session', async () => {
      const { id, gantt } = await linkedProject();
      const before = await snapshot(id);
      const entries = [{ TaskID: ACT1, ActualStart: '2026-01-02', Progress: 20 }];
      const save = await callFunction(t.app, 'saveProgress', {
        id,
        cutoff: '2026-01-14',
        entries,
        version: gantt.version,
      });
      expect(save.statusCode).toBe(401);
      expect((await callFunction(t.app, 'loadProgressHistory', { id })).statusCode).toBe(401);
      expect(await snapshot(id)).toEqual(before);
    });
  });

  describe('the history of cut-offs', () => {
    it('keeps every cut-off, newest first, with who recorded it and each task’s progress; the same date again replaces it', async () => {
      const { id, gantt } = await linkedProject();
      // issue 36: the other one records progress as the project's 'Terreno'
      await addMember(t, member.cookie, id, other.userId, 'terreno');
      const empty = await loadProgressHistory(t, member.cookie, { id });
      expect(empty.body.result).toEqual({
        progressBasis: 'duration',
        cutoffs: [],
        message: 'No hay cortes de avance registrados',
      });

      const first = await saveProgressOk(t, member.cookie, {
        id,
        cutoff: '2026-01-07',
        entries: [{ TaskID: ACT1, ActualStart: '2026-01-02', Progress: 50 }],
        version: gantt.version,
      });
      // partial entries: ACT1 keeps its record at the second cut-off, recorded by someone else
      const second = await saveProgressOk(t, other.cookie, {
        id,
        cutoff: '2026-01-14',
        entries: [
          { TaskID: P12, ActualStart: '2026-01-05', Progress: 40 },
          { TaskID: ACT1, ActualStart: '2026-01-02', ActualFinish: '2026-01-09', Progress: 100 },
        ],
        version: first.version,
      });

      const history = (await loadProgressHistory(t, member.cookie, { id })).body.result;
      expect(history.message).toBe('2 cortes de avance');
      // five leaves of 5 days: (50) / 5 = 10 %, then (100 + 40) / 5 = 28 %
      expect(history.cutoffs).toEqual([
        { cutoff: '2026-01-14', recordedAt: expect.any(String), recordedBy: other.name, progress: 28, taskCount: 2 },
        { cutoff: '2026-01-07', recordedAt: expect.any(String), recordedBy: member.name, progress: 10, taskCount: 1 },
      ]);
      const [newest, oldest] = history.cutoffs as { recordedAt: string }[];
      expect(Date.parse(newest?.recordedAt ?? '')).toBeGreaterThanOrEqual(Date.parse(oldest?.recordedAt ?? ''));

      const atFirst = (await loadProgressHistory(t, member.cookie, { id, cutoff: '2026-01-07' })).body.result;
      expect(atFirst.message).toBe('Corte al 07-01-2026: 1 tarea con avance');
      // issue 32: each task by its code unique in the project (its EDP item's code, then 'ACT1'),
      // as the Gantt and 'Registrar avance' name it
      const act1Code = ganttActivityCodes(second.activities).get(ACT1);
      expect(act1Code).toMatch(/^[A-Z0-9]+\.1\.1\.ACT1$/);
      expect(atFirst.tasks).toEqual([
        { TaskID: ACT1, TaskCode: act1Code, TaskName: 'Excavar', Progress: 50, ActualStart: '2026-01-02' },
      ]);
      // in Gantt order (ACT1 before P.1.2), whatever order the entries came in
      const atSecond = (await loadProgressHistory(t, member.cookie, { id, cutoff: '2026-01-14' })).body.result;
      expect(atSecond.tasks).toEqual([
        {
          TaskID: ACT1,
          TaskCode: act1Code,
          TaskName: 'Excavar',
          Progress: 100,
          ActualStart: '2026-01-02',
          ActualFinish: '2026-01-09',
        },
        {
          TaskID: P12,
          TaskCode: byId(second, P12).TaskCode,
          TaskName: byId(second, P12).TaskName,
          Progress: 40,
          ActualStart: '2026-01-05',
        },
      ]);

      // the 14th again, by the member: P.1.2 taken back to not started
      await saveProgressOk(t, member.cookie, {
        id,
        cutoff: '2026-01-14',
        entries: [{ TaskID: P12, Progress: 0 }],
        version: second.version,
      });
      const replaced = (await loadProgressHistory(t, member.cookie, { id })).body.result;
      expect(replaced.cutoffs).toEqual([
        { cutoff: '2026-01-14', recordedAt: expect.any(String), recordedBy: member.name, progress: 20, taskCount: 1 },
        history.cutoffs[1],
      ]);
      const stored = await storedHistory(t, id);
      expect(
        stored.map((cut) => [cut.cutoff, cut.recordedBy, cut.tasks.map((task) => [task.id, task.progress])]),
      ).toEqual([
        ['2026-01-07', member.userId, [[ACT1, 50]]],
        ['2026-01-14', member.userId, [[ACT1, 100]]],
      ]);

      const unknown = await loadProgressHistory(t, member.cookie, { id, cutoff: '2026-01-08' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.body.error).toEqual({ status: 'NOT_FOUND', message: 'No hay un corte de avance al 08-01-2026' });
    });
  });

  describe('saveGantt records progress at the latest cut-off', () => {
    it('refuses a change of progress while no cut-off is recorded, and leaves unchanged legacy progress alone', async () => {
      const { id, gantt } = await linkedProject();
      // progress as MS Project imports left it: 40 % without actual dates
      await t.db
        .updateTable('gantt_task')
        .set({ progress: 40 })
        .where('project_id', '=', id)
        .where('id', '=', ACT2)
        .execute();
      const before = await snapshot(id);
      const changed = asInput(gantt.activities).map((task) =>
        task.TaskID === ACT1
          ? { ...task, Progress: 10, ActualStart: '2026-01-02' }
          : task.TaskID === ACT2
            ? { ...task, Progress: 40 }
            : task,
      );
      const refused = await saveGantt(t, member.cookie, id, { activities: changed }, gantt.version);
      expect(refused.body.error).toEqual({ status: 'INVALID_ARGUMENT', message: NO_CUTOFF });
      expect(await snapshot(id)).toEqual(before);

      // ACT2's 40 % sent back as it is, with another edit: kept, no cut-off needed
      const kept = asInput(gantt.activities).map((task) =>
        task.TaskID === ACT2 ? { ...task, Progress: 40 } : task.TaskID === P21 ? { ...task, Duration: 6 } : task,
      );
      const saved = await saveGanttOk(t, member.cookie, id, { activities: kept }, gantt.version);
      expect(taskByCode(saved, 'ACT2').Progress).toBe(40);
      expect((await storedProgress(t, id)).find((task) => task.id === ACT2)).toEqual({
        id: ACT2,
        progress: 40,
        actualStart: null,
        actualFinish: null,
        remaining: null,
      });
    });

    it('checks a change at the latest cut-off, updates that cut-off’s record, and schedules with the stored actual dates a save leaves out', async () => {
      const { id, gantt } = await linkedProject();
      // issue 36: the other one records progress as the project's 'Terreno'
      await addMember(t, member.cookie, id, other.userId, 'terreno');
      const recorded = await saveProgressOk(t, other.cookie, {
        id,
        cutoff: '2026-01-14',
        entries: [
          { TaskID: ACT1, ActualStart: '2026-01-02', ActualFinish: '2026-01-09', Progress: 100 },
          { TaskID: P12, ActualStart: '2026-01-05', Progress: 40 },
        ],
        version: gantt.version,
      });
      // the task editor: P.2.1 started on Monday 12, at 30 %; the actual dates of the others left
      // out (an older screen), a summary's progress sent as anything (it is rolled up)
      const withoutActuals = asInput(recorded.activities).map(
        ({ ActualStart: _start, ActualFinish: _finish, ...task }) => task,
      );
      const edited = withoutActuals.map((task) =>
        task.TaskID === P21
          ? { ...task, Progress: 30, ActualStart: '2026-01-12' }
          : task.TaskCode === 'M.1'
            ? { ...task, Progress: 99 }
            : task,
      );
      const before = await snapshot(id);
      // at the cut-off of the 14th an actual start on the 15th is refused
      const late = edited.map((task) => (task.TaskID === P21 ? { ...task, ActualStart: '2026-01-15' } : task));
      const refused = await saveGantt(t, member.cookie, id, { activities: late }, recorded.version);
      expect(refused.body.error).toEqual({
        status: 'INVALID_ARGUMENT',
        message: `${label(gantt, P21)}: el inicio real no puede ser posterior a la fecha de corte (14-01-2026)`,
      });
      expect(await snapshot(id)).toEqual(before);

      const saved = (await saveGanttOk(t, member.cookie, id, { activities: edited }, recorded.version)) as TrackedGantt;
      // ACT1 and P.1.2 on their stored actual dates, as saveProgress answered them
      expect(byId(saved, ACT1)).toEqual(byId(recorded, ACT1));
      expect(byId(saved, P12)).toEqual(byId(recorded, P12));
      // P.2.1: its remaining ceil(5 × 0.7) = 4 days from the cut-off, 14 … 19
      expect(byId(saved, P21)).toMatchObject({
        StartDate: '2026-01-12',
        EndDate: '2026-01-19',
        Progress: 30,
        status: 'started',
      });
      expect(taskByCode(saved, 'M.1').Progress).toBe(50);
      expect(
        (await storedProgress(t, id)).find((task) => task.id === (taskByCode(saved, 'M.1').TaskID as number))?.progress,
      ).toBe(0);
      // the cut-off's record follows: P.2.1 in it, the project at (100 + 40 + 30) / 5 = 34 %; who recorded it stays
      const [cut] = await storedHistory(t, id);
      expect(cut).toMatchObject({ cutoff: '2026-01-14', recordedBy: other.userId, progress: 34 });
      expect(cut?.tasks.map((task) => [task.id, task.progress, task.actualStart])).toEqual([
        [ACT1, 100, '2026-01-02'],
        [P12, 40, '2026-01-05'],
        [P21, 30, '2026-01-12'],
      ]);
    });
  });
});
