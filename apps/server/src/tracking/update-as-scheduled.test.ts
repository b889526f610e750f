import { GANTT_STALE_MESSAGE } from '@cimiento/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callFunction, createFirstAdmin, createSignedInUser } from '../../test/support/factories';
import type { TestAccount } from '../../test/support/factories';
import { asInput, createGanttProject, loadGanttOk, saveGanttOk } from '../../test/support/gantt';
import type { WireGantt } from '../../test/support/gantt';
import { loadProgressHistory, saveProgressOk, storedHistory, storedProgress } from '../../test/support/progress';
import type { TrackedGantt } from '../../test/support/progress';
import { createTestApp, databaseKinds } from '../../test/support/test-app';
import type { TestApp } from '../../test/support/test-app';

// createGanttProject's Gantt: 1 P · 2 P.1 · 3 P.1.1 · 4 M · 5 M.1 · 6 ACT1 · 7 ACT2 · 8 P.1.2 · 9 P.2 ·
// 10 P.2.1 · 11 P.2.2; the leaves 6, 7, 8, 10 and 11 start on Friday 2 January 2026 (Thursday 1 is
// Año Nuevo) and last 5 working days, to Thursday 8. linkedProject puts ACT2 after ACT1 and P.2.2
// after P.1.2 (FS), so those two run Friday 9 to Thursday 15 January.
const ACT1 = 6;
const ACT2 = 7;
const P12 = 8;
const P2 = 9;
const P21 = 10;
const P22 = 11;

type Counts = { done: number; underWay: number; unchanged: number; notStarted: number };
type UpdateAnswer = { cutoff: string; preview: boolean; counts: Counts; gantt?: TrackedGantt; message: string };

