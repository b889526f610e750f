import type { GanttDraftTask, LinkType, ScheduledTask } from '@cimiento/domain';
import { dayNumber, formatIsoDate, isoDay, weekday } from '@cimiento/domain';
import { isCriticalLink } from '../chart/gantt-chart-data';

/**
 * The Gantt's printed pages (issue 12), as pure geometry in millimetres: no DOM, no PDF. The
 * renderer (gantt-print-render.ts) draws a layout with jsPDF (PDF) or a Canvas 2D context (PNG).
 *
 * - Rows: every task in tree order (the export ignores the screen's search and collapsed rows),
 *   split over pages vertically; each page repeats the page header, the grid's column titles and
 *   the time scale.
 * - Time: the whole project span. The scale is the finest of day / week / month / quarter whose
 *   cells stay readable (`MIN_CELL`) with the span stretched to the timeline's width. A span too
 *   long even for quarters is printed at the quarter scale's narrowest readable width over
 *   several pages across; pages go across, then down (as MS Project prints), and every page
 *   repeats the grid so each sheet reads on its own.
 * - Links: orthogonal connectors from the predecessor's bar end to the successor's bar end, with
 *   an arrowhead. A link is laid out once on the whole chart and cut by each page's frame, so a
 *   link whose ends fall on different pages is drawn on every page it crosses: it leaves the
 *   predecessor's page at the frame's edge and enters the successor's page there, arrowhead
 *   included (as a continuous chart cut into sheets). Critical links (both ends critical, the
 *   link tight: the screen's rule) are red.
 * - `cutOff` (the tracking issue's status date; the screen passes none yet): a dashed vertical
 *   line at the end of that day and a header text.
 * - `view` (the PNG): one page with only the rows and the dates the screen shows.
 */

export type PaperSize = 'A4' | 'A3';

/** Landscape sheets, mm. */
export const PAPER_SIZES: Record<PaperSize, { width: number; height: number }> = {
  A4: { width: 297, height: 210 },
  A3: { width: 420, height: 297 },
};

export const PRINT_GEOMETRY = {
  margin: 8,
  /** title, info and legend lines above the table */
  pageHeaderHeight: 18,
  /** two scale rows; the grid's column titles span both */
  scaleRowHeight: 4.5,
  rowHeight: 5,
  /** depth indentation in the Código column */
  indent: 2,
  /** the horizontal stub a connector leaves and enters a bar with */
  linkStub: 2,
  arrowLength: 1.2,
  arrowHalfWidth: 0.75,
  milestoneHalf: 1.6,
  taskBarHeight: 2.8,
} as const;

/** Font sizes, pt. */
export const PRINT_FONTS = { title: 12, info: 8, legend: 7, column: 7, cell: 7, scale: 6.5 } as const;

/** Grid column widths per sheet, mm. */
export const GRID_COLUMNS: Record<
  PaperSize,
  { code: number; name: number; start: number; finish: number; duration: number }
> = {
  A4: { code: 24, name: 54, start: 16.5, finish: 16.5, duration: 14 },
  A3: { code: 32, name: 92, start: 17, finish: 17, duration: 14 },
};

export const PRINT_COLOURS = {
  text: '#212121',
  secondary: '#5f6b7a',
  gridLine: '#c5ccd6',
  rowLine: '#e4e8ee',
  headerFill: '#eef1f5',
  nonWorking: '#f1f3f6',
  task: '#3983eb',
  taskBorder: '#2a6cc8',
  taskProgress: '#1d4f9c',
  critical: '#d32f2f',
  criticalBorder: '#9a0007',
  criticalProgress: '#9a0007',
  summary: '#37474f',
  criticalSummary: '#ad1457',
  milestone: '#37474f',
  link: '#5f6b7a',
  criticalLink: '#d32f2f',
  cutOff: '#ef6c00',
} as const;

export type TimeUnit = 'day' | 'week' | 'month' | 'quarter';
type AnyUnit = TimeUnit | 'year';

/** The narrowest readable cell of each scale, mm (its labels fit: '30', '30-12', 'sept', 'T4'). */
export const MIN_CELL: Record<TimeUnit, number> = { day: 4, week: 9, month: 8, quarter: 10 };
/** Room left of the first day and right of the last, mm (a connector's stub and arrowhead fit in it). */
export const TIMELINE_PAD = 3;
/** A short project is not stretched past this, mm per day. */
export const MAX_MM_PER_DAY = 8;
/** the shortest cell of each unit, days */
const UNIT_DAYS: Record<TimeUnit, number> = { day: 1, week: 7, month: 28, quarter: 90 };
const SCALE_ORDER: TimeUnit[] = ['day', 'week', 'month', 'quarter'];
const UPPER_UNIT: Record<TimeUnit, AnyUnit> = { day: 'month', week: 'month', month: 'quarter', quarter: 'year' };

export type GanttPrintLabels = {
  /** 'Gantt · Edificio Los Aromos (ELA)' */
  title: string;
  /** 'Exportado el 04-03-2026 14:05' */
  exportedAt: string;
  info: (details: { start: string; finish: string; count: number; scale: TimeUnit }) => string;
  page: (number: number, total: number) => string;
  cutOff: (date: string) => string;
  quarter: (quarter: number) => string;
  columns: { code: string; name: string; start: string; finish: string; duration: string };
  legend: { task: string; critical: string; summary: string; milestone: string; link: string; criticalLink: string };
};

export type GanttPrintView = {
  /** the rows the screen shows (collapsed and filtered rows left out), top to bottom */
  rowIds: readonly number[];
  /** the first row scrolled into view, and how many fit */
  firstRow: number;
  rowCount: number;
  /** the dates in view, YYYY-MM-DD, inclusive */
  start: string;
  end: string;
};

