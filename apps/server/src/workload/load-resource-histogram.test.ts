import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createObject, uniqueCode } from '../../test/support/catalogues';
import { callFunction, createFirstAdmin, createSignedInUser } from '../../test/support/factories';
import type { TestAccount } from '../../test/support/factories';
import { asInput, createGanttProject, loadGanttOk, saveGanttOk } from '../../test/support/gantt';
import type { WireGantt } from '../../test/support/gantt';
import { createTestApp, databaseKinds } from '../../test/support/test-app';
import type { TestApp } from '../../test/support/test-app';

/**
 * Issue 35: loadResourceHistogram on both databases, on createGanttProject's Gantt (its leaves run
 * Friday 2 to Thursday 8 January 2026; 1 January is a holiday, so January has 21 working days).
 * ACT1 (6) has 2 formwork crews (4 carpenters + 1 jornal, $500.000 a crew-day, 2 available) and the
 * tower crane (UF 10 a day, the UF at $39.000); ACT2 (7) one crew. The crews' day is 3: overloaded.
 */
const ACT1 = 6;
const ACT2 = 7;

type Point = { date: string; units: number; average: number; hours: number; cost: number; overload: boolean };
type Series = { key: string; name: string; unit: string; maxUnits: number; points: Point[]; missingRates?: string[] };
type Histogram = { series: Series[]; baseline?: { name: string; series: Series[] }; cutoff?: string; message: string };

