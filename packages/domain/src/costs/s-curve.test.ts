import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { WorkingCalendar, dayNumber, isoDay } from '../gantt/calendar';
import type { SCurveCutoff, SCurveEarnedPart, SCurvePlannedTask } from './s-curve';
import { addDecimals, divideDecimals, multiplyDecimals, roundDocument } from '../format/money-math';
import { computeSCurve } from './s-curve';

// Monday–Friday, no holidays. March 2025: the 1st is a Saturday, the 3rd a Monday.
const calendar = new WorkingCalendar('mon-fri', () => [], 2025);

/** The task's working days from `start` done by the end of `date` (negative before it starts). */
function workedThrough(calendar: WorkingCalendar, start: string, date: string): number {
  const day = dayNumber(date);
  const index = calendar.indexOf(day);
  // indexOf is the first working day on or after `date`: count it only when it is `date` itself
  const through = calendar.dayAt(index) === day ? index + 1 : index;
  return through - calendar.indexOf(dayNumber(start));
}

/**
 * The fraction of a task planned by the end of `date` (its working days from `start` through
 * `date`, over all of them), exact as a decimal string; a milestone's whole on its date. The PV
 * property's independent count of each task's days (formerly costs/planned-value.ts, issue 16).
 */
function plannedShare(calendar: WorkingCalendar, task: { start: string; duration: number }, date: string): string {
  if (task.duration <= 0) return date >= task.start ? '1' : '0';
  const worked = workedThrough(calendar, task.start, date);
  if (worked <= 0) return '0';
  if (worked >= task.duration) return '1';
  return divideDecimals(String(worked), String(task.duration));
}

/*
 * The golden project (CLP), by hand:
 *
 *   T1  3 Mar → 14 Mar, 10 working days, $1.000.000 → $100.000 a day
 *   T2  17 Mar → 11 Apr, 20 working days (11 in March: 17–21, 24–28, 31; 9 in April: 1–4, 7–11),
 *       $2.000.000 → $100.000 a day
 *   T3  14 Apr → 16 Apr, 3 working days, $450.000 → $150.000 a day — finished early (done by 1 Apr)
 *   M4  a milestone on 17 Apr, $50.000
 *   T5  3 Mar → 7 Mar, 5 working days, no cost — progress but no money
 *   total (BAC) = 1.000.000 + 2.000.000 + 450.000 + 50.000 = $3.500.000; planned finish 17 Apr
 *
 * Cut-offs (a point dated D counts the work through D − 1):
 *   C1 17 Mar: PV = T1 whole = 1.000.000 (28,57 %)
 *              progress T1 100, T2 10 (started early), T5 100
 *              EV = 1.000.000 + 10 % × 2.000.000 = 1.200.000 (34,29 %); AC 1.100.000
 *   C2  1 Apr (also April's month point): PV = 1.000.000 + 11 × 100.000 = 2.100.000 (60 %)
 *              progress T1 100, T2 50, T3 100, T5 100
 *              EV = 1.000.000 + 1.000.000 + 450.000 = 2.450.000 (70 %); no AC
 *   C3 15 Apr: PV = 1.000.000 + 2.000.000 + 1 × 150.000 (14 Apr) = 3.150.000 (90 %)
 *              progress T1 100, T2 80, T3 100, T5 100 (M4 not reached)
 *              EV = 1.000.000 + 1.600.000 + 450.000 = 3.050.000 (87,14 %); AC 3.200.000
 * Points: the start 3 Mar (0), C1, C2 = 1 Apr, C3, and May's month point 1 May (the finish, 17 Apr,
 * + 1 falls in April): PV 3.500.000 (100 %), the milestone included.
 * SPI at C3 = 3.050.000 / 3.150.000 = 0,968… → 0.97; CPI at C3 = 3.050.000 / 3.200.000 = 0,953… → 0.95
 * (without C3's AC: C1's, 1.200.000 / 1.100.000 = 1,0909… → 1.09).
 */
