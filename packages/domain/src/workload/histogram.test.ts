import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { WorkingCalendar } from '../gantt/calendar';
import { resourceHistogram } from './histogram';
import type { HistogramInput, HistogramResource, HistogramTask } from './histogram';
import { hoursPerDayOn, weeklyHoursOn } from './working-hours';

/**
 * Hand-worked: January 2026, Monday to Friday, no holidays after the 1st. A formwork crew (1
 * capataz + 4 carpinteros + 2 jornales = 7 workers, 2 crews available, $520.000 a crew-day) and a
 * tower crane (1, UF 10 a day, the UF at $39.000). T1 runs Monday 5 to Friday 9 with 2 crews and
 * the crane; T2 Wednesday 7 to Tuesday 13 with 1 crew; a milestone asks for 5 crews and loads
 * nothing. The crew's day: 2, 2, 3, 3, 3 (overloaded), then 1, 1. A 44-hour week over 5 days is
 * 8,8 hours a day (before 26 April 2026).
 */
const calendar = Object.assign(new WorkingCalendar('mon-fri', () => [], 2026), { workingWeekdays: 5 });
const CMOL: HistogramResource = {
  _id: 'cmol',
  code: 'CMOL',
  name: 'Cuadrilla moldaje',
  type: 'labor',
  unit: 'cuadrilla',
  maxUnits: 2,
  crew: [
    { trade: 'cap', tradeName: 'Capataz', count: 1 },
    { trade: 'car', tradeName: 'Carpintero', count: 4 },
    { trade: 'jor', tradeName: 'Jornal', count: 2 },
  ],
  costPerDay: '520000',
  currency: 'CLP',
};
const GRUA: HistogramResource = {
  _id: 'grua',
  code: 'GRUA',
  name: 'Grúa torre',
  type: 'equipment',
  unit: 'un',
  maxUnits: 1,
  costPerDay: '10',
  currency: 'UF',
};
const TASKS: HistogramTask[] = [
  {
    start: '2026-01-05',
    end: '2026-01-09',
    duration: 5,
    resources: [
      { resourceId: 'cmol', units: 2 },
      { resourceId: 'grua', units: 1 },
    ],
  },
  { start: '2026-01-07', end: '2026-01-13', duration: 5, resources: [{ resourceId: 'cmol', units: 1 }] },
  { start: '2026-01-08', end: '2026-01-08', duration: 0, resources: [{ resourceId: 'cmol', units: 5 }] },
  { start: '2026-01-05', end: '2026-01-30', duration: 20 },
];
const base: HistogramInput = {
  tasks: TASKS,
  resources: [CMOL, GRUA],
  calendar,
  groupBy: 'resource',
  period: 'day',
  toClp: (currency) => (currency === 'UF' ? 39_000 : undefined),
};

