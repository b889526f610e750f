import { dayNumber } from '@cimiento/domain';
import { PAPER_SIZES, PRINT_GEOMETRY } from './print-model';
import type { GanttPrintInput, PrintLayout, PrintPage } from './print-model';
import { addGridCells, addPageHeader, addScale, addTableFrame, barOf, baselineBarOf } from './print-page';
import type { PageContext } from './print-page';
import { layoutChartLinks, linksOnPage } from './print-link-routing';
import { gridWidthOf, rowBands, rowsOf, rowsPerPage, timelineWidth } from './print-pagination';
import type { LayoutRow } from './print-pagination';
import { helveticaWidth } from './print-text-metrics';
import { TIMELINE_PAD, chooseTimeScale, monthNames } from './print-time-scale';
import { defaultPrintColumns, fitPrintColumns } from './print-columns';

/**
 * The Gantt's printed pages (issue 12), as pure geometry in millimetres: no DOM, no PDF. The
 * renderer (gantt-print-render.ts) draws a layout with jsPDF (PDF) or a Canvas 2D context (PNG).
 *
 * - Rows (issue 32: print what you see): the rows asked for (`rowIds`: the screen's outline level,
 *   filter and search, or the 3-week programme's; print-selection.ts), else every task in tree
 *   order, split over pages vertically; each page repeats the page header, the grid's column
 *   titles (`columns`: the screen's visible ones, print-columns.ts) and the time scale.
 * - `window` (issue 32, 'Desde' … 'Hasta'): the time scale covers only those days (its first and
 *   last units cut at them); bars, baseline bars and links are cut at the window's edges.
 * - `baseline` (issue 32): each task's baseline bar in grey at the foot of its row, its bar higher.
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
 * - `cutOff` (tracking's cut-off, when the screen shows it): a dashed vertical line at the start
 *   of that day (where the screen draws it: P6's data date) and a header text.
 * - `view` (the PNG): one page with only the rows and the dates the screen shows.
 *
 * Its parts, each in its module: print-model.ts (sheets, geometry, fonts, colours, the layout's shapes),
 * print-text-metrics.ts, print-time-scale.ts, print-pagination.ts (rows and bands),
 * print-link-routing.ts and print-page.ts (one page's header, table, scale, cells and bars).
 */

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
  const columns = fitPrintColumns(input.columns ?? defaultPrintColumns(input.paper, input.labels), input.paper);
  const width = timelineWidth(input.paper, columns);
  const dateWindow = view ? { start: view.start, end: view.end } : input.window;

  // the span: the view's or the window's dates, or every row's, or today for an empty chart
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  if (dateWindow) {
    first = dayNumber(dateWindow.start);
    last = Math.max(first, dayNumber(dateWindow.end));
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
  const chosen = chooseTimeScale(first, last, width);
  // a window's scale starts and ends on its days: stretched to the width, or across pages as chosen
  const scale = dateWindow
    ? { unit: chosen.unit, axisStart: first, axisEnd: last + 1, mmPerDay: 0, pagesAcross: 1 }
    : chosen;
  if (dateWindow) {
    const stretched = (width - 2 * TIMELINE_PAD) / (scale.axisEnd - scale.axisStart);
    if (view || chosen.pagesAcross === 1) scale.mmPerDay = stretched;
    else {
      scale.mmPerDay = chosen.mmPerDay;
      scale.pagesAcross = Math.ceil(
        ((scale.axisEnd - scale.axisStart) * scale.mmPerDay + 2 * TIMELINE_PAD) / width - 1e-9,
      );
    }
  }

  const bandStarts = rowBands(rows.length, perPage, view);
  const pagesDown = bandStarts.length;
  const pagesAcross = scale.pagesAcross;
  const total = pagesDown * pagesAcross;

  const months = monthNames(input.locale);
  const X = (day: number) => TIMELINE_PAD + (day - scale.axisStart) * scale.mmPerDay;
  const totalWidth = X(scale.axisEnd) + TIMELINE_PAD;
  const bandHeight = perPage * rowHeight;
  const globalY = (index: number) => index * rowHeight + rowHeight / 2;

  // every link once, on the whole chart
  const links = layoutChartLinks(rows, X, globalY);

  const gridLeft = margin;
  const timelineLeft = margin + gridWidthOf(input.paper, columns);
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
        baselineBars: [],
        links: [],
      };
      const toPageX = (globalX: number) => timelineLeft + globalX - offset;
      const toPageY = (globalYmm: number) => bodyTop + globalYmm - rowStart * rowHeight;
      const visibleRight = timelineLeft + Math.min(width, totalWidth - offset);
      const dayX = (day: number) => toPageX(X(day));
      const context: PageContext = {
        input,
        measure,
        page,
        pageWidth,
        total,
        months,
        scale,
        visibleRight,
        dayX,
        columns,
      };
      // a window cuts the bars and the links at its edges (else they may run into the timeline's pad)
      const clipLeft = dateWindow ? Math.max(timelineLeft, dayX(scale.axisStart)) : timelineLeft;
      const clipRight = dateWindow ? Math.min(visibleRight, dayX(scale.axisEnd)) : visibleRight;
      addPageHeader(context, projectStart, projectEnd, rows.length);
      addTableFrame(context);
      addScale(context);

      // rows: grid cells and bars
      for (let index = rowStart; index < rowEnd; index += 1) {
        const row = rows[index] as LayoutRow;
        const top = bodyTop + (index - rowStart) * rowHeight;
        page.rows.push({ taskId: row.task.id, index, y: top, depth: row.depth, isSummary: row.computed.isSummary });
        addGridCells(context, row, top);
        const base = input.baseline?.get(row.task.id);
        if (base) {
          const baseBar = baselineBarOf(row.task.id, base, top, dayX, clipLeft, clipRight);
          if (baseBar) page.baselineBars.push(baseBar);
        }
        const bar = barOf(row, top, dayX, clipLeft, clipRight, input.baseline !== undefined);
        if (bar) page.bars.push(bar);
      }

      // links: cut by the page's frame (global coordinates)
      const top = rowStart * rowHeight;
      const bottom = top + bandHeight;
      const left = offset + (clipLeft - timelineLeft);
      const right = offset + (clipRight - timelineLeft);
      page.links = linksOnPage(links, { left, right, top, bottom, rowStart, rowEnd }, toPageX, toPageY);

      if (input.cutOff !== undefined) {
        const x = toPageX(X(dayNumber(input.cutOff)));
        if (x >= clipLeft - 1e-9 && x <= clipRight + 1e-9) {
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
    columns,
    pages,
  };
}
