import { GANTT_STALE_MESSAGE } from '@cimiento/domain';
import type { HistoryEntry } from '@cimiento/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createObject, uniqueCode } from '../../test/support/catalogues';
import { callFunction, createFirstAdmin, createSignedInUser } from '../../test/support/factories';
import type { TestAccount } from '../../test/support/factories';
import { asInput, createGanttProject, loadGanttOk, saveGanttOk } from '../../test/support/gantt';
import type { WireGantt } from '../../test/support/gantt';
import { createTestApp, databaseKinds } from '../../test/support/test-app';
import type { TestApp } from '../../test/support/test-app';

/**
 * Issue 35: levelResources {id, version, dryRun, order, withinSlack} on both databases, on
 * createGanttProject's Gantt: its leaves run Friday 2 to Thursday 8 January 2026 (5 working days;
 * the 1st is a holiday), so the project finishes on the 8th. ACT1 (6) and ACT2 (7) both need the
 * one tower crane: levelled, ACT2 waits for ACT1 and runs Friday 9 to Thursday 15.
 */
const ACT1 = 6;
const ACT2 = 7;

type Task = WireGantt['activities'][number] & { LevelingDelay?: number; LeveledFrom?: string };
type Levelled = {
  moved: { TaskID: number; TaskCode: string; days: number; from: string; to: string; finish: string }[];
  finish: string;
  finishBefore: string;
  overloads: { resourceName: string; from: string; to: string; units: number; maxUnits: number; reason: string }[];
  gantt?: WireGantt;
  message: string;
};

