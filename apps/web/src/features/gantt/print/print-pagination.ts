import type { GanttDraftTask, ScheduledTask } from '@cimiento/domain';
import { GRID_COLUMNS, PAPER_SIZES, PRINT_GEOMETRY } from './print-model';
import type { GanttPrintInput, GanttPrintView, PaperSize } from './print-model';

/**
 * The printed rows and how they fall on pages: the rows asked for (issue 32: the screen's, from
 * print-selection.ts), else every task in tree order; the PNG's view takes the rows the chart shows.
 * Split over pages down in bands of the rows a sheet holds.
 */

/** A task as printed: its draft, its computed dates, its depth in the tree. */
export type LayoutRow = { task: GanttDraftTask; computed: ScheduledTask; depth: number; isMilestone: boolean };

/** The rows printed, top to bottom: every task in tree order, or the view's rows; a task the schedule lacks is left out. */
export function rowsOf(input: GanttPrintInput): LayoutRow[] {
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
  const ids = input.view ? input.view.rowIds : (input.rowIds ?? input.tasks.map((task) => task.id));
  const rows: LayoutRow[] = [];
  for (const id of ids) {
    const task = byId.get(id);
    const computed = input.scheduled.get(id);
    if (!task || !computed) continue;
    rows.push({ task, computed, depth: depth(task), isMilestone: !computed.isSummary && computed.duration === 0 });
  }
  return rows;
}

/** The grid's width: its columns' (issue 32: the printed ones), else the default five's. */
export function gridWidthOf(paper: PaperSize, printed?: readonly { width: number }[]): number {
  if (printed) return printed.reduce((sum, column) => sum + column.width, 0);
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
export function timelineWidth(paper: PaperSize, printed?: readonly { width: number }[]): number {
  return PAPER_SIZES[paper].width - 2 * PRINT_GEOMETRY.margin - gridWidthOf(paper, printed);
}

/** The first row of each band of pages down: one band for the view, else every `perPage` rows (one for none). */
export function rowBands(rowCount: number, perPage: number, view: GanttPrintView | undefined): number[] {
  const bandStarts: number[] = [];
  if (view) bandStarts.push(Math.max(0, Math.min(view.firstRow, Math.max(0, rowCount - 1))));
  else for (let start = 0; start < Math.max(rowCount, 1); start += perPage) bandStarts.push(start);
  return bandStarts;
}