describe.each(databaseKinds)('loadResourceHistogram (%s)', (kind) => {
  let t: TestApp;
  let admin: TestAccount;
  let member: TestAccount;
  let moldaje: { _id: string; code: string };
  let grua: { _id: string; code: string };
  let carpintero: { _id: string };

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await createFirstAdmin(t);
    member = await createSignedInUser(t, admin.cookie);
    carpintero = await createObject(t, member.cookie, 'oficios', { code: uniqueCode('CAR'), name: 'Carpintero' });
    const jornal = await createObject(t, member.cookie, 'oficios', { code: uniqueCode('JOR'), name: 'Jornal' });
    moldaje = await createObject(t, member.cookie, 'recursos', {
      code: uniqueCode('CMOL'),
      name: 'Cuadrilla moldaje',
      type: 'labor',
      unit: 'cuadrilla',
      maxUnits: 2,
      crew: [
        { trade: carpintero._id, count: 4 },
        { trade: jornal._id, count: 1 },
      ],
      costPerDay: '500000',
      currency: 'CLP',
    });
    grua = await createObject(t, member.cookie, 'recursos', {
      code: uniqueCode('GRUA'),
      name: 'Grúa torre',
      type: 'equipment',
      unit: 'un',
      maxUnits: 1,
      costPerDay: '10',
      currency: 'UF',
    });
    const uf = await callFunction(
      t.app,
      'saveUfValues',
      { values: [{ date: '2025-12-31', value: '39000' }] },
      admin.cookie,
    );
    expect(uf.statusCode).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function histogram(data: Record<string, unknown>): Promise<Histogram> {
    const response = await callFunction(t.app, 'loadResourceHistogram', data, member.cookie);
    expect(response.statusCode, JSON.stringify(response.body).slice(0, 600)).toBe(200);
    return response.body.result as Histogram;
  }

  async function assigned(): Promise<{ id: string; gantt: WireGantt }> {
    const { id } = await createGanttProject(t, member.cookie);
    const loaded = await loadGanttOk(t, member.cookie, id);
    const resources: Record<number, unknown> = {
      [ACT1]: [
        { resourceId: moldaje._id, units: 2 },
        { resourceId: grua._id, units: 1 },
      ],
      [ACT2]: [{ resourceId: moldaje._id, units: 1 }],
    };
    const gantt = await saveGanttOk(
      t,
      member.cookie,
      id,
      {
        activities: asInput(loaded.activities).map((task) =>
          (task.TaskID as number) in resources ? { ...task, Resources: resources[task.TaskID as number] } : task,
        ),
      },
      loaded.version,
    );
    return { id, gantt };
  }

  it('per resource and month: the busiest day against the maximum, the mean, HH and the cost in CLP', async () => {
    const { id } = await assigned();
    const answer = await histogram({ id, groupBy: 'resource', period: 'month' });
    expect(answer.series.map((series) => series.name)).toEqual([
      `${moldaje.code} Cuadrilla moldaje`,
      `${grua.code} Grúa torre`,
    ]);
    const [crews, crane] = answer.series as [Series, Series];
    // 5 days × 3 crews = 15 crew-days over 21 working days; 15 × 5 workers × 8,8 h; 15 × $500.000
    expect(crews.points).toEqual([
      expect.objectContaining({
        date: '2026-01-01',
        units: 3,
        average: 0.71,
        hours: 660,
        cost: 7_500_000,
        maxUnits: 2,
        overload: true,
      }),
    ]);
    // 5 days × UF 10 × $39.000 (the UF of 31 December stands for the days after it)
    expect(crane.points[0]).toMatchObject({ units: 1, hours: 44, cost: 1_950_000, overload: false });
    expect(answer.message).toBe('Histograma de 2 series sobre 2 tareas con recursos');
  });

  it('the manpower histogram per trade and week; a baseline gives a second series on its dates', async () => {
    const { id, gantt } = await assigned();
    const baseline = await callFunction(t.app, 'saveBaseline', { id, name: 'LB contrato' }, member.cookie);
    expect(baseline.statusCode).toBe(200);
    const baselineId = (baseline.body.result as { baselineId: string }).baselineId;
    // ACT1 moves a week later after the baseline
    await saveGanttOk(
      t,
      member.cookie,
      id,
      {
        activities: asInput(gantt.activities).map((task) =>
          task.TaskID === ACT1 ? { ...task, StartDate: '2026-01-09' } : task,
        ),
      },
      gantt.version,
    );
    const answer = await histogram({ id, groupBy: 'trade', period: 'week', baselineId });
    const carpenters = answer.series.find((series) => series.key === carpintero._id) as Series;
    expect(carpenters.unit).toBe('trabajadores');
    // now: ACT2 alone in its weeks (4 carpenters), ACT1's 8 from Friday 9
    expect(carpenters.points.map((point) => [point.date, point.units])).toEqual([
      ['2025-12-29', 4],
      ['2026-01-05', 8],
      ['2026-01-12', 8],
    ]);
    expect(answer.baseline?.name).toBe('LB contrato');
    const planned = answer.baseline?.series.find((series) => series.key === carpintero._id) as Series;
    expect(planned.points.map((point) => [point.date, point.units])).toEqual([
      ['2025-12-29', 12],
      ['2026-01-05', 12],
    ]);
  });

  it('answers an empty histogram when no task has resources; refuses bad input and another project’s baseline', async () => {
    const { id } = await createGanttProject(t, member.cookie);
    const empty = await histogram({ id, groupBy: 'type', period: 'day' });
    expect(empty.series).toEqual([]);
    expect(empty.message).toBe('Ninguna tarea tiene recursos asignados: asígnalos en la columna «Recursos» del Gantt');
    const bad = await callFunction(
      t.app,
      'loadResourceHistogram',
      { id, groupBy: 'tower', period: 'day' },
      member.cookie,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.body.error.message).toContain('groupBy: debe ser una de: resource, trade, type');
    const other = await assigned();
    const foreign = await callFunction(t.app, 'saveBaseline', { id: other.id, name: 'LB' }, member.cookie);
    const missing = await callFunction(
      t.app,
      'loadResourceHistogram',
      {
        id,
        groupBy: 'resource',
        period: 'month',
        baselineId: (foreign.body.result as { baselineId: string }).baselineId,
      },
      member.cookie,
    );
    expect(missing.statusCode).toBe(404);
    expect(missing.body.error.message).toBe('Línea base no encontrada');
    const anonymous = await callFunction(t.app, 'loadResourceHistogram', { id, groupBy: 'type', period: 'day' });
    expect(anonymous.statusCode).toBe(401);
  });
});