describe.each(databaseKinds)('levelResources (%s)', (kind) => {
  let t: TestApp;
  let member: TestAccount;
  let grua: { _id: string; code: string };

  beforeAll(async () => {
    t = await createTestApp(kind);
    const admin = await createFirstAdmin(t);
    member = await createSignedInUser(t, admin.cookie);
    grua = await createObject(t, member.cookie, 'recursos', {
      code: uniqueCode('GRUA'),
      name: 'Grúa torre',
      type: 'equipment',
      unit: 'un',
      maxUnits: 1,
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  const byId = (gantt: Pick<WireGantt, 'activities'>, id: number) =>
    gantt.activities.find((task) => task.TaskID === id) as Task;

  async function withCrane(units: Record<number, number>): Promise<{ id: string; gantt: WireGantt }> {
    return withResource(grua._id, units);
  }

  async function withResource(
    resourceId: string,
    units: Record<number, number>,
  ): Promise<{ id: string; gantt: WireGantt }> {
    const { id } = await createGanttProject(t, member.cookie);
    const loaded = await loadGanttOk(t, member.cookie, id);
    const gantt = await saveGanttOk(
      t,
      member.cookie,
      id,
      {
        activities: asInput(loaded.activities).map((task) =>
          (task.TaskID as number) in units
            ? { ...task, Resources: [{ resourceId, units: units[task.TaskID as number] }] }
            : task,
        ),
      },
      loaded.version,
    );
    return { id, gantt };
  }

  async function level(data: Record<string, unknown>): Promise<Levelled> {
    const response = await callFunction(t.app, 'levelResources', data, member.cookie);
    expect(response.statusCode, JSON.stringify(response.body).slice(0, 600)).toBe(200);
    return response.body.result as Levelled;
  }

  it('a dry run says what would move and writes nothing; applying stores the delays under the version', async () => {
    const { id, gantt } = await withCrane({ [ACT1]: 1, [ACT2]: 1 });
    const request = { id, version: gantt.version, order: 'totalFloat', withinSlack: false };
    const preview = await level({ ...request, dryRun: true });
    expect(preview.moved).toEqual([
      {
        TaskID: ACT2,
        TaskCode: 'ACT2',
        TaskName: 'Hormigonar',
        days: 5,
        from: '2026-01-02',
        to: '2026-01-09',
        finish: '2026-01-15',
      },
    ]);
    expect(preview).toMatchObject({ finish: '2026-01-15', finishBefore: '2026-01-08', overloads: [] });
    expect(preview.gantt).toBeUndefined();
    expect(preview.message).toBe('1 tarea se movería; fin del proyecto 15-01-2026 (antes 08-01-2026); sin sobrecargas');
    expect({ ...(await loadGanttOk(t, member.cookie, id)), message: '' }).toEqual({ ...gantt, message: '' });

    const applied = await level({ ...request, dryRun: false });
    expect(applied.gantt?.version).toBe(gantt.version + 1);
    expect(byId(applied.gantt as WireGantt, ACT2)).toMatchObject({
      StartDate: '2026-01-09',
      EndDate: '2026-01-15',
      StartNoEarlierThan: '2026-01-09',
      LevelingDelay: 5,
      LeveledFrom: '2026-01-02',
    });
    expect(byId(applied.gantt as WireGantt, ACT1).LevelingDelay).toBeUndefined();
    const reloaded = await loadGanttOk(t, member.cookie, id);
    expect(reloaded.activities).toEqual(applied.gantt?.activities);
    const history = await callFunction(t.app, 'loadProjectHistory', { id, limit: 1 }, member.cookie);
    expect((history.body.result.entries as HistoryEntry[])[0]?.summary).toContain('Recursos redistribuidos');

    // levelling again puts the earlier levelling back first: the same answer, nothing new to store
    const again = await level({ ...request, version: reloaded.version, dryRun: true });
    expect(again.moved).toEqual(preview.moved);
  });

  it("'Quitar redistribución' puts the start back; a start moved by hand drops the levelling", async () => {
    const { id, gantt } = await withCrane({ [ACT1]: 1, [ACT2]: 1 });
    const applied = (await level({ id, version: gantt.version, dryRun: false, order: 'edpOrder', withinSlack: false }))
      .gantt as WireGantt;
    const removed = await saveGanttOk(
      t,
      member.cookie,
      id,
      {
        activities: asInput(applied.activities).map((task) =>
          task.TaskID === ACT2 ? { ...task, StartDate: '2026-01-02', LevelingDelay: null, LeveledFrom: null } : task,
        ),
      },
      applied.version,
    );
    expect(byId(removed, ACT2)).toMatchObject({ StartDate: '2026-01-02' });
    expect(byId(removed, ACT2).LevelingDelay).toBeUndefined();

    const relevelled = (
      await level({ id, version: removed.version, dryRun: false, order: 'edpOrder', withinSlack: false })
    ).gantt as WireGantt;
    // a save that leaves the fields out keeps them while the start stays …
    const untouched = asInput(relevelled.activities).map(
      ({ LevelingDelay: _d, LeveledFrom: _f, ...task }: Record<string, unknown>) => task,
    );
    const kept = await saveGanttOk(t, member.cookie, id, { activities: untouched }, relevelled.version);
    expect(byId(kept, ACT2)).toMatchObject({ LevelingDelay: 5, LeveledFrom: '2026-01-02' });
    // … and drops them once the start moves by hand
    const moved = await saveGanttOk(
      t,
      member.cookie,
      id,
      {
        activities: asInput(kept.activities).map(
          ({ LevelingDelay: _d, LeveledFrom: _f, ...task }: Record<string, unknown>) =>
            task.TaskID === ACT2 ? { ...task, StartDate: '2026-01-12' } : task,
        ),
      },
      kept.version,
    );
    expect(byId(moved, ACT2).StartDate).toBe('2026-01-12');
    expect(byId(moved, ACT2).LevelingDelay).toBeUndefined();
  });

  it('reports what it cannot resolve, with its reason: beyond the float, more than the resource has', async () => {
    const tight = await withCrane({ [ACT1]: 1, [ACT2]: 1 });
    const withinSlack = await level({
      id: tight.id,
      version: tight.gantt.version,
      dryRun: true,
      order: 'edpOrder',
      withinSlack: true,
    });
    expect(withinSlack.moved).toEqual([]);
    expect(withinSlack.overloads).toEqual([
      expect.objectContaining({
        resourceName: `${grua.code} Grúa torre`,
        from: '2026-01-02',
        to: '2026-01-08',
        units: 2,
        maxUnits: 1,
        reason:
          'Resolverla movería la tarea ACT2 más allá de su holgura (se pidió redistribuir solo dentro de la holgura)',
      }),
    ]);
    const big = await withCrane({ [ACT1]: 2 });
    const exceeding = await level({
      id: big.id,
      version: big.gantt.version,
      dryRun: true,
      order: 'edpOrder',
      withinSlack: false,
    });
    expect(exceeding.overloads.map((overload) => overload.reason)).toEqual([
      `La tarea ACT1 pide más de lo que ${grua.code} Grúa torre tiene como máximo (1): redúcelas o aumenta su disponibilidad`,
    ]);
  });

  it("a resource's own calendar: a task using it goes past its days off whole, or is reported when it cannot fit", async () => {
    // the crane of this test is serviced Monday 5 to Wednesday 7: ACT1 (5 days from Friday 2) cannot
    // run across the service nor be split; it runs Thursday 8 to Wednesday 14
    const serviced = await createObject(t, member.cookie, 'recursos', {
      code: uniqueCode('GRUAM'),
      name: 'Grúa en mantención',
      type: 'equipment',
      unit: 'un',
      maxUnits: 1,
      calendar: { exceptions: [{ from: '2026-01-05', to: '2026-01-07', name: 'Mantención' }] },
    });
    const one = await withResource(serviced._id, { [ACT1]: 1 });
    const request = { id: one.id, version: one.gantt.version, order: 'edpOrder', withinSlack: false };
    const preview = await level({ ...request, dryRun: true });
    expect(preview.moved).toEqual([
      {
        TaskID: ACT1,
        TaskCode: 'ACT1',
        TaskName: byId(one.gantt, ACT1).TaskName,
        days: 4,
        from: '2026-01-02',
        to: '2026-01-08',
        finish: '2026-01-14',
      },
    ]);
    expect(preview.overloads).toEqual([]);
    const applied = await level({ ...request, dryRun: false });
    expect(byId(applied.gantt as WireGantt, ACT1)).toMatchObject({
      StartDate: '2026-01-08',
      EndDate: '2026-01-14',
      LevelingDelay: 4,
      LeveledFrom: '2026-01-02',
    });

    // a crane that works Monday to Thursday has 5 working days in a row only where a Friday is a
    // holiday: Easter week (Good Friday, 3 April 2026), Monday 30 March to Monday 6 April
    const fourDays = await createObject(t, member.cookie, 'recursos', {
      code: uniqueCode('GRUAJ'),
      name: 'Grúa de lunes a jueves',
      type: 'equipment',
      unit: 'un',
      maxUnits: 1,
      calendar: { workingWeekdays: [1, 2, 3, 4] },
    });
    const easter = await withResource(fourDays._id, { [ACT1]: 1 });
    const moved = await level({
      id: easter.id,
      version: easter.gantt.version,
      dryRun: true,
      order: 'edpOrder',
      withinSlack: false,
    });
    expect(moved.moved).toEqual([expect.objectContaining({ TaskID: ACT1, to: '2026-03-30', finish: '2026-04-06' })]);
    expect(moved.overloads).toEqual([]);

    // one that works Mondays only never has 5 in a row: ACT1 is left where it was and reported
    const mondays = await createObject(t, member.cookie, 'recursos', {
      code: uniqueCode('GRUAL'),
      name: 'Grúa de los lunes',
      type: 'equipment',
      unit: 'un',
      maxUnits: 1,
      calendar: { workingWeekdays: [1] },
    });
    const stuck = await withResource(mondays._id, { [ACT1]: 1 });
    const report = await level({
      id: stuck.id,
      version: stuck.gantt.version,
      dryRun: true,
      order: 'edpOrder',
      withinSlack: false,
    });
    expect(report.moved).toEqual([]);
    // ACT1 runs Friday 2 to Thursday 8: the crane is off on the 2nd and from the 6th to the 8th
    expect(report.overloads.map(({ from, to, units, maxUnits }) => [from, to, units, maxUnits])).toEqual([
      ['2026-01-02', '2026-01-02', 1, 0],
      ['2026-01-06', '2026-01-08', 1, 0],
    ]);
    expect(report.overloads[0]?.reason).toBe(
      `La tarea ACT1 no cabe entre los días no laborables de ${mondays.code} Grúa de los lunes (su calendario propio) antes del horizonte del proyecto: una tarea no se divide; acórtala o revisa el calendario del recurso`,
    );
  });

  it('refuses a stale version and bad input, changing nothing', async () => {
    const { id, gantt } = await withCrane({ [ACT1]: 1, [ACT2]: 1 });
    const stale = await callFunction(
      t.app,
      'levelResources',
      { id, version: gantt.version - 1, dryRun: false, order: 'edpOrder', withinSlack: false },
      member.cookie,
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.body.error.message).toBe(GANTT_STALE_MESSAGE);
    const bad = await callFunction(
      t.app,
      'levelResources',
      { id, version: gantt.version, dryRun: false, order: 'random', withinSlack: false },
      member.cookie,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.body.error.message).toContain('order: debe ser una de: totalFloat, lateStart, priority, edpOrder');
    expect({ ...(await loadGanttOk(t, member.cookie, id)), message: '' }).toEqual({ ...gantt, message: '' });
  });
});
