import type { EstadoPago } from '@cimiento/domain';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { longEstadoPago, ufEstadoPago } from '../../test/support/estado-pago';
import { ESTADO_PAGO_COLUMNS } from './estado-pago-layout';
import { ESTADO_PAGO_SHEET_NAME, estadoPagoWorkbook, figureFormat, numberFormat } from './estado-pago-xlsx';

const project = { name: 'Edificio Los Ñires', code: 'ELN-01', currency: 'UF' as const };

async function open(ep: EstadoPago): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await estadoPagoWorkbook(ep, project)) as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet(ESTADO_PAGO_SHEET_NAME);
  if (!sheet) throw new Error('falta la hoja Estado de pago');
  return sheet;
}

/** Every row's values from column A (exceljs's 1-based array, shifted). */
function rowsOf(sheet: ExcelJS.Worksheet): ExcelJS.CellValue[][] {
  const rows: ExcelJS.CellValue[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, number) => {
    rows[number - 1] = (row.values as ExcelJS.CellValue[]).slice(1);
  });
  return Array.from(rows, (row) => row ?? []);
}

/** A number cell read back as the decimal string it was made from. */
function decimal(value: ExcelJS.CellValue): string {
  expect(typeof value, `se esperaba un número: ${JSON.stringify(value)}`).toBe('number');
  return String(value);
}

function rowNumberWhere(sheet: ExcelJS.Worksheet, column: string, text: string): number {
  let found = 0;
  sheet.eachRow((row, number) => {
    if (found === 0 && row.getCell(column).value === text) found = number;
  });
  if (found === 0) throw new Error(`no hay una fila con ${text} en ${column}`);
  return found;
}

