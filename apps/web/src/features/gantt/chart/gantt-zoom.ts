import { dayNumber } from '@cimiento/domain';
import { localDate } from './gantt-chart-data';

/**
 * The Gantt's zoom (issue 12): día, semana, mes, trimestre, and 'Ajustar a la pantalla', which
 * picks the most detailed level whose cells, narrowed, still show the whole project in the chart's
 * width. Pure: the chart turns a zoom into SVAR's `scales` and `cellWidth`.
 */

export const ganttZoomLevels = ['day', 'week', 'month', 'quarter'] as const;
export type GanttZoomLevel = (typeof ganttZoomLevels)[number];

export type GanttZoom = { level: GanttZoomLevel; cellWidth: number };

type LevelConfig = {
  /** the smallest cell of the time scale */
  unit: 'day' | 'week' | 'month' | 'quarter';
  /** the level's usual cell width, and the narrowest one 'Ajustar a la pantalla' may choose */
  cellWidth: number;
  minCellWidth: number;
};

export const zoomLevelConfig: Record<GanttZoomLevel, LevelConfig> = {
  day: { unit: 'day', cellWidth: 30, minCellWidth: 22 },
  week: { unit: 'week', cellWidth: 84, minCellWidth: 42 },
  month: { unit: 'month', cellWidth: 100, minCellWidth: 40 },
  quarter: { unit: 'quarter', cellWidth: 100, minCellWidth: 36 },
};

export const DEFAULT_ZOOM: GanttZoom = { level: 'week', cellWidth: zoomLevelConfig.week.cellWidth };

export function defaultZoom(level: GanttZoomLevel): GanttZoom {
  return { level, cellWidth: zoomLevelConfig[level].cellWidth };
}

export function isZoomLevel(value: unknown): value is GanttZoomLevel {
  return typeof value === 'string' && (ganttZoomLevels as readonly string[]).includes(value);
}

export type ScaleTexts = {
  month: (date: Date) => string;
  monthShort: (date: Date) => string;
  quarter: (quarter: number) => string;
};

export type ScaleConfig = { unit: string; step: number; format: string | ((date: Date) => string) };

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** The time scale's rows for a level: a wider unit above, the level's cells below. */
export function zoomScales(level: GanttZoomLevel, texts: ScaleTexts): ScaleConfig[] {
  const year = { unit: 'year', step: 1, format: (date: Date) => String(date.getFullYear()) };
  switch (level) {
    case 'day':
      return [
        { unit: 'month', step: 1, format: (date) => `${texts.month(date)} ${date.getFullYear()}` },
        { unit: 'day', step: 1, format: (date) => twoDigits(date.getDate()) },
      ];
    case 'week':
      return [
        { unit: 'month', step: 1, format: (date) => `${texts.month(date)} ${date.getFullYear()}` },
        { unit: 'week', step: 1, format: (date) => `${twoDigits(date.getDate())}-${twoDigits(date.getMonth() + 1)}` },
      ];
    case 'month':
      return [year, { unit: 'month', step: 1, format: (date) => texts.monthShort(date) }];
    case 'quarter':
      return [year, { unit: 'quarter', step: 1, format: (date) => texts.quarter(Math.floor(date.getMonth() / 3) + 1) }];
  }
}

/** Monday on or before the day (the chart's weeks start on Monday). */
function weekStart(date: Date): Date {
  const result = new Date(date.getFullYear(), date.getMonth(), date.getDate());
  result.setDate(result.getDate() - ((result.getDay() + 6) % 7));
  return result;
}

function monthIndex(date: Date): number {
  return date.getFullYear() * 12 + date.getMonth();
}

/**
 * How many cells of a level the chart draws for a project from `start` to `finish` (its first and
 * last working days, 'YYYY-MM-DD'). As SVAR does: one unit of margin before the first day and after
 * the day following the last one, each widened to whole units.
 */
export function zoomCellCount(level: GanttZoomLevel, start: string, finish: string): number {
  const first = localDate(start);
  const afterLast = localDate(finish);
  afterLast.setDate(afterLast.getDate() + 1);
  switch (level) {
    case 'day':
      return dayNumber(finish) - dayNumber(start) + 1 + 2;
    case 'week': {
      const from = weekStart(first);
      from.setDate(from.getDate() - 7);
      const to = new Date(afterLast);
      to.setDate(to.getDate() + 7);
      const toStart = weekStart(to);
      const end = toStart < to ? new Date(toStart.getFullYear(), toStart.getMonth(), toStart.getDate() + 7) : toStart;
      return Math.round((end.getTime() - from.getTime()) / (7 * 86_400_000));
    }
    case 'month':
    case 'quarter': {
      const size = level === 'month' ? 1 : 3;
      const from = Math.floor(monthIndex(first) / size) - 1;
      // the unit after the day following the last one, rounded up to a whole unit
      const to = new Date(afterLast);
      const toIndex = monthIndex(to) / size;
      const startsUnit = to.getDate() === 1 && monthIndex(to) % size === 0;
      const end = (startsUnit ? toIndex : Math.floor(toIndex) + 1) + 1;
      return end - from;
    }
  }
}

/**
 * 'Ajustar a la pantalla': the most detailed level that shows the whole project in `width` pixels
 * with cells no narrower than its minimum, its cells widened to fill the width exactly (SVAR pads
 * a narrower scale with whole cells, which would overflow the chart). A project too long even for
 * trimestres gets trimestres at their minimum.
 */
export function fitZoom(start: string, finish: string, width: number): GanttZoom {
  for (const level of ganttZoomLevels) {
    const cellWidth = width / zoomCellCount(level, start, finish);
    if (cellWidth >= zoomLevelConfig[level].minCellWidth) return { level, cellWidth };
  }
  return { level: 'quarter', cellWidth: zoomLevelConfig.quarter.minCellWidth };
}