const planned: SCurvePlannedTask[] = [
  { taskId: 1, start: '2025-03-03', duration: 10, amount: '1000000' },
  { taskId: 2, start: '2025-03-17', duration: 20, amount: '2000000' },
  { taskId: 3, start: '2025-04-14', duration: 3, amount: '450000' },
  { taskId: 4, start: '2025-04-17', duration: 0, amount: '50000' },
  { taskId: 5, start: '2025-03-03', duration: 5, amount: '0' },
];
const earned: SCurveEarnedPart[] = [
  { taskId: 1, amount: '1000000' },
  // T2's amount from two EDP items: the parts add up
  { taskId: 2, amount: '1500000' },
  { taskId: 2, amount: '500000' },
  { taskId: 3, amount: '450000' },
  { taskId: 4, amount: '50000' },
];
const progress = (entries: Record<number, number>) =>
  new Map(Object.entries(entries).map(([id, p]) => [Number(id), p]));
const cutoffs: SCurveCutoff[] = [
  { cutoff: '2025-03-17', progress: progress({ 1: 100, 2: 10, 5: 100 }), actualCost: '1100000' },
  { cutoff: '2025-04-01', progress: progress({ 1: 100, 2: 50, 3: 100, 5: 100 }), actualCost: null },
  { cutoff: '2025-04-15', progress: progress({ 1: 100, 2: 80, 3: 100, 5: 100 }), actualCost: '3200000' },
];

