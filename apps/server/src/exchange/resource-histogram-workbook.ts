import type { ExportedFile } from '@cimiento/domain';
import type { HistogramSeriesOutput } from '@cimiento/domain/resources';
import ExcelJS from 'exceljs';
import { XLSX_MIME_TYPE } from './workbooks';

/**
 * exportResourceHistogram's workbook (issue 35, docs/RESOURCES.md "Histogram"): sheet 'Histograma'
 * with a header (project, grouping, period, cut-off, baseline) and every series' rows one under the
 * other, one row per period; 'Línea base' the same for the baseline's dates when one was asked;
 * 'Mano de obra' when grouped by trade, the trades by period with their workers and HH side by side,
 * as Chilean tenders ask for the manpower histogram.
 */

export type HistogramWorkbookInput = {
  groupBy: 'resource' | 'trade' | 'type';
  period: 'day' | 'week' | 'month';
  series: readonly HistogramSeriesOutput[];
  baseline?: { name: string; series: readonly HistogramSeriesOutput[] } | undefined;
  cutoff?: string | undefined;
};

export const HISTOGRAM_SHEET_NAME = 'Histograma';
export const HISTOGRAM_BASELINE_SHEET_NAME = 'Línea base';
export const HISTOGRAM_MANPOWER_SHEET_NAME = 'Mano de obra';

/** The table's titles; 'Horas' is HH for labour and machine hours for equipment. */
export const HISTOGRAM_TITLES = [
  'Serie',
  'Unidad',
  'Periodo',
  'Unidades (día punta)',
  'Promedio',
  'Disponible',
  'Sobrecarga',
  'Horas',
  'Costo (CLP)',
  'Horas antes del corte',
  'Costo antes del corte (CLP)',
  'Clave',
] as const;

const GROUP_LABELS = { resource: 'Recurso', trade: 'Oficio', type: 'Tipo de recurso' } as const;
const PERIOD_LABELS = { day: 'Día', week: 'Semana (desde el lunes)', month: 'Mes' } as const;

/** Excel's format for the period's first day: the day, the week's Monday, the month ('ene 2026' in Spanish Excel). */
const PERIOD_FORMATS = { day: 'dd-mm-yyyy', week: 'dd-mm-yyyy', month: 'mmm yyyy' } as const;

const UNITS_FORMAT = '#,##0.##';
const HOURS_FORMAT = '#,##0.##';
const MONEY_FORMAT = '#,##0';

function excelDate(iso: string): Date {
  return new Date(`${iso}T00:00:00.000Z`);
}

function isoLabel(iso: string): string {
  return `${iso.slice(8, 10)}-${iso.slice(5, 7)}-${iso.slice(0, 4)}`;
}

/** The note of a series whose cost leaves out the currencies with no CLP value. */
export function missingRatesNote(series: Pick<HistogramSeriesOutput, 'name' | 'missingRates'>): string | undefined {
  if (series.missingRates === undefined || series.missingRates.length === 0) return undefined;
  return `${series.name}: no hay valor en pesos para ${series.missingRates.join(', ')}; el costo de sus recursos en esa moneda no está sumado.`;
}

function addSeriesTable(
  sheet: ExcelJS.Worksheet,
  series: readonly HistogramSeriesOutput[],
  period: HistogramWorkbookInput['period'],
): void {
  const titles = sheet.addRow([...HISTOGRAM_TITLES]);
  titles.font = { bold: true };
  for (const each of series) {
    for (const point of each.points) {
      const row = sheet.addRow([
        each.name,
        each.unit,
        excelDate(point.date),
        point.units,
        point.average,
        point.maxUnits,
        point.overload ? 'Sí' : 'No',
        point.hours,
        point.cost,
        point.actualHours,
        point.actualCost,
        each.key,
      ]);
      row.getCell(3).numFmt = PERIOD_FORMATS[period];
      for (const column of [4, 5, 6]) row.getCell(column).numFmt = UNITS_FORMAT;
      for (const column of [8, 10]) row.getCell(column).numFmt = HOURS_FORMAT;
      for (const column of [9, 11]) row.getCell(column).numFmt = MONEY_FORMAT;
      if (point.overload) row.getCell(7).font = { bold: true, color: { argb: 'FFC62828' } };
    }
  }
  const notes = series.map(missingRatesNote).filter((note): note is string => note !== undefined);
  if (notes.length > 0) {
    sheet.addRow([]);
    for (const note of notes) sheet.addRow(['Nota', note]).getCell(1).font = { bold: true };
  }
}

function setColumns(sheet: ExcelJS.Worksheet): void {
  sheet.columns = [
    { width: 34 },
    { width: 14 },
    { width: 13 },
    { width: 20 },
    { width: 11 },
    { width: 11 },
    { width: 12 },
    { width: 12 },
    { width: 15 },
    { width: 21 },
    { width: 26 },
    { width: 28 },
  ];
}