export type GanttPrintInput = {
  tasks: readonly GanttDraftTask[];
  scheduled: ReadonlyMap<number, ScheduledTask>;
  paper: PaperSize;
  labels: GanttPrintLabels;
  /** month names come from Intl in this locale */
  locale: string;
  /** shades the days off on the day and week scales */
  isWorkingDay?: (day: number) => boolean;
  /** tracking's status date (YYYY-MM-DD), for the issue that adds tracking; nothing passes it yet */
  cutOff?: string;
  /** one page of the screen's view (the PNG) instead of the whole chart */
  view?: GanttPrintView;
  /** the span of a chart without tasks (YYYY-MM-DD) */
  today?: string;
  measure?: TextMeasure;
};

export type TextMeasure = (text: string, sizePt: number, bold: boolean) => number;

export type TextRole = 'title' | 'info' | 'page' | 'exported' | 'cutOff' | 'legend' | 'column' | 'cell' | 'scale';

export type PrintText = {
  text: string;
  x: number;
  /** the baseline */
  y: number;
  size: number;
  bold: boolean;
  align: 'left' | 'center' | 'right';
  color: string;
  role: TextRole;
  /** the room it was fitted to (a canvas whose fallback font runs wider squeezes it in) */
  maxWidth?: number;
};

export type PrintRect = { x: number; y: number; width: number; height: number; fill?: string; stroke?: string };
export type PrintLine = { x1: number; y1: number; x2: number; y2: number; color: string; width: number; dash?: number };

export type LegendKind = 'task' | 'critical' | 'summary' | 'milestone' | 'link' | 'criticalLink';
export type PrintLegendItem = { kind: LegendKind; x: number; y: number; width: number };

export type PrintRow = { taskId: number; index: number; y: number; depth: number; isSummary: boolean };

export type PrintBar = {
  taskId: number;
  kind: 'task' | 'summary' | 'milestone';
  critical: boolean;
  /** the drawn part (cut by the page's frame); a milestone's x is its centre */
  x: number;
  width: number;
  y: number;
  height: number;
  progress: number;
  /** the drawn part of the progress, from x */
  progressWidth: number;
  /** the bar goes on past the frame on that side */
  cutStart: boolean;
  cutEnd: boolean;
};

export type Point = [number, number];

export type PrintLink = {
  from: number;
  to: number;
  type: LinkType;
  critical: boolean;
  /** the connector's pieces on this page, each an orthogonal polyline */
  paths: Point[][];
  /** on the page that holds the successor's bar end: the tip, and the way it points */
  arrow?: { x: number; y: number; direction: 1 | -1 };
};

export type PrintPage = {
  /** 1-based */
  number: number;
  /** the row band (down) and the time column (across) */
  band: number;
  column: number;
  /** global row indices, end exclusive */
  rowStart: number;
  rowEnd: number;
  /** the days the page's timeline shows (day numbers; fractional at a column's cut) */
  dayStart: number;
  dayEnd: number;
  frame: {
    gridLeft: number;
    timelineLeft: number;
    timelineRight: number;
    tableTop: number;
    bodyTop: number;
    bodyBottom: number;
  };
  rects: PrintRect[];
  lines: PrintLine[];
  texts: PrintText[];
  legend: PrintLegendItem[];
  rows: PrintRow[];
  bars: PrintBar[];
  links: PrintLink[];
  cutOff?: { x: number; top: number; bottom: number };
};

export type TimeScale = {
  unit: TimeUnit;
  /** first day and the day after the last (day numbers), whole units */
  axisStart: number;
  axisEnd: number;
  mmPerDay: number;
  pagesAcross: number;
};

export type PrintLayout = {
  paper: PaperSize;
  pageWidth: number;
  pageHeight: number;
  rowsPerPage: number;
  pagesDown: number;
  pagesAcross: number;
  scale: TimeScale;
  rowIds: number[];
  pages: PrintPage[];
};

// ---------------------------------------------------------------- text

/** Helvetica's advance widths (1/1000 em) for U+0020–U+00FF, as jsPDF's built-in font has them. */
const HELVETICA = {
  normal:
    '280,280,350,550,550,890,660,190,330,330,390,580,280,330,280,280,550,550,550,550,550,550,550,550,550,550,280,280,580,580,580,550,1010,660,660,720,720,660,610,780,720,280,500,660,550,830,720,780,660,780,720,660,610,720,660,940,660,660,610,280,280,280,470,550,330,550,550,500,550,550,280,550,550,220,220,500,220,830,550,550,550,550,330,500,280,550,500,720,500,500,500,330,260,330,580,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,530,330,550,550,550,550,530,550,330,730,370,550,580,530,730,330,400,580,530,530,330,550,530,280,330,530,360,550,530,530,530,610,660,660,660,660,660,660,1000,720,660,660,660,660,280,280,280,280,530,720,780,780,780,780,780,530,780,720,720,720,720,530,530,610,550,550,550,550,550,550,890,500,550,550,550,550,280,280,280,280,530,550,550,550,550,550,550,580,610,550,550,550,550,530,530,500',
  bold: '280,330,470,550,550,890,720,240,330,330,390,580,280,330,280,280,550,550,550,550,550,550,550,550,550,550,330,330,580,580,580,610,970,720,720,720,720,660,610,780,720,280,550,720,610,830,720,780,660,780,720,660,610,720,660,940,660,660,610,330,280,330,580,550,330,550,610,550,610,550,330,610,610,280,280,550,280,890,610,610,610,610,390,550,330,610,550,780,550,550,500,390,280,390,580,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,560,330,550,550,550,550,560,550,330,730,370,550,580,560,730,330,400,580,560,560,330,610,550,280,330,560,360,550,560,560,560,610,720,720,720,720,720,720,1000,720,660,660,660,660,280,280,280,280,560,720,780,780,780,780,780,560,780,720,720,720,720,560,560,610,550,550,550,550,550,550,890,550,550,550,550,550,280,280,280,280,560,610,610,610,610,610,610,580,610,610,610,610,610,560,560,550',
};
const WIDTHS = { normal: HELVETICA.normal.split(',').map(Number), bold: HELVETICA.bold.split(',').map(Number) };
const PT_TO_MM = 25.4 / 72;

