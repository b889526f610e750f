import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFirstAdmin, createSignedInUser } from '../../test/support/factories';
import type { TestAccount } from '../../test/support/factories';
import { asInput, createGanttProject, loadGanttOk, saveGantt, saveGanttOk } from '../../test/support/gantt';
import type { WireGantt } from '../../test/support/gantt';
import { saveProgress, saveProgressOk, storedHistory, storedProgress } from '../../test/support/progress';
import type { TrackedGantt } from '../../test/support/progress';
import { createTestApp, databaseKinds } from '../../test/support/test-app';
import type { TestApp } from '../../test/support/test-app';

/**
 * Issue 34, 'Duración restante': the working days left of a task under way as recorded (typed in
 * 'Registrar avance' or the task editor, or read from MS Project / P6), scheduled from the cut-off
 * instead of what its progress leaves; kept while the progress and the actual dates stay, dropped
 * (the progress decides again) when they change without one, as MS Project recomputes it.
 *
 * createGanttProject's Gantt: 1 P · 2 P.1 · 3 P.1.1 · 4 M · 5 M.1 · 6 ACT1 · 7 ACT2 · 8 P.1.2 · 9 P.2 ·
 * 10 P.2.1 · 11 P.2.2; the leaves start on Friday 2 January 2026 and last 5 working days. January
 * 2026 has no holiday after Thursday 1.
 */
const P12 = 8;
const P21 = 10;
const P22 = 11;
const CUTOFF = '2026-01-14';

