import { DOCUMENT_DECIMALS } from '@cimiento/domain';
import type { Currency, EstadoPago } from '@cimiento/domain';
import ExcelJS from 'exceljs';
import {
  ESTADO_PAGO_COLUMNS,
  ESTADO_PAGO_SIGNATURES,
  estadoPagoHeaderFields,
  estadoPagoLineCells,
  estadoPagoTitle,
  estadoPagoTotalsCells,
  estadoPagoTotalsRows,
  indentOf,
  isChapterLine,
} from './estado-pago-layout';
import type { EstadoPagoFigure, EstadoPagoProject } from './estado-pago-layout';

/**
 * An estado de pago as an Excel workbook (issue 16; docs/COSTS.md): one sheet 'Estado de pago'
 * laid out as a Chilean EP — the title and header block, the partidas table with its Totales row,
 * the totals block (with the CLP net, IVA and total beside a UF contract's) and the signature
 * lines. Every figure is a number cell made from the EP's decimal string at the cell (read back it
 * is that string), shown through an Excel number format, so an es-CL Excel shows 1.234.567,89.
 * Printed landscape on A4, fitted to the page's width, the table's header row on every page.
 */

export const ESTADO_PAGO_SHEET_NAME = 'Estado de pago';

const MONEY_PREFIXES: Readonly<Record<Currency, string>> = {
  CLP: '$',
  UF: 'UF ',
  USD: 'US$',
  MUSD: 'MUS$',
  MMUSD: 'MMUS$',
};

/** Excel's number format of `decimals` places with thousands grouped ('#,##0.00'). */
export function numberFormat(decimals: number): string {
  return decimals > 0 ? `#,##0.${'0'.repeat(decimals)}` : '#,##0';
}

/** The Excel number format a figure is shown with: '#,##0.00', '"UF "#,##0.00', '#,##0.00" %"'. */
export function figureFormat(figure: EstadoPagoFigure): string {
  switch (figure.kind) {
    case 'number':
      return numberFormat(figure.decimals);
    case 'percent':
      return `${numberFormat(2)}" %"`;
    case 'money':
      return `"${MONEY_PREFIXES[figure.currency]}"${numberFormat(DOCUMENT_DECIMALS[figure.currency])}`;
  }
}

/** The only place a decimal string becomes a JavaScript number: the cell's value. */
function setFigure(cell: ExcelJS.Cell, figure: EstadoPagoFigure): void {
  cell.value = Number(figure.value);
  cell.numFmt = figureFormat(figure);
  cell.alignment = { ...cell.alignment, horizontal: 'right' };
}

const THIN: ExcelJS.Border = { style: 'thin', color: { argb: 'FF9E9E9E' } };
const BOX: Partial<ExcelJS.Borders> = { top: THIN, bottom: THIN, left: THIN, right: THIN };
const HEADER_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE7ECF3' } };
const TOTAL_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFF3F5F8' } };

/** Column letters of the table (A…L) by key, and of the totals block. */
const COLUMN_COUNT = ESTADO_PAGO_COLUMNS.length;
const LAST_COLUMN = 'L';
/** The totals block: labels over G:J, the EP's currency in K, CLP in L. */
const TOTALS_LABEL = 'G';
const TOTALS_LABEL_END = 'J';
const TOTALS_VALUE = 'K';
const TOTALS_CLP = 'L';

