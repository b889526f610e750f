import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { HttpsError } from '../core/https-error';
import { readWorkbookSheet, rowErrorsMessage } from './workbooks';

async function base64Of(workbook: ExcelJS.Workbook): Promise<string> {
  return Buffer.from((await workbook.xlsx.writeBuffer()) as ArrayBuffer).toString('base64');
}

async function refusal(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(HttpsError);
    return { code: (error as HttpsError).code, message: (error as HttpsError).message };
  }
  throw new Error('se esperaba un rechazo');
}

describe('readWorkbookSheet', () => {
  it('reads the sheet with the wanted name (or the first) as plain cells: text of rich text and links, results of formulas, dates', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Notas').addRow(['no se lee']);
    const sheet = workbook.addWorksheet('Gantt');
    sheet.addRow(['Id', 'Código']);
    sheet.addRow([
      1,
      { richText: [{ text: 'AC' }, { text: 'T1' }] },
      { formula: '1+1', result: 2 },
      { text: 'enlace', hyperlink: 'https://example.cl' },
      new Date('2026-03-02T00:00:00Z'),
      true,
      { error: '#N/A' },
    ]);
    sheet.addRow([]);
    sheet.addRow([null, '  ']);
    sheet.addRow([2]);
    const content = await base64Of(workbook);
    const read = await readWorkbookSheet(content, { sheetName: 'gantt', maxRows: 10, what: 'el Gantt' });
    expect(read).toEqual({
      name: 'Gantt',
      rows: [
        { row: 1, cells: ['Id', 'Código'] },
        // the error cell is empty, and a row ends at its last cell with a value
        { row: 2, cells: [1, 'ACT1', 2, 'enlace', new Date('2026-03-02T00:00:00Z'), true] },
        { row: 5, cells: [2] },
      ],
    });
    const first = await readWorkbookSheet(content, { sheetName: 'EDP', maxRows: 10, what: 'el EDP' });
    expect(first).toEqual({ name: 'Notas', rows: [{ row: 1, cells: ['no se lee'] }] });
  });

  it("reads a number shown as a percentage as the text Excel shows ('75%'), and a literal '%' in a format as a plain number", async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Gantt');
    const row = sheet.addRow([0.75, 0.333, 40, 12]);
    row.getCell(1).numFmt = '0%';
    row.getCell(2).numFmt = '0.0%';
    row.getCell(3).numFmt = '0" %"';
    const read = await readWorkbookSheet(await base64Of(workbook), {
      sheetName: 'Gantt',
      maxRows: 10,
      what: 'el Gantt',
    });
    expect(read.rows).toEqual([{ row: 1, cells: ['75%', '33.3%', 40, 12] }]);
  });

  it('stops reading past the cap (header and title rows allowed) and refuses the file', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('EDP');
    for (let index = 0; index < 40; index += 1) sheet.addRow([`C${index}`, 'x', 1]);
    const content = await base64Of(workbook);
    expect(await refusal(readWorkbookSheet(content, { sheetName: 'EDP', maxRows: 10, what: 'el EDP' }))).toEqual({
      code: 'INVALID_ARGUMENT',
      message: 'El libro tiene más de 10 filas con datos; el EDP admite como máximo 10',
    });
    // a later sheet with the wanted name is read even when the first one is too long
    workbook.addWorksheet('Gantt').addRow(['Id']);
    const named = await readWorkbookSheet(await base64Of(workbook), {
      sheetName: 'Gantt',
      maxRows: 10,
      what: 'el Gantt',
    });
    expect(named).toEqual({ name: 'Gantt', rows: [{ row: 1, cells: ['Id'] }] });
    // up to the cap plus the rows the header may sit below, the rules decide
    expect((await readWorkbookSheet(content, { sheetName: 'EDP', maxRows: 19, what: 'el EDP' })).rows).toHaveLength(40);
  });

  it('refuses bytes that are not a workbook, a truncated zip, and parts past the unpacked budget', async () => {
    const notZip = Buffer.from('Código,Nombre\n').toString('base64');
    expect(await refusal(readWorkbookSheet(notZip, { sheetName: 'EDP', maxRows: 10, what: 'el EDP' }))).toEqual({
      code: 'INVALID_ARGUMENT',
      message: 'El archivo no es un libro de Excel (.xlsx) válido',
    });
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('EDP').addRow(['Código']);
    const bytes = Buffer.from(await base64Of(workbook), 'base64');
    // a truncated zip is not a workbook either
    const truncated = bytes.subarray(0, Math.floor(bytes.length / 2)).toString('base64');
    expect(
      (await refusal(readWorkbookSheet(truncated, { sheetName: 'EDP', maxRows: 10, what: 'el EDP' }))).message,
    ).toBe('El archivo no es un libro de Excel (.xlsx) válido');
    // past the unpacked budget (a zip bomb stops there, whatever sizes it declares)
    expect(
      await refusal(
        readWorkbookSheet(bytes.toString('base64'), {
          sheetName: 'EDP',
          maxRows: 10,
          what: 'el EDP',
          limits: { unpackedBytes: 500 },
        }),
      ),
    ).toEqual({
      code: 'INVALID_ARGUMENT',
      message: 'El libro ocupa más de 0,00 MB descomprimido; divídelo o quita las hojas que no se importan',
    });
  });

  it('reads a workbook whose sheets come before its shared strings the same way every time', async () => {
    // exceljs's reader, given such a file as it is, missed the zip's later entries now and then
    // (with six sheets, in about three reads of four); xlsx-reader.ts reads the parts it needs by name
    const workbook = new ExcelJS.Workbook();
    for (let index = 0; index < 5; index += 1) {
      const sheet = workbook.addWorksheet(`Hoja${index + 1}`);
      for (let row = 0; row < 40; row += 1) sheet.addRow([`C${row}`, 'x', 1]);
    }
    workbook.addWorksheet('Gantt').addRow(['Id']);
    const content = await base64Of(workbook);
    for (let attempt = 0; attempt < 50; attempt += 1) {
      const read = await readWorkbookSheet(content, { sheetName: 'Gantt', maxRows: 10, what: 'el Gantt' });
      expect(read.rows).toEqual([{ row: 1, cells: ['Id'] }]);
    }
  });
});

describe('rowErrorsMessage', () => {
  const error = (row: number) => ({ row, field: 'Código', message: `Fila ${row}: el código X${row} está repetido` });

  it('lists the first five errors and counts the rest', () => {
    expect(rowErrorsMessage([error(12)], 'el EDP')).toBe(
      'No se importó el EDP; corrige el libro: Fila 12: el código X12 está repetido',
    );
    expect(rowErrorsMessage([2, 3, 4, 5, 6, 7].map(error), 'el EDP')).toMatch(
      /Fila 6: el código X6 está repetido y 1 error más$/,
    );
    expect(rowErrorsMessage([2, 3, 4, 5, 6, 7, 8].map(error), 'el Gantt')).toMatch(/ y 2 errores más$/);
  });
});
