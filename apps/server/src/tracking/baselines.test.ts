import { MAX_BASELINES } from '@cimiento/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callFunction, createFirstAdmin, createSignedInUser } from '../../test/support/factories';
import type { CallResult, TestAccount } from '../../test/support/factories';
import { asInput, createGanttProject, loadGanttOk, saveGanttOk, taskByCode } from '../../test/support/gantt';
import type { WireGantt, WireGanttTask } from '../../test/support/gantt';
import { createTestApp, databaseKinds } from '../../test/support/test-app';
import type { TestApp } from '../../test/support/test-app';

const UNKNOWN_ID = '01890000-0000-7000-8000-000000000000';

type WireBaseline = {
  baselineId: string;
  name: string;
  createdAt: string;
  createdBy: string;
  taskCount: number;
  projectStart: string;
  projectFinish: string;
};
type WireBaselines = { baselines: WireBaseline[]; baselineId?: string; message: string };
type WireBaselineTask = { TaskID: number; BaselineStart: string; BaselineFinish: string; BaselineDuration: number };
/** issue 15: a task as loadGantt answers it, with the chosen baseline's dates */
type TrackedTask = WireGanttTask & { BaselineStart?: string; BaselineFinish?: string; BaselineDuration?: number };
type TrackedGantt = Omit<WireGantt, 'activities'> & { activities: TrackedTask[]; baselineId?: string };