describe('computeSCurve (issue 16): the golden project', () => {
  it('answers PV, EV, the percentages, SPI and CPI at each cut-off and month', () => {
    const curve = computeSCurve({ calendar, currency: 'CLP', planned, earned, cutoffs });
    expect(curve).toEqual({
      currency: 'CLP',
      basis: 'cost',
      total: '3500000',
      cutoff: '2025-04-15',
      spi: '0.97',
      cpi: '0.95',
      points: [
        {
          date: '2025-03-03',
          cutoff: false,
          planned: '0',
          earned: null,
          plannedPercent: '0',
          earnedPercent: null,
          actualCost: null,
          projected: null,
          projectedPercent: null,
        },
        {
          date: '2025-03-17',
          cutoff: true,
          planned: '1000000',
          earned: '1200000',
          plannedPercent: '28.57',
          earnedPercent: '34.29',
          actualCost: '1100000',
          projected: null,
          projectedPercent: null,
        },
        {
          date: '2025-04-01',
          cutoff: true,
          planned: '2100000',
          earned: '2450000',
          plannedPercent: '60',
          earnedPercent: '70',
          actualCost: null,
          projected: null,
          projectedPercent: null,
        },
        {
          date: '2025-04-15',
          cutoff: true,
          planned: '3150000',
          earned: '3050000',
          plannedPercent: '90',
          earnedPercent: '87.14',
          actualCost: '3200000',
          projected: null,
          projectedPercent: null,
        },
        {
          date: '2025-05-01',
          cutoff: false,
          planned: '3500000',
          earned: null,
          plannedPercent: '100',
          earnedPercent: null,
          actualCost: null,
          projected: null,
          projectedPercent: null,
        },
      ],
    });
  });

  it('takes CPI at the latest cut-off with an actual cost, SPI at the latest cut-off', () => {
    const withoutLastCost = cutoffs.map((cutoff, index) => (index === 2 ? { ...cutoff, actualCost: null } : cutoff));
    const curve = computeSCurve({ calendar, currency: 'CLP', planned, earned, cutoffs: withoutLastCost });
    // C1: 1.200.000 / 1.100.000
    expect(curve.cpi).toBe('1.09');
    expect(curve.spi).toBe('0.97');
    // the first cut-off alone: 1.200.000 / 1.000.000
    expect(computeSCurve({ calendar, currency: 'CLP', planned, earned, cutoffs: cutoffs.slice(0, 1) })).toMatchObject({
      spi: '1.2',
      cpi: '1.09',
      cutoff: '2025-03-17',
    });
  });

  it('issue 33: % real is EV over the current amounts, the planned % over the baseline’s', () => {
    // a baseline fixed T1 at $800.000; the price rose since to $1.000.000 (what the tasks carry now)
    const baselinePlanned = planned.map((task) => (task.taskId === 1 ? { ...task, amount: '800000' } : task));
    const curve = computeSCurve({ calendar, currency: 'CLP', planned: baselinePlanned, earned, cutoffs });
    const c1 = curve.points.find((point) => point.date === '2025-03-17');
    // PV at C1: T1 whole, 800.000 of the baseline's 3.300.000 = 24,24 %
    expect(c1).toMatchObject({ planned: '800000', plannedPercent: '24.24' });
    // EV 1.200.000 of the 3.500.000 the tasks carry now: 34,29 %, as the Gantt and the EP compute it
    // (over the baseline's total it would read 36,36 %)
    expect(c1).toMatchObject({ earned: '1200000', earnedPercent: '34.29' });
  });

  it('has no SPI or CPI without a cut-off, and month points through the planned finish', () => {
    const curve = computeSCurve({ calendar, currency: 'CLP', planned, earned, cutoffs: [] });
    expect(curve.spi).toBeNull();
    expect(curve.cpi).toBeNull();
    expect(curve.cutoff).toBeUndefined();
    // March's work (T1 + 11 days of T2) at 1 Apr; all of it at 1 May
    expect(curve.points.map((point) => [point.date, point.planned, point.cutoff])).toEqual([
      ['2025-03-03', '0', false],
      ['2025-04-01', '2100000', false],
      ['2025-05-01', '3500000', false],
    ]);
  });

  it('puts a milestone on its date: a point dated on it has not reached it, the next day has', () => {
    const milestone = [{ taskId: 4, start: '2025-04-17', duration: 0, amount: '50000' }];
    const at = (cutoff: string) => ({ cutoff, progress: new Map<number, number>(), actualCost: null });
    const curve = computeSCurve({
      calendar,
      currency: 'CLP',
      start: '2025-04-01',
      planned: milestone,
      earned: [],
      cutoffs: [at('2025-04-17'), at('2025-04-18')],
    });
    expect(curve.points.map((point) => [point.date, point.planned])).toEqual([
      ['2025-04-01', '0'],
      ['2025-04-17', '0'],
      ['2025-04-18', '50000'],
      ['2025-05-01', '50000'],
    ]);
    // PV 0 at the first cut-off: no SPI there would divide by zero
    expect(
      computeSCurve({ calendar, currency: 'CLP', planned: milestone, earned: [], cutoffs: [at('2025-04-17')] }).spi,
    ).toBeNull();
  });

  it('reaches the month after the latest cut-off when it is later than the planned finish', () => {
    const late = [{ cutoff: '2025-06-10', progress: progress({ 1: 100, 2: 100 }), actualCost: null }];
    const curve = computeSCurve({ calendar, currency: 'CLP', planned, earned, cutoffs: late });
    expect(curve.points.map((point) => point.date)).toEqual([
      '2025-03-03',
      '2025-04-01',
      '2025-05-01',
      '2025-06-01',
      '2025-06-10',
      '2025-07-01',
    ]);
    // 1.000.000 + 2.000.000 of 3.500.000 earned, all of it planned
    expect(curve.points[4]).toMatchObject({ planned: '3500000', earned: '3000000', earnedPercent: '85.71' });
    expect(curve.spi).toBe('0.86');
  });

  it('rounds the amounts as a document shows them only at the end (UF: 2 decimals)', () => {
    // 10,0001 UF over 3 days: a day is 3,33336… UF
    const uf = computeSCurve({
      calendar,
      currency: 'UF',
      planned: [{ taskId: 1, start: '2025-03-03', duration: 3, amount: '10.0001' }],
      earned: [{ taskId: 1, amount: '10.0001' }],
      cutoffs: [{ cutoff: '2025-03-04', progress: progress({ 1: 33.3 }), actualCost: '3.335' }],
    });
    // PV = 10,0001 / 3 = 3,33336…; EV = 10,0001 × 33,3 % = 3,33003…; AC 3,335 → 3,34
    expect(uf.points[1]).toMatchObject({
      planned: '3.33',
      earned: '3.33',
      actualCost: '3.34',
      plannedPercent: '33.33',
    });
    expect(uf.total).toBe('10');
    const clp = computeSCurve({
      calendar,
      currency: 'CLP',
      planned: [{ taskId: 1, start: '2025-03-03', duration: 6, amount: '1' }],
      earned: [],
      cutoffs: [{ cutoff: '2025-03-06', progress: new Map(), actualCost: null }],
    });
    // 1 peso over 6 days (a rate of 0,1666… a day, not exact in 40 places): 3 days by 6 Mar = 0,5 → 1
    expect(clp.points[1]).toMatchObject({ date: '2025-03-06', planned: '1', plannedPercent: '50' });
  });
});

