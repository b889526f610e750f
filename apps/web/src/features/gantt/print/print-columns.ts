import { formatIsoDate, formatNumber } from '@cimiento/domain';
import type { ChartTask } from '../chart/gantt-chart-data';
import { formatFinishVariance } from '../chart/gantt-columns';
import { GRID_COLUMNS, PAPER_SIZES, PRINT_GEOMETRY } from './print-model';
import type { GanttPrintLabels, PaperSize, PrintColumn } from './print-model';

/**
 * The printed grid's columns (issue 32: the columns the screen shows, in its order, with its
 * titles and its cells' texts): their widths on each sheet, and which of them fit. The grid keeps
 * at most `MAX_GRID_SHARE` of the sheet's width, so the timeline stays readable: Nombre narrows
 * first (to `MIN_NAME_WIDTH`), then the last columns are left out.
 */

/** Each screen column's width on the sheet, mm (Nombre's is its widest: it narrows to fit). */
export const PRINT_COLUMN_WIDTHS: Record<PaperSize, Record<string, number>> = {
  A4: {
    taskId: 9,
    code: GRID_COLUMNS.A4.code,
    text: GRID_COLUMNS.A4.name,
    workDays: GRID_COLUMNS.A4.duration,
    startIso: GRID_COLUMNS.A4.start,
    endIso: GRID_COLUMNS.A4.finish,
    baseStartIso: 16.5,
    baseEndIso: 16.5,
    finishVariance: 11,
    actualStart: 16.5,
    actualFinish: 16.5,
    progress: 12,
    remainingDays: 12,
    predecessors: 24,
  },
  A3: {
    taskId: 10,
    code: GRID_COLUMNS.A3.code,
    text: GRID_COLUMNS.A3.name,
    workDays: GRID_COLUMNS.A3.duration,
    startIso: GRID_COLUMNS.A3.start,
    endIso: GRID_COLUMNS.A3.finish,
    baseStartIso: 17,
    baseEndIso: 17,
    finishVariance: 12,
    actualStart: 17,
    actualFinish: 17,
    progress: 12,
    remainingDays: 13,
    predecessors: 40,
  },
};

/** A column the print does not know (another lane's, say): this wide. */
const OTHER_WIDTH: Record<PaperSize, number> = { A4: 16, A3: 18 };
export const MIN_NAME_WIDTH = 30;
export const MAX_GRID_SHARE = 0.6;

/** The columns the export printed before issue 32 (and prints without the screen's): Código, Nombre, Inicio, Fin, Duración. */
export function defaultPrintColumns(paper: PaperSize, labels: GanttPrintLabels): PrintColumn[] {
  const widths = GRID_COLUMNS[paper];
  return [
    { id: 'code', title: labels.columns.code, width: widths.code, align: 'left', value: ({ task }) => task.code },
    { id: 'text', title: labels.columns.name, width: widths.name, align: 'left', value: ({ task }) => task.name },
    {
      id: 'startIso',
      title: labels.columns.start,
      width: widths.start,
      align: 'center',
      value: ({ computed }) => formatIsoDate(computed.start),
    },
    {
      id: 'endIso',
      title: labels.columns.finish,
      width: widths.finish,
      align: 'center',
      value: ({ computed }) => formatIsoDate(computed.end),
    },
    {
      id: 'workDays',
      title: labels.columns.duration,
      width: widths.duration,
      align: 'right',
      value: ({ computed }) => String(computed.duration),
    },
  ];
}

const isoText = (iso: string | undefined) => (iso === undefined || iso === '' ? '' : formatIsoDate(iso));

/** A chart cell's text as the screen's cell shows it (gantt-cells.tsx), by column id. */
export function chartCellText(id: string, row: ChartTask): string {
  switch (id) {
    case 'taskId':
      return String(row.rowNumber);
    case 'code':
      return row.code;
    case 'text':
      return row.text;
    case 'workDays':
      return String(row.workDays);
    case 'startIso':
      return isoText(row.startIso);
    case 'endIso':
      return isoText(row.endIso);
    case 'baseStartIso':
      return isoText(row.baseStartIso);
    case 'baseEndIso':
      return isoText(row.baseEndIso);
    case 'finishVariance':
      return formatFinishVariance(row.finishVariance);
    case 'actualStart':
      return isoText(row.actualStart);
    case 'actualFinish':
      return isoText(row.actualFinish);
    case 'progress':
      return `${formatNumber(Math.round(row.progress))} %`;
    case 'remainingDays':
      return row.remainingDays === undefined ? '' : String(row.remainingDays);
    case 'predecessors':
      return row.predecessors;
    default: {
      // a column another part of the screen added: its field, when it is a plain value
      const value = (row as unknown as Record<string, unknown>)[id];
      return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
    }
  }
}

const ALIGN: Record<string, PrintColumn['align']> = {
  taskId: 'right',
  workDays: 'right',
  finishVariance: 'right',
  progress: 'right',
  remainingDays: 'right',
  startIso: 'center',
  endIso: 'center',
  baseStartIso: 'center',
  baseEndIso: 'center',
  actualStart: 'center',
  actualFinish: 'center',
};

/**
 * The screen's visible columns (id and title, in order) as printed columns, their texts from the
 * chart's rows; a row the chart does not hold prints empty cells.
 */
export function screenPrintColumns(
  columns: readonly { id: string; title: string }[],
  chartRows: ReadonlyMap<number, ChartTask>,
  paper: PaperSize,
): PrintColumn[] {
  return columns.map(({ id, title }) => ({
    id,
    title,
    width: PRINT_COLUMN_WIDTHS[paper][id] ?? OTHER_WIDTH[paper],
    align: ALIGN[id] ?? 'left',
    value: ({ task }) => {
      const row = chartRows.get(task.id);
      return row ? chartCellText(id, row) : '';
    },
  }));
}

/**
 * The columns that fit the sheet's grid (at most MAX_GRID_SHARE of the printable width): Nombre
 * narrowed first, down to MIN_NAME_WIDTH, then the last columns left out (never Código nor Nombre).
 */
export function fitPrintColumns(columns: readonly PrintColumn[], paper: PaperSize): PrintColumn[] {
  const limit = (PAPER_SIZES[paper].width - 2 * PRINT_GEOMETRY.margin) * MAX_GRID_SHARE;
  const fitted = columns.map((column) => ({ ...column }));
  const total = () => fitted.reduce((sum, column) => sum + column.width, 0);
  const name = fitted.find((column) => column.id === 'text');
  if (name && total() > limit) name.width = Math.max(MIN_NAME_WIDTH, name.width - (total() - limit));
  while (total() > limit + 1e-9) {
    const last = fitted.length - 1;
    const column = fitted[last];
    if (!column || column.id === 'text' || column.id === 'code') break;
    fitted.splice(last, 1);
  }
  return fitted;
}

/** The column the tree's indentation goes in: Nombre ('text', as on screen: issue 32), else the first. */
export function treeColumnIndex(columns: readonly PrintColumn[]): number {
  const index = columns.findIndex((column) => column.id === 'text');
  return index < 0 ? 0 : index;
}
