/**
 * 'Exportar' (issue 12): the chart as PDF pages (A4 or A3 landscape; issue 32: the rows, columns,
 * date window, baseline and cut-off the screen shows, or the 3-week programme) and the chart's
 * current view as one PNG page, both drawn from the store's data by the print layout
 * (gantt-print-layout.ts) and its renderer: jsPDF's vector primitives for the PDF, a Canvas 2D
 * context for the PNG. jsPDF loads only when a user exports.
 */

import { downloadBlob } from '@/lib/download';
import type { GanttPrintInput, GanttPrintView, PrintLayout } from './print-model';
import { layoutGanttPrint } from './gantt-print-layout';
import { canvasPainter, drawPrintPage, jsPdfPainter } from './gantt-print-render';

/** issue 32: 'pdf-3w' is 'Programa a 3 semanas', an A4 PDF from the cut-off. */
export type GanttExportFormat = 'pdf-a4' | 'pdf-a3' | 'png' | 'pdf-3w';

export const ganttExportFormats: readonly GanttExportFormat[] = ['pdf-a4', 'pdf-a3', 'pdf-3w', 'png'];

export function ganttFileName(projectCode: string, extension: 'png' | 'pdf', today = new Date()): string {
  const day = `${today.getFullYear()}${String(today.getMonth() + 1).padStart(2, '0')}${String(today.getDate()).padStart(2, '0')}`;
  const safeCode = projectCode.replace(/[^\p{L}\p{N}_-]+/gu, '_');
  return `gantt-${safeCode}-${day}.${extension}`;
}

/** Lets the browser handle input between chunks of a long export. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** Lets the page paint ('Exportando…') before the work starts; a hidden tab paints no frame, hence the timer. */
function paintFrame(): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, 50);
    requestAnimationFrame(() => {
      clearTimeout(timer);
      setTimeout(resolve, 0);
    });
  });
}

/** The whole chart on `paper` pages: the PDF, and its layout (for the page count). */
export async function renderGanttPdf(
  input: Omit<GanttPrintInput, 'view'>,
  onProgress?: (done: number, total: number) => void,
): Promise<{ blob: Blob; layout: PrintLayout }> {
  await paintFrame();
  const layout = layoutGanttPrint(input);
  const { jsPDF } = await import('jspdf');
  const format = input.paper === 'A3' ? 'a3' : 'a4';
  const doc = new jsPDF({ orientation: 'landscape', unit: 'mm', format, compress: true });
  doc.setProperties({ title: input.labels.title, creator: 'Cimiento' });
  const painter = jsPdfPainter(doc);
  for (const [index, page] of layout.pages.entries()) {
    if (index > 0) doc.addPage(format, 'landscape');
    drawPrintPage(page, painter);
    if (index % 10 === 9) {
      onProgress?.(index + 1, layout.pages.length);
      await nextTask();
    }
  }
  onProgress?.(layout.pages.length, layout.pages.length);
  return { blob: doc.output('blob'), layout };
}

/** Pixels a millimetre of the PNG (about 150 dpi). */
export const PNG_PX_PER_MM = 6;

/** One page as a PNG: the view when given, otherwise the first page of the whole chart. */
export async function renderGanttPng(input: GanttPrintInput): Promise<Blob> {
  await paintFrame();
  const layout = layoutGanttPrint(input);
  const page = layout.pages[0];
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(layout.pageWidth * PNG_PX_PER_MM);
  canvas.height = Math.round(layout.pageHeight * PNG_PX_PER_MM);
  const context = canvas.getContext('2d');
  if (!context || !page) throw new Error('Canvas 2D no disponible');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  drawPrintPage(page, canvasPainter(context, PNG_PX_PER_MM));
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('No se pudo crear la imagen PNG'))), 'image/png');
  });
}

export async function exportGantt(
  format: GanttExportFormat,
  input: Omit<GanttPrintInput, 'paper' | 'view'>,
  view: GanttPrintView | undefined,
  fileName: string,
  onProgress?: (done: number, total: number) => void,
): Promise<void> {
  if (format === 'png') {
    downloadBlob(await renderGanttPng({ ...input, paper: 'A4', ...(view ? { view } : {}) }), fileName);
    return;
  }
  const { blob } = await renderGanttPdf({ ...input, paper: paperOf(format) }, onProgress);
  downloadBlob(blob, fileName);
}