/*
 * Issue 33, the forecast on the golden project, by hand. At the latest cut-off (C3, 15 Apr) T1, T3
 * and T5 are done, T2 is at 80 % and M4 not reached; EV = 3.050.000.
 *   remaining: T2 20 % × 2.000.000 = 400.000; M4 50.000 (T5 has no money: nothing left to earn)
 *   the current schedule (by hand: what the engine places after a late delivery): T2's remaining
 *   ⌈20 × 0,2⌉ = 4 working days from 29 Apr (29, 30 Apr, 1, 2 May → 100.000 a day); M4 after it on
 *   Monday 5 May. Estimated finish 5 May; the baseline's finish 17 Apr.
 *   'Proyectado': C3 = EV 3.050.000 (87,14 %); 1 May = 3.050.000 + 2 × 100.000 = 3.250.000 (92,86 %);
 *   1 Jun (the month after the finish, a new point) = 3.050.000 + 400.000 + 50.000 = 3.500.000 (100 %)
 *   Δ finish: 18 Apr, 21–25 Apr, 28–30 Apr, 1–2 May, 5 May = 1 + 5 + 3 + 2 + 1 = 12 working days late
 *   EAC = AC + (BAC − EV) / CPI = 3.200.000 + 450.000 / (3.050.000 / 3.200.000)
 *       = 3.200.000 + 472.131,147… = 3.672.131,147… → $3.672.131
 *   ETC = 3.672.131 − 3.200.000 = $472.131; VAC = 3.500.000 − 3.672.131 = −$172.131
 */
describe('computeSCurve (issue 33): the forecast, by hand', () => {
  const remaining = [
    { taskId: 2, start: '2025-04-29', duration: 4 },
    { taskId: 4, start: '2025-05-05', duration: 0 },
  ];
  const forecast = { remaining, finish: '2025-05-05', baselineFinish: '2025-04-17' };

  it("adds the 'Proyectado' curve from the latest cut-off to the estimated finish, Δ finish, EAC, ETC and VAC", () => {
    const curve = computeSCurve({ calendar, currency: 'CLP', planned, earned, cutoffs, forecast });
    expect(curve.forecast).toEqual({
      finish: '2025-05-05',
      baselineFinish: '2025-04-17',
      finishVariance: 12,
      eac: '3672131',
      etc: '472131',
      vac: '-172131',
    });
    expect(
      curve.points.map((point) => [point.date, point.planned, point.earned, point.projected, point.projectedPercent]),
    ).toEqual([
      ['2025-03-03', '0', null, null, null],
      ['2025-03-17', '1000000', '1200000', null, null],
      ['2025-04-01', '2100000', '2450000', null, null],
      ['2025-04-15', '3150000', '3050000', '3050000', '87.14'],
      ['2025-05-01', '3500000', null, '3250000', '92.86'],
      ['2025-06-01', '3500000', null, '3500000', '100'],
    ]);
    // the issue-16 figures are unchanged
    expect(curve).toMatchObject({ total: '3500000', spi: '0.97', cpi: '0.95', cutoff: '2025-04-15' });
  });

  it('has no EAC without an actual cost at the latest cut-off, nor a Δ finish without a baseline', () => {
    const withoutLastCost = cutoffs.map((cutoff, index) => (index === 2 ? { ...cutoff, actualCost: null } : cutoff));
    const curve = computeSCurve({
      calendar,
      currency: 'CLP',
      planned,
      earned,
      cutoffs: withoutLastCost,
      forecast: { remaining, finish: '2025-05-05' },
    });
    // C1's actual cost still gives the CPI, but an estimate needs today's
    expect(curve.cpi).toBe('1.09');
    expect(curve.forecast).toEqual({
      finish: '2025-05-05',
      baselineFinish: null,
      finishVariance: null,
      eac: null,
      etc: null,
      vac: null,
    });
    expect(curve.points.at(-1)).toMatchObject({ date: '2025-06-01', projected: '3500000' });
  });

  it("puts the remainder of a task the schedule does not place on the cut-off's date", () => {
    // T2 left out: its 400.000 is counted from the first point after C3
    const curve = computeSCurve({
      calendar,
      currency: 'CLP',
      planned,
      earned,
      cutoffs,
      forecast: { remaining: remaining.slice(1), finish: '2025-05-05' },
    });
    expect(curve.points.slice(3).map((point) => [point.date, point.projected])).toEqual([
      ['2025-04-15', '3050000'],
      ['2025-05-01', '3450000'],
      ['2025-06-01', '3500000'],
    ]);
  });

  it('ahead of the baseline: a negative Δ finish; no cut-off: the finish but no curve', () => {
    const early = computeSCurve({
      calendar,
      currency: 'CLP',
      planned,
      earned,
      cutoffs: [],
      forecast: { remaining: [], finish: '2025-04-15', baselineFinish: '2025-04-17' },
    });
    // 16 and 17 Apr earlier
    expect(early.forecast).toMatchObject({ finish: '2025-04-15', finishVariance: -2, eac: null });
    expect(early.points.every((point) => point.projected === null)).toBe(true);
  });

  /*
   * The duration basis (nothing priced; weights T1 10, T2 20, T3 3, M4 0, T5 5 = 38 d): at C3 EV = 34 d;
   * T2's remaining 20 % × 20 = 4 d over 29 Apr → 2 May: 1 May = 34 + 2 = 36 d (94,74 %), 1 Jun = 38 d.
   * No EAC: days are not money.
   */
  it('projects working days on the duration basis, with no EAC', () => {
    const unpriced = planned.map((task) => ({ ...task, amount: '0' }));
    const curve = computeSCurve({ calendar, currency: 'CLP', planned: unpriced, earned: [], cutoffs, forecast });
    expect(curve.basis).toBe('duration');
    expect(curve.points.slice(3).map((point) => [point.date, point.projected, point.projectedPercent])).toEqual([
      ['2025-04-15', '34', '89.47'],
      ['2025-05-01', '36', '94.74'],
      ['2025-06-01', '38', '100'],
    ]);
    expect(curve.forecast).toMatchObject({ finishVariance: 12, eac: null, etc: null, vac: null });
  });
});