/** 'Mano de obra': a row per trade; per period its workers on the busiest day and its HH; the HH total. */
function addManpowerSheet(
  workbook: ExcelJS.Workbook,
  series: readonly HistogramSeriesOutput[],
  period: HistogramWorkbookInput['period'],
): void {
  const sheet = workbook.addWorksheet(HISTOGRAM_MANPOWER_SHEET_NAME);
  const dates = [...new Set(series.flatMap((each) => each.points.map((point) => point.date)))].sort();
  sheet.addRow(['Histograma de mano de obra: trabajadores en el día punta y HH por periodo']).font = {
    bold: true,
    size: 14,
  };
  sheet.addRow([]);
  const periods = sheet.addRow(['Oficio', ...dates.flatMap((date) => [excelDate(date), null]), 'HH total']);
  const kinds = sheet.addRow([null, ...dates.flatMap(() => ['Trabajadores', 'HH']), null]);
  periods.font = { bold: true };
  kinds.font = { bold: true };
  dates.forEach((_, index) => {
    const column = 2 + index * 2;
    periods.getCell(column).numFmt = PERIOD_FORMATS[period];
    periods.getCell(column).alignment = { horizontal: 'center' };
    sheet.mergeCells(periods.number, column, periods.number, column + 1);
  });
  const totals = dates.map(() => 0);
  for (const each of series) {
    const byDate = new Map(each.points.map((point) => [point.date, point]));
    const cells: Array<number | null> = [];
    let total = 0;
    dates.forEach((date, index) => {
      const point = byDate.get(date);
      cells.push(point?.units ?? null, point?.hours ?? null);
      total += point?.hours ?? 0;
      totals[index] = (totals[index] as number) + (point?.hours ?? 0);
    });
    const row = sheet.addRow([each.name, ...cells, Math.round(total * 100) / 100]);
    for (let column = 2; column <= cells.length + 2; column += 1) row.getCell(column).numFmt = HOURS_FORMAT;
  }
  const total = sheet.addRow([
    'Total HH',
    ...totals.flatMap((hours) => [null, Math.round(hours * 100) / 100]),
    Math.round(totals.reduce((sum, hours) => sum + hours, 0) * 100) / 100,
  ]);
  total.font = { bold: true };
  for (let column = 2; column <= totals.length * 2 + 2; column += 1) total.getCell(column).numFmt = HOURS_FORMAT;
  sheet.columns = [{ width: 28 }, ...dates.flatMap(() => [{ width: 13 }, { width: 11 }]), { width: 12 }];
  sheet.views = [{ state: 'frozen', xSplit: 1, ySplit: 4 }];
}

export async function resourceHistogramWorkbook(
  histogram: HistogramWorkbookInput,
  project: { code: string; name: string },
): Promise<ExportedFile> {
  const manpower = histogram.groupBy === 'trade';
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Cimiento';
  workbook.created = new Date();
  const sheet = workbook.addWorksheet(HISTOGRAM_SHEET_NAME);
  setColumns(sheet);
  sheet.addRow([manpower ? 'Histograma de mano de obra' : 'Histograma de recursos']).font = { bold: true, size: 14 };
  const header: Array<[string, string]> = [
    ['Proyecto', `${project.code} — ${project.name}`],
    ['Agrupado por', GROUP_LABELS[histogram.groupBy]],
    ['Periodo', PERIOD_LABELS[histogram.period]],
    ['Corte', histogram.cutoff === undefined ? 'Sin cortes de avance' : isoLabel(histogram.cutoff)],
    ['Línea base', histogram.baseline?.name ?? 'Sin línea base'],
  ];
  for (const [label, value] of header) sheet.addRow([label, value]).getCell(1).font = { bold: true };
  sheet
    .addRow([
      'Reglas',
      'Unidades: el día hábil más cargado del periodo; Promedio: la media de sus días hábiles; Disponible: lo mínimo disponible en un día del periodo; Horas: HH de la mano de obra, horas máquina de los equipos.',
    ])
    .getCell(1).font = { bold: true };
  sheet.addRow([]);
  addSeriesTable(sheet, histogram.series, histogram.period);
  sheet.views = [{ state: 'frozen', ySplit: 9 }];
  if (histogram.baseline !== undefined) {
    const planned = workbook.addWorksheet(HISTOGRAM_BASELINE_SHEET_NAME);
    setColumns(planned);
    planned.addRow([`Línea base «${histogram.baseline.name}»`]).font = { bold: true, size: 14 };
    planned.addRow([]);
    addSeriesTable(planned, histogram.baseline.series, histogram.period);
    planned.views = [{ state: 'frozen', ySplit: 3 }];
  }
  if (manpower) addManpowerSheet(workbook, histogram.series, histogram.period);
  const buffer = await workbook.xlsx.writeBuffer();
  const code = project.code.replace(/[\\/:*?"<>|\s]+/g, '_') || 'proyecto';
  return {
    fileName: `${code}-${manpower ? 'histograma-mano-de-obra' : 'histograma-recursos'}.xlsx`,
    mimeType: XLSX_MIME_TYPE,
    content: Buffer.from(buffer).toString('base64'),
  };
}