describe.each(databaseKinds)('baselines (%s)', (kind) => {
  let t: TestApp;
  let member: TestAccount;
  let admin: TestAccount;

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await createFirstAdmin(t);
    member = await createSignedInUser(t, admin.cookie, { name: 'Pía Ñúñez' });
  });
  afterAll(async () => {
    await t?.close();
  });

  function call(name: string, data: unknown, cookie = member.cookie): Promise<CallResult> {
    return callFunction(t.app, name, data, cookie);
  }

  async function ok<T>(name: string, data: unknown): Promise<T> {
    const response = await call(name, data);
    expect(response.statusCode, JSON.stringify(response.body).slice(0, 500)).toBe(200);
    return response.body.result as T;
  }

  const saveBaseline = (id: string, name: string) =>
    ok<WireBaselines & { baselineId: string; baseline: WireBaseline }>('saveBaseline', { id, name });
  const loadBaselines = (id: string) => ok<WireBaselines>('loadBaselines', { id });
  const removeBaseline = (id: string, baselineId: string) => ok<WireBaselines>('removeBaseline', { id, baselineId });
  const chooseBaseline = (id: string, baselineId: string | null) =>
    ok<WireBaselines & { tasks: WireBaselineTask[] }>('chooseBaseline', { id, baselineId });
  const loadTracked = async (id: string) => (await loadGanttOk(t, member.cookie, id)) as TrackedGantt;

  /** The activities as the screen sends them back, with the fields of `patches` changed by TaskCode. */
  function edit(gantt: Pick<WireGantt, 'activities'>, patches: Record<string, Record<string, unknown>>) {
    return asInput(gantt.activities).map((task) => ({ ...task, ...patches[task.TaskCode as string] }));
  }

  /**
   * createGanttProject's Gantt (11 tasks, each 5 days from 2026-01-02) with ACT2 after ACT1 (FS):
   * ACT1 2026-01-02 → 01-08, ACT2 2026-01-09 → 01-15.
   */
  async function linkedProject() {
    const project = await createGanttProject(t, member.cookie, { prefix: 'LB' });
    const loaded = await loadGanttOk(t, member.cookie, project.id);
    const gantt = await saveGanttOk(
      t,
      member.cookie,
      project.id,
      { activities: edit(loaded, { ACT2: { Predecessor: '6' } }) },
      loaded.version,
    );
    return { id: project.id, gantt };
  }

  /** What the database holds for a project's baselines, read directly. */
  async function stored(projectId: string) {
    const project = await t.db
      .selectFrom('project')
      .select(['gantt_baseline_id', 'gantt_version'])
      .where('_id', '=', projectId)
      .executeTakeFirst();
    const baselines = await t.db
      .selectFrom('gantt_baseline')
      .select(['_id', 'name', 'created_by', 'created_by_name'])
      .where('project_id', '=', projectId)
      .orderBy('_id')
      .execute();
    const tasks = await t.db
      .selectFrom('gantt_baseline_task')
      .innerJoin('gantt_baseline', 'gantt_baseline._id', 'gantt_baseline_task.baseline_id')
      .select([
        'baseline_id',
        'task_id',
        'code',
        'gantt_baseline_task.name',
        'start_date',
        'finish_date',
        'duration',
        'cost',
      ])
      .where('gantt_baseline.project_id', '=', projectId)
      .orderBy('baseline_id')
      .orderBy('task_id')
      .execute();
    return {
      chosen: project?.gantt_baseline_id ?? null,
      ganttVersion: project === undefined ? undefined : Number(project.gantt_version),
      baselines,
      tasks: tasks.map((row) => ({
        baselineId: row.baseline_id,
        TaskID: Number(row.task_id),
        code: row.code,
        name: row.name,
        start: row.start_date,
        finish: row.finish_date,
        duration: Number(row.duration),
        cost: row.cost,
      })),
    };
  }

  function expectError(response: CallResult, status: string, message: string) {
    expect(response.body.error, JSON.stringify(response.body).slice(0, 500)).toEqual({ status, message });
  }

  it('freezes every task as the stored Gantt is scheduled now, by the caller, and makes it the chosen one without moving the version', async () => {
    const { id, gantt } = await linkedProject();
    const before = Date.now();
    const saved = await saveBaseline(id, '  Contrato ');

    expect(saved.message).toBe('Línea base «Contrato» fijada: 11 tareas');
    expect(saved.baseline).toEqual({
      baselineId: saved.baselineId,
      name: 'Contrato',
      createdAt: expect.any(String),
      createdBy: 'Pía Ñúñez',
      taskCount: 11,
      projectStart: '2026-01-02',
      projectFinish: '2026-01-15',
    });
    const createdAt = Date.parse(saved.baseline.createdAt);
    expect(createdAt).toBeGreaterThanOrEqual(before - 1000);
    expect(createdAt).toBeLessThanOrEqual(Date.now() + 1000);
    expect(saved.baselines).toEqual([saved.baseline]);
    expect(await loadBaselines(id)).toEqual({
      baselines: [saved.baseline],
      baselineId: saved.baselineId,
      message: '1 línea base',
    });

    // stored: one row per task with the computed dates (ACT2 after ACT1), its code and name, no cost yet
    const rows = await stored(id);
    expect(rows.chosen).toBe(saved.baselineId);
    expect(rows.ganttVersion).toBe(gantt.version);
    expect(rows.baselines).toEqual([
      { _id: saved.baselineId, name: 'Contrato', created_by: member.userId, created_by_name: 'Pía Ñúñez' },
    ]);
    expect(rows.tasks).toEqual(
      gantt.activities.map((task) => ({
        baselineId: saved.baselineId,
        TaskID: task.TaskID,
        code: task.TaskCode,
        name: task.TaskName,
        start: task.StartDate,
        finish: task.EndDate,
        duration: task.Duration,
        cost: null,
      })),
    );
    expect(rows.tasks.find((task) => task.code === 'ACT2')).toMatchObject({
      start: '2026-01-09',
      finish: '2026-01-15',
    });

    // loadGantt lays it over every task and names it
    const loaded = await loadTracked(id);
    expect(loaded.version).toBe(gantt.version);
    expect(loaded.baselineId).toBe(saved.baselineId);
    for (const task of loaded.activities) {
      expect(task).toMatchObject({
        BaselineStart: task.StartDate,
        BaselineFinish: task.EndDate,
        BaselineDuration: task.Duration,
      });
    }
  });

  it('stays as fixed after later edits, and a task added later has no baseline dates', async () => {
    const { id, gantt } = await linkedProject();
    const { baselineId } = await saveBaseline(id, 'Contrato');
    const frozen = await chooseBaseline(id, baselineId);

    // ACT1 moved to Monday 2026-01-12, ACT2 (after it) made 8 days long, a new task added
    const activities = [
      ...edit(gantt, { ACT1: { StartDate: '2026-01-12' }, ACT2: { Duration: 8 } }),
      {
        TaskID: 12,
        TaskCode: 'NUEVA',
        TaskName: 'Nueva',
        StartDate: '2026-01-05',
        Duration: 2,
        Progress: 0,
        Predecessor: '',
      },
    ];
    const saved = (await saveGanttOk(t, member.cookie, id, { activities }, gantt.version)) as TrackedGantt;
    const loaded = await loadTracked(id);
    for (const answer of [saved, loaded]) {
      expect(answer.baselineId).toBe(baselineId);
      expect(taskByCode(answer, 'ACT1')).toMatchObject({
        StartDate: '2026-01-12',
        EndDate: '2026-01-16',
        BaselineStart: '2026-01-02',
        BaselineFinish: '2026-01-08',
        BaselineDuration: 5,
      });
      expect(taskByCode(answer, 'ACT2')).toMatchObject({
        StartDate: '2026-01-19',
        EndDate: '2026-01-28',
        Duration: 8,
        BaselineStart: '2026-01-09',
        BaselineFinish: '2026-01-15',
        BaselineDuration: 5,
      });
      const added = taskByCode(answer, 'NUEVA');
      expect(added.StartDate).toBe('2026-01-05');
      expect(added).not.toHaveProperty('BaselineStart');
      expect(added).not.toHaveProperty('BaselineFinish');
      expect(added).not.toHaveProperty('BaselineDuration');
    }
    // the list and the baseline's own dates are as fixed
    expect((await loadBaselines(id)).baselines).toEqual(frozen.baselines);
    const again = await chooseBaseline(id, baselineId);
    expect(again.tasks).toEqual(frozen.tasks);
    expect(again.tasks.find((task) => task.TaskID === 7)).toEqual({
      TaskID: 7,
      BaselineStart: '2026-01-09',
      BaselineFinish: '2026-01-15',
      BaselineDuration: 5,
    });
    expect(again.tasks.map((task) => task.TaskID)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
  });

  const full = `El proyecto ya tiene ${MAX_BASELINES} líneas base, el máximo: elimina una para fijar otra`;

  it(`keeps at most ${MAX_BASELINES} baselines, newest first, and writes nothing for the next one`, async () => {
    const { id } = await linkedProject();
    let last: string | undefined;
    for (let index = 1; index <= MAX_BASELINES; index += 1)
      last = (await saveBaseline(id, `Revisión ${index}`)).baselineId;
    const before = await stored(id);
    expect(before.baselines).toHaveLength(MAX_BASELINES);
    expect(before.tasks).toHaveLength(MAX_BASELINES * 11);
    expect(before.chosen).toBe(last);

    const refused = await call('saveBaseline', { id, name: 'Una más' });
    expect(refused.statusCode).toBe(400);
    expectError(refused, 'FAILED_PRECONDITION', full);
    expect(await stored(id)).toEqual(before);
    const list = await loadBaselines(id);
    expect(list.baselines.map((entry) => entry.name)).toEqual(
      Array.from({ length: MAX_BASELINES }, (_, index) => `Revisión ${MAX_BASELINES - index}`),
    );
    expect(list.message).toBe(`${MAX_BASELINES} líneas base`);
  });

  // Only PostgreSQL can hold a second writer open in the same process (see save-edp.test.ts);
  // SQLite's one connection per app serializes the app's transactions anyway.
  if (kind === 'postgres') {
    /** Waits until `count` statements of this database wait on a lock. */
    async function lockWaiters(count: number) {
      for (let attempt = 0; ; attempt += 1) {
        const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM pg_stat_activity
          WHERE datname = current_database() AND wait_event_type = 'Lock'`.execute(t.db);
        if (Number(rows[0]?.n) === count) return;
        if (attempt > 400) throw new Error(`no llegaron ${count} grabaciones a esperar el bloqueo`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    }

    it("queues two saves racing for the last place behind the project's row lock: one wins, the other is refused", async () => {
      const { id } = await linkedProject();
      for (let index = 1; index < MAX_BASELINES; index += 1) await saveBaseline(id, `Revisión ${index}`);
      let saves: Promise<[CallResult, CallResult]> | undefined;
      await t.db.transaction().execute(async (trx) => {
        await trx.selectFrom('project').select('_id').where('_id', '=', id).forUpdate().execute();
        saves = Promise.all([
          call('saveBaseline', { id, name: 'Carrera A' }),
          call('saveBaseline', { id, name: 'Carrera B' }),
        ]);
        // both saves are inside their transactions, waiting on the row this one holds
        await lockWaiters(2);
      });
      const [a, b] = await (saves as NonNullable<typeof saves>);
      expect([a.statusCode, b.statusCode].sort(), JSON.stringify([a.body, b.body]).slice(0, 500)).toEqual([200, 400]);
      const [winner, loser] = a.statusCode === 200 ? [a, b] : [b, a];
      expectError(loser, 'FAILED_PRECONDITION', full);
      const rows = await stored(id);
      expect(rows.baselines).toHaveLength(MAX_BASELINES);
      expect(rows.tasks).toHaveLength(MAX_BASELINES * 11);
      expect(rows.chosen).toBe(winner.body.result.baselineId);
    });

    it('takes the snapshot again when the Gantt is edited while the save waits for the lock', async () => {
      const { id, gantt } = await linkedProject();
      let save: Promise<CallResult> | undefined;
      await t.db.transaction().execute(async (trx) => {
        await trx.selectFrom('project').select('_id').where('_id', '=', id).forUpdate().execute();
        save = call('saveBaseline', { id, name: 'Contrato' });
        await lockWaiters(1);
        // an edit of the Gantt as saveGantt writes it: ACT1 (id 6) no earlier than Monday 2026-01-12, the version moved on
        await trx
          .updateTable('gantt_task')
          .set({ start_date: '2026-01-12' })
          .where('project_id', '=', id)
          .where('id', '=', 6)
          .execute();
        await trx
          .updateTable('project')
          .set({ gantt_version: gantt.version + 1 })
          .where('_id', '=', id)
          .execute();
      });
      const response = await (save as NonNullable<typeof save>);
      expect(response.statusCode, JSON.stringify(response.body).slice(0, 500)).toBe(200);
      const frozen = (await stored(id)).tasks;
      expect(frozen.find((task) => task.TaskID === 6)).toMatchObject({ start: '2026-01-12', finish: '2026-01-16' });
      expect(frozen.find((task) => task.TaskID === 7)).toMatchObject({ start: '2026-01-19', finish: '2026-01-23' });
      expect(response.body.result.baseline.projectFinish).toBe('2026-01-23');
    });
  }

  it('refuses a name already used in the project, whatever its case, and takes it in another project', async () => {
    const { id } = await linkedProject();
    const first = await saveBaseline(id, 'Línea Contrato');
    const before = await stored(id);
    for (const name of ['línea contrato', '  LÍNEA CONTRATO ']) {
      const response = await call('saveBaseline', { id, name });
      expect(response.statusCode).toBe(409);
      expectError(response, 'ALREADY_EXISTS', 'Ya existe una línea base «Línea Contrato» en este proyecto');
    }
    expect(await stored(id)).toEqual(before);
    expect(before.chosen).toBe(first.baselineId);

    const other = await linkedProject();
    expect((await saveBaseline(other.id, 'Línea Contrato')).baseline.name).toBe('Línea Contrato');
  });

  it('removes a baseline with its tasks; removing the chosen one chooses the newest remaining, then none', async () => {
    const { id, gantt } = await linkedProject();
    const a = await saveBaseline(id, 'A');
    const b = await saveBaseline(id, 'B');
    const c = await saveBaseline(id, 'C');
    const d = await saveBaseline(id, 'D');
    expect(d.baselines.map((entry) => entry.name)).toEqual(['D', 'C', 'B', 'A']);
    await chooseBaseline(id, b.baselineId);

    // not the chosen one: the choice stays
    const afterA = await removeBaseline(id, a.baselineId);
    expect(afterA).toEqual({
      baselines: [d.baseline, c.baseline, b.baseline],
      baselineId: b.baselineId,
      message: 'Línea base «A» eliminada',
    });
    expect((await stored(id)).tasks.some((task) => task.baselineId === a.baselineId)).toBe(false);
    // the chosen one: the newest remaining (D, not C) is chosen
    const afterB = await removeBaseline(id, b.baselineId);
    expect(afterB).toEqual({
      baselines: [d.baseline, c.baseline],
      baselineId: d.baselineId,
      message: 'Línea base «B» eliminada',
    });
    expect((await loadTracked(id)).baselineId).toBe(d.baselineId);
    await removeBaseline(id, d.baselineId);
    expect((await loadBaselines(id)).baselineId).toBe(c.baselineId);
    // the last one: none
    expect(await removeBaseline(id, c.baselineId)).toEqual({ baselines: [], message: 'Línea base «C» eliminada' });
    const rows = await stored(id);
    expect(rows).toMatchObject({ chosen: null, ganttVersion: gantt.version, baselines: [], tasks: [] });
    expect(await loadBaselines(id)).toEqual({ baselines: [], message: 'El proyecto no tiene líneas base' });
    expect((await loadTracked(id)).baselineId).toBeUndefined();

    const again = await call('removeBaseline', { id, baselineId: c.baselineId });
    expect(again.statusCode).toBe(404);
    expectError(again, 'NOT_FOUND', 'Línea base no encontrada');
  });

  it('chooses none (loadGantt then has no baseline) and one again, without moving the version', async () => {
    const { id, gantt } = await linkedProject();
    const { baselineId } = await saveBaseline(id, 'Contrato');

    const none = await chooseBaseline(id, null);
    expect(none).toEqual({
      baselines: [expect.objectContaining({ baselineId })],
      tasks: [],
      message: 'El Gantt no muestra ninguna línea base',
    });
    const loaded = await loadTracked(id);
    expect(loaded.version).toBe(gantt.version);
    expect(loaded).not.toHaveProperty('baselineId');
    for (const task of loaded.activities) expect(task).not.toHaveProperty('BaselineStart');
    expect((await loadBaselines(id)).baselineId).toBeUndefined();

    const chosen = await chooseBaseline(id, baselineId);
    expect(chosen.baselineId).toBe(baselineId);
    expect(chosen.message).toBe('El Gantt muestra la línea base «Contrato»');
    expect(chosen.tasks).toHaveLength(11);
    expect(taskByCode(await loadTracked(id), 'ACT2')).toMatchObject({ BaselineFinish: '2026-01-15' });
    expect((await stored(id)).ganttVersion).toBe(gantt.version);
  });

  it("refuses another project's baseline (NOT_FOUND) and changes neither project", async () => {
    const mine = await linkedProject();
    const theirs = await linkedProject();
    const own = await saveBaseline(mine.id, 'Propia');
    const foreign = await saveBaseline(theirs.id, 'Ajena');
    const before = { mine: await stored(mine.id), theirs: await stored(theirs.id) };

    for (const [name, data] of [
      ['chooseBaseline', { id: mine.id, baselineId: foreign.baselineId }],
      ['removeBaseline', { id: mine.id, baselineId: foreign.baselineId }],
      ['chooseBaseline', { id: mine.id, baselineId: UNKNOWN_ID }],
      ['removeBaseline', { id: mine.id, baselineId: UNKNOWN_ID }],
    ] as const) {
      const response = await call(name, data);
      expect(response.statusCode).toBe(404);
      expectError(response, 'NOT_FOUND', 'Línea base no encontrada');
    }
    expect({ mine: await stored(mine.id), theirs: await stored(theirs.id) }).toEqual(before);
    expect(before.mine.chosen).toBe(own.baselineId);
  });

  it('refuses bad inputs, an unknown project and an empty Gantt in Spanish, writing nothing', async () => {
    const { id } = await linkedProject();
    await saveBaseline(id, 'N'.repeat(80));
    const before = await stored(id);
    const cases: [string, unknown, string, string][] = [
      ['saveBaseline', { id, name: '   ' }, 'INVALID_ARGUMENT', 'name: es obligatorio'],
      ['saveBaseline', { id, name: 'N'.repeat(81) }, 'INVALID_ARGUMENT', 'name: debe tener como máximo 80 caracteres'],
      ['saveBaseline', { id }, 'INVALID_ARGUMENT', 'name: debe ser texto'],
      ['saveBaseline', { name: 'Sin proyecto' }, 'INVALID_ARGUMENT', 'id: debe ser texto'],
      ['loadBaselines', { id: ' ' }, 'INVALID_ARGUMENT', 'id: es obligatorio'],
      ['removeBaseline', { id }, 'INVALID_ARGUMENT', 'baselineId: debe ser texto'],
      ['chooseBaseline', { id }, 'INVALID_ARGUMENT', 'baselineId: debe ser texto'],
      ['saveBaseline', { id: UNKNOWN_ID, name: 'X' }, 'NOT_FOUND', 'Proyecto no encontrado'],
      ['loadBaselines', { id: UNKNOWN_ID }, 'NOT_FOUND', 'Proyecto no encontrado'],
      ['removeBaseline', { id: UNKNOWN_ID, baselineId: before.chosen }, 'NOT_FOUND', 'Proyecto no encontrado'],
      ['chooseBaseline', { id: UNKNOWN_ID, baselineId: null }, 'NOT_FOUND', 'Proyecto no encontrado'],
    ];
    for (const [name, data, status, message] of cases) expectError(await call(name, data), status, message);
    expect(await stored(id)).toEqual(before);

    // a Gantt whose tasks were all deleted has nothing to fix
    const empty = await linkedProject();
    await saveGanttOk(t, member.cookie, empty.id, { activities: [] }, empty.gantt.version);
    expectError(
      await call('saveBaseline', { id: empty.id, name: 'Vacía' }),
      'FAILED_PRECONDITION',
      'El Gantt no tiene tareas: no hay nada que fijar como línea base',
    );
    expect((await stored(empty.id)).baselines).toEqual([]);
  });

  it('refuses a caller who is not signed in (UNAUTHENTICATED), writing nothing', async () => {
    const { id } = await linkedProject();
    const { baselineId } = await saveBaseline(id, 'Contrato');
    const before = await stored(id);
    for (const [name, data] of [
      ['saveBaseline', { id, name: 'Intrusa' }],
      ['loadBaselines', { id }],
      ['removeBaseline', { id, baselineId }],
      ['chooseBaseline', { id, baselineId: null }],
    ] as const) {
      const response = await callFunction(t.app, name, data);
      expect(response.statusCode).toBe(401);
      expect(response.body.error.status).toBe('UNAUTHENTICATED');
    }
    expect(await stored(id)).toEqual(before);
  });

  it('goes with the project: deleting it for good deletes its baselines and their tasks', async () => {
    const { id } = await linkedProject();
    const ids = [(await saveBaseline(id, 'A')).baselineId, (await saveBaseline(id, 'B')).baselineId];
    const baselineTasks = () =>
      t.db.selectFrom('gantt_baseline_task').select('task_id').where('baseline_id', 'in', ids).execute();
    expect(await baselineTasks()).toHaveLength(22);
    // issue 30: 'Eliminar proyecto' keeps them in the Papelera; only the purge deletes them
    expect((await call('removeProject', { id })).statusCode).toBe(200);
    expect((await stored(id)).baselines).toHaveLength(2);
    expect(await baselineTasks()).toHaveLength(22);
    expect((await call('purgeProject', { id }, admin.cookie)).statusCode).toBe(200);
    expect(await stored(id)).toEqual({ chosen: null, ganttVersion: undefined, baselines: [], tasks: [] });
    expect(await baselineTasks()).toEqual([]);
  });
});