/**
 * The text as the built-in Helvetica can print it: Latin-1 (Spanish included); typographic
 * quotes and dashes become their plain forms, anything else a '?', control characters a space.
 */
export function printableText(text: string): string {
  return text
    .replace(/[\u2018\u2019\u201A]/g, "'")
    .replace(/[\u201C\u201D\u201E]/g, '"')
    .replace(/[\u2010-\u2015]/g, '-')
    .replace(/\u2026/g, '...')
    .replace(/[^\u0020-\u00FF]/gu, (char) => (char.charCodeAt(0) < 0x20 ? ' ' : '?'))
    .replace(/[\u007F-\u009F]/g, ' ');
}

/** The width of a printable text in Helvetica, mm. */
export function helveticaWidth(text: string, sizePt: number, bold: boolean): number {
  const table = bold ? WIDTHS.bold : WIDTHS.normal;
  let units = 0;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    units += code >= 32 && code <= 255 ? (table[code - 32] ?? 556) || 556 : 556;
  }
  return (units / 1000) * sizePt * PT_TO_MM;
}

/** The text cut with '...' to fit `width` mm ('' when not even the first letter fits). */
export function fitText(text: string, width: number, sizePt: number, bold: boolean, measure: TextMeasure): string {
  if (measure(text, sizePt, bold) <= width) return text;
  const ellipsis = '...';
  let low = 0;
  let high = text.length;
  // the longest prefix that fits with the ellipsis
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (measure(text.slice(0, middle).trimEnd() + ellipsis, sizePt, bold) <= width) low = middle;
    else high = middle - 1;
  }
  return low === 0 ? '' : text.slice(0, low).trimEnd() + ellipsis;
}

// ---------------------------------------------------------------- time

function monthParts(day: number): { year: number; month: number } {
  const iso = isoDay(day);
  return { year: Number(iso.slice(0, 4)), month: Number(iso.slice(5, 7)) };
}

function monthDay(year: number, month: number): number {
  const normalised = new Date(Date.UTC(year, month - 1, 1));
  return Math.round(normalised.getTime() / 86_400_000);
}

export function unitStart(day: number, unit: AnyUnit): number {
  switch (unit) {
    case 'day':
      return day;
    case 'week':
      // weeks start on Monday (the spec's timeline)
      return day - ((weekday(day) + 6) % 7);
    case 'month': {
      const { year, month } = monthParts(day);
      return monthDay(year, month);
    }
    case 'quarter': {
      const { year, month } = monthParts(day);
      return monthDay(year, Math.floor((month - 1) / 3) * 3 + 1);
    }
    case 'year':
      return monthDay(monthParts(day).year, 1);
  }
}

export function nextUnit(start: number, unit: AnyUnit): number {
  if (unit === 'day') return start + 1;
  if (unit === 'week') return start + 7;
  const { year, month } = monthParts(start);
  const months = unit === 'month' ? 1 : unit === 'quarter' ? 3 : 12;
  return monthDay(year, month + months);
}

/**
 * The scale for the days `first`…`last` (inclusive) on a timeline `width` mm wide: the finest
 * unit whose cells stay readable when the span (whole units) fills the width; past quarters,
 * quarters at their narrowest over several pages across.
 */
export function chooseTimeScale(first: number, last: number, width: number): TimeScale {
  for (const unit of SCALE_ORDER) {
    const axisStart = unitStart(first, unit);
    const axisEnd = nextUnit(unitStart(last, unit), unit);
    const mmPerDay = Math.min((width - 2 * TIMELINE_PAD) / (axisEnd - axisStart), MAX_MM_PER_DAY);
    if (mmPerDay * UNIT_DAYS[unit] >= MIN_CELL[unit]) {
      return { unit, axisStart, axisEnd, mmPerDay, pagesAcross: 1 };
    }
  }
  const axisStart = unitStart(first, 'quarter');
  const axisEnd = nextUnit(unitStart(last, 'quarter'), 'quarter');
  const mmPerDay = MIN_CELL.quarter / UNIT_DAYS.quarter;
  const pagesAcross = Math.ceil(((axisEnd - axisStart) * mmPerDay + 2 * TIMELINE_PAD) / width - 1e-9);
  return { unit: 'quarter', axisStart, axisEnd, mmPerDay, pagesAcross };
}

function monthNames(locale: string) {
  const long = new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' });
  const short = new Intl.DateTimeFormat(locale, { month: 'short', timeZone: 'UTC' });
  const names = { long: [] as string[], short: [] as string[] };
  for (let month = 0; month < 12; month += 1) {
    const date = new Date(Date.UTC(2020, month, 1));
    names.long.push(printableText(long.format(date)));
    names.short.push(printableText(short.format(date).replace(/\.$/, '')));
  }
  return names;
}

/**
 * The labels a scale cell may show, longest first (the first that fits is printed); the lower row
 * leaves out the year the upper row already shows.
 */
