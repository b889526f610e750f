import { missingUfValueMessage, spreadAmount } from '@cimiento/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callFunction, createFirstAdmin, createSignedInUser } from '../../test/support/factories';
import type { CallResult, TestAccount } from '../../test/support/factories';
import { asInput, createGanttProject, edcList, loadGanttOk, saveGanttOk } from '../../test/support/gantt';
import { saveEdcOk } from '../../test/support/edc';
import { openWorkbook } from '../../test/support/workbooks';
import { priceEdpItems, setProjectCurrency } from '../../test/support/prices';
import { saveProgressOk } from '../../test/support/progress';
import type { WireProgressEntry } from '../../test/support/progress';
import { createTestApp, databaseKinds } from '../../test/support/test-app';
import type { TestApp } from '../../test/support/test-app';

const UNKNOWN_ID = '01890000-0000-7000-8000-000000000000';

// createGanttProject's EDP: 1 P · 2 P.1 · 3 P.1.1 · 4 P.1.2 · 5 P.2 · 6 P.2.1 · 7 P.2.2, and its Gantt
// 1 P · 2 P.1 · 3 P.1.1 · 4 M · 5 M.1 · 6 ACT1 · 7 ACT2 · 8 P.1.2 · 9 P.2 · 10 P.2.1 · 11 P.2.2; the
// leaves 6, 7, 8, 10 and 11 run 5 working days from Friday 2 January 2026. Item P.1.1's work is
// measured on ACT1 and ACT2 (5 days each: equal weights).
const ACT1 = 6;
const ACT2 = 7;
const P12 = 8;
const P21 = 10;
const P22 = 11;

type WireLine = {
  edpItemId: number;
  code: string;
  name: string;
  level: number;
  unit?: string;
  quantity?: string;
  unitPrice?: string;
  budget: string;
  previousPercent: string;
  periodPercent: string;
  accumulatedPercent: string;
  previousAmount: string;
  periodAmount: string;
  accumulatedAmount: string;
};
type WireEstadoPago = {
  number: number;
  cutoff: string;
  periodStart: string;
  periodEnd: string;
  status: 'draft' | 'approved';
  createdAt: string;
  createdBy: string;
  approvedAt?: string;
  approvedBy?: string;
  currency: string;
  settings: Record<string, string>;
  uf?: { date: string; value: string; netClp: string; vatClp: string; totalClp: string };
  lines: WireLine[];
  totals: Record<string, string | boolean>;
};
type WireList = {
  estadosPago: Omit<WireEstadoPago, 'lines' | 'settings'>[];
  estadoPago?: WireEstadoPago;
  settings: Record<string, string>;
  availableCutoffs: string[];
  message: string;
};

const SETTINGS = {
  contract: 'Contrato N°12',
  contractor: 'Constructora Andes',
  retentionPercent: '5',
  retentionCapPercent: '10',
  advanceAmount: '2000',
  vatPercent: '19',
};

