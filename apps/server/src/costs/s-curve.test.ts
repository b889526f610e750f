import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callFunction, createFirstAdmin, createSignedInUser } from '../../test/support/factories';
import type { CallResult, TestAccount } from '../../test/support/factories';
import { asInput, createGanttProject, loadGanttOk, saveGanttOk, taskByCode } from '../../test/support/gantt';
import type { WireGantt } from '../../test/support/gantt';
import { priceEdpItems, setProjectCurrency } from '../../test/support/prices';
import { saveProgressOk } from '../../test/support/progress';
import { createTestApp, databaseKinds } from '../../test/support/test-app';
import type { TestApp } from '../../test/support/test-app';
import { openWorkbook } from '../../test/support/workbooks';

const UNKNOWN_ID = '01890000-0000-7000-8000-000000000000';

type WirePoint = {
  date: string;
  cutoff: boolean;
  planned: string;
  earned: string | null;
  plannedPercent: string;
  earnedPercent: string | null;
  actualCost: string | null;
  projected?: string | null;
  projectedPercent?: string | null;
};
type WireSCurve = {
  currency: string;
  basis: 'cost' | 'duration';
  baselineId?: string;
  baselineName?: string;
  edpItemId?: number;
  points: WirePoint[];
  total: string;
  cutoff?: string;
  spi: string | null;
  cpi: string | null;
  forecast?: {
    finish: string;
    baselineFinish: string | null;
    finishVariance: number | null;
    eac: string | null;
    etc: string | null;
    vac: string | null;
  };
  message: string;
};

/** A point as [date, planned, earned, plannedPercent, earnedPercent, actualCost, cutoff]. */
const row = (point: WirePoint) => [
  point.date,
  point.planned,
  point.earned,
  point.plannedPercent,
  point.earnedPercent,
  point.actualCost,
  point.cutoff,
];