function cellLabels(
  unit: AnyUnit,
  start: number,
  months: { long: string[]; short: string[] },
  labels: GanttPrintLabels,
  isUpper: boolean,
): string[] {
  const iso = isoDay(start);
  const year = iso.slice(0, 4);
  const month = Number(iso.slice(5, 7));
  switch (unit) {
    case 'day':
      return [String(Number(iso.slice(8, 10)))];
    case 'week':
      return [`${iso.slice(8, 10)}-${iso.slice(5, 7)}`, iso.slice(8, 10)];
    case 'month': {
      const long = months.long[month - 1] ?? '';
      const short = months.short[month - 1] ?? '';
      return isUpper ? [`${long} ${year}`, `${short} ${year}`, short] : [short];
    }
    case 'quarter': {
      const quarter = labels.quarter(Math.floor((month - 1) / 3) + 1);
      return isUpper ? [`${quarter} ${year}`, quarter] : [quarter];
    }
    case 'year':
      return [year];
  }
}

// ---------------------------------------------------------------- links

/** A link's connector on the whole chart (global mm: x on the time axis, y from the first row's top). */
export function routeLink(
  type: LinkType,
  from: { start: number; end: number; y: number },
  to: { start: number; end: number; y: number },
): { points: Point[]; tip: Point; direction: 1 | -1 } {
  const { linkStub: stub, arrowLength, rowHeight } = PRINT_GEOMETRY;
  const leavesEnd = type === 'FS' || type === 'FF';
  const entersStart = type === 'FS' || type === 'SS';
  const x1 = leavesEnd ? from.end : from.start;
  const x2 = entersStart ? to.start : to.end;
  const out: 1 | -1 = leavesEnd ? 1 : -1;
  const direction: 1 | -1 = entersStart ? 1 : -1;
  const y1 = from.y;
  const y2 = to.y;
  const exitX = x1 + out * stub;
  const approachX = x2 - direction * stub;
  // one vertical is enough when it can stand a stub past the predecessor and a stub before the successor
  let vertical: number | null = null;
  if (out === 1 && direction === 1 && approachX >= exitX) vertical = exitX;
  else if (out === 1 && direction === -1) vertical = Math.max(exitX, approachX);
  else if (out === -1 && direction === 1) vertical = Math.min(exitX, approachX);
  else if (out === -1 && direction === -1 && approachX <= exitX) vertical = exitX;
  const last: Point = [x2 - direction * arrowLength, y2];
  let points: Point[];
  if (vertical !== null) {
    points = [[x1, y1], [vertical, y1], [vertical, y2], last];
  } else {
    // round the successor's row edge on the predecessor's side
    const middle = y2 > y1 ? y2 - rowHeight / 2 : y2 + rowHeight / 2;
    points = [[x1, y1], [exitX, y1], [exitX, middle], [approachX, middle], [approachX, y2], last];
  }
  return { points: dropRepeats(points), tip: [x2, y2], direction };
}

function dropRepeats(points: Point[]): Point[] {
  const result: Point[] = [];
  for (const point of points) {
    const previous = result[result.length - 1];
    if (!previous || Math.abs(previous[0] - point[0]) > 1e-9 || Math.abs(previous[1] - point[1]) > 1e-9) {
      result.push(point);
    }
  }
  return result;
}

/**
 * An orthogonal polyline cut by the rectangle [left, right] × [top, bottom): the pieces inside.
 * A horizontal run on the bottom edge belongs to the next rectangle down.
 */
export function clipOrthogonal(
  points: readonly Point[],
  left: number,
  right: number,
  top: number,
  bottom: number,
): Point[][] {
  const pieces: Point[][] = [];
  let current: Point[] | null = null;
  const eps = 1e-9;
  for (let index = 1; index < points.length; index += 1) {
    const [ax, ay] = points[index - 1] as Point;
    const [bx, by] = points[index] as Point;
    let segment: [Point, Point] | null = null;
    if (Math.abs(ay - by) < eps) {
      if (ay >= top - eps && ay < bottom - eps) {
        const low = Math.max(Math.min(ax, bx), left);
        const high = Math.min(Math.max(ax, bx), right);
        if (high >= low - eps)
          segment =
            ax <= bx
              ? [
                  [low, ay],
                  [high, ay],
                ]
              : [
                  [high, ay],
                  [low, ay],
                ];
      }
    } else if (ax >= left - eps && ax <= right + eps) {
      const low = Math.max(Math.min(ay, by), top);
      const high = Math.min(Math.max(ay, by), bottom);
      if (high >= low - eps)
        segment =
          ay <= by
            ? [
                [ax, low],
                [ax, high],
              ]
            : [
                [ax, high],
                [ax, low],
              ];
    }
    if (!segment) {
      current = null;
      continue;
    }
    const [start, end] = segment;
    const tail = current?.[current.length - 1];
    if (current && tail && Math.abs(tail[0] - start[0]) < eps && Math.abs(tail[1] - start[1]) < eps) {
      current.push(end);
    } else {
      current = [start, end];
      pieces.push(current);
    }
  }
  return pieces.map(dropRepeats).filter((piece) => piece.length >= 2);
}

// ---------------------------------------------------------------- rows

type Row = { task: GanttDraftTask; computed: ScheduledTask; depth: number; isMilestone: boolean };

