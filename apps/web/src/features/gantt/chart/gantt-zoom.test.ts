import {
  addDays,
  addMonths,
  addQuarters,
  addWeeks,
  differenceInCalendarDays,
  differenceInCalendarISOWeeks,
  differenceInMonths,
  differenceInQuarters,
  startOfDay,
  startOfMonth,
  startOfQuarter,
  startOfWeek,
} from 'date-fns';
import { describe, expect, it } from 'vitest';
import { localDate } from './gantt-chart-data';
import type { GanttZoomLevel } from './gantt-zoom';
import {
  defaultZoom,
  fitZoom,
  ganttZoomLevels,
  isZoomLevel,
  zoomCellCount,
  zoomLevelConfig,
  zoomScales,
} from './gantt-zoom';

const texts = {
  month: (date: Date) => ['enero', 'febrero', 'marzo', 'abril'][date.getMonth()] ?? 'mes',
  monthShort: (date: Date) => ['ene', 'feb', 'mar', 'abr'][date.getMonth()] ?? 'mes',
  quarter: (quarter: number) => `T${quarter}`,
};

function formatted(level: GanttZoomLevel, row: number, iso: string): string {
  const format = zoomScales(level, texts)[row]?.format;
  return typeof format === 'function' ? format(localDate(iso)) : String(format);
}

describe('zoomScales (issue 12: día / semana / mes / trimestre)', () => {
  it('draws days under months, weeks under months, months under years and trimestres under years', () => {
    expect(zoomScales('day', texts).map((row) => row.unit)).toEqual(['month', 'day']);
    expect(zoomScales('week', texts).map((row) => row.unit)).toEqual(['month', 'week']);
    expect(zoomScales('month', texts).map((row) => row.unit)).toEqual(['year', 'month']);
    expect(zoomScales('quarter', texts).map((row) => row.unit)).toEqual(['year', 'quarter']);
  });

  it('labels each cell as the planner reads it', () => {
    expect(formatted('day', 0, '2026-01-01')).toBe('enero 2026');
    expect(formatted('day', 1, '2026-01-05')).toBe('05');
    expect(formatted('week', 1, '2026-01-05')).toBe('05-01');
    expect(formatted('month', 0, '2026-03-01')).toBe('2026');
    expect(formatted('month', 1, '2026-03-01')).toBe('mar');
    expect(formatted('quarter', 1, '2026-04-01')).toBe('T2');
    expect(formatted('quarter', 1, '2026-12-01')).toBe('T4');
  });

  it('starts each level at its usual cell width (semana: 84 px, 12 px a day, as before)', () => {
    expect(defaultZoom('week')).toEqual({ level: 'week', cellWidth: 84 });
    for (const level of ganttZoomLevels) expect(defaultZoom(level).cellWidth).toBeGreaterThan(20);
  });

  it('knows its levels', () => {
    expect(isZoomLevel('month')).toBe(true);
    expect(isZoomLevel('year')).toBe(false);
    expect(isZoomLevel(3)).toBe(false);
  });
});

/**
 * SVAR's own arithmetic (gantt-store calcScales + resetScales, with date-fns as it uses it): one
 * unit before the first day and after the exclusive end, widened to whole units, weeks from Monday.
 */
function svarCellCount(level: GanttZoomLevel, start: string, finish: string): number {
  const first = localDate(start);
  const end = addDays(localDate(finish), 1);
  const unitStart = {
    day: startOfDay,
    week: (date: Date) => startOfWeek(date, { weekStartsOn: 1 }),
    month: startOfMonth,
    quarter: startOfQuarter,
  }[level];
  const add = { day: addDays, week: addWeeks, month: addMonths, quarter: addQuarters }[level];
  const difference = {
    day: differenceInCalendarDays,
    week: differenceInCalendarISOWeeks,
    month: differenceInMonths,
    quarter: differenceInQuarters,
  }[level];
  const from = unitStart(add(first, -1));
  const afterEnd = add(end, 1);
  const to = unitStart(afterEnd) < afterEnd ? add(unitStart(afterEnd), 1) : unitStart(afterEnd);
  return difference(to, from);
}

describe('zoomCellCount', () => {
  it('counts the cells SVAR draws: hand-checked for the seeded project, 02-01-2026 to 08-01-2026', () => {
    // 31-12 … 09-01: 7 days and a day of margin each side
    expect(zoomCellCount('day', '2026-01-02', '2026-01-08')).toBe(9);
    // weeks of 22-12, 29-12, 05-01, 12-01
    expect(zoomCellCount('week', '2026-01-02', '2026-01-08')).toBe(4);
    // December 2025, January, February 2026
    expect(zoomCellCount('month', '2026-01-02', '2026-01-08')).toBe(3);
    // Q4 2025, Q1, Q2 2026
    expect(zoomCellCount('quarter', '2026-01-02', '2026-01-08')).toBe(3);
  });

  it('agrees with SVAR for spans starting and ending on every kind of day, over two years', () => {
    const starts = ['2026-01-01', '2026-01-05', '2026-02-28', '2026-03-31', '2026-06-01', '2026-12-31'];
    const lengths = [0, 1, 6, 7, 30, 31, 89, 90, 91, 364, 400, 730];
    for (const level of ganttZoomLevels) {
      for (const start of starts) {
        for (const length of lengths) {
          const finish = addDays(localDate(start), length);
          const iso = `${finish.getFullYear()}-${String(finish.getMonth() + 1).padStart(2, '0')}-${String(finish.getDate()).padStart(2, '0')}`;
          expect([level, start, iso, zoomCellCount(level, start, iso)]).toEqual([
            level,
            start,
            iso,
            svarCellCount(level, start, iso),
          ]);
        }
      }
    }
  });
});

describe("fitZoom ('Ajustar a la pantalla')", () => {
  it('takes the most detailed level whose cells still show the whole project, filling the width', () => {
    // 9 days in 405 px: 45 px a day
    expect(fitZoom('2026-01-02', '2026-01-08', 405)).toEqual({ level: 'day', cellWidth: 45 });
    // a year does not fit in days or weeks at 896 px; months do: 14 cells of 64 px
    expect(fitZoom('2026-01-02', '2026-12-30', 896)).toEqual({ level: 'month', cellWidth: 64 });
    // ten years: 42 trimestres at 40 px fit in 1680 px
    expect(fitZoom('2026-01-02', '2035-12-28', 1680)).toEqual({ level: 'quarter', cellWidth: 40 });
  });

  it('gives a long project trimestres at their minimum when nothing fits', () => {
    expect(fitZoom('2026-01-02', '2060-12-28', 800)).toEqual({ level: 'quarter', cellWidth: 36 });
  });

  it('fills exactly the width it was given', () => {
    for (const width of [300, 409, 640, 1000, 1500]) {
      for (const finish of ['2026-01-08', '2026-03-31', '2026-11-30', '2027-06-30']) {
        const zoom = fitZoom('2026-01-02', finish, width);
        expect(zoom.cellWidth * zoomCellCount(zoom.level, '2026-01-02', finish)).toBeCloseTo(width, 6);
        expect(zoom.cellWidth).toBeGreaterThanOrEqual(zoomLevelConfig[zoom.level].minCellWidth);
      }
    }
  });
});