describe.each(databaseKinds)('updateAsScheduled: «Actualizar según lo programado» (%s)', (kind) => {
  let t: TestApp;
  let member: TestAccount;

  beforeAll(async () => {
    t = await createTestApp(kind);
    const admin = await createFirstAdmin(t);
    member = await createSignedInUser(t, admin.cookie);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function linkedProject(): Promise<{ id: string; gantt: WireGantt }> {
    const { id } = await createGanttProject(t, member.cookie);
    const loaded = await loadGanttOk(t, member.cookie, id);
    const activities = asInput(loaded.activities).map((task) =>
      task.TaskID === ACT2
        ? { ...task, Predecessor: String(ACT1) }
        : task.TaskID === P22
          ? { ...task, Predecessor: String(P12) }
          : task,
    );
    return { id, gantt: await saveGanttOk(t, member.cookie, id, { activities }, loaded.version) };
  }

  function update(input: Record<string, unknown>, cookie: string | null = member.cookie) {
    return callFunction(t.app, 'updateAsScheduled', input, cookie ?? undefined);
  }

  async function updateOk(input: Record<string, unknown>): Promise<UpdateAnswer> {
    const response = await update(input);
    expect(response.statusCode, JSON.stringify(response.body).slice(0, 500)).toBe(200);
    return response.body.result as UpdateAnswer;
  }

  async function versionOf(id: string): Promise<number> {
    const row = await t.db
      .selectFrom('project')
      .select('gantt_version')
      .where('_id', '=', id)
      .executeTakeFirstOrThrow();
    return Number(row.gantt_version);
  }

  /** Everything a preview or a refused call must leave alone. */
  async function snapshot(id: string) {
    return { version: await versionOf(id), tasks: await storedProgress(t, id), history: await storedHistory(t, id) };
  }

  const progressOf = async (id: string, taskId: number) =>
    (await storedProgress(t, id)).find((task) => task.id === taskId);

  it('previews the counts without writing, then records done and under-way tasks as planned and leaves the rest', async () => {
    const { id, gantt } = await linkedProject();
    const before = await snapshot(id);
    // Thursday 8 January: the first five leaves have done 2, 5, 6 and 7 January = 4 of 5 days
    const preview = await updateOk({ id, cutoff: '2026-01-08', preview: true, version: gantt.version });
    expect(preview).toEqual({
      cutoff: '2026-01-08',
      preview: true,
      counts: { done: 0, underWay: 3, unchanged: 0, notStarted: 2 },
      message: 'Se registrarán 0 tareas terminadas, 3 en curso; 0 sin cambio; 2 aún no comienzan al 08-01-2026',
    });
    expect(await snapshot(id)).toEqual(before);

    const first = await updateOk({ id, cutoff: '2026-01-08', version: gantt.version });
    expect(first.counts).toEqual({ done: 0, underWay: 3, unchanged: 0, notStarted: 2 });
    expect(first.message).toBe(
      'Se registraron 0 tareas terminadas, 3 en curso; 0 sin cambio; 2 aún no comienzan al 08-01-2026',
    );
    expect(first.gantt?.cutoff).toBe('2026-01-08');
    expect(first.gantt?.version).toBe(gantt.version + 1);
    for (const taskId of [ACT1, P12, P21]) {
      expect(await progressOf(id, taskId)).toEqual({
        id: taskId,
        progress: 80,
        actualStart: '2026-01-02',
        actualFinish: null,
        remaining: null,
      });
    }
    for (const taskId of [ACT2, P22]) {
      expect(await progressOf(id, taskId)).toEqual({
        id: taskId,
        progress: 0,
        actualStart: null,
        actualFinish: null,
        remaining: null,
      });
    }
    // summaries are rolled up, never written
    expect(await progressOf(id, P2)).toMatchObject({ progress: 0, actualStart: null });

    // Monday 12 January: the first three are done (their planned finish, Thursday 8); ACT2 and P.2.2,
    // from Friday 9, have 1 of 5 days = 20 %
    const second = await updateOk({ id, cutoff: '2026-01-12', version: first.gantt?.version });
    expect(second.counts).toEqual({ done: 3, underWay: 2, unchanged: 0, notStarted: 0 });
    for (const taskId of [ACT1, P12, P21]) {
      expect(await progressOf(id, taskId)).toEqual({
        id: taskId,
        progress: 100,
        actualStart: '2026-01-02',
        actualFinish: '2026-01-08',
        remaining: null,
      });
    }
    for (const taskId of [ACT2, P22]) {
      expect(await progressOf(id, taskId)).toEqual({
        id: taskId,
        progress: 20,
        actualStart: '2026-01-09',
        actualFinish: null,
        remaining: null,
      });
    }
    const byId = new Map(second.gantt?.activities.map((task) => [task.TaskID, task]));
    expect(byId.get(ACT1)).toMatchObject({ status: 'done', ActualFinish: '2026-01-08' });
    // (3 × 5 × 100 + 2 × 5 × 20) / 25 = 68
    expect(byId.get(1)?.Progress).toBe(68);

    // the cut-offs' history, which the S-curve and the estados de pago read, has both
    const history = await loadProgressHistory(t, member.cookie, { id });
    expect(history.body.result.cutoffs).toMatchObject([
      { cutoff: '2026-01-12', recordedBy: member.name, progress: 68, taskCount: 5 },
      { cutoff: '2026-01-08', recordedBy: member.name, progress: 48, taskCount: 3 },
    ]);
    const curve = await callFunction(t.app, 'loadSCurve', { id }, member.cookie);
    expect(curve.statusCode).toBe(200);
    const point = (curve.body.result.points as Array<{ date: string; earnedPercent: string | null }>).find(
      (candidate) => candidate.date === '2026-01-12',
    );
    expect(point?.earnedPercent).toBe('68');
  });

  it('keeps recorded progress above the planned one, and updates only the selected tasks', async () => {
    const { id, gantt } = await linkedProject();
    // at Thursday 8: ACT1 finished on Wednesday 7; P.2.1 started on 8 and is already at 60 %
    const recorded = await saveProgressOk(t, member.cookie, {
      id,
      cutoff: '2026-01-08',
      entries: [
        { TaskID: ACT1, ActualStart: '2026-01-02', ActualFinish: '2026-01-07', Progress: 100 },
        { TaskID: P21, ActualStart: '2026-01-08', Progress: 60 },
      ],
      version: gantt.version,
    });
    const before = await snapshot(id);
    // P.2 stands for P.2.1 (planned 8–9 of 5 days at Monday 12 = 40 %, below its 60 %) and P.2.2
    // (after P.1.2, held to the cut-off: 8–14, so from Thursday 15); ACT2 (after ACT1, held to the
    // cut-off: Thursday 8 to Wednesday 14) has 8 and 9 January = 40 %
    const input = { id, cutoff: '2026-01-12', taskIds: [P2, ACT2], version: recorded.version };
    const preview = await updateOk({ ...input, preview: true });
    expect(preview.counts).toEqual({ done: 0, underWay: 1, unchanged: 1, notStarted: 1 });
    expect(preview.message).toBe(
      'Se registrarán 0 tareas terminadas, 1 en curso; 1 sin cambio; 1 aún no comienza al 12-01-2026',
    );
    expect(await snapshot(id)).toEqual(before);

    const applied = await updateOk(input);
    expect(applied.counts).toEqual(preview.counts);
    const after = await storedProgress(t, id);
    const changed = after.filter((task, index) => JSON.stringify(task) !== JSON.stringify(before.tasks[index]));
    expect(changed).toEqual([
      { id: ACT2, progress: 40, actualStart: '2026-01-08', actualFinish: null, remaining: null },
    ]);
    expect(await progressOf(id, P21)).toEqual({
      id: P21,
      progress: 60,
      actualStart: '2026-01-08',
      actualFinish: null,
      remaining: null,
    });
    // not selected: P.1.2 planned done by now, left as it was
    expect(await progressOf(id, P12)).toEqual({
      id: P12,
      progress: 0,
      actualStart: null,
      actualFinish: null,
      remaining: null,
    });
  });

  it('with nothing to record, writes nothing and says so', async () => {
    const { id, gantt } = await linkedProject();
    const before = await snapshot(id);
    // Friday 2 January is the first day: nothing planned before it
    const answer = await updateOk({ id, cutoff: '2026-01-02', version: gantt.version });
    expect(answer.counts).toEqual({ done: 0, underWay: 0, unchanged: 0, notStarted: 5 });
    expect(answer.gantt).toBeUndefined();
    expect(answer.message).toBe(
      'No hay avance que registrar al 02-01-2026: todas las tareas están al día o aún no comienzan',
    );
    expect(await snapshot(id)).toEqual(before);
  });

  it('refuses bad input in Spanish and changes nothing', async () => {
    const { id, gantt } = await linkedProject();
    await saveProgressOk(t, member.cookie, {
      id,
      cutoff: '2026-01-07',
      entries: [{ TaskID: ACT1, ActualStart: '2026-01-02', Progress: 20 }],
      version: gantt.version,
    });
    const version = await versionOf(id);
    const before = await snapshot(id);
    const refusals: Array<[Record<string, unknown>, number, string]> = [
      [{ id, cutoff: '2026-01-12', taskIds: [ACT2, 999], version }, 400, 'La tarea 999 no existe en el Gantt'],
      [{ id, cutoff: '2026-01-12', taskIds: [998, 999], version }, 400, 'Las tareas 998, 999 no existen en el Gantt'],
      [{ id, cutoff: '2026-02-30', version }, 400, 'cutoff: debe ser una fecha válida (AAAA-MM-DD)'],
      [{ id, cutoff: '12-01-2026', version }, 400, 'cutoff: debe ser una fecha válida (AAAA-MM-DD)'],
      [{ id, cutoff: '2026-01-12', taskIds: [], version }, 400, 'taskIds: debe nombrar al menos una tarea'],
      [{ id, cutoff: '2026-01-12', taskIds: [0], version }, 400, 'taskIds.0: debe ser 1 o más'],
      [{ id, cutoff: '2026-01-12', preview: 'sí', version }, 400, 'preview: debe ser verdadero o falso'],
      [
        { id, cutoff: '2026-01-06', version },
        400,
        'La fecha de corte no puede ser anterior a la última registrada (07-01-2026)',
      ],
      [{ id, cutoff: '2026-01-12', version: version - 1 }, 409, GANTT_STALE_MESSAGE],
    ];
    for (const [input, status, message] of refusals) {
      for (const preview of [undefined, true]) {
        const response = await update(preview === undefined || 'preview' in input ? input : { ...input, preview });
        expect(response.statusCode, JSON.stringify(input)).toBe(status);
        expect(response.body.error.message, JSON.stringify(input)).toBe(message);
      }
    }
    expect(await snapshot(id)).toEqual(before);
  });

  it('refuses a cut-off before the project’s start, a caller without a session and an unknown project', async () => {
    const { id, gantt } = await linkedProject();
    const before = await snapshot(id);
    // the project starts on Friday 2 January 2026 (1 January is Año Nuevo)
    const early = await update({ id, cutoff: '2026-01-01', version: gantt.version });
    expect(early.statusCode).toBe(400);
    expect(early.body.error.message).toBe(
      'La fecha de corte (01-01-2026) es anterior al inicio del proyecto (02-01-2026): no hay avance programado',
    );
    // the calendar's years: from the start year, 100 years
    for (const cutoff of ['2025-12-31', '2126-01-01']) {
      const outside = await update({ id, cutoff, preview: true });
      expect(outside.statusCode).toBe(400);
      expect(outside.body.error.message).toBe(
        'La fecha de corte debe estar entre los años 2026 y 2125 (el calendario del proyecto)',
      );
    }
    const anonymous = await update({ id, cutoff: '2026-01-12', version: gantt.version }, null);
    expect(anonymous.statusCode).toBe(401);
    const unknown = await update({ id: '01890000-0000-7000-8000-000000000000', cutoff: '2026-01-12' });
    expect(unknown.statusCode).toBe(404);
    expect(await snapshot(id)).toEqual(before);
  });
});