function rowsOf(input: GanttPrintInput): Row[] {
  const byId = new Map(input.tasks.map((task) => [task.id, task]));
  const depthOf = new Map<number, number>();
  const depth = (task: GanttDraftTask): number => {
    const known = depthOf.get(task.id);
    if (known !== undefined) return known;
    let value = 0;
    let parent = task.parentId === undefined ? undefined : byId.get(task.parentId);
    const seen = new Set<number>([task.id]);
    while (parent && !seen.has(parent.id)) {
      seen.add(parent.id);
      value += 1;
      parent = parent.parentId === undefined ? undefined : byId.get(parent.parentId);
    }
    depthOf.set(task.id, value);
    return value;
  };
  const ids = input.view ? input.view.rowIds : input.tasks.map((task) => task.id);
  const rows: Row[] = [];
  for (const id of ids) {
    const task = byId.get(id);
    const computed = input.scheduled.get(id);
    if (!task || !computed) continue;
    rows.push({ task, computed, depth: depth(task), isMilestone: !computed.isSummary && computed.duration === 0 });
  }
  return rows;
}

// ---------------------------------------------------------------- pages

function gridWidthOf(paper: PaperSize): number {
  const columns = GRID_COLUMNS[paper];
  return columns.code + columns.name + columns.start + columns.finish + columns.duration;
}

/** Rows on one sheet of `paper`: the height below the page header and the scale, in whole rows. */
export function rowsPerPage(paper: PaperSize): number {
  const { margin, pageHeaderHeight, scaleRowHeight, rowHeight } = PRINT_GEOMETRY;
  const body = PAPER_SIZES[paper].height - 2 * margin - pageHeaderHeight - 2 * scaleRowHeight;
  return Math.floor(body / rowHeight + 1e-9);
}

/** The timeline's width on one sheet of `paper`, mm. */
export function timelineWidth(paper: PaperSize): number {
  return PAPER_SIZES[paper].width - 2 * PRINT_GEOMETRY.margin - gridWidthOf(paper);
}