describe.each(databaseKinds)('estados de pago (%s)', (kind) => {
  let t: TestApp;
  let admin: TestAccount;
  let member: TestAccount;

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

  const load = (id: string, number?: number) =>
    ok<WireList>('loadEstadosPago', number === undefined ? { id } : { id, number });
  const save = (id: string, cutoff: string) =>
    ok<{ estadoPago: WireEstadoPago; message: string }>('saveEstadoPago', { id, cutoff });
  const approve = (id: string, number: number) =>
    ok<{ estadoPago: WireEstadoPago; message: string }>('approveEstadoPago', { id, number });

  function expectError(response: CallResult, status: string, message: string) {
    expect(response.body.error, JSON.stringify(response.body).slice(0, 500)).toEqual({ status, message });
  }

  /** A price through saveEdp ('m2', quantity × unit price; null clears it), as the EDP screen saves it. */
  async function price(projectId: string, edpItemId: number, quantity: string | null, unitPrice: string | null) {
    await priceEdpItems(t, member.cookie, projectId, {
      [edpItemId]: { unit: quantity === null ? null : 'm2', quantity, unitPrice },
    });
  }

  /** Every estado_pago row of the project, read directly. */
  async function stored(projectId: string) {
    return t.db.selectFrom('estado_pago').selectAll().where('project_id', '=', projectId).orderBy('number').execute();
  }

  /** Progress recorded at a cut-off through saveProgress ('Registrar avance'). */
  async function record(projectId: string, cutoff: string, entries: WireProgressEntry[]) {
    const { version } = await loadGanttOk(t, member.cookie, projectId);
    await saveProgressOk(t, member.cookie, { id: projectId, cutoff, entries, version });
  }

  /**
   * A CLP project with P.1.1 = 10 × 1.000 = $10.000, P.1.2 = 5 × 2.001 = $10.005 and
   * P.2.1 = 3 × 333,5 = 1.000,5 → $1.001 (whole pesos), P.2.2 unpriced; contract $21.006. Terms:
   * retention 5 % capped at 10 %, advance $2.000, IVA 19 %. Cut-offs:
   *   2026-01-05: ACT1 20 %
   *   2026-01-06: ACT1 50 %, P.1.2 done, P.2.2 40 % (a partida with progress but no cost)
   *   2026-01-13: ACT1 done, ACT2 50 %, P.1.2 done, P.2.1 done, P.2.2 40 %
   */
  async function pricedProject(options: { prefix?: string } = {}) {
    const { id } = await createGanttProject(t, member.cookie, { prefix: options.prefix ?? 'EP' });
    // the wizard's projects are in USD by default
    await setProjectCurrency(t, member.cookie, id, 'CLP');
    await price(id, 3, '10', '1000');
    await price(id, 4, '5', '2001');
    await price(id, 6, '3', '333.5');
    await ok('saveEstadoPagoSettings', { id, settings: SETTINGS });
    await record(id, '2026-01-05', [{ TaskID: ACT1, ActualStart: '2026-01-02', Progress: 20 }]);
    await record(id, '2026-01-06', [
      { TaskID: ACT1, ActualStart: '2026-01-02', Progress: 50 },
      { TaskID: P12, ActualStart: '2026-01-02', ActualFinish: '2026-01-05', Progress: 100 },
      { TaskID: P22, ActualStart: '2026-01-02', Progress: 40 },
    ]);
    await record(id, '2026-01-13', [
      { TaskID: ACT1, ActualStart: '2026-01-02', ActualFinish: '2026-01-07', Progress: 100 },
      { TaskID: ACT2, ActualStart: '2026-01-08', Progress: 50 },
      { TaskID: P12, ActualStart: '2026-01-02', ActualFinish: '2026-01-05', Progress: 100 },
      { TaskID: P21, ActualStart: '2026-01-02', ActualFinish: '2026-01-09', Progress: 100 },
      { TaskID: P22, ActualStart: '2026-01-02', Progress: 40 },
    ]);
    return id;
  }

  it('issue 33, to the peso: a partida pays exactly what the S-curve says it earned, its % rounded for display only', async () => {
    // P.1.1 = 1 × $1.100.000 measured on ACT1 (5 days) and ACT2 (6 days); ACT1 done at the cut-off:
    // 5/11 of the work, 45,4545… %. Paid as 45,45 % × 1.100.000 it was $499.950; the curve earns $500.000
    const { id } = await createGanttProject(t, member.cookie, { prefix: 'EQ' });
    await setProjectCurrency(t, member.cookie, id, 'CLP');
    const gantt = await loadGanttOk(t, member.cookie, id);
    const activities = asInput(gantt.activities).map((task) =>
      task.TaskID === ACT2 ? { ...task, Duration: 6 } : task,
    );
    await saveGanttOk(t, member.cookie, id, { activities }, gantt.version);
    await price(id, 3, '1', '1100000');
    await record(id, '2026-01-13', [
      { TaskID: ACT1, ActualStart: '2026-01-02', ActualFinish: '2026-01-08', Progress: 100 },
    ]);
    const { estadoPago } = await save(id, '2026-01-13');
    const line = estadoPago.lines.find((candidate) => candidate.edpItemId === 3);
    expect(line).toMatchObject({ budget: '1100000', accumulatedPercent: '45.45', accumulatedAmount: '500000' });
    // the S-curve of the same partida, at the same cut-off: the same figure
    const curve = await ok<{ points: { date: string; cutoff: boolean; earned: string | null }[] }>('loadSCurve', {
      id,
      edpItemId: 3,
    });
    const atCutoff = curve.points.find((point) => point.cutoff && point.date === '2026-01-13');
    expect(atCutoff?.earned).toBe(line?.accumulatedAmount);
  });

  it('issue 33, one measure: the Gantt, Cortes de avance, the home, the S-curve and the EP show the same % at two cut-offs', async () => {
    // P.1.1 $10.000 on ACT1 and ACT2 ($5.000 each), P.1.2 $10.005 on P12, P.2.1 $1.001 on P21, P.2.2
    // unpriced (P22 weighs nothing): BAC $21.006
    const { id } = await createGanttProject(t, member.cookie, { prefix: 'UM' });
    await setProjectCurrency(t, member.cookie, id, 'CLP');
    await price(id, 3, '10', '1000');
    await price(id, 4, '5', '2001');
    await price(id, 6, '3', '333.5');
    const P = 1;
    const P11 = 3;
    type Figures = { project: number; item: number };
    const round2 = (value: number) => Math.round(value * 100 + 1e-7) / 100;
    async function figures(cutoff: string, latest: boolean): Promise<Record<string, Figures | number>> {
      const out: Record<string, Figures | number> = {};
      const history = await ok<{ progressBasis: string; cutoffs: { cutoff: string; progress: number }[] }>(
        'loadProgressHistory',
        { id },
      );
      expect(history.progressBasis).toBe('amount');
      out.cortes = round2(history.cutoffs.find((entry) => entry.cutoff === cutoff)?.progress ?? -1);
      type Curve = { points: { date: string; cutoff: boolean; earnedPercent: string | null }[] };
      const at = (curve: Curve) =>
        Number(curve.points.find((point) => point.cutoff && point.date === cutoff)?.earnedPercent);
      out.curve = {
        project: at(await ok<Curve>('loadSCurve', { id })),
        item: at(await ok<Curve>('loadSCurve', { id, edpItemId: 3 })),
      };
      const { estadoPago } = await save(id, cutoff);
      out.ep = {
        project: Number(estadoPago.totals.accumulatedPercent),
        item: Number(estadoPago.lines.find((line) => line.edpItemId === 3)?.accumulatedPercent),
      };
      if (latest) {
        const gantt = await loadGanttOk(t, member.cookie, id);
        const progress = (taskId: number) => gantt.activities.find((task) => task.TaskID === taskId)?.Progress ?? -1;
        out.gantt = { project: round2(progress(P)), item: round2(progress(P11)) };
        const home = await ok<{ projects: { id: string; progress: number | null; progressBasis?: string }[] }>(
          'loadDashboard',
          null,
        );
        const card = home.projects.find((project) => project.id === id);
        expect(card?.progressBasis).toBe('amount');
        out.home = round2(card?.progress ?? -1);
      }
      return out;
    }
    // 06-01-2026: ACT1 50 %, P12 done, P22 40 %: EV 2.500 + 10.005 = 12.505 of 21.006 = 59,53 %
    // (by duration it read (5 × 50 + 5 × 100 + 5 × 40) / 25 = 38 %); P.1.1: 2.500 / 10.000 = 25 %
    await record(id, '2026-01-06', [
      { TaskID: ACT1, ActualStart: '2026-01-02', Progress: 50 },
      { TaskID: P12, ActualStart: '2026-01-02', ActualFinish: '2026-01-05', Progress: 100 },
      { TaskID: P22, ActualStart: '2026-01-02', Progress: 40 },
    ]);
    const first = { project: 59.53, item: 25 };
    expect(await figures('2026-01-06', true)).toEqual({
      cortes: 59.53,
      curve: first,
      ep: first,
      gantt: first,
      home: 59.53,
    });
    await approve(id, 1);
    // 13-01-2026: ACT1 done, ACT2 50 %, P12 and P21 done: 5.000 + 2.500 + 10.005 + 1.001 = 18.506
    // of 21.006 = 88,10 %; P.1.1: 7.500 / 10.000 = 75 %
    await record(id, '2026-01-13', [
      { TaskID: ACT1, ActualStart: '2026-01-02', ActualFinish: '2026-01-07', Progress: 100 },
      { TaskID: ACT2, ActualStart: '2026-01-08', Progress: 50 },
      { TaskID: P12, ActualStart: '2026-01-02', ActualFinish: '2026-01-05', Progress: 100 },
      { TaskID: P21, ActualStart: '2026-01-02', ActualFinish: '2026-01-09', Progress: 100 },
      { TaskID: P22, ActualStart: '2026-01-02', Progress: 40 },
    ]);
    const second = { project: 88.1, item: 75 };
    expect(await figures('2026-01-13', true)).toEqual({
      cortes: 88.1,
      curve: second,
      ep: second,
      gantt: second,
      home: 88.1,
    });
    // the first cut-off still reads the same where it is shown
    const history = await ok<{ cutoffs: { cutoff: string; progress: number }[] }>('loadProgressHistory', { id });
    expect(round2(history.cutoffs.find((entry) => entry.cutoff === '2026-01-06')?.progress ?? -1)).toBe(59.53);
  });

  it('issue 33, what was reported stays put: EP N°1 approved, the EDC changed, N°1’s figures unchanged on the curve', async () => {
    const id = await pricedProject({ prefix: 'RP' });
    const { estadoPago: ep1 } = await save(id, '2026-01-06');
    await approve(id, 1);
    type Point = {
      date: string;
      cutoff: boolean;
      earned: string | null;
      earnedPercent: string | null;
      estadoPago?: number;
      recalculated?: { earned: string; earnedPercent: string };
    };
    const at = async (date: string) =>
      (await ok<{ points: Point[] }>('loadSCurve', { id })).points.find((point) => point.cutoff && point.date === date);
    // 06-01: ACT1 50 % of its $5.000 + P.1.2 done $10.005 = $12.505 of $21.006 = 59,53 %
    expect(ep1.totals).toMatchObject({ accumulatedAmount: '12505', accumulatedPercent: '59.53' });
    const reported = { earned: '12505', earnedPercent: '59.53', estadoPago: 1 };
    const before = await at('2026-01-06');
    expect(before).toMatchObject(reported);
    expect(before?.recalculated).toBeUndefined();
    // a later cut-off with no approved EP is the curve's own
    expect((await at('2026-01-13'))?.estadoPago).toBeUndefined();

    // a third component under P.1.1: its $10.000 is now spread over three tasks, so ACT1's 50 % earns less
    const { code } = await t.db.selectFrom('project').select('code').where('_id', '=', id).executeTakeFirstOrThrow();
    await saveEdcOk(t, member.cookie, id, {
      id: 3,
      componentesEdc: edcList(`${code}.1.1`, ['Excavar', 'Hormigonar', 'Curar']),
      version: 1,
    });
    const gantt = await loadGanttOk(t, member.cookie, id);
    const leaves = gantt.activities.filter((task) => /^ACT\d$/.test(task.TaskCode)).map((task) => task.Duration);
    expect(leaves).toHaveLength(3);
    const act1Share = spreadAmount('10000', leaves, 0)[0] as string;
    const now = Number(act1Share) / 2 + 10005;
    const after = await at('2026-01-06');
    // N°1's figures as approved; what the data gives now beside them
    expect(after).toMatchObject(reported);
    expect(after?.recalculated?.earned).toBe(String(now));
    expect(Number(after?.recalculated?.earned)).toBeLessThan(12505);
    // the Excel shows both: 'Real' as reported, N°1, and what the data gives now
    const file = await ok<{ content: string }>('exportSCurve', { id });
    const { sheet } = await openWorkbook(file.content, 'Curva S');
    let row: unknown[] | undefined;
    sheet.eachRow((candidate) => {
      const values = (candidate.values as unknown[]).slice(1);
      if (values[0] instanceof Date && values[0].toISOString().startsWith('2026-01-06')) row = values;
    });
    expect(row?.[2]).toBe(12505);
    expect(row?.slice(8, 11)).toEqual(['N°1', now, Number(after?.recalculated?.earnedPercent)]);
    // the next EP pays the difference: P.1.1's previous is N°1's frozen $2.500
    const { estadoPago: ep2 } = await save(id, '2026-01-13');
    expect(ep2.lines.find((line) => line.edpItemId === 3)?.previousAmount).toBe('2500');
  });

  it('answers the default terms, no EPs and every recorded cut-off for a new project', async () => {
    const { id } = await createGanttProject(t, member.cookie, { prefix: 'EV' });
    expect(await load(id)).toEqual({
      estadosPago: [],
      settings: {
        contract: '',
        contractor: '',
        retentionPercent: '0',
        retentionCapPercent: '0',
        advanceAmount: '0',
        vatPercent: '19',
      },
      availableCutoffs: [],
      message: 'El proyecto no tiene estados de pago',
    });
    await record(id, '2026-01-06', [{ TaskID: ACT1, ActualStart: '2026-01-02', Progress: 10 }]);
    expect((await load(id)).availableCutoffs).toEqual(['2026-01-06']);
  });

  it('saves the contract terms, canonical, and refuses a percentage over 100', async () => {
    const { id } = await createGanttProject(t, member.cookie, { prefix: 'ES' });
    const saved = await ok<{ settings: Record<string, string> }>('saveEstadoPagoSettings', {
      id,
      settings: { ...SETTINGS, contract: '  Contrato N°12 ', retentionPercent: '5.50', advanceAmount: 2000.25 },
    });
    expect(saved.settings).toEqual({ ...SETTINGS, retentionPercent: '5.5', advanceAmount: '2000.25' });
    expect((await load(id)).settings).toEqual(saved.settings);
    const refused = await call('saveEstadoPagoSettings', { id, settings: { ...SETTINGS, vatPercent: '101' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.body.error.status).toBe('INVALID_ARGUMENT');
    expect((await load(id)).settings).toEqual(saved.settings);
    expectError(
      await call('saveEstadoPagoSettings', { id: UNKNOWN_ID, settings: SETTINGS }),
      'NOT_FOUND',
      'Proyecto no encontrado',
    );
  });

  it('computes EP N°1 and N°2 at two cut-offs, freezes N°1 when approved, and shows later changes in N°2', async () => {
    const id = await pricedProject();
    const before = Date.now();
    const first = await save(id, '2026-01-06');
    expect(first.message).toBe('Estado de pago N°1 creado al corte del 06-01-2026');
    const ep1 = first.estadoPago;
    expect(ep1).toMatchObject({
      number: 1,
      cutoff: '2026-01-06',
      // the period: from the first task's start to the day before the cut-off
      periodStart: '2026-01-02',
      periodEnd: '2026-01-05',
      status: 'draft',
      createdBy: 'Pía Ñúñez',
      currency: 'CLP',
      settings: SETTINGS,
    });
    expect(Date.parse(ep1.createdAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(ep1.uf).toBeUndefined();
    expect(ep1.approvedAt).toBeUndefined();
    // the priced items and the leaves, in tree order; P.1.1 at (50 + 0) / 2 = 25 %
    expect(ep1.lines).toEqual([
      {
        edpItemId: 3,
        code: expect.stringMatching(/\.1\.1$/),
        name: expect.any(String),
        level: 3,
        unit: 'm2',
        quantity: '10',
        unitPrice: '1000',
        budget: '10000',
        previousPercent: '0',
        periodPercent: '25',
        accumulatedPercent: '25',
        previousAmount: '0',
        periodAmount: '2500',
        accumulatedAmount: '2500',
      },
      expect.objectContaining({ edpItemId: 4, budget: '10005', accumulatedPercent: '100', accumulatedAmount: '10005' }),
      // 3 × 333,5 = 1.000,5 → $1.001
      expect.objectContaining({ edpItemId: 6, budget: '1001', accumulatedPercent: '0', accumulatedAmount: '0' }),
      // a partida with progress but no cost
      expect.objectContaining({ edpItemId: 7, budget: '0', accumulatedPercent: '40', accumulatedAmount: '0' }),
    ]);
    expect(ep1.lines[3]).not.toHaveProperty('quantity');
    // contract 21.006; accumulated 12.505 = 59,53 %; retention 5 % = 625,25 → 625 (cap 2.101);
    // advance 2.000 × 12.505 / 21.006 = 1.190,61 → 1.191; net 12.505 − 625 − 1.191 = 10.689;
    // IVA 2.030,91 → 2.031; total 12.720
    expect(ep1.totals).toEqual({
      contractAmount: '21006',
      previousAmount: '0',
      periodAmount: '12505',
      accumulatedAmount: '12505',
      accumulatedPercent: '59.53',
      retentionAccumulated: '625',
      retentionPeriod: '625',
      retentionCapped: false,
      advanceRepaymentAccumulated: '1191',
      advanceRepaymentPeriod: '1191',
      net: '10689',
      vat: '2031',
      total: '12720',
    });
    const rows = await stored(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ number: 1, cutoff: '2026-01-06', status: 'draft', created_by: member.userId });
    expect(JSON.parse(rows[0]?.document ?? '{}')).toEqual({
      periodStart: '2026-01-02',
      periodEnd: '2026-01-05',
      currency: 'CLP',
      settings: SETTINGS,
      lines: ep1.lines,
      totals: ep1.totals,
    });

    const approved = await approve(id, 1);
    expect(approved.message).toBe('Estado de pago N°1 aprobado: ya no cambia');
    expect(approved.estadoPago).toMatchObject({ status: 'approved', approvedBy: 'Pía Ñúñez' });
    expect(approved.estadoPago.approvedAt).toEqual(expect.any(String));
    expect({ ...approved.estadoPago, status: 'draft', approvedAt: undefined, approvedBy: undefined }).toEqual({
      ...ep1,
      approvedAt: undefined,
      approvedBy: undefined,
    });
    expect((await stored(id))[0]).toMatchObject({ status: 'approved', approved_by: member.userId });

    // after the approval: P.1.2's price goes to 5 × 2.101 = $10.505 and the terms change
    await price(id, 4, '5', '2101');
    await ok('saveEstadoPagoSettings', { id, settings: { ...SETTINGS, contractor: 'Otra constructora' } });
    const list = await load(id, 1);
    expect(list.estadoPago).toEqual(approved.estadoPago);
    expect(list.availableCutoffs).toEqual(['2026-01-13']);

    const second = (await save(id, '2026-01-13')).estadoPago;
    expect(second).toMatchObject({
      number: 2,
      periodStart: '2026-01-06',
      periodEnd: '2026-01-12',
      status: 'draft',
      settings: { ...SETTINGS, contractor: 'Otra constructora' },
    });
    // P.1.1 at (100 + 50) / 2 = 75 %: 7.500 − 2.500 = 5.000; P.1.2 done in N°1 but repriced: 10.505 − 10.005 = 500
    expect(
      second.lines.map((line) => [line.edpItemId, line.previousPercent, line.periodPercent, line.periodAmount]),
    ).toEqual([
      [3, '25', '50', '5000'],
      [4, '100', '0', '500'],
      [6, '0', '100', '1001'],
      [7, '40', '0', '0'],
    ]);
    // contract 21.506; accumulated 19.006 = 88,38 %; period 6.501; retention 5 % = 950,3 → 950 − 625 = 325;
    // advance 2.000 × 19.006 / 21.506 = 1.767,51 → 1.768 − 1.191 = 577; net 6.501 − 325 − 577 = 5.599;
    // IVA 1.063,81 → 1.064; total 6.663
    expect(second.totals).toEqual({
      contractAmount: '21506',
      previousAmount: '12505',
      periodAmount: '6501',
      accumulatedAmount: '19006',
      accumulatedPercent: '88.38',
      retentionAccumulated: '950',
      retentionPeriod: '325',
      retentionCapped: false,
      advanceRepaymentAccumulated: '1768',
      advanceRepaymentPeriod: '577',
      net: '5599',
      vat: '1064',
      total: '6663',
    });
    // the list: N° order, summaries without lines or terms
    const all = await load(id);
    expect(all.estadosPago.map((ep) => [ep.number, ep.status, ep.totals.periodAmount])).toEqual([
      [1, 'approved', '12505'],
      [2, 'draft', '6501'],
    ]);
    expect(all.estadosPago[0]).not.toHaveProperty('lines');
    expect(all.availableCutoffs).toEqual([]);
    expect(all.message).toBe('2 estados de pago');
  });

  it('keeps an approved EP as approved when its own cut-off is recorded again, and the next EP pays the difference', async () => {
    const { id } = await createGanttProject(t, member.cookie, { prefix: 'EF' });
    await setProjectCurrency(t, member.cookie, id, 'CLP');
    await price(id, 4, '10', '100');
    await record(id, '2026-01-06', [{ TaskID: P12, ActualStart: '2026-01-02', Progress: 30 }]);
    await save(id, '2026-01-06');
    const approved = (await approve(id, 1)).estadoPago;
    expect(approved.lines.find((line) => line.edpItemId === 4)).toMatchObject({ accumulatedAmount: '300' });
    // the same cut-off recorded again with more progress, and a new price: N°1 stays as approved
    await record(id, '2026-01-06', [{ TaskID: P12, ActualStart: '2026-01-02', Progress: 50 }]);
    await price(id, 4, '10', '120');
    expect((await load(id, 1)).estadoPago).toEqual(approved);
    expectError(
      await call('saveEstadoPago', { id, cutoff: '2026-01-06' }),
      'FAILED_PRECONDITION',
      'El estado de pago N°1 ya está aprobado: no se puede modificar',
    );
    // N°2 at the next cut-off (progress unchanged since): 1.200 × 50 % = 600 − the 300 approved = 300
    await record(id, '2026-01-08', [{ TaskID: P12, ActualStart: '2026-01-02', Progress: 50 }]);
    const second = (await save(id, '2026-01-08')).estadoPago;
    expect(second.lines.find((line) => line.edpItemId === 4)).toMatchObject({
      budget: '1200',
      previousPercent: '30',
      periodPercent: '20',
      previousAmount: '300',
      periodAmount: '300',
      accumulatedAmount: '600',
    });
  });

  it('recomputes a draft at its own cut-off, and removes a draft', async () => {
    const id = await pricedProject({ prefix: 'ER' });
    const first = (await save(id, '2026-01-06')).estadoPago;
    await price(id, 3, '10', '2000');
    const again = await save(id, '2026-01-06');
    expect(again.message).toBe('Estado de pago N°1 recalculado al corte del 06-01-2026');
    expect(again.estadoPago.number).toBe(1);
    expect(again.estadoPago.lines[0]).toMatchObject({ budget: '20000', accumulatedAmount: '5000' });
    expect(again.estadoPago.totals.contractAmount).not.toBe(first.totals.contractAmount);
    expect(await stored(id)).toHaveLength(1);

    expect(await ok('removeEstadoPago', { id, number: 1 })).toEqual({ message: 'Estado de pago N°1 eliminado' });
    expect(await stored(id)).toEqual([]);
    expectError(await call('removeEstadoPago', { id, number: 1 }), 'NOT_FOUND', 'Estado de pago N°1 no encontrado');
  });

  it('refuses every out-of-order or frozen write, with nothing written', async () => {
    const id = await pricedProject({ prefix: 'EX' });
    const refused = async (name: string, data: unknown, status: string, message: string) => {
      const rows = await stored(id);
      expectError(await call(name, data), status, message);
      expect(await stored(id)).toEqual(rows);
    };
    // a date with no cut-off
    await refused(
      'saveEstadoPago',
      { id, cutoff: '2026-01-07' },
      'FAILED_PRECONDITION',
      'No hay un corte de avance el 07-01-2026: regístralo primero en «Registrar avance» del Gantt',
    );
    await refused('saveEstadoPago', { id: UNKNOWN_ID, cutoff: '2026-01-06' }, 'NOT_FOUND', 'Proyecto no encontrado');
    await save(id, '2026-01-06');
    // an earlier EP still a draft
    await refused(
      'saveEstadoPago',
      { id, cutoff: '2026-01-13' },
      'FAILED_PRECONDITION',
      'El estado de pago N°1 (corte 06-01-2026) es un borrador: apruébalo o elimínalo antes de crear otro',
    );
    await approve(id, 1);
    // the approved EP's own cut-off, and one before it
    await refused(
      'saveEstadoPago',
      { id, cutoff: '2026-01-06' },
      'FAILED_PRECONDITION',
      'El estado de pago N°1 ya está aprobado: no se puede modificar',
    );
    await refused(
      'saveEstadoPago',
      { id, cutoff: '2026-01-05' },
      'FAILED_PRECONDITION',
      'La fecha de corte debe ser posterior a la del último estado de pago aprobado (N°1, corte 06-01-2026)',
    );
    await refused(
      'approveEstadoPago',
      { id, number: 1 },
      'FAILED_PRECONDITION',
      'El estado de pago N°1 ya está aprobado: no se puede modificar',
    );
    await refused(
      'removeEstadoPago',
      { id, number: 1 },
      'FAILED_PRECONDITION',
      'El estado de pago N°1 está aprobado: no se puede eliminar',
    );
    await refused('approveEstadoPago', { id, number: 2 }, 'NOT_FOUND', 'Estado de pago N°2 no encontrado');
    await save(id, '2026-01-13');
    // an earlier draft (only reachable by hand in the database: EPs are approved in order)
    await t.db
      .updateTable('estado_pago')
      .set({ status: 'draft' })
      .where('project_id', '=', id)
      .where('number', '=', 1)
      .execute();
    await refused(
      'approveEstadoPago',
      { id, number: 2 },
      'FAILED_PRECONDITION',
      'Aprueba primero el estado de pago N°1: se aprueban en orden',
    );
    await refused('loadEstadosPago', { id, number: 3 }, 'NOT_FOUND', 'Estado de pago N°3 no encontrado');
    await refused('loadEstadosPago', { id: UNKNOWN_ID }, 'NOT_FOUND', 'Proyecto no encontrado');
    const signedOut = await callFunction(t.app, 'saveEstadoPago', { id, cutoff: '2026-01-13' }, '');
    expect(signedOut.statusCode).toBe(401);
  });

  it('refuses to approve an EP whose cut-off records no progress', async () => {
    const { id } = await createGanttProject(t, member.cookie, { prefix: 'EN' });
    await price(id, 4, '1', '100');
    await record(id, '2026-01-05', []);
    const draft = (await save(id, '2026-01-05')).estadoPago;
    expect(draft.totals).toMatchObject({ contractAmount: '100', accumulatedAmount: '0', total: '0' });
    const rows = await stored(id);
    expectError(
      await call('approveEstadoPago', { id, number: 1 }),
      'FAILED_PRECONDITION',
      'El corte del 05-01-2026 no registra avance: no se puede aprobar el estado de pago N°1',
    );
    expect(await stored(id)).toEqual(rows);
  });

  it('converts a UF contract at the UF value of the cut-off, and refuses one with no UF value naming the date', async () => {
    const { id } = await createGanttProject(t, member.cookie, { prefix: 'EU' });
    await setProjectCurrency(t, member.cookie, id, 'UF');
    // 10 × 1,5 UF = 15 UF; 3 × 0,3333 = 0,9999 UF → 1,00 on the document
    await price(id, 3, '10', '1.5');
    await price(id, 6, '3', '0.3333');
    await record(id, '2026-01-06', [
      { TaskID: ACT1, ActualStart: '2026-01-02', ActualFinish: '2026-01-05', Progress: 100 },
      { TaskID: P21, ActualStart: '2026-01-02', Progress: 50 },
    ]);
    expectError(
      await call('saveEstadoPago', { id, cutoff: '2026-01-06' }),
      'FAILED_PRECONDITION',
      missingUfValueMessage('2026-01-06'),
    );
    expect(missingUfValueMessage('2026-01-06')).toBe('No hay valor UF para el 06-01-2026: ingrésalo en «Valores UF»');
    expect(await stored(id)).toEqual([]);
    // the UF values as 'Valores UF' saves them (an administrator: issue 30)
    const ufSaved = await call(
      'saveUfValues',
      {
        values: [
          { date: '2026-01-05', value: '39500' },
          { date: '2026-01-06', value: '39512.34' },
        ],
      },
      admin.cookie,
    );
    expect(ufSaved.statusCode, JSON.stringify(ufSaved.body)).toBe(200);
    const ep = (await save(id, '2026-01-06')).estadoPago;
    expect(ep.currency).toBe('UF');
    // P.1.1 at (100 + 0) / 2 = 50 % = 7,5 UF; P.2.1 at 50 % of 1,00 = 0,5 UF; no retention or advance
    expect(ep.totals).toMatchObject({
      contractAmount: '16',
      accumulatedAmount: '8',
      net: '8',
      vat: '1.52',
      total: '9.52',
    });
    // 8 × 39.512,34 = 316.098,72 → $316.099; IVA 19 % = 60.058,81 → $60.059; total $376.158
    expect(ep.uf).toEqual({
      date: '2026-01-06',
      value: '39512.34',
      netClp: '316099',
      vatClp: '60059',
      totalClp: '376158',
    });
  });

  it('never makes two EPs of one number when two "Nuevo estado de pago" race', async () => {
    const id = await pricedProject({ prefix: 'EC' });
    const [a, b] = await Promise.all([
      call('saveEstadoPago', { id, cutoff: '2026-01-06' }),
      call('saveEstadoPago', { id, cutoff: '2026-01-13' }),
    ]);
    const statuses = [a.statusCode, b.statusCode].sort();
    expect(statuses).toEqual([200, 400]);
    const rows = await stored(id);
    expect(rows.map((row) => row.number)).toEqual([1]);
  });
});
