import { dayNumber, formatIsoDate, isoDay } from '@cimiento/domain';
import { PRINT_COLOURS, PRINT_FONTS, PRINT_GEOMETRY } from './print-model';
import type {
  GanttPrintInput,
  LegendKind,
  PrintBar,
  PrintBaselineBar,
  PrintBaselineDates,
  PrintColumn,
  PrintPage,
  PrintText,
  TextMeasure,
  TextRole,
  TimeScale,
} from './print-model';
import type { LayoutRow } from './print-pagination';
import { treeColumnIndex } from './print-columns';
import { fitText, printableText } from './print-text-metrics';
import { UPPER_UNIT, cellLabels, nextUnit, unitStart } from './print-time-scale';
import type { AnyUnit } from './print-time-scale';

/**
 * What one printed page holds: the page header (title, page number, info, the legend, the cut-off),
 * the table's frame and column titles, the time scale with the days off, each row's grid cells and
 * its bar.
 */

export type PageContext = {
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
  /** issue 32: the grid's columns printed */
  columns: readonly PrintColumn[];
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

export function addPageHeader(context: PageContext, start: number, end: number, count: number): void {
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
    ...(input.baseline && labels.legend.baseline !== undefined
      ? [['baseline', labels.legend.baseline] as [LegendKind, string]]
      : []),
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

export function addTableFrame(context: PageContext): void {
  const { page } = context;
  const { gridLeft, timelineLeft, timelineRight, tableTop, bodyTop, bodyBottom } = page.frame;
  page.rects.push({
    x: gridLeft,
    y: tableTop,
    width: timelineRight - gridLeft,
    height: bodyTop - tableTop,
    fill: PRINT_COLOURS.headerFill,
  });
  // the column titles, centred on both scale rows
  const titles: [string, number, PrintText['align']][] = context.columns.map((column) => [
    column.title,
    column.width,
    column.align,
  ]);
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

export function addScale(context: PageContext): void {
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

export function addGridCells(context: PageContext, row: LayoutRow, top: number): void {
  const baseline = top + 3.4;
  const bold = row.computed.isSummary;
  const size = PRINT_FONTS.cell;
  const tree = treeColumnIndex(context.columns);
  let x = context.page.frame.gridLeft;
  for (const [index, column] of context.columns.entries()) {
    const indent = index === tree ? Math.min(row.depth * PRINT_GEOMETRY.indent, column.width / 2) : 0;
    const value = column.value(row);
    const anchor =
      column.align === 'left'
        ? x + 1 + indent
        : column.align === 'right'
          ? x + column.width - 1.5
          : x + column.width / 2;
    text(context, value, anchor, baseline, {
      size,
      bold,
      align: column.align,
      role: 'cell',
      fit: column.width - 2 - indent,
    });
    x += column.width;
  }
}

/**
 * issue 32: the task's baseline bar, in grey at the foot of its row (as the screen draws it under
 * the bar), cut by `left` … `right`; a milestone in the baseline as a short mark on its day.
 */
export function baselineBarOf(
  taskId: number,
  dates: PrintBaselineDates,
  top: number,
  dayX: (day: number) => number,
  left: number,
  right: number,
): PrintBaselineBar | null {
  const height = 0.9;
  const y = top + PRINT_GEOMETRY.rowHeight - height - 0.45;
  const start = dayNumber(dates.start);
  if (dates.duration === 0) {
    const centre = dayX(start);
    if (centre < left - 1e-9 || centre > right + 1e-9) return null;
    return { taskId, x: centre - 0.6, y: y - 0.3, width: 1.2, height: height + 0.3, isMilestone: true };
  }
  const x0 = dayX(start);
  const x1 = dayX(dayNumber(dates.finish) + 1);
  if (x1 < left - 1e-9 || x0 > right + 1e-9) return null;
  const drawnStart = Math.max(x0, left);
  const drawnEnd = Math.min(x1, right);
  if (drawnEnd - drawnStart <= 1e-9) return null;
  return { taskId, x: drawnStart, y, width: drawnEnd - drawnStart, height, isMilestone: false };
}

export function barOf(
  row: LayoutRow,
  top: number,
  dayX: (day: number) => number,
  left: number,
  right: number,
  withBaseline = false,
): PrintBar | null {
  const { rowHeight, milestoneHalf, taskBarHeight } = PRINT_GEOMETRY;
  // issue 32: with the baseline's bars under them, the bars are a little thinner and higher
  const barHeight = withBaseline ? 2.3 : taskBarHeight;
  const barTop = (height: number) => (withBaseline ? top + 0.6 : top + (rowHeight - height) / 2);
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
  const height = isSummary ? 1.4 : barHeight;
  return {
    ...base,
    kind: isSummary ? 'summary' : 'task',
    x: drawnStart,
    width: Math.max(drawnEnd - drawnStart, 0),
    y: isSummary ? top + (withBaseline ? 0.8 : 1.2) : barTop(height),
    height,
    progressWidth: Math.max(0, Math.min(x0 + ((x1 - x0) * row.task.progress) / 100, drawnEnd) - drawnStart),
    cutStart: x0 < left - 1e-9,
    cutEnd: x1 > right + 1e-9,
  };
}