export function layoutGanttPrint(input: GanttPrintInput): PrintLayout {
  const measure = input.measure ?? helveticaWidth;
  const { margin, pageHeaderHeight, scaleRowHeight, rowHeight } = PRINT_GEOMETRY;
  const rows = rowsOf(input);
  const view = input.view;
  const pageWidth = PAPER_SIZES[input.paper].width;
  const perPage = view ? Math.max(1, view.rowCount) : rowsPerPage(input.paper);
  const pageHeight = view
    ? 2 * margin + pageHeaderHeight + 2 * scaleRowHeight + perPage * rowHeight
    : PAPER_SIZES[input.paper].height;
  const width = timelineWidth(input.paper);

  // the span: the view's dates, or every row's, or today for an empty chart
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  if (view) {
    first = dayNumber(view.start);
    last = dayNumber(view.end);
  } else {
    for (const row of rows) {
      first = Math.min(first, dayNumber(row.computed.start));
      last = Math.max(last, dayNumber(row.computed.end));
    }
  }
  if (!Number.isFinite(first)) {
    first = dayNumber(input.today ?? input.cutOff ?? '2026-01-01');
    last = first + 27;
  }
  const projectStart = first;
  const projectEnd = last;
  const scale = view
    ? {
        unit: chooseTimeScale(first, last, width).unit,
        axisStart: first,
        axisEnd: last + 1,
        mmPerDay: 0,
        pagesAcross: 1,
      }
    : chooseTimeScale(first, last, width);
  if (view) scale.mmPerDay = (width - 2 * TIMELINE_PAD) / (scale.axisEnd - scale.axisStart);

  const bandStarts: number[] = [];
  if (view) bandStarts.push(Math.max(0, Math.min(view.firstRow, Math.max(0, rows.length - 1))));
  else for (let start = 0; start < Math.max(rows.length, 1); start += perPage) bandStarts.push(start);
  const pagesDown = bandStarts.length;
  const pagesAcross = scale.pagesAcross;
  const total = pagesDown * pagesAcross;

  const months = monthNames(input.locale);
  const indexOf = new Map<number, number>();
  rows.forEach((row, index) => indexOf.set(row.task.id, index));
  const X = (day: number) => TIMELINE_PAD + (day - scale.axisStart) * scale.mmPerDay;
  const totalWidth = X(scale.axisEnd) + TIMELINE_PAD;
  const bandHeight = perPage * rowHeight;
  const globalY = (index: number) => index * rowHeight + rowHeight / 2;

  // every link once, on the whole chart
  const barEnds = (row: Row) => {
    if (row.isMilestone) {
      const centre = X(dayNumber(row.computed.start));
      return { start: centre - PRINT_GEOMETRY.milestoneHalf, end: centre + PRINT_GEOMETRY.milestoneHalf };
    }
    return { start: X(dayNumber(row.computed.start)), end: X(dayNumber(row.computed.end) + 1) };
  };
  type GlobalLink = {
    from: number;
    to: number;
    type: LinkType;
    critical: boolean;
    points: Point[];
    tip: Point;
    direction: 1 | -1;
    toIndex: number;
    minY: number;
    maxY: number;
    minX: number;
    maxX: number;
  };
  const links: GlobalLink[] = [];
  rows.forEach((row, toIndex) => {
    for (const link of row.task.predecessors) {
      const fromIndex = indexOf.get(link.predecessorId);
      if (fromIndex === undefined) continue;
      const fromRow = rows[fromIndex] as Row;
      const route = routeLink(
        link.type,
        { ...barEnds(fromRow), y: globalY(fromIndex) },
        { ...barEnds(row), y: globalY(toIndex) },
      );
      const xs = route.points.map((point) => point[0]).concat(route.tip[0]);
      const ys = route.points.map((point) => point[1]);
      links.push({
        from: link.predecessorId,
        to: row.task.id,
        type: link.type,
        critical: isCriticalLink(link, fromRow.computed, row.computed),
        ...route,
        toIndex,
        minY: Math.min(...ys),
        maxY: Math.max(...ys),
        minX: Math.min(...xs),
        maxX: Math.max(...xs),
      });
    }
  });

  const gridLeft = margin;
  const timelineLeft = margin + gridWidthOf(input.paper);
  const tableTop = margin + pageHeaderHeight;
  const bodyTop = tableTop + 2 * scaleRowHeight;
  const pages: PrintPage[] = [];
  for (let band = 0; band < pagesDown; band += 1) {
    const rowStart = bandStarts[band] ?? 0;
    const rowEnd = Math.min(rows.length, rowStart + perPage);
    for (let column = 0; column < pagesAcross; column += 1) {
      const offset = column * width;
      const dayStart = Math.max(scale.axisStart, scale.axisStart + (offset - TIMELINE_PAD) / scale.mmPerDay);
      const dayEnd = Math.min(scale.axisEnd, scale.axisStart + (offset + width - TIMELINE_PAD) / scale.mmPerDay);
      const page: PrintPage = {
        number: pages.length + 1,
        band,
        column,
        rowStart,
        rowEnd,
        dayStart,
        dayEnd,
        frame: {
          gridLeft,
          timelineLeft,
          timelineRight: timelineLeft + width,
          tableTop,
          bodyTop,
          // a last page ends with its last row
          bodyBottom: bodyTop + Math.max(1, view ? perPage : rowEnd - rowStart) * rowHeight,
        },
        rects: [],
        lines: [],
        texts: [],
        legend: [],
        rows: [],
        bars: [],
        links: [],
      };
      const toPageX = (globalX: number) => timelineLeft + globalX - offset;
      const toPageY = (globalYmm: number) => bodyTop + globalYmm - rowStart * rowHeight;
      const visibleRight = timelineLeft + Math.min(width, totalWidth - offset);
      const dayX = (day: number) => toPageX(X(day));
      const context: PageContext = { input, measure, page, pageWidth, total, months, scale, visibleRight, dayX };
      addPageHeader(context, projectStart, projectEnd, rows.length);
      addTableFrame(context);
      addScale(context);

      // rows: grid cells and bars
      for (let index = rowStart; index < rowEnd; index += 1) {
        const row = rows[index] as Row;
        const top = bodyTop + (index - rowStart) * rowHeight;
        page.rows.push({ taskId: row.task.id, index, y: top, depth: row.depth, isSummary: row.computed.isSummary });
        addGridCells(context, row, top);
        const bar = barOf(row, top, dayX, timelineLeft, visibleRight);
        if (bar) page.bars.push(bar);
      }

      // links: cut by the page's frame (global coordinates)
      const top = rowStart * rowHeight;
      const bottom = top + bandHeight;
      const left = offset;
      const right = offset + (visibleRight - timelineLeft);
      for (const link of links) {
        if (link.maxY < top || link.minY >= bottom || link.maxX < left || link.minX > right) continue;
        const pieces = clipOrthogonal(link.points, left, right, top, bottom);
        const [tipX, tipY] = link.tip;
        const hasTip = link.toIndex >= rowStart && link.toIndex < rowEnd && tipX >= left - 1e-9 && tipX <= right + 1e-9;
        if (pieces.length === 0 && !hasTip) continue;
        page.links.push({
          from: link.from,
          to: link.to,
          type: link.type,
          critical: link.critical,
          paths: pieces.map((piece) => piece.map(([x, y]) => [toPageX(x), toPageY(y)] as Point)),
          ...(hasTip ? { arrow: { x: toPageX(tipX), y: toPageY(tipY), direction: link.direction } } : {}),
        });
      }

      if (input.cutOff !== undefined) {
        const x = toPageX(X(dayNumber(input.cutOff) + 1));
        if (x >= timelineLeft - 1e-9 && x <= visibleRight + 1e-9) {
          page.cutOff = { x, top: tableTop, bottom: page.frame.bodyBottom };
        }
      }
      pages.push(page);
    }
  }

  return {
    paper: input.paper,
    pageWidth,
    pageHeight,
    rowsPerPage: perPage,
    pagesDown,
    pagesAcross,
    scale,
    rowIds: rows.map((row) => row.task.id),
    pages,
  };
}

type PageContext = {
  input: GanttPrintInput;
  measure: TextMeasure;
  page: PrintPage;
  pageWidth: number;
  total: number;
  months: { long: string[]; short: string[] };
  scale: TimeScale;
  visibleRight: number;
  /** a day's left edge on the page */
  dayX: (day: number) => number;
};

/** Adds a text, made printable; with `fit`, cut with '...' to that many mm. */
function text(
  context: PageContext,
  value: string,
  x: number,
  y: number,
  options: { size: number; role: TextRole; bold?: boolean; align?: PrintText['align']; color?: string; fit?: number },
): void {
  const bold = options.bold ?? false;
  const printable = printableText(value);
  const fitted =
    options.fit === undefined ? printable : fitText(printable, options.fit, options.size, bold, context.measure);
  if (fitted === '') return;
  context.page.texts.push({
    text: fitted,
    x,
    y,
    size: options.size,
    bold,
    align: options.align ?? 'left',
    color: options.color ?? PRINT_COLOURS.text,
    role: options.role,
    ...(options.fit === undefined ? {} : { maxWidth: options.fit }),
  });
}