/*
 * The duration basis, by hand (the golden project with nothing priced): weights T1 10, T2 20, T3 3,
 * M4 0, T5 5 working days → total 38.
 *   C1 17 Mar: PV = 10 + 5 = 15 (39,47 %); EV = 10 + 10 % × 20 + 5 = 17 (44,74 %)
 *   C2  1 Apr: PV = 10 + 11 + 5 = 26 (68,42 %); EV = 10 + 10 + 3 + 5 = 28 (73,68 %)
 *   C3 15 Apr: PV = 10 + 20 + 1 + 5 = 36 (94,74 %); EV = 10 + 16 + 3 + 5 = 34 (89,47 %)
 *   SPI = 34 / 36 = 0,944… → 0.94; no CPI (days are not money), whatever AC was entered.
 */
describe('computeSCurve: the duration basis when nothing is priced', () => {
  it('weighs every task by its working days, for PV and EV', () => {
    const unpriced = planned.map((task) => ({ ...task, amount: '0' }));
    const curve = computeSCurve({ calendar, currency: 'CLP', planned: unpriced, earned: [], cutoffs });
    expect(curve.basis).toBe('duration');
    expect(curve.total).toBe('38');
    expect(
      curve.points.map((point) => [point.date, point.planned, point.plannedPercent, point.earned, point.earnedPercent]),
    ).toEqual([
      ['2025-03-03', '0', '0', null, null],
      ['2025-03-17', '15', '39.47', '17', '44.74'],
      ['2025-04-01', '26', '68.42', '28', '73.68'],
      ['2025-04-15', '36', '94.74', '34', '89.47'],
      ['2025-05-01', '38', '100', null, null],
    ]);
    expect(curve.spi).toBe('0.94');
    expect(curve.cpi).toBeNull();
  });

  it('keeps fractions of a day to 2 decimals', () => {
    const curve = computeSCurve({
      calendar,
      currency: 'CLP',
      planned: [{ taskId: 1, start: '2025-03-03', duration: 3, amount: '0' }],
      earned: [],
      cutoffs: [{ cutoff: '2025-03-05', progress: progress({ 1: 12.5 }), actualCost: null }],
    });
    expect(curve.points[1]).toMatchObject({
      planned: '2',
      earned: '0.38',
      plannedPercent: '66.67',
      earnedPercent: '12.5',
    });
  });

  it('answers no point for nothing planned and no cut-off', () => {
    expect(computeSCurve({ calendar, currency: 'CLP', planned: [], earned: [], cutoffs: [] })).toEqual({
      currency: 'CLP',
      basis: 'duration',
      points: [],
      total: '0',
      spi: null,
      cpi: null,
    });
  });
});