describe.each(databaseKinds)('the S-curve (%s)', (kind) => {
  let t: TestApp;
  let member: TestAccount;

  beforeAll(async () => {
    t = await createTestApp(kind);
    const admin = await createFirstAdmin(t);
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

  const loadSCurve = (data: { id: string; baselineId?: string; edpItemId?: number }) =>
    ok<WireSCurve>('loadSCurve', data);

  function expectError(response: CallResult, status: string, message: string) {
    expect(response.body.error, JSON.stringify(response.body).slice(0, 500)).toEqual({ status, message });
  }

  /** Prices through saveEdp ('gl', quantity × unit price by EDP item id), the project in CLP (updateProject). */
  async function price(projectId: string, prices: Record<number, [string, string]>) {
    await setProjectCurrency(t, member.cookie, projectId, 'CLP');
    await priceEdpItems(
      t,
      member.cookie,
      projectId,
      Object.fromEntries(
        Object.entries(prices).map(([id, [quantity, unitPrice]]) => [Number(id), { unit: 'gl', quantity, unitPrice }]),
      ),
    );
  }

  /**
   * createGanttProject's project (EDP 1 P · 2 P.1 · 3 P.1.1 · 4 P.1.2 · 5 P.2 · 6 P.2.1 · 7 P.2.2;
   * ACT1, ACT2 under P.1.1) with its five leaves placed by hand (Monday–Friday, no holiday in
   * February or March 2026):
   *   ACT1   2 Feb → 13 Feb, 10 days      ACT2  16 Feb → 27 Feb, 10 days
   *   P.1.2  2 Mar →  6 Mar, 5 days       P.2.1 a milestone on 16 Mar      P.2.2 2 Feb → 6 Feb, 5 days
   */
  async function placedProject(prefix: string) {
    const project = await createGanttProject(t, member.cookie, { prefix });
    const loaded = await loadGanttOk(t, member.cookie, project.id);
    const code = project.code;
    const placed: Record<string, { StartDate: string; Duration: number }> = {
      ACT1: { StartDate: '2026-02-02', Duration: 10 },
      ACT2: { StartDate: '2026-02-16', Duration: 10 },
      [`${code}.1.2`]: { StartDate: '2026-03-02', Duration: 5 },
      [`${code}.2.1`]: { StartDate: '2026-03-16', Duration: 0 },
      [`${code}.2.2`]: { StartDate: '2026-02-02', Duration: 5 },
    };
    const activities = asInput(loaded.activities).map((task) => ({ ...task, ...placed[task.TaskCode as string] }));
    const gantt = await saveGanttOk(t, member.cookie, project.id, { activities }, loaded.version);
    const ids = {
      ACT1: taskByCode(gantt, 'ACT1').TaskID,
      ACT2: taskByCode(gantt, 'ACT2').TaskID,
      P12: taskByCode(gantt, `${code}.1.2`).TaskID,
      P21: taskByCode(gantt, `${code}.2.1`).TaskID,
      P22: taskByCode(gantt, `${code}.2.2`).TaskID,
    };
    return { id: project.id, code, gantt, ids };
  }

  /**
   * Two cut-offs:
   *   C1 16 Feb: ACT1 done (2 → 13 Feb), P.2.2 at 50 %
   *   C2  2 Mar: ACT2 at 60 %, P.1.2 done early (23 → 27 Feb, planned 2 → 6 Mar)
   */
  async function recordTwoCutoffs(id: string, ids: Awaited<ReturnType<typeof placedProject>>['ids']) {
    let gantt: Pick<WireGantt, 'version'> = await loadGanttOk(t, member.cookie, id);
    gantt = await saveProgressOk(t, member.cookie, {
      id,
      cutoff: '2026-02-16',
      entries: [
        { TaskID: ids.ACT1, ActualStart: '2026-02-02', ActualFinish: '2026-02-13', Progress: 100 },
        { TaskID: ids.P22, ActualStart: '2026-02-02', Progress: 50 },
      ],
      version: gantt.version,
    });
    await saveProgressOk(t, member.cookie, {
      id,
      cutoff: '2026-03-02',
      entries: [
        { TaskID: ids.ACT2, ActualStart: '2026-02-16', Progress: 60 },
        { TaskID: ids.P12, ActualStart: '2026-02-23', ActualFinish: '2026-02-27', Progress: 100 },
      ],
      version: gantt.version,
    });
  }

  /*
   * The priced project, by hand (CLP): P.1.1 10 × $100.000 = $1.000.000, spread over ACT1 and ACT2
   * by working days (10 and 10): $500.000 each; P.1.2 2 × $250.000 = $500.000; P.2.1 1 × $300.000
   * on its milestone; P.2.2 unpriced. Total $1.800.000. The baseline 'Contrato' is fixed priced,
   * before any progress.
   *   start 2 Feb: 0
   *   C1 16 Feb: PV ACT1 500.000 (27,78 %); EV ACT1 500.000 (27,78 %) — P.2.2 has progress, no cost
   *   1 Mar: PV ACT1 + ACT2 = 1.000.000 (55,56 %)
   *   C2  2 Mar: PV 1.000.000 (55,56 %); EV 500.000 + 60 % × 500.000 + 500.000 = 1.300.000 (72,22 %)
   *   1 Apr (the milestone 16 Mar is the finish): 1.800.000 (100 %)
   *   SPI = 1.300.000 / 1.000.000 = 1.3; AC 1.200.000 at C2 → CPI = 1.300.000 / 1.200.000 = 1,083… → 1.08
   */
  async function pricedProject(prefix: string) {
    const project = await placedProject(prefix);
    await price(project.id, { 3: ['10', '100000'], 4: ['2', '250000'], 6: ['1', '300000'] });
    const baseline = await ok<{ baselineId: string }>('saveBaseline', { id: project.id, name: 'Contrato' });
    await recordTwoCutoffs(project.id, project.ids);
    return { ...project, baselineId: baseline.baselineId };
  }

  it("stores a baseline's costs per task and EDP item when it is fixed", async () => {
    const project = await placedProject('SC');
    await price(project.id, { 3: ['10', '100000'], 4: ['2', '250000'], 6: ['1', '300000'] });
    const { baselineId } = await ok<{ baselineId: string }>('saveBaseline', { id: project.id, name: 'Contrato' });
    const rows = await t.db
      .selectFrom('gantt_baseline_cost')
      .select(['task_id', 'edp_item_id', 'amount'])
      .where('baseline_id', '=', baselineId)
      .orderBy('task_id')
      .execute();
    const { ACT1, ACT2, P12, P21 } = project.ids;
    expect(rows.map((cost) => [Number(cost.task_id), Number(cost.edp_item_id), Number(cost.amount)])).toEqual(
      [
        [ACT1, 3, 500000],
        [ACT2, 3, 500000],
        [P12, 4, 500000],
        [P21, 6, 300000],
      ].sort((a, b) => (a[0] as number) - (b[0] as number)),
    );
  });

  it('draws a priced project against its baseline with two cut-offs, and CPI once an actual cost is entered', async () => {
    const { id, baselineId } = await pricedProject('SC');
    const curve = await loadSCurve({ id });
    expect(curve).toMatchObject({
      currency: 'CLP',
      basis: 'cost',
      baselineId,
      baselineName: 'Contrato',
      total: '1800000',
      cutoff: '2026-03-02',
      spi: '1.3',
      cpi: null,
      message: 'Curva S sobre la línea base «Contrato», 2 cortes de avance',
    });
    expect(curve.edpItemId).toBeUndefined();
    expect(curve.points.map(row)).toEqual([
      ['2026-02-02', '0', null, '0', null, null, false],
      ['2026-02-16', '500000', '500000', '27.78', '27.78', null, true],
      ['2026-03-01', '1000000', null, '55.56', null, null, false],
      ['2026-03-02', '1000000', '1300000', '55.56', '72.22', null, true],
      ['2026-04-01', '1800000', null, '100', null, null, false],
    ]);

    // the actual cost to date at C2: $1.200.000 typed with decimals is kept in whole pesos
    expect(await ok('saveActualCost', { id, cutoff: '2026-03-02', amount: '1200000.4' })).toEqual({
      message: 'Costo real al 02-03-2026: $1.200.000',
    });
    const withCost = await loadSCurve({ id, baselineId });
    expect(withCost.cpi).toBe('1.08');
    expect(withCost.points[3]?.actualCost).toBe('1200000');
    // cleared again
    expect(await ok('saveActualCost', { id, cutoff: '2026-03-02', amount: null })).toEqual({
      message: 'Costo real del corte del 02-03-2026 borrado',
    });
    expect((await loadSCurve({ id })).cpi).toBeNull();
  });

  it("follows the current schedule without a baseline, and a baseline's frozen amounts after prices change", async () => {
    const { id, baselineId } = await pricedProject('SC');
    // prices change after the baseline: the baseline's curve keeps its amounts, EV takes the new ones
    await price(id, { 4: ['2', '500000'] });
    const curve = await loadSCurve({ id });
    expect(curve.total).toBe('1800000');
    // C2: EV = 500.000 + 300.000 + 1.000.000 (P.1.2 now $1.000.000, done); issue 33: '% real' is over
    // the $2.300.000 the tasks carry now (the physical progress every screen shows), 78,26 %
    expect(curve.points[3]).toMatchObject({ planned: '1000000', earned: '1800000', earnedPercent: '78.26' });
    // no baseline chosen: the current schedule (P.1.2 on its actual dates, ACT2's rest after the cut-off)
    expect((await ok<{ baselineId?: string }>('chooseBaseline', { id, baselineId: null })).baselineId).toBeUndefined();
    const current = await loadSCurve({ id });
    expect(current.baselineId).toBeUndefined();
    expect(current.message).toBe(
      'Curva S sobre el programa actual (el proyecto no tiene línea base), 2 cortes de avance',
    );
    expect(current.total).toBe('2300000');
    // the baseline can still be asked for by id
    expect((await loadSCurve({ id, baselineId })).total).toBe('1800000');
  });

  /*
   * Issue 33, the forecast on the priced project, by hand. After the two cut-offs the milestone P.2.1
   * is moved from 16 Mar to Wednesday 8 Apr 2026 (the baseline 'Contrato' keeps 16 Mar). At C2 (2 Mar)
   * EV = 1.300.000; what is left on the current schedule (the project's calendar: Chile's holidays):
   *   ACT2  60 % of $500.000 → $200.000 over its remaining ⌈10 × 0,4⌉ = 4 working days from the
   *         cut-off, 2 → 5 Mar
   *   P.2.1 $300.000 on 8 Apr (the estimated finish)
   * 'Proyectado': C2 1.300.000 (72,22 %); 1 Apr 1.300.000 + 200.000 = 1.500.000 (83,33 %); 1 May (a new
   * month point: the month after the estimated finish) 1.800.000 (100 %).
   * Δ finish 16 Mar → 8 Apr: 17–20 Mar 4, 23–27 Mar 5, 30 Mar–2 Apr 4 (3 Apr is Good Friday), 6–8 Apr 3
   * = 16 working days late.
   * With AC $1.200.000 at C2: EAC = 1.200.000 + (1.800.000 − 1.300.000) × 1.200.000 / 1.300.000
   * = 1.200.000 + 461.538,46… → $1.661.538; ETC $461.538; VAC 1.800.000 − 1.661.538 = $138.462.
   */
  it('forecasts on the current schedule: the projected curve, the estimated finish against the baseline, EAC', async () => {
    const { id, code } = await pricedProject('SC');
    const loaded = await loadGanttOk(t, member.cookie, id);
    const activities = asInput(loaded.activities).map((task) =>
      task.TaskCode === `${code}.2.1` ? { ...task, StartDate: '2026-04-08' } : task,
    );
    await saveGanttOk(t, member.cookie, id, { activities }, loaded.version);

    const curve = await loadSCurve({ id });
    expect(curve.forecast).toEqual({
      finish: '2026-04-08',
      baselineFinish: '2026-03-16',
      finishVariance: 16,
      eac: null,
      etc: null,
      vac: null,
    });
    expect(curve.points.map((point) => [point.date, point.planned, point.projected, point.projectedPercent])).toEqual([
      ['2026-02-02', '0', null, null],
      ['2026-02-16', '500000', null, null],
      ['2026-03-01', '1000000', null, null],
      ['2026-03-02', '1000000', '1300000', '72.22'],
      ['2026-04-01', '1800000', '1500000', '83.33'],
      ['2026-05-01', '1800000', '1800000', '100'],
    ]);
    // the issue-16 figures stay as they were
    expect(curve).toMatchObject({ total: '1800000', spi: '1.3', cpi: null });

    await ok('saveActualCost', { id, cutoff: '2026-03-02', amount: '1200000' });
    expect((await loadSCurve({ id })).forecast).toMatchObject({
      eac: '1661538',
      etc: '461538',
      vac: '138462',
      finishVariance: 16,
    });

    // P.1.1 alone (ACT1, ACT2): its leaves' finish in the baseline, 27 Feb; now ACT2 ends 5 Mar (2–5 Mar: 4 days late)
    const item = await loadSCurve({ id, edpItemId: 3 });
    expect(item.forecast).toMatchObject({ finish: '2026-03-05', baselineFinish: '2026-02-27', finishVariance: 4 });
    expect(
      item.points.filter((point) => point.projected !== null).map((point) => [point.date, point.projected]),
    ).toEqual([
      ['2026-03-02', '800000'],
      ['2026-04-01', '1000000'],
    ]);

    // no baseline: the estimated finish alone, with no difference
    await ok('chooseBaseline', { id, baselineId: null });
    expect((await loadSCurve({ id })).forecast).toMatchObject({
      finish: '2026-04-08',
      baselineFinish: null,
      finishVariance: null,
    });
  });

  it('has an estimated finish but no projected curve before the first cut-off', async () => {
    const project = await placedProject('SC');
    const curve = await loadSCurve({ id: project.id });
    // the latest leaf: the milestone P.2.1 on 16 Mar
    expect(curve.forecast).toEqual({
      finish: '2026-03-16',
      baselineFinish: null,
      finishVariance: null,
      eac: null,
      etc: null,
      vac: null,
    });
    expect(curve.points.every((point) => point.projected === null)).toBe(true);
  });

  it("restricts the money to an EDP item's subtree", async () => {
    const { id } = await pricedProject('SC');
    // P.1.1 alone: ACT1 and ACT2, $1.000.000; C2: EV 500.000 + 300.000 = 800.000 against PV 1.000.000
    const item = await loadSCurve({ id, edpItemId: 3 });
    expect(item).toMatchObject({ edpItemId: 3, basis: 'cost', total: '1000000', spi: '0.8' });
    expect(item.points.map(row)).toEqual([
      ['2026-02-02', '0', null, '0', null, null, false],
      ['2026-02-16', '500000', '500000', '50', '50', null, true],
      ['2026-03-01', '1000000', null, '100', null, null, false],
      ['2026-03-02', '1000000', '800000', '100', '80', null, true],
      ['2026-04-01', '1000000', null, '100', null, null, false],
    ]);
    // P.1 (P.1.1 and P.1.2): $1.500.000; C2: EV 1.300.000, PV 1.000.000
    expect(await loadSCurve({ id, edpItemId: 2 })).toMatchObject({ total: '1500000', spi: '1.3' });
    // P.2.2 has no price: its own curve weighs its 5 days; C1: PV 5 (2 → 6 Feb), EV 50 % = 2,5
    const unpriced = await loadSCurve({ id, edpItemId: 7 });
    expect(unpriced).toMatchObject({ basis: 'duration', total: '5', spi: '0.5' });
    expect(unpriced.points[1]).toMatchObject({ date: '2026-02-16', planned: '5', earned: '2.5', earnedPercent: '50' });
  });

  it('lays the current amounts on the dates of a baseline fixed before prices, and says so', async () => {
    const project = await placedProject('SC');
    const { baselineId } = await ok<{ baselineId: string }>('saveBaseline', { id: project.id, name: 'Sin precios' });
    const costs = await t.db
      .selectFrom('gantt_baseline_cost')
      .select('task_id')
      .where('baseline_id', '=', baselineId)
      .execute();
    expect(costs).toEqual([]);
    await price(project.id, { 3: ['10', '100000'], 4: ['2', '250000'], 6: ['1', '300000'] });
    // the schedule moves after the baseline: ACT1 a month later; the baseline's dates stay
    const loaded = await loadGanttOk(t, member.cookie, project.id);
    const activities = asInput(loaded.activities).map((task) =>
      task.TaskCode === 'ACT1' ? { ...task, StartDate: '2026-03-02' } : task,
    );
    await saveGanttOk(t, member.cookie, project.id, { activities }, loaded.version);
    await recordTwoCutoffs(project.id, project.ids);
    const curve = await loadSCurve({ id: project.id });
    expect(curve).toMatchObject({ basis: 'cost', baselineId, total: '1800000', spi: '1.3' });
    expect(curve.message).toBe(
      'Curva S sobre la línea base «Sin precios», 2 cortes de avance. La línea base «Sin precios» se fijó antes de que hubiera precios: lo programado usa los montos actuales sobre sus fechas',
    );
    // ACT1 planned on the baseline's 2 → 13 Feb
    expect(curve.points[1]).toMatchObject({ date: '2026-02-16', planned: '500000' });
  });

  /*
   * Nothing priced: the leaves weigh their working days — ACT1 10, ACT2 10, P.1.2 5, P.2.1 0
   * (a milestone), P.2.2 5: 30 days.
   *   C1 16 Feb: PV ACT1 10 + P.2.2 5 = 15 (50 %); EV 10 + 2,5 = 12,5 (41,67 %)
   *   C2  2 Mar: PV 10 + 10 + 5 = 25 (83,33 %); EV 10 + 6 + 5 + 2,5 = 23,5 (78,33 %); SPI 0,94
   */
  it('weighs every leaf by its working days when nothing is priced', async () => {
    const project = await placedProject('SC');
    await ok('saveBaseline', { id: project.id, name: 'Contrato' });
    await recordTwoCutoffs(project.id, project.ids);
    const curve = await loadSCurve({ id: project.id });
    expect(curve).toMatchObject({ basis: 'duration', total: '30', spi: '0.94', cpi: null });
    expect(curve.message).toBe(
      'Curva S sobre la línea base «Contrato», 2 cortes de avance. Sin precios: avance ponderado por duración',
    );
    expect(curve.points.filter((point) => point.cutoff).map(row)).toEqual([
      ['2026-02-16', '15', '12.5', '50', '41.67', null, true],
      ['2026-03-02', '25', '23.5', '83.33', '78.33', null, true],
    ]);
  });

  it('answers an empty curve for a project with no cut-off and says what the Gantt lacks', async () => {
    const project = await placedProject('SC');
    const curve = await loadSCurve({ id: project.id });
    expect(curve).toMatchObject({
      spi: null,
      cpi: null,
      message:
        'Curva S sobre el programa actual (el proyecto no tiene línea base), sin cortes de avance. Sin precios: avance ponderado por duración',
    });
    expect(curve.cutoff).toBeUndefined();
    expect(curve.points.every((point) => point.earned === null)).toBe(true);
  });

  it('writes the curve as an Excel workbook and reads it back', async () => {
    const { id, code } = await pricedProject('SC');
    await ok('saveActualCost', { id, cutoff: '2026-03-02', amount: '1200000' });
    const file = await ok<{ fileName: string; mimeType: string; content: string; message: string }>('exportSCurve', {
      id,
    });
    expect(file.fileName).toBe(`${code}-curva-s.xlsx`);
    expect(file.mimeType).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(file.message).toBe('Curva S exportada a Excel: 5 fechas');
    const { sheet } = await openWorkbook(file.content, 'Curva S');
    const values = (rowNumber: number) => (sheet.getRow(rowNumber).values as unknown[]).slice(1);
    expect(values(1)).toEqual(['Curva S']);
    expect(values(2)).toEqual(['Proyecto', `${code} — Edificio`]);
    expect(values(3)).toEqual(['Moneda', 'CLP']);
    expect(values(4)).toEqual(['Línea base', 'Contrato']);
    expect(values(5)).toEqual(['Base', 'Costo']);
    expect(values(7)).toEqual([
      'Fecha',
      'Programado',
      'Real',
      '% programado',
      '% real',
      'Costo real',
      'Proyectado',
      '% proyectado',
      'Estado de pago',
      'Real recalculado',
      '% real recalculado',
    ]);
    expect(values(9)).toEqual([new Date('2026-02-16T00:00:00.000Z'), 500000, 500000, 27.78, 27.78]);
    // issue 33: 'Proyectado' from the latest cut-off (what is left: ACT2's $200.000 by 5 Mar, P.2.1 on 16 Mar)
    expect(values(11)).toEqual([
      new Date('2026-03-02T00:00:00.000Z'),
      1000000,
      1300000,
      55.56,
      72.22,
      1200000,
      1300000,
      72.22,
    ]);
    expect(values(12)).toEqual([
      new Date('2026-04-01T00:00:00.000Z'),
      1800000,
      undefined,
      100,
      undefined,
      undefined,
      1800000,
      100,
    ]);
    expect(values(14)).toEqual(['Total', 1800000]);
    expect(values(15)).toEqual(['SPI', 1.3, 'EV / PV al último corte']);
    expect(values(16)).toEqual(['CPI', 1.08, 'EV / AC al último corte con costo real']);
    // the forecast: on time (16 Mar, the baseline's finish); EAC = 1.200.000 + 500.000 × 12 / 13 = 1.661.538,46…
    expect(values(17)).toEqual([
      'Fin estimado',
      new Date('2026-03-16T00:00:00.000Z'),
      'Fin del programa actual, con lo que falta reprogramado desde el último corte',
    ]);
    expect(values(18)).toEqual([
      'Δ fin (días hábiles)',
      0,
      'Días hábiles entre el fin de la línea base y el fin estimado; positivo es atraso',
    ]);
    expect(values(19)).toEqual([
      'EAC',
      1661538,
      'Costo estimado al término: lo gastado más lo que falta, si rinde como lo hecho (AC + (BAC − EV) / CPI)',
    ]);
    expect(values(20)).toEqual([
      'ETC',
      461538,
      'Por gastar: lo que falta gastar para terminar, según esa estimación (EAC − AC)',
    ]);
    expect(values(21)).toEqual([
      'VAC',
      138462,
      'Desviación al término: ahorro (positiva) o sobrecosto (negativa) frente al presupuesto (BAC − EAC)',
    ]);

    // per item, the item is named in the header
    const item = await ok<{ content: string }>('exportSCurve', { id, edpItemId: 3 });
    const opened = await openWorkbook(item.content, 'Curva S');
    expect((opened.sheet.getRow(6).values as unknown[]).slice(1)).toEqual(['Partida', `${code}.1.1 Sala 1`]);
  });

  it('refuses an unknown project, baseline, item or cut-off, and bad input, writing nothing', async () => {
    const { id } = await pricedProject('SC');
    expectError(await call('loadSCurve', { id: UNKNOWN_ID }), 'NOT_FOUND', 'Proyecto no encontrado');
    expectError(await call('loadSCurve', { id, baselineId: UNKNOWN_ID }), 'NOT_FOUND', 'Línea base no encontrada');
    expectError(await call('loadSCurve', { id, edpItemId: 99 }), 'NOT_FOUND', 'Partida del EDP no encontrada');
    expectError(await call('exportSCurve', { id, edpItemId: 99 }), 'NOT_FOUND', 'Partida del EDP no encontrada');
    // another project's baseline is not this one's
    const other = await pricedProject('SC');
    expectError(
      await call('loadSCurve', { id, baselineId: other.baselineId }),
      'NOT_FOUND',
      'Línea base no encontrada',
    );
    expectError(
      await call('saveActualCost', { id, cutoff: '2026-02-03', amount: '1000' }),
      'NOT_FOUND',
      'No hay un corte de avance el 03-02-2026',
    );
    expectError(
      await call('saveActualCost', { id: UNKNOWN_ID, cutoff: '2026-02-16', amount: '1000' }),
      'NOT_FOUND',
      'Proyecto no encontrado',
    );
    expect((await call('saveActualCost', { id, cutoff: '2026-02-16', amount: '-5' })).body.error.status).toBe(
      'INVALID_ARGUMENT',
    );
    expect((await call('loadSCurve', { id, edpItemId: 0 })).body.error).toEqual({
      status: 'INVALID_ARGUMENT',
      message: 'edpItemId: debe ser 1 o más',
    });
    const stored = await t.db.selectFrom('gantt_cutoff').select('actual_cost').where('project_id', '=', id).execute();
    expect(stored.map((cutoff) => cutoff.actual_cost)).toEqual([null, null]);
    for (const [name, data] of [
      ['loadSCurve', { id }],
      ['exportSCurve', { id }],
      ['saveActualCost', { id, cutoff: '2026-02-16', amount: '1' }],
    ] as const) {
      const response = await callFunction(t.app, name, data);
      expect(response.statusCode).toBe(401);
      expect(response.body.error.status).toBe('UNAUTHENTICATED');
    }
  });
});
