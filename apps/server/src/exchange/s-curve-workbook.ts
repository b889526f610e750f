import type { ExportedFile, SCurve } from '@cimiento/domain';
import ExcelJS from 'exceljs';
import type { SCurveAnswer } from '../costs/s-curve-queries';
import { XLSX_MIME_TYPE } from './workbooks';

/** Excel's number format for an amount in the currency (the display decimals). */
function amountFormat(curve: Pick<SCurve, 'basis' | 'currency'>): string {
  if (curve.basis === 'duration') return '#,##0.00';
  return curve.currency === 'CLP' ? '#,##0' : '#,##0.00';
}

function excelDate(iso: string): Date {
  return new Date(`${iso}T00:00:00.000Z`);
}

/** A decimal string as an Excel number cell (the value shown; the exact text stays in Cimiento). */
function cellNumber(value: string | null): number | null {
  return value === null ? null : Number(value);
}

export const S_CURVE_SHEET_NAME = 'Curva S';
export const S_CURVE_TITLES = [
  'Fecha',
  'Programado',
  'Real',
  '% programado',
  '% real',
  'Costo real',
  // issue 33: after the issue-16 columns, so a sheet read by position still finds them where they were
  'Proyectado',
  '% proyectado',
  // issue 33, what was reported stays put: 'Real' at an approved EP's cut-off is what it reported;
  // what the data gives there now, when it moved since
  'Estado de pago',
  'Real recalculado',
  '% real recalculado',
] as const;

/** issue 33: what each forecast figure means, one sentence each (the screen says the same). */
export const S_CURVE_FORECAST_MEANINGS = {
  finish: 'Fin del programa actual, con lo que falta reprogramado desde el último corte',
  finishVariance: 'Días hábiles entre el fin de la línea base y el fin estimado; positivo es atraso',
  eac: 'Costo estimado al término: lo gastado más lo que falta, si rinde como lo hecho (AC + (BAC − EV) / CPI)',
  etc: 'Por gastar: lo que falta gastar para terminar, según esa estimación (EAC − AC)',
  vac: 'Desviación al término: ahorro (positiva) o sobrecosto (negativa) frente al presupuesto (BAC − EAC)',
} as const;

/**
 * exportSCurve's workbook: sheet 'Curva S' with a header (project, currency, baseline, basis), the
 * table (Fecha, Programado, Real, % programado, % real, Costo real, Proyectado, % proyectado, Estado
 * de pago, Real recalculado, % real recalculado: issue 33, an approved EP's figures stay put), SPI /
 * CPI under it and the forecast (issue 33: estimated finish, its difference with the baseline, EAC,
 * ETC, VAC), each with what it means.
 */
export async function sCurveWorkbook(
  curve: SCurveAnswer,
  project: { name: string; code: string },
  itemLabel: string | undefined,
): Promise<ExportedFile> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Cimiento';
  workbook.created = new Date();
  const sheet = workbook.addWorksheet(S_CURVE_SHEET_NAME);
  sheet.columns = [
    { width: 14 },
    { width: 18 },
    { width: 18 },
    { width: 14 },
    { width: 14 },
    { width: 18 },
    { width: 18 },
    { width: 14 },
    { width: 14 },
    { width: 18 },
    { width: 18 },
  ];
  const header: Array<[string, string]> = [
    ['Proyecto', `${project.code} — ${project.name}`],
    ['Moneda', curve.currency],
    ['Línea base', curve.baselineName ?? 'Programa actual (sin línea base)'],
    ['Base', curve.basis === 'cost' ? 'Costo' : 'Avance ponderado por duración (días hábiles)'],
  ];
  if (itemLabel !== undefined) header.push(['Partida', itemLabel]);
  sheet.addRow(['Curva S']).font = { bold: true, size: 14 };
  for (const [label, value] of header) {
    const row = sheet.addRow([label, value]);
    row.getCell(1).font = { bold: true };
  }
  sheet.addRow([]);
  const titles = sheet.addRow([...S_CURVE_TITLES]);
  titles.font = { bold: true };
  const amount = amountFormat(curve);
  for (const point of curve.points) {
    const row = sheet.addRow([
      excelDate(point.date),
      cellNumber(point.planned),
      cellNumber(point.earned),
      cellNumber(point.plannedPercent),
      cellNumber(point.earnedPercent),
      cellNumber(point.actualCost),
      cellNumber(point.projected ?? null),
      cellNumber(point.projectedPercent ?? null),
      point.estadoPago === undefined ? null : `N°${point.estadoPago}`,
      cellNumber(point.recalculated?.earned ?? null),
      cellNumber(point.recalculated?.earnedPercent ?? null),
    ]);
    row.getCell(1).numFmt = 'dd-mm-yyyy';
    for (const column of [2, 3, 7, 10]) row.getCell(column).numFmt = amount;
    for (const column of [4, 5, 8, 11]) row.getCell(column).numFmt = '0.00';
    row.getCell(6).numFmt = curve.currency === 'CLP' ? '#,##0' : '#,##0.00';
    if (point.cutoff) row.font = { bold: true };
  }
  sheet.addRow([]);
  sheet.addRow(['Total', cellNumber(curve.total)]).getCell(2).numFmt = amount;
  const spi = sheet.addRow(['SPI', cellNumber(curve.spi), 'EV / PV al último corte']);
  const cpi = sheet.addRow(['CPI', cellNumber(curve.cpi), 'EV / AC al último corte con costo real']);
  const bold = [spi, cpi];
  const forecast = curve.forecast;
  if (forecast !== undefined) {
    const money = curve.currency === 'CLP' ? '#,##0' : '#,##0.00';
    const finish = sheet.addRow(['Fin estimado', excelDate(forecast.finish), S_CURVE_FORECAST_MEANINGS.finish]);
    finish.getCell(2).numFmt = 'dd-mm-yyyy';
    const variance = sheet.addRow([
      'Δ fin (días hábiles)',
      forecast.finishVariance,
      forecast.baselineFinish === null
        ? 'Sin línea base: no hay con qué comparar'
        : S_CURVE_FORECAST_MEANINGS.finishVariance,
    ]);
    bold.push(finish, variance);
    // without them, why: an estimate needs money, and today's actual cost
    const missing =
      curve.basis === 'duration'
        ? 'Sin precios no se calcula'
        : 'Se calcula al ingresar el costo real del último corte';
    for (const key of ['eac', 'etc', 'vac'] as const) {
      const value = forecast[key];
      const row = sheet.addRow([
        key.toUpperCase(),
        cellNumber(value),
        value === null ? missing : S_CURVE_FORECAST_MEANINGS[key],
      ]);
      row.getCell(2).numFmt = money;
      bold.push(row);
    }
  }
  for (const row of bold) row.getCell(1).font = { bold: true };
  const buffer = await workbook.xlsx.writeBuffer();
  const code = project.code.replace(/[\\/:*?"<>|\s]+/g, '_') || 'proyecto';
  return {
    fileName: `${code}-curva-s.xlsx`,
    mimeType: XLSX_MIME_TYPE,
    content: Buffer.from(buffer).toString('base64'),
  };
}
