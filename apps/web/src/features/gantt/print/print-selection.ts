import { dayNumber, isoDay } from '@cimiento/domain';
import type { ChartTask } from '../chart/gantt-chart-data';

/**
 * What a print shows (issue 32, "print what you see"), as pure functions of the chart's own rows
 * (buildChartData's tasks: the screen's filter and search already applied, each summary with its
 * `open` flag from the collapsed outline):
 * - `visibleRowIds`: the rows the chart shows, top to bottom: a collapsed summary prints as one row,
 *   its children left out.
 * - `threeWeekRowIds` ('Programa a 3 semanas'): the tasks under way or starting in the window, with
 *   their summaries so the tree still reads (whatever the outline level: it is a list of work).
 * - `threeWeekWindow`: from the cut-off (or today without one) to three weeks later.
 * - `readPrintWindow`: the print dialog's 'Desde' / 'Hasta' as typed, checked.
 */

/** The chart's rows the selection reads (ChartTask's fields). */
export type SelectionRow = Pick<ChartTask, 'id' | 'parent' | 'open' | 'type' | 'startIso' | 'endIso' | 'progress'> & {
  status?: ChartTask['status'];
};

/** The days a 'Programa a 3 semanas' looks ahead of its first day. */
export const THREE_WEEK_DAYS = 21;

export type PrintWindow = { start: string; end: string };

/** The rows the chart shows: its rows in order, less every row under a collapsed summary. */
export function visibleRowIds(rows: readonly SelectionRow[]): number[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const hidden = new Map<number, boolean>();
  const isHidden = (row: SelectionRow): boolean => {
    const known = hidden.get(row.id);
    if (known !== undefined) return known;
    const parent = row.parent === 0 ? undefined : byId.get(row.parent);
    // a parent the chart does not show (filtered out) hides nothing: the chart puts the row at the top
    const value = parent !== undefined && (parent.open === false || isHidden(parent));
    hidden.set(row.id, value);
    return value;
  };
  return rows.filter((row) => !isHidden(row)).map((row) => row.id);
}

/** Whether a task is finished: done at a cut-off, or at 100 %. */
function isDone(row: SelectionRow): boolean {
  return row.status === 'done' || row.progress >= 100;
}

/**
 * 'Programa a 3 semanas': the tasks (not summaries) not finished whose span meets the window
 * (under way at its start, or starting before its end), and every summary above them, in the
 * chart's order. A collapsed summary does not hide its tasks here.
 */
export function threeWeekRowIds(rows: readonly SelectionRow[], window: PrintWindow): number[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const kept = new Set<number>();
  for (const row of rows) {
    if (row.type === 'summary' || isDone(row)) continue;
    if (row.startIso > window.end || row.endIso < window.start) continue;
    let current: SelectionRow | undefined = row;
    while (current && !kept.has(current.id)) {
      kept.add(current.id);
      current = current.parent === 0 ? undefined : byId.get(current.parent);
    }
  }
  return rows.filter((row) => kept.has(row.id)).map((row) => row.id);
}

/** From the cut-off (else today) to three weeks later, both YYYY-MM-DD. */
export function threeWeekWindow(cutoff: string | null, today: string): PrintWindow {
  const start = cutoff ?? today;
  return { start, end: isoDay(dayNumber(start) + THREE_WEEK_DAYS) };
}

/** The span of the rows' dates (the whole project when every task is printed); null without rows. */
export function rowsWindow(rows: readonly Pick<SelectionRow, 'startIso' | 'endIso'>[]): PrintWindow | null {
  let start: string | null = null;
  let end: string | null = null;
  for (const row of rows) {
    if (start === null || row.startIso < start) start = row.startIso;
    if (end === null || row.endIso > end) end = row.endIso;
  }
  return start === null || end === null ? null : { start, end };
}

const TYPED_DATE = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/;

/** 'dd-mm-aaaa' (or with / or .) → YYYY-MM-DD; null when it is not a real day. */
export function isoOfTyped(text: string): string | null {
  const match = TYPED_DATE.exec(text.trim());
  if (!match) return null;
  const iso = `${match[3]}-${(match[2] ?? '').padStart(2, '0')}-${(match[1] ?? '').padStart(2, '0')}`;
  try {
    return isoDay(dayNumber(iso)) === iso ? iso : null;
  } catch {
    return null;
  }
}

/** The longest window a print takes (ten years): a typo such as 2206 is refused, not drawn. */
export const MAX_WINDOW_DAYS = 3660;

/** What is wrong with a field: not a date as dd-mm-aaaa, 'Hasta' before 'Desde', a window too long. */
export type WindowError = 'format' | 'order' | 'tooLong';
export type WindowErrors = { start?: WindowError; end?: WindowError };

/** The dialog's 'Desde' and 'Hasta' as typed → the window, or what is wrong at each field (the dialog says it in words). */
export function readPrintWindow(
  startText: string,
  endText: string,
): { ok: true; window: PrintWindow } | { ok: false; errors: WindowErrors } {
  const start = isoOfTyped(startText);
  const end = isoOfTyped(endText);
  const errors: WindowErrors = {};
  if (start === null) errors.start = 'format';
  if (end === null) errors.end = 'format';
  if (start !== null && end !== null) {
    if (end < start) errors.end = 'order';
    else if (dayNumber(end) - dayNumber(start) > MAX_WINDOW_DAYS) errors.end = 'tooLong';
  }
  if (start === null || end === null || errors.end !== undefined) return { ok: false, errors };
  return { ok: true, window: { start, end } };
}
