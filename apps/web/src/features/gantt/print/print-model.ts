import type { GanttDraftTask, LinkType, ScheduledTask } from '@cimiento/domain';

/**
 * The printed Gantt's vocabulary (issue 12): the sheets, the geometry in millimetres, the fonts and
 * colours, what a layout is asked for (GanttPrintInput) and what it answers (PrintLayout: pages of
 * texts, lines, rects, bars and links), shared by the layout's modules and the renderer.
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
  baseline: '#9e9e9e',
} as const;

export type TimeUnit = 'day' | 'week' | 'month' | 'quarter';

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
  legend: {
    task: string;
    critical: string;
    summary: string;
    milestone: string;
    link: string;
    criticalLink: string;
    /** issue 32: shown only when the baseline bars are printed */
    baseline?: string;
  };
};

/**
 * issue 32: a printed grid column, as the screen shows it: its id (the chart's column id), its title,
 * its width on the sheet (mm), its alignment, and its text for a row. The first column carries the
 * tree's indentation.
 */
export type PrintColumn = {
  id: string;
  title: string;
  width: number;
  align: 'left' | 'center' | 'right';
  value: (row: { task: GanttDraftTask; computed: ScheduledTask }) => string;
};

/** issue 32: a task's dates in the chosen baseline (YYYY-MM-DD; duration in working days). */
export type PrintBaselineDates = { start: string; finish: string; duration: number };

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
  /** tracking's cut-off (YYYY-MM-DD): a dashed line at the start of that day, as the screen draws it */
  cutOff?: string;
  /**
   * issue 32: the rows printed, top to bottom (the screen's: collapsed summaries as one row, the
   * filter's and the search's rows only); absent: every task in tree order
   */
  rowIds?: readonly number[];
  /**
   * issue 32: the date window (YYYY-MM-DD, inclusive, 'Desde' … 'Hasta'): the time scale covers only
   * it and the bars are cut at its edges; absent: the rows' whole span
   */
  window?: { start: string; end: string };
  /** issue 32: the grid's columns (the screen's visible ones); absent: Código, Nombre, Inicio, Fin, Duración */
  columns?: readonly PrintColumn[];
  /** issue 32: the chosen baseline's dates by task: a grey bar under each task's bar */
  baseline?: ReadonlyMap<number, PrintBaselineDates>;
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

export type LegendKind = 'task' | 'critical' | 'summary' | 'milestone' | 'link' | 'criticalLink' | 'baseline';
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

/** issue 32: a baseline's bar (cut by the frame and the window), or its milestone's mark (x its centre). */
export type PrintBaselineBar = {
  taskId: number;
  x: number;
  y: number;
  width: number;
  height: number;
  isMilestone: boolean;
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
  baselineBars: PrintBaselineBar[];
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
  /** issue 32: the columns printed (those that fit the sheet) */
  columns: PrintColumn[];
  pages: PrintPage[];
};