describe('computeSCurve: properties', () => {
  const base = dayNumber('2025-01-01');
  const taskArbitrary = fc.record({
    offset: fc.integer({ min: 0, max: 400 }),
    duration: fc.integer({ min: 0, max: 60 }),
    cents: fc.integer({ min: 0, max: 100_000_000 }),
  });

  it('PV never decreases, never passes the total, and is the total at the last point', () => {
    fc.assert(
      fc.property(
        fc.array(taskArbitrary, { minLength: 1, maxLength: 30 }),
        fc.array(fc.integer({ min: 0, max: 500 }), { maxLength: 5 }),
        fc.constantFrom('CLP' as const, 'UF' as const, 'USD' as const),
        (tasks, cutoffDays, currency) => {
          const plannedTasks = tasks.map((task, index) => ({
            taskId: index + 1,
            start: isoDay(base + task.offset),
            duration: task.duration,
            amount: (task.cents / 100).toFixed(2),
          }));
          const curve = computeSCurve({
            calendar,
            currency,
            planned: plannedTasks,
            earned: plannedTasks.map((task) => ({ taskId: task.taskId, amount: task.amount })),
            cutoffs: [...new Set(cutoffDays)].map((day) => ({
              cutoff: isoDay(base + day),
              progress: new Map(plannedTasks.map((task) => [task.taskId, 100])),
              actualCost: null,
            })),
          });
          const values = curve.points.map((point) => Number(point.planned));
          for (let index = 1; index < values.length; index += 1) {
            expect(values[index]).toBeGreaterThanOrEqual(values[index - 1] as number);
          }
          expect(Math.max(...values)).toBeLessThanOrEqual(Number(curve.total));
          expect(curve.points.at(-1)?.planned).toBe(curve.total);
          const anything = curve.basis === 'cost' || plannedTasks.some((task) => task.duration > 0);
          expect(curve.points.at(-1)?.plannedPercent).toBe(anything ? '100' : '0');
          // everything done at every cut-off: EV is the total there
          for (const point of curve.points.filter((each) => each.cutoff)) expect(point.earned).toBe(curve.total);
        },
      ),
      { numRuns: 150 },
    );
  });

  it("PV at every point is Σ each task's exact planned value through the day before, rounded", () => {
    fc.assert(
      fc.property(
        fc.array(taskArbitrary, { minLength: 1, maxLength: 40 }),
        fc.array(fc.integer({ min: 0, max: 500 }), { maxLength: 8 }),
        fc.constantFrom('CLP' as const, 'UF' as const),
        (tasks, cutoffDays, currency) => {
          const plannedTasks = tasks.map((task, index) => ({
            taskId: index + 1,
            start: isoDay(base + task.offset),
            duration: task.duration,
            amount: (task.cents / 100).toFixed(2),
          }));
          const curve = computeSCurve({
            calendar,
            currency,
            planned: plannedTasks,
            earned: [],
            cutoffs: [...new Set(cutoffDays)].map((day) => ({
              cutoff: isoDay(base + day),
              progress: new Map(),
              actualCost: null,
            })),
          });
          if (curve.basis !== 'cost') return;
          for (const point of curve.points) {
            const through = isoDay(dayNumber(point.date) - 1);
            const exact = addDecimals(
              '0',
              ...plannedTasks.map((task) =>
                task.duration <= 0
                  ? task.start < point.date
                    ? task.amount
                    : '0'
                  : // amount × days worked ÷ days, divided last (the share alone is rounded at 40 places)
                    divideDecimals(
                      multiplyDecimals(
                        task.amount,
                        String(Math.round(Number(plannedShare(calendar, task, through)) * task.duration)),
                      ),
                      String(task.duration),
                    ),
              ),
            );
            expect(point.planned).toBe(roundDocument(exact, currency));
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe('computeSCurve (issue 33): forecast properties', () => {
  const base = dayNumber('2025-01-01');
  it('the projected curve is EV at the latest cut-off, never decreases after it and ends at the total', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            offset: fc.integer({ min: 0, max: 300 }),
            duration: fc.integer({ min: 0, max: 40 }),
            cents: fc.integer({ min: 1, max: 100_000_000 }),
            progress: fc.constantFrom(0, 0, 12.5, 50, 99, 100),
            // where the schedule puts what is left: days after the cut-off, or nowhere
            delay: fc.option(fc.integer({ min: 0, max: 200 }), { nil: undefined }),
          }),
          { minLength: 1, maxLength: 30 },
        ),
        fc.integer({ min: 1, max: 400 }),
        fc.constantFrom('CLP' as const, 'UF' as const),
        (tasks, cutoffOffset, currency) => {
          const cutoff = isoDay(base + cutoffOffset);
          const plannedTasks = tasks.map((task, index) => ({
            taskId: index + 1,
            start: isoDay(base + task.offset),
            duration: task.duration,
            amount: (task.cents / 100).toFixed(2),
          }));
          const remainingSpans = tasks.flatMap((task, index) =>
            task.delay === undefined
              ? []
              : [{ taskId: index + 1, start: isoDay(dayNumber(cutoff) + task.delay), duration: task.duration }],
          );
          const finish = isoDay(dayNumber(cutoff) + 250);
          const curve = computeSCurve({
            calendar,
            currency,
            planned: plannedTasks,
            earned: plannedTasks,
            cutoffs: [
              { cutoff, progress: new Map(tasks.map((task, index) => [index + 1, task.progress])), actualCost: null },
            ],
            forecast: { remaining: remainingSpans, finish },
          });
          const at = curve.points.findIndex((point) => point.date === cutoff);
          expect(at).toBeGreaterThanOrEqual(0);
          curve.points.slice(0, at).forEach((point) => expect(point.projected).toBeNull());
          expect(curve.points[at]?.projected).toBe(curve.points[at]?.earned);
          const values = curve.points.slice(at).map((point) => Number(point.projected));
          for (let index = 1; index < values.length; index += 1) {
            expect(values[index]).toBeGreaterThanOrEqual(values[index - 1] as number);
          }
          expect(curve.points.at(-1)?.projected).toBe(curve.total);
          expect((curve.points.at(-1)?.date ?? '') > finish).toBe(true);
        },
      ),
      { numRuns: 150 },
    );
  });
});

// its speed is a figure of `npm run bench` (bench/costs.mjs), not a timed test
describe('computeSCurve at 20,000 tasks, 24 cut-offs, 30 months', () => {
  it('ends at the whole amount', () => {
    const tasks: SCurvePlannedTask[] = [];
    for (let index = 0; index < 20_000; index += 1) {
      tasks.push({
        taskId: index + 1,
        start: isoDay(dayNumber('2025-01-06') + (index % 800)),
        duration: index % 7 === 0 ? 0 : 1 + (index % 40),
        amount: `${1000 + index}.5`,
      });
    }
    const monthly: SCurveCutoff[] = [];
    for (let month = 0; month < 24; month += 1) {
      const date = `${2025 + Math.floor((month + 1) / 12)}-${String(((month + 1) % 12) + 1).padStart(2, '0')}-01`;
      monthly.push({
        cutoff: date,
        progress: new Map(tasks.filter((_, index) => index % 2 === month % 2).map((task) => [task.taskId, 50])),
        actualCost: '1000',
      });
    }
    const curve = computeSCurve({ calendar, currency: 'UF', planned: tasks, earned: tasks, cutoffs: monthly });
    expect(curve.points.at(-1)?.planned).toBe(curve.total);
    expect(curve.points.filter((point) => point.cutoff)).toHaveLength(24);
  });
});
