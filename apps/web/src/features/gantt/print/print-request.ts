import type { PlannerLinkLabels } from '@cimiento/domain';
import type { GanttEditorState } from '../editor/gantt-editor-store';
import { buildChartData } from '../chart/gantt-chart-data';
import type { GanttPrintInput, PaperSize } from './print-model';
import { screenPrintColumns } from './print-columns';
import { threeWeekRowIds, visibleRowIds } from './print-selection';
import type { PrintWindow } from './print-selection';

/**
 * issue 32: what a print takes from the screen, built from the same state the chart draws
 * (buildChartData over the editor's tasks, schedule, collapsed summaries, search, 'Atrasadas' and
 * baseline): the rows it shows (or the 3-week programme's), the date window, the visible columns,
 * the baseline bars when a baseline is shown, the cut-off line when there is one.
 */

export type PrintState = Pick<
  GanttEditorState,
  | 'tasks'
  | 'scheduled'
  | 'closed'
  | 'search'
  | 'baseline'
  | 'baselineId'
  | 'calendar'
  | 'lateOnly'
  | 'cutoff'
  | 'progressAmounts'
>;

export type PrintRequest = {
  /** 'screen': the rows the chart shows; 'three-weeks': the tasks under way or starting in the window */
  mode: 'screen' | 'three-weeks';
  /** the PDF's date window (absent for the PNG, which prints the chart's view) */
  window?: PrintWindow;
  /** the chart's visible columns (id, title), in order; empty: the print's default columns */
  columns: readonly { id: string; title: string }[];
  paper: PaperSize;
  linkLabels: PlannerLinkLabels;
};

export function printInputOf(
  state: PrintState,
  request: PrintRequest,
): Pick<GanttPrintInput, 'tasks' | 'scheduled' | 'rowIds' | 'window' | 'columns' | 'baseline' | 'cutOff'> {
  const hasBaseline = state.baselineId !== null && state.baseline.size > 0;
  const data = buildChartData(state.tasks, state.scheduled, new Set(state.closed), state.search, request.linkLabels, {
    baseline: state.baseline,
    calendar: state.calendar,
    lateOnly: state.lateOnly,
    amounts: state.progressAmounts,
  });
  const rowIds =
    request.mode === 'three-weeks' && request.window
      ? threeWeekRowIds(data.tasks, request.window)
      : visibleRowIds(data.tasks);
  return {
    tasks: state.tasks,
    scheduled: state.scheduled,
    rowIds,
    ...(request.window && { window: request.window }),
    ...(request.columns.length > 0 && { columns: screenPrintColumns(request.columns, data.byId, request.paper) }),
    ...(hasBaseline && { baseline: state.baseline }),
    ...(state.cutoff !== null && { cutOff: state.cutoff }),
  };
}