/** The sheet a format prints on: A3 for 'PDF A3 horizontal', else A4. */
export function paperOf(format: GanttExportFormat): 'A4' | 'A3' {
  return format === 'pdf-a3' ? 'A3' : 'A4';
}

// ---------------------------------------------------------------- the chart's view

/** What the PNG needs of SVAR's state (its own fields; all optional, read defensively). */
type ChartState = {
  _tasks?: { id: unknown }[];
  scrollTop?: number;
  scrollLeft?: number;
  cellHeight?: number;
  _scales?: { start?: Date; lengthUnit?: string; lengthUnitWidth?: number };
};

/** The calendar day a chart date falls in (the chart's dates are local). */
function dayOf(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${String(date.getFullYear()).padStart(4, '0')}-${month}-${day}`;
}

function addUnits(date: Date, unit: string, amount: number): Date {
  const whole = Math.floor(amount);
  const part = amount - whole;
  const result = new Date(date);
  const months = unit === 'month' ? 1 : unit === 'quarter' ? 3 : unit === 'year' ? 12 : 0;
  if (months > 0) {
    result.setMonth(result.getMonth() + whole * months);
    const next = new Date(result);
    next.setMonth(next.getMonth() + months);
    return new Date(result.getTime() + part * (next.getTime() - result.getTime()));
  }
  const days = unit === 'week' ? 7 : unit === 'hour' ? 1 / 24 : 1;
  return new Date(result.getTime() + amount * days * 86_400_000);
}

/**
 * The rows and dates the chart shows now, from its state (scroll, row height, timeline start and
 * unit width) and its chart area's size; undefined when the chart does not say.
 */
export function readChartView(state: ChartState, width: number, height: number): GanttPrintView | undefined {
  const rowIds = (state._tasks ?? []).map((task) => Number(task.id)).filter((id) => Number.isFinite(id));
  const cellHeight = state.cellHeight ?? 0;
  const scales = state._scales;
  if (rowIds.length === 0 || cellHeight <= 0 || !scales?.start || !scales.lengthUnit || !scales.lengthUnitWidth) {
    return undefined;
  }
  const firstRow = Math.min(Math.floor((state.scrollTop ?? 0) / cellHeight), rowIds.length - 1);
  const rowCount = Math.max(1, Math.min(Math.ceil(height / cellHeight), rowIds.length - firstRow));
  const left = (state.scrollLeft ?? 0) / scales.lengthUnitWidth;
  const right = ((state.scrollLeft ?? 0) + Math.max(width, 1)) / scales.lengthUnitWidth;
  const start = dayOf(addUnits(scales.start, scales.lengthUnit, left));
  // the day the right edge falls in is the last one shown
  const end = dayOf(addUnits(scales.start, scales.lengthUnit, right));
  return { rowIds, firstRow, rowCount, start, end: end < start ? start : end };
}

/** What the print reads of SVAR's columns: their ids, titles (a string or SVAR's header cells) and whether hidden. */
type ChartColumnState = { columns?: { id?: unknown; header?: unknown; hidden?: unknown }[] };

function headerText(header: unknown): string {
  const first: unknown = Array.isArray(header) ? header[0] : header;
  if (typeof first === 'string') return first;
  if (first && typeof first === 'object' && typeof (first as { text?: unknown }).text === 'string') {
    return (first as { text: string }).text;
  }
  return '';
}

/**
 * issue 32: the grid's columns the chart shows now (not hidden), in order, with their titles; an
 * empty list when the chart does not say.
 */
export function readChartColumns(state: ChartColumnState): { id: string; title: string }[] {
  const columns: { id: string; title: string }[] = [];
  for (const column of state.columns ?? []) {
    if (typeof column.id !== 'string' || column.hidden === true) continue;
    columns.push({ id: column.id, title: headerText(column.header) });
  }
  return columns;
}