function addPageHeader(context: PageContext, start: number, end: number, count: number): void {
  const { input, measure, page, pageWidth } = context;
  const { margin, pageHeaderHeight } = PRINT_GEOMETRY;
  const right = pageWidth - margin;
  const labels = input.labels;
  const pageLabel = printableText(labels.page(page.number, context.total));
  const exported = printableText(labels.exportedAt);
  const rightWidth = Math.max(
    measure(pageLabel, PRINT_FONTS.info + 1, true),
    measure(exported, PRINT_FONTS.info, false),
  );
  const leftWidth = right - margin - rightWidth - 6;
  text(context, labels.title, margin, margin + 4.5, {
    size: PRINT_FONTS.title,
    bold: true,
    role: 'title',
    fit: leftWidth,
  });
  text(context, pageLabel, right, margin + 4.5, {
    size: PRINT_FONTS.info + 1,
    bold: true,
    align: 'right',
    role: 'page',
  });
  const info = labels.info({
    start: formatIsoDate(isoDay(start)),
    finish: formatIsoDate(isoDay(end)),
    count,
    scale: context.scale.unit,
  });
  text(context, info, margin, margin + 9.5, {
    size: PRINT_FONTS.info,
    role: 'info',
    fit: leftWidth,
    color: PRINT_COLOURS.secondary,
  });
  text(context, exported, right, margin + 9.5, {
    size: PRINT_FONTS.info,
    align: 'right',
    role: 'exported',
    color: PRINT_COLOURS.secondary,
  });

  // legend: a swatch, its name, a gap
  const legendY = margin + 14.5;
  const items: [LegendKind, string][] = [
    ['task', labels.legend.task],
    ['critical', labels.legend.critical],
    ['summary', labels.legend.summary],
    ['milestone', labels.legend.milestone],
    ['link', labels.legend.link],
    ['criticalLink', labels.legend.criticalLink],
  ];
  let x = margin;
  for (const [kind, label] of items) {
    const swatch = kind === 'milestone' ? 3.2 : 7;
    page.legend.push({ kind, x, y: legendY - 1, width: swatch });
    x += swatch + 1.5;
    const name = printableText(label);
    text(context, name, x, legendY, { size: PRINT_FONTS.legend, role: 'legend' });
    x += measure(name, PRINT_FONTS.legend, false) + 5;
  }
  if (input.cutOff !== undefined) {
    text(context, printableText(labels.cutOff(formatIsoDate(input.cutOff))), right, legendY, {
      size: PRINT_FONTS.info,
      bold: true,
      align: 'right',
      role: 'cutOff',
      color: PRINT_COLOURS.cutOff,
    });
  }
  page.lines.push({
    x1: margin,
    y1: margin + pageHeaderHeight - 1.5,
    x2: right,
    y2: margin + pageHeaderHeight - 1.5,
    color: PRINT_COLOURS.gridLine,
    width: 0.2,
  });
}

function addTableFrame(context: PageContext): void {
  const { page, input } = context;
  const { gridLeft, timelineLeft, timelineRight, tableTop, bodyTop, bodyBottom } = page.frame;
  const columns = GRID_COLUMNS[input.paper];
  page.rects.push({
    x: gridLeft,
    y: tableTop,
    width: timelineRight - gridLeft,
    height: bodyTop - tableTop,
    fill: PRINT_COLOURS.headerFill,
  });
  // the column titles, centred on both scale rows
  const titles: [string, number, PrintText['align']][] = [
    [input.labels.columns.code, columns.code, 'left'],
    [input.labels.columns.name, columns.name, 'left'],
    [input.labels.columns.start, columns.start, 'center'],
    [input.labels.columns.finish, columns.finish, 'center'],
    [input.labels.columns.duration, columns.duration, 'right'],
  ];
  let x = gridLeft;
  for (const [title, columnWidth, align] of titles) {
    const anchor = align === 'left' ? x + 1 : align === 'right' ? x + columnWidth - 1 : x + columnWidth / 2;
    text(context, title, anchor, (tableTop + bodyTop) / 2 + 1.2, {
      size: PRINT_FONTS.column,
      bold: true,
      align,
      role: 'column',
      fit: columnWidth - 2,
    });
    x += columnWidth;
    if (x < timelineLeft - 1e-9) {
      page.lines.push({ x1: x, y1: tableTop, x2: x, y2: bodyBottom, color: PRINT_COLOURS.gridLine, width: 0.15 });
    }
  }
  // row lines across the grid and the timeline
  for (let index = page.rowStart; index < page.rowEnd; index += 1) {
    const y = bodyTop + (index - page.rowStart + 1) * PRINT_GEOMETRY.rowHeight;
    if (y < bodyBottom - 1e-9)
      page.lines.push({ x1: gridLeft, y1: y, x2: timelineRight, y2: y, color: PRINT_COLOURS.rowLine, width: 0.1 });
  }
  // the outline, the grid | timeline divide, the header's foot
  page.lines.push({
    x1: timelineLeft,
    y1: tableTop,
    x2: timelineLeft,
    y2: bodyBottom,
    color: PRINT_COLOURS.gridLine,
    width: 0.3,
  });
  page.lines.push({
    x1: gridLeft,
    y1: bodyTop,
    x2: timelineRight,
    y2: bodyTop,
    color: PRINT_COLOURS.gridLine,
    width: 0.3,
  });
  page.rects.push({
    x: gridLeft,
    y: tableTop,
    width: timelineRight - gridLeft,
    height: bodyBottom - tableTop,
    stroke: PRINT_COLOURS.gridLine,
  });
}