/** The workbook of `ep` (see the module's comment), as the bytes of an .xlsx file. */
export async function estadoPagoWorkbook(ep: EstadoPago, project: EstadoPagoProject): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Cimiento';
  workbook.created = new Date();
  workbook.title = `${estadoPagoTitle(ep)} — ${project.name}`;
  const sheet = workbook.addWorksheet(ESTADO_PAGO_SHEET_NAME);
  sheet.columns = ESTADO_PAGO_COLUMNS.map((column) => ({ key: column.key, width: column.width }));

  // title and header block
  const title = sheet.getCell('A1');
  title.value = estadoPagoTitle(ep);
  title.font = { bold: true, size: 14 };
  sheet.mergeCells(`A1:${LAST_COLUMN}1`);
  let rowNumber = 3;
  for (const field of estadoPagoHeaderFields(ep, project)) {
    const label = sheet.getCell(`A${rowNumber}`);
    label.value = field.label;
    label.font = { bold: true };
    const value = sheet.getCell(`B${rowNumber}`);
    if (field.figure) {
      // the UF value: pesos per UF, with its 2 decimals
      setFigure(value, field.figure);
      value.numFmt = `"$"${figureFormat(field.figure)}`;
      value.alignment = { horizontal: 'left' };
    } else {
      value.value = field.text;
    }
    sheet.mergeCells(`B${rowNumber}:F${rowNumber}`);
    rowNumber += 1;
  }

  // the partidas table
  rowNumber += 1;
  const headerRowNumber = rowNumber;
  const header = sheet.getRow(headerRowNumber);
  ESTADO_PAGO_COLUMNS.forEach((column, index) => {
    const cell = header.getCell(index + 1);
    cell.value = column.title;
    cell.font = { bold: true };
    cell.fill = HEADER_FILL;
    cell.border = BOX;
    cell.alignment = { horizontal: column.align === 'right' ? 'right' : 'left', vertical: 'middle', wrapText: true };
  });
  header.height = 30;
  ep.lines.forEach((line, index) => {
    rowNumber += 1;
    const row = sheet.getRow(rowNumber);
    const cells = estadoPagoLineCells(ep.lines, index, ep.currency);
    ESTADO_PAGO_COLUMNS.forEach((column, columnIndex) => {
      const cell = row.getCell(columnIndex + 1);
      const content = cells[column.key];
      if (typeof content === 'object') setFigure(cell, content);
      else if (content !== undefined) cell.value = content;
      cell.border = BOX;
    });
    row.getCell('name').alignment = { indent: indentOf(line.level), wrapText: true, vertical: 'top' };
    if (isChapterLine(ep.lines, index)) row.font = { bold: true };
  });

  // the Totales row: the columns' sums
  rowNumber += 1;
  const totalsRow = sheet.getRow(rowNumber);
  const totalsContent = estadoPagoTotalsCells(ep.lines, ep.currency);
  ESTADO_PAGO_COLUMNS.forEach((column, columnIndex) => {
    const cell = totalsRow.getCell(columnIndex + 1);
    const content = totalsContent[column.key];
    if (typeof content === 'object') setFigure(cell, content);
    else if (content !== undefined) cell.value = content;
  });
  for (let column = 1; column <= COLUMN_COUNT; column += 1) {
    const cell = totalsRow.getCell(column);
    cell.font = { bold: true };
    cell.fill = TOTAL_FILL;
    cell.border = BOX;
  }
  const lastTableRow = rowNumber;

  // the totals block
  rowNumber += 2;
  if (ep.uf) {
    const currencyTitle = sheet.getCell(`${TOTALS_VALUE}${rowNumber}`);
    currencyTitle.value = ep.currency;
    const clpTitle = sheet.getCell(`${TOTALS_CLP}${rowNumber}`);
    clpTitle.value = 'CLP';
    for (const cell of [currencyTitle, clpTitle]) {
      cell.font = { bold: true };
      cell.alignment = { horizontal: 'right' };
    }
    rowNumber += 1;
  }
  for (const item of estadoPagoTotalsRows(ep)) {
    const label = sheet.getCell(`${TOTALS_LABEL}${rowNumber}`);
    label.value = item.label;
    sheet.mergeCells(`${TOTALS_LABEL}${rowNumber}:${TOTALS_LABEL_END}${rowNumber}`);
    const value = sheet.getCell(`${TOTALS_VALUE}${rowNumber}`);
    setFigure(value, item.figure);
    if (item.clp !== undefined)
      setFigure(sheet.getCell(`${TOTALS_CLP}${rowNumber}`), { kind: 'money', value: item.clp, currency: 'CLP' });
    if (item.strong) sheet.getRow(rowNumber).font = { bold: true };
    rowNumber += 1;
  }

  // signatures
  rowNumber += 3;
  const signatureColumns = ['B', 'F', 'J'];
  ESTADO_PAGO_SIGNATURES.forEach((name, index) => {
    const column = signatureColumns[index] as string;
    const cell = sheet.getCell(`${column}${rowNumber}`);
    cell.value = name;
    cell.border = { top: THIN };
    cell.alignment = { horizontal: 'center' };
  });

  sheet.views = [{ state: 'frozen', ySplit: headerRowNumber, topLeftCell: `A${headerRowNumber + 1}` }];
  sheet.pageSetup = {
    orientation: 'landscape',
    paperSize: 9, // A4
    fitToPage: true,
    fitToWidth: 1,
    fitToHeight: 0,
    printTitlesRow: `${headerRowNumber}:${headerRowNumber}`,
    printArea: `A1:${LAST_COLUMN}${rowNumber}`,
    margins: { left: 0.4, right: 0.4, top: 0.5, bottom: 0.6, header: 0.3, footer: 0.3 },
  };
  sheet.headerFooter = {
    // '&' starts a code in Excel's header and footer: a literal one is '&&'
    oddFooter: `&L${estadoPagoTitle(ep)} · ${project.code.replace(/&/g, '&&')}&RPágina &P de &N`,
  };
  sheet.autoFilter = { from: { row: headerRowNumber, column: 1 }, to: { row: lastTableRow - 1, column: COLUMN_COUNT } };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