describe('the resource histogram', () => {
  it('per resource and day: units against availability, hours and cost', () => {
    const [crew, crane] = resourceHistogram(base);
    expect(crew?.name).toBe('CMOL Cuadrilla moldaje');
    expect(crew?.unit).toBe('cuadrilla');
    expect(crew?.points.map((point) => point.date)).toEqual([
      '2026-01-05',
      '2026-01-06',
      '2026-01-07',
      '2026-01-08',
      '2026-01-09',
      '2026-01-12',
      '2026-01-13',
    ]);
    expect(crew?.points.map((point) => point.units)).toEqual([2, 2, 3, 3, 3, 1, 1]);
    expect(crew?.points.map((point) => point.overload)).toEqual([false, false, true, true, true, false, false]);
    // 2 crews × 7 workers × 8,8 h
    expect(crew?.points[0]).toMatchObject({ hours: 123.2, cost: 1_040_000, maxUnits: 2 });
    expect(crane?.name).toBe('GRUA Grúa torre');
    expect(crane?.points.map((point) => point.units)).toEqual([1, 1, 1, 1, 1, 0, 0]);
    // UF 10 at $39.000; 8,8 machine hours
    expect(crane?.points[0]).toMatchObject({ hours: 8.8, cost: 390_000 });
  });

  it('per week: the busiest day, the mean, the sums; the days before the cut-off are actual', () => {
    const [crew] = resourceHistogram({ ...base, period: 'week', cutoff: '2026-01-08' });
    expect(crew?.points).toEqual([
      {
        date: '2026-01-05',
        units: 3,
        average: 2.6,
        hours: 800.8,
        cost: 6_760_000,
        maxUnits: 2,
        overload: true,
        actualHours: 431.2,
        actualCost: 3_640_000,
      },
      {
        date: '2026-01-12',
        units: 1,
        average: 0.4,
        hours: 123.2,
        cost: 1_040_000,
        maxUnits: 2,
        overload: false,
        actualHours: 0,
        actualCost: 0,
      },
    ]);
  });

  it('the manpower histogram: workers and HH per trade per month, the cost shared by headcount', () => {
    const series = resourceHistogram({ ...base, groupBy: 'trade', period: 'month' });
    expect(series.map((entry) => entry.name)).toEqual(['Capataz', 'Carpintero', 'Jornal']);
    const carpenters = series[1];
    expect(carpenters?.unit).toBe('trabajadores');
    // 15 crew-days × 4 carpenters × 8,8 h; 4/7 of 15 × $520.000; the mean is 60 carpenter-days
    // over January's 22 working days
    expect(carpenters?.points).toEqual([
      {
        date: '2026-01-01',
        units: 12,
        average: 2.73,
        hours: 528,
        cost: 4_457_143,
        maxUnits: 8,
        overload: true,
        actualHours: 0,
        actualCost: 0,
      },
    ]);
  });

  it('per type: labour in workers, equipment in its units', () => {
    const series = resourceHistogram({ ...base, groupBy: 'type', period: 'month' });
    expect(series.map((entry) => [entry.key, entry.name, entry.unit])).toEqual([
      ['labor', 'Mano de obra', 'trabajadores'],
      ['equipment', 'Equipo', ''],
    ]);
    expect(series[0]?.points[0]).toMatchObject({ units: 21, maxUnits: 14, overload: true });
    expect(series[1]?.points[0]).toMatchObject({ units: 1, maxUnits: 1, overload: false });
  });

  it('availability by dates lowers the maximum on its days; an unknown rate is named, not guessed', () => {
    const closed = { ...CMOL, availability: [{ from: '2026-01-12', to: '2026-01-13', maxUnits: 0 }] };
    const [crew, crane] = resourceHistogram({ ...base, resources: [closed, GRUA], toClp: () => undefined });
    expect(crew?.points.slice(5).map((point) => [point.maxUnits, point.overload])).toEqual([
      [0, true],
      [0, true],
    ]);
    expect(crew?.maxUnits).toBe(2);
    expect(crane?.missingRates).toEqual(['UF']);
    expect(crane?.points[0]?.cost).toBe(0);
    expect(crew?.missingRates).toBeUndefined();
  });

  it("a resource's own calendar: a task asking for it on its day off is an overload against 0, with the days", () => {
    // the crane does not work Thursday 8 (its own calendar); T1 asks for it Monday 5 to Friday 9
    const serviced = { ...GRUA, calendar: { exceptions: [{ from: '2026-01-08', to: '2026-01-08' }] } };
    const [, crane] = resourceHistogram({ ...base, resources: [CMOL, serviced] });
    expect(crane?.points.map((point) => [point.date, point.units, point.maxUnits, point.overload])).toEqual([
      ['2026-01-05', 1, 1, false],
      ['2026-01-06', 1, 1, false],
      ['2026-01-07', 1, 1, false],
      ['2026-01-08', 1, 0, true],
      ['2026-01-09', 1, 1, false],
      ['2026-01-12', 0, 1, false],
      ['2026-01-13', 0, 1, false],
    ]);
    expect(crane?.points[3]?.nonWorkingDays).toEqual(['2026-01-08']);
    expect(crane?.points.filter((point) => point.nonWorkingDays !== undefined)).toHaveLength(1);
    // by week: the week of the 5th is overloaded, its fewest available is 0, the reason its Thursday
    const [, week] = resourceHistogram({ ...base, resources: [CMOL, serviced], period: 'week' });
    expect(week?.points[0]).toMatchObject({ maxUnits: 0, overload: true, nonWorkingDays: ['2026-01-08'] });
    expect(week?.points[1]?.nonWorkingDays).toBeUndefined();
    // a weekday the crew does not work (Fridays) with no task that day is no overload
    const noFridays = { ...CMOL, calendar: { workingWeekdays: [1, 2, 3, 4] } };
    const [crew] = resourceHistogram({ ...base, resources: [noFridays, GRUA] });
    expect(crew?.points[4]).toMatchObject({ date: '2026-01-09', units: 3, maxUnits: 0, overload: true });
    expect(crew?.points[4]?.nonWorkingDays).toEqual(['2026-01-09']);
  });

  it('any calendar: the same input gives the same histogram; a day off with load is always named', () => {
    const drawn = fc.record({
      weekdays: fc.subarray([1, 2, 3, 4, 5], { minLength: 1 }),
      from: fc.integer({ min: 0, max: 10 }),
      length: fc.integer({ min: 0, max: 5 }),
      period: fc.constantFrom('day' as const, 'week' as const, 'month' as const),
    });
    fc.assert(
      fc.property(drawn, ({ weekdays, from, length, period }) => {
        const iso = (index: number) => new Date(calendar.dayAt(index) * 86_400_000).toISOString().slice(0, 10);
        const crane = {
          ...GRUA,
          calendar: { workingWeekdays: weekdays, exceptions: [{ from: iso(2 + from), to: iso(2 + from + length) }] },
        };
        const input = { ...base, resources: [CMOL, crane], period };
        const first = resourceHistogram(input);
        expect(resourceHistogram(input)).toEqual(first);
        for (const point of first.find((series) => series.key === 'grua')?.points ?? []) {
          if (point.nonWorkingDays !== undefined) expect(point.overload).toBe(true);
        }
      }),
    );
  });

  it('no task with resources: no series', () => {
    expect(resourceHistogram({ ...base, tasks: TASKS.slice(3) })).toEqual([]);
  });

  it('any tasks: the units summed over the days are Σ units × working days; the periods add the same hours', () => {
    const task = fc
      .tuple(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 1, max: 30 }), fc.integer({ min: 1, max: 400 }))
      .map(([from, days, hundredths]): HistogramTask => {
        const iso = (index: number) => new Date(calendar.dayAt(index) * 86_400_000).toISOString().slice(0, 10);
        return {
          start: iso(from),
          end: iso(from + days - 1),
          duration: days,
          resources: [{ resourceId: 'grua', units: hundredths / 100 }],
        };
      });
    fc.assert(
      fc.property(fc.array(task, { minLength: 1, maxLength: 12 }), (tasks) => {
        const expected = tasks.reduce((total, entry) => total + (entry.resources?.[0]?.units ?? 0) * entry.duration, 0);
        const [byDay] = resourceHistogram({ ...base, tasks });
        const units = (byDay?.points ?? []).reduce((total, point) => total + point.units, 0);
        expect(units).toBeCloseTo(expected, 6);
        // all before 26 April 2026: 8,8 machine hours a unit-day, each point rounded to the hundredth
        for (const period of ['day', 'week', 'month'] as const) {
          const [crane] = resourceHistogram({ ...base, tasks, period });
          const points = crane?.points ?? [];
          const hours = points.reduce((total, point) => total + point.hours, 0);
          expect(Math.abs(hours - expected * 8.8)).toBeLessThanOrEqual(0.005 * points.length + 1e-6);
        }
      }),
    );
  });
});

describe("Chile's working hours", () => {
  it('the legal week shrinks on 26 April 2024, 2026 and 2028; a day shares it among the working weekdays', () => {
    expect(weeklyHoursOn('2024-04-25')).toBe(45);
    expect(weeklyHoursOn('2024-04-26')).toBe(44);
    expect(weeklyHoursOn('2026-04-25')).toBe(44);
    expect(weeklyHoursOn('2026-04-26')).toBe(42);
    expect(weeklyHoursOn('2028-04-26')).toBe(40);
    expect(hoursPerDayOn('2026-01-05', 5)).toBe(8.8);
    expect(hoursPerDayOn('2027-01-04', 5)).toBe(8.4);
    expect(hoursPerDayOn('2027-01-04', 6)).toBe(7);
  });
});