function addScale(context: PageContext): void {
  const { page, scale, input, measure, months, visibleRight, dayX: X } = context;
  const { scaleRowHeight } = PRINT_GEOMETRY;
  const { timelineLeft, tableTop, bodyTop, bodyBottom } = page.frame;
  const first = Math.floor(page.dayStart);
  const end = Math.ceil(page.dayEnd);

  // days off, on scales fine enough to show them
  if (input.isWorkingDay && scale.mmPerDay >= 1) {
    let runStart: number | null = null;
    for (let day = first; day <= end; day += 1) {
      const off = day < end && !input.isWorkingDay(day);
      if (off && runStart === null) runStart = day;
      if (!off && runStart !== null) {
        const x0 = Math.max(X(runStart), timelineLeft);
        const x1 = Math.min(X(day), visibleRight);
        if (x1 > x0)
          page.rects.push({
            x: x0,
            y: bodyTop,
            width: x1 - x0,
            height: bodyBottom - bodyTop,
            fill: PRINT_COLOURS.nonWorking,
          });
        runStart = null;
      }
    }
  }

  const rowsOfScale: [AnyUnit, number, 'left' | 'center'][] = [
    [UPPER_UNIT[scale.unit], tableTop, 'left'],
    [scale.unit, tableTop + scaleRowHeight, 'center'],
  ];
  for (const [unit, y, align] of rowsOfScale) {
    for (let start = unitStart(first, unit); start < page.dayEnd; start = nextUnit(start, unit)) {
      const next = nextUnit(start, unit);
      const x0 = Math.max(X(start), timelineLeft);
      const x1 = Math.min(X(next), visibleRight);
      if (x1 <= x0 + 1e-9) continue;
      const candidates = cellLabels(unit, start, months, input.labels, unit !== scale.unit);
      const room = x1 - x0 - 1.2;
      const label = candidates.find((candidate) => measure(candidate, PRINT_FONTS.scale, false) <= room);
      if (label !== undefined) {
        text(context, label, align === 'left' ? x0 + 0.8 : (x0 + x1) / 2, y + scaleRowHeight - 1.2, {
          size: PRINT_FONTS.scale,
          align,
          role: 'scale',
          color: PRINT_COLOURS.text,
        });
      }
      // the cell's right edge: through the body for the upper row's units, in the header for the lower's
      if (x1 < visibleRight - 1e-9 || next <= page.dayEnd) {
        const lineBottom = unit === UPPER_UNIT[scale.unit] ? bodyBottom : bodyTop;
        page.lines.push({
          x1,
          y1: y,
          x2: x1,
          y2: lineBottom,
          color: PRINT_COLOURS.gridLine,
          width: unit === scale.unit ? 0.1 : 0.15,
        });
      }
    }
  }
  page.lines.push({
    x1: timelineLeft,
    y1: tableTop + scaleRowHeight,
    x2: visibleRight,
    y2: tableTop + scaleRowHeight,
    color: PRINT_COLOURS.gridLine,
    width: 0.1,
  });
}

function addGridCells(context: PageContext, row: Row, top: number): void {
  const { input } = context;
  const columns = GRID_COLUMNS[input.paper];
  const baseline = top + 3.4;
  const bold = row.computed.isSummary;
  const size = PRINT_FONTS.cell;
  let x = context.page.frame.gridLeft;
  const indent = Math.min(row.depth * PRINT_GEOMETRY.indent, columns.code / 2);
  text(context, row.task.code, x + 1 + indent, baseline, { size, bold, role: 'cell', fit: columns.code - 2 - indent });
  x += columns.code;
  text(context, row.task.name, x + 1, baseline, { size, bold, role: 'cell', fit: columns.name - 2 });
  x += columns.name;
  text(context, formatIsoDate(row.computed.start), x + columns.start / 2, baseline, {
    size,
    align: 'center',
    role: 'cell',
  });
  x += columns.start;
  text(context, formatIsoDate(row.computed.end), x + columns.finish / 2, baseline, {
    size,
    align: 'center',
    role: 'cell',
  });
  x += columns.finish;
  text(context, String(row.computed.duration), x + columns.duration - 1.5, baseline, {
    size,
    align: 'right',
    role: 'cell',
  });
}

function barOf(row: Row, top: number, dayX: (day: number) => number, left: number, right: number): PrintBar | null {
  const { rowHeight, milestoneHalf, taskBarHeight } = PRINT_GEOMETRY;
  const base = { taskId: row.task.id, critical: row.computed.critical, progress: row.task.progress };
  const startDay = dayNumber(row.computed.start);
  if (row.isMilestone) {
    const centre = dayX(startDay);
    if (centre < left - 1e-9 || centre > right + 1e-9) return null;
    return {
      ...base,
      kind: 'milestone',
      x: centre,
      width: 0,
      y: top + rowHeight / 2 - milestoneHalf,
      height: 2 * milestoneHalf,
      progressWidth: 0,
      cutStart: false,
      cutEnd: false,
    };
  }
  const x0 = dayX(startDay);
  const x1 = dayX(dayNumber(row.computed.end) + 1);
  if (x1 < left - 1e-9 || x0 > right + 1e-9) return null;
  const drawnStart = Math.max(x0, left);
  const drawnEnd = Math.min(x1, right);
  const isSummary = row.computed.isSummary;
  const height = isSummary ? 1.4 : taskBarHeight;
  return {
    ...base,
    kind: isSummary ? 'summary' : 'task',
    x: drawnStart,
    width: Math.max(drawnEnd - drawnStart, 0),
    y: isSummary ? top + 1.2 : top + (rowHeight - height) / 2,
    height,
    progressWidth: Math.max(0, Math.min(x0 + ((x1 - x0) * row.task.progress) / 100, drawnEnd) - drawnStart),
    cutStart: x0 < left - 1e-9,
    cutEnd: x1 > right + 1e-9,
  };
}