describe('estadoPagoWorkbook', () => {
  it('writes the header block: title, project, contract, contractor, period, cut-off, currency, the UF value used, status', async () => {
    const sheet = await open(ufEstadoPago());
    expect(sheet.getCell('A1').value).toBe('Estado de pago N°2');
    const header = new Map(
      rowsOf(sheet)
        .slice(2, 11)
        .map((row) => [row[0], row[1]]),
    );
    expect(Object.fromEntries(header)).toEqual({
      Proyecto: 'Edificio Los Ñires',
      Código: 'ELN-01',
      Contrato: 'Contrato 2026-014 (suma alzada)',
      Contratista: 'Constructora Ñandú Ltda.',
      Período: '01-02-2026 al 28-02-2026',
      'Fecha de corte': '01-03-2026',
      Moneda: 'Unidades de fomento (UF)',
      'Valor UF al 01-03-2026': 39412.58,
      Estado: 'Aprobado por José Muñoz el 03-03-2026 11:30',
    });
    const ufRow = rowNumberWhere(sheet, 'A', 'Valor UF al 01-03-2026');
    expect(decimal(sheet.getCell(`B${ufRow}`).value)).toBe('39412.58');
    expect(sheet.getCell(`B${ufRow}`).numFmt).toBe('"$"#,##0.00');
  });

  it("writes each partida's figures as numbers equal to the EP's strings, with es-CL formats, indented by level", async () => {
    const ep = ufEstadoPago();
    const sheet = await open(ep);
    const headerRow = rowNumberWhere(sheet, 'B', 'Partida');
    expect(rowsOf(sheet)[headerRow - 1]).toEqual(ESTADO_PAGO_COLUMNS.map((column) => column.title));
    ep.lines.forEach((line, index) => {
      const row = sheet.getRow(headerRow + 1 + index);
      const value = (key: string) => row.getCell(ESTADO_PAGO_COLUMNS.findIndex((column) => column.key === key) + 1);
      expect(value('code').value).toBe(line.code);
      expect(value('name').value).toBe(line.name);
      expect(value('name').alignment?.indent ?? 0).toBe(line.level - 1);
      for (const key of [
        'budget',
        'previousPercent',
        'periodPercent',
        'accumulatedPercent',
        'previousAmount',
        'periodAmount',
        'accumulatedAmount',
      ] as const) {
        expect(decimal(value(key).value), `${line.code} ${key}`).toBe(line[key]);
      }
      if (line.quantity === undefined) {
        expect([value('unit').value, value('quantity').value, value('unitPrice').value]).toEqual([null, null, null]);
      } else {
        expect(value('unit').value).toBe(line.unit);
        expect(decimal(value('quantity').value)).toBe(line.quantity);
        expect(decimal(value('unitPrice').value)).toBe(line.unitPrice);
      }
    });
    const second = sheet.getRow(headerRow + 2);
    expect(second.getCell(4).numFmt).toBe('#,##0.0'); // 850,5
    expect(second.getCell(5).numFmt).toBe('#,##0.0000'); // 0,4235
    expect(second.getCell(6).numFmt).toBe('#,##0.00'); // UF, 2 decimals
    expect(second.getCell(9).numFmt).toBe('#,##0.00" %"');
    // the chapter stands out
    expect(sheet.getRow(headerRow + 1).getCell(2).font?.bold).toBe(true);
    expect(sheet.getRow(headerRow + 2).getCell(2).font?.bold).not.toBe(true);
  });

  it('adds a Totales row with the sums of the lines, equal to the totals', async () => {
    const ep = ufEstadoPago();
    const sheet = await open(ep);
    const row = sheet.getRow(rowNumberWhere(sheet, 'A', 'Totales'));
    expect(decimal(row.getCell(6).value)).toBe(ep.totals.contractAmount);
    expect(decimal(row.getCell(7).value)).toBe('27.16');
    expect(decimal(row.getCell(8).value)).toBe('25.81');
    expect(decimal(row.getCell(9).value)).toBe(ep.totals.accumulatedPercent);
    expect(decimal(row.getCell(10).value)).toBe(ep.totals.previousAmount);
    expect(decimal(row.getCell(11).value)).toBe(ep.totals.periodAmount);
    expect(decimal(row.getCell(12).value)).toBe(ep.totals.accumulatedAmount);
  });

  it("writes the totals block equal to the EP's strings, with the CLP net, IVA and total beside a UF contract's", async () => {
    const ep = ufEstadoPago();
    const sheet = await open(ep);
    const figure = (label: string, column = 'K') =>
      decimal(sheet.getCell(`${column}${rowNumberWhere(sheet, 'G', label)}`).value);
    expect(figure('Total contrato')).toBe(ep.totals.contractAmount);
    expect(figure('Avance acumulado')).toBe(ep.totals.accumulatedPercent);
    expect(figure('Monto del período')).toBe(ep.totals.periodAmount);
    expect(figure('Retención (5 %; tope alcanzado: 2 % del contrato)')).toBe(ep.totals.retentionPeriod);
    expect(figure('Devolución anticipo')).toBe(ep.totals.advanceRepaymentPeriod);
    expect(figure('Neto')).toBe('115.6');
    expect(figure('IVA (19 %)')).toBe(ep.totals.vat);
    expect(figure('Total a pagar')).toBe(ep.totals.total);
    expect(figure('Neto', 'L')).toBe('4556094');
    expect(figure('IVA (19 %)', 'L')).toBe('865500');
    expect(figure('Total a pagar', 'L')).toBe('5421594');
    const totalRow = rowNumberWhere(sheet, 'G', 'Total a pagar');
    expect(sheet.getCell(`K${totalRow}`).numFmt).toBe('"UF "#,##0.00');
    expect(sheet.getCell(`L${totalRow}`).numFmt).toBe('"$"#,##0');
    expect(sheet.getCell(`K${rowNumberWhere(sheet, 'G', 'Total contrato') - 1}`).value).toBe('UF');
    expect(sheet.getCell(`L${rowNumberWhere(sheet, 'G', 'Total contrato') - 1}`).value).toBe('CLP');
  });

  it('prints landscape on A4, fitted to the width, the table header repeated on every page', async () => {
    const sheet = await open(longEstadoPago(120));
    const headerRow = rowNumberWhere(sheet, 'B', 'Partida');
    expect(sheet.pageSetup).toMatchObject({
      orientation: 'landscape',
      paperSize: 9,
      fitToPage: true,
      fitToWidth: 1,
      fitToHeight: 0,
    });
    expect(sheet.pageSetup.printTitlesRow).toBe(`${headerRow}:${headerRow}`);
    expect(sheet.headerFooter.oddFooter).toContain('Página &P de &N');
    // a CLP EP: whole pesos, no CLP column beside the totals
    const totalRow = rowNumberWhere(sheet, 'G', 'Total a pagar');
    expect(sheet.getCell(`K${totalRow}`).numFmt).toBe('"$"#,##0');
    expect(sheet.getCell(`L${totalRow}`).value).toBe(null);
    const row = sheet.getRow(headerRow + 2);
    expect(row.getCell(6).numFmt).toBe('#,##0');
    // the chapters are headings: code and name, no zeros
    const chapter = sheet.getRow(headerRow + 1);
    expect(chapter.getCell(1).value).toBe('C.1');
    expect(chapter.getCell(6).value).toBe(null);
    expect(rowNumberWhere(sheet, 'A', 'Totales')).toBe(headerRow + 121);
  });

  it('names Excel number formats by decimals and figure kind', () => {
    expect([0, 1, 2, 4].map(numberFormat)).toEqual(['#,##0', '#,##0.0', '#,##0.00', '#,##0.0000']);
    expect(figureFormat({ kind: 'money', value: '1', currency: 'USD' })).toBe('"US$"#,##0.00');
    expect(figureFormat({ kind: 'money', value: '1', currency: 'MMUSD' })).toBe('"MMUS$"#,##0.00');
    expect(figureFormat({ kind: 'percent', value: '1' })).toBe('#,##0.00" %"');
  });
});