describe.each(databaseKinds)('remaining duration (%s)', (kind) => {
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

  /** A project whose P.2.2 follows P.1.2 (FS). */
  async function linkedProject(): Promise<{ id: string; gantt: WireGantt }> {
    const { id } = await createGanttProject(t, member.cookie);
    const loaded = await loadGanttOk(t, member.cookie, id);
    const activities = asInput(loaded.activities).map((task) =>
      task.TaskID === P22 ? { ...task, Predecessor: String(P12) } : task,
    );
    return { id, gantt: await saveGanttOk(t, member.cookie, id, { activities }, loaded.version) };
  }

  function byId(gantt: Pick<TrackedGantt, 'activities'>, taskId: number) {
    const task = gantt.activities.find((candidate) => candidate.TaskID === taskId);
    if (!task) throw new Error(`no hay tarea ${taskId}`);
    return task;
  }

  const stored = async (id: string, taskId: number) =>
    (await storedProgress(t, id)).find((task) => task.id === taskId)?.remaining;

  it('schedules a task under way with the days recorded as left, and keeps them while its progress stays', async () => {
    const { id, gantt } = await linkedProject();
    // P.1.2 started Monday 5 at 40 %: the progress leaves ⌈5 × 0.6⌉ = 3 days (14–16 January); 6 are
    // recorded as left: Wednesday 14 … Wednesday 21, and P.2.2 starts Thursday 22
    const saved = await saveProgressOk(t, member.cookie, {
      id,
      cutoff: CUTOFF,
      entries: [{ TaskID: P12, ActualStart: '2026-01-05', Progress: 40, RemainingDuration: 6 }],
      version: gantt.version,
    });
    expect(byId(saved, P12)).toMatchObject({
      StartDate: '2026-01-05',
      EndDate: '2026-01-21',
      Duration: 5,
      Progress: 40,
      RemainingDuration: 6,
      status: 'started',
    });
    expect(byId(saved, P22)).toMatchObject({ StartDate: '2026-01-22', EndDate: '2026-01-28' });
    expect(await stored(id, P12)).toBe(6);
    // a reload answers the same; sending the loaded Gantt back (one name changed) keeps it
    const loaded = await loadGanttOk(t, member.cookie, id);
    expect(byId(loaded, P12)).toMatchObject({ EndDate: '2026-01-21', RemainingDuration: 6 });
    const renamed = await saveGanttOk(
      t,
      member.cookie,
      id,
      {
        activities: asInput(loaded.activities).map((task) =>
          task.TaskID === P21 ? { ...task, TaskName: 'Otra' } : task,
        ),
      },
      loaded.version,
    );
    expect(byId(renamed, P12)).toMatchObject({ EndDate: '2026-01-21', RemainingDuration: 6 });
    // a script that leaves the field out keeps it too (the progress did not change)
    const without = asInput(renamed.activities).map(({ RemainingDuration: _left, ...task }) => task);
    const again = await saveGanttOk(t, member.cookie, id, { activities: without }, renamed.version);
    expect(byId(again, P12)).toMatchObject({ EndDate: '2026-01-21', RemainingDuration: 6 });
  });

  it('drops it when the progress changes without one (the progress decides again), and takes a new one', async () => {
    const { id, gantt } = await linkedProject();
    const first = await saveProgressOk(t, member.cookie, {
      id,
      cutoff: CUTOFF,
      entries: [{ TaskID: P12, ActualStart: '2026-01-05', Progress: 40, RemainingDuration: 6 }],
      version: gantt.version,
    });
    // 60 % at the same cut-off, no remaining sent: ⌈5 × 0.4⌉ = 2 days, 14–15 January
    const faster = await saveProgressOk(t, member.cookie, {
      id,
      cutoff: CUTOFF,
      entries: [{ TaskID: P12, ActualStart: '2026-01-05', Progress: 60 }],
      version: first.version,
    });
    expect(byId(faster, P12).EndDate).toBe('2026-01-15');
    expect(byId(faster, P12).RemainingDuration).toBeUndefined();
    expect(await stored(id, P12)).toBeNull();
    // the task editor's way: saveGantt with a remaining duration (4 days: 14–19 January)
    const edited = await saveGanttOk(
      t,
      member.cookie,
      id,
      {
        activities: asInput(faster.activities).map((task) =>
          task.TaskID === P12 ? { ...task, RemainingDuration: 4 } : task,
        ),
      },
      faster.version,
    );
    expect(byId(edited, P12)).toMatchObject({ EndDate: '2026-01-19', RemainingDuration: 4 });
    // … and null clears it
    const cleared = await saveGanttOk(
      t,
      member.cookie,
      id,
      {
        activities: asInput(edited.activities).map((task) =>
          task.TaskID === P12 ? { ...task, RemainingDuration: null } : task,
        ),
      },
      edited.version,
    );
    expect(byId(cleared, P12).EndDate).toBe('2026-01-15');
    expect(await stored(id, P12)).toBeNull();
    // finishing the task leaves nothing to remain
    const done = await saveProgressOk(t, member.cookie, {
      id,
      cutoff: CUTOFF,
      entries: [{ TaskID: P12, ActualStart: '2026-01-05', Progress: 40, RemainingDuration: 6 }],
      version: cleared.version,
    });
    expect(await stored(id, P12)).toBe(6);
    await saveProgressOk(t, member.cookie, {
      id,
      cutoff: CUTOFF,
      entries: [{ TaskID: P12, ActualStart: '2026-01-05', ActualFinish: '2026-01-13', Progress: 100 }],
      version: done.version,
    });
    expect(await stored(id, P12)).toBeNull();
  });

  it('refuses one on a task not under way, and a value that is not whole days, changing nothing', async () => {
    const { id, gantt } = await linkedProject();
    const before = { tasks: await storedProgress(t, id), history: await storedHistory(t, id) };
    const notUnderWay = await saveProgress(t, member.cookie, {
      id,
      cutoff: CUTOFF,
      entries: [{ TaskID: P21, Progress: 0, RemainingDuration: 3 }],
      version: gantt.version,
    });
    expect(notUnderWay.statusCode).toBe(400);
    expect(notUnderWay.body.error.message).toContain(
      'la duración restante solo se registra en una tarea en curso (con inicio real y sin fin real)',
    );
    for (const RemainingDuration of [-1, 2.5, 10_001, 'tres']) {
      const response = await saveProgress(t, member.cookie, {
        id,
        cutoff: CUTOFF,
        entries: [{ TaskID: P12, ActualStart: '2026-01-05', Progress: 40, RemainingDuration } as never],
        version: gantt.version,
      });
      expect(response.statusCode, String(RemainingDuration)).toBe(400);
      expect(response.body.error.message).toMatch(/RemainingDuration: debe ser/);
    }
    // saveGantt: the same rule, at the latest cut-off
    await saveProgressOk(t, member.cookie, {
      id,
      cutoff: CUTOFF,
      entries: [{ TaskID: P12, ActualStart: '2026-01-05', Progress: 40 }],
      version: gantt.version,
    });
    const loaded = await loadGanttOk(t, member.cookie, id);
    const refused = await saveGantt(
      t,
      member.cookie,
      id,
      {
        activities: asInput(loaded.activities).map((task) =>
          task.TaskID === P21 ? { ...task, RemainingDuration: 2 } : task,
        ),
      },
      loaded.version,
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.body.error.message).toContain('la duración restante solo se registra en una tarea en curso');
    expect((await storedProgress(t, id)).map((task) => task.remaining)).toEqual(before.tasks.map(() => null));
  });
});
