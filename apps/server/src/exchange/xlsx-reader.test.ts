import { deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { SHEET_HEAD, SHEET_TAIL, SST_HEAD, XLSX_BOMBS, workbookZip, zipOf } from '../../test/support/xlsx-files';
import { readXlsxSheet } from './xlsx-reader';
import type { WorkbookLimits } from './xlsx-limits';
import { NotAWorkbookError, WorkbookLimitError } from './xlsx-limits';

async function read(bytes: Buffer, limits?: Partial<WorkbookLimits>, maxDataRows = 1000) {
  return readXlsxSheet(bytes, { sheetName: '', maxDataRows, ...(limits === undefined ? {} : { limits }) });
}

async function refusal(bytes: Buffer, limits?: Partial<WorkbookLimits>, maxDataRows?: number): Promise<Error> {
  try {
    await read(bytes, limits, maxDataRows);
  } catch (error) {
    return error as Error;
  }
  throw new Error('se esperaba un rechazo');
}

async function limitMessage(bytes: Buffer, limits?: Partial<WorkbookLimits>, maxDataRows?: number): Promise<string> {
  const error = await refusal(bytes, limits, maxDataRows);
  expect(error).toBeInstanceOf(WorkbookLimitError);
  return error.message;
}

const sheetOf = (rows: string) => `${SHEET_HEAD}${rows}${SHEET_TAIL}`;

describe('readXlsxSheet: what a cell becomes', () => {
  it('reads inline strings with their runs, leaves phonetic runs out and decodes _xHHHH_ escapes', async () => {
    const sheet = sheetOf(
      '<row r="1"><c r="A1" t="inlineStr"><is><r><t>Hor</t></r><r><t xml:space="preserve">migón </t></r><rPh sb="0" eb="1"><t>ホ</t></rPh></is></c>' +
        '<c r="C1" t="inlineStr"><is><t>a_x000D_b</t></is></c></row>',
    );
    expect(await read(workbookZip({ sheet }))).toEqual({
      name: 'Hoja1',
      rows: [{ row: 1, cells: ['Hormigón ', null, 'a\rb'] }],
      dataRows: 1,
    });
  });

  it('reads shared strings (an index out of range is empty), booleans, errors, formula results and ISO dates', async () => {
    const sharedStrings = `${SST_HEAD}<si><t>uno</t></si><si><r><t>d</t></r><r><t>os</t></r></si></sst>`;
    const sheet = sheetOf(
      '<row r="2"><c r="A2" t="s"><v>1</v></c><c r="B2" t="s"><v>9</v></c><c r="C2" t="b"><v>1</v></c>' +
        '<c r="D2" t="e"><v>#N/A</v></c><c r="E2"><f>1+1</f><v>2</v></c><c r="F2" t="str"><f>"a"&amp;"b"</f><v>ab</v></c>' +
        '<c r="G2"><f>A1</f></c><c r="H2" t="d"><v>2026-03-02T00:00:00Z</v></c></row>',
    );
    expect((await read(workbookZip({ sheet, sharedStrings })))?.rows).toEqual([
      { row: 2, cells: ['dos', null, true, null, 2, 'ab', null, new Date('2026-03-02T00:00:00Z')] },
    ]);
  });

  it('reads a number with a date format as its date (1900 and 1904 systems) and one with a percent format as the text shown', async () => {
    const styles =
      '<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><numFmts count="1"><numFmt numFmtId="164" formatCode="dd\\-mm\\-yyyy"/></numFmts>' +
      '<cellStyleXfs count="1"><xf numFmtId="14"/></cellStyleXfs>' +
      '<cellXfs count="4"><xf numFmtId="0"/><xf numFmtId="164"/><xf numFmtId="14"/><xf numFmtId="9"/></cellXfs></styleSheet>';
    const sheet = sheetOf(
      '<row r="1"><c r="A1" s="1"><v>46083</v></c><c r="B1" s="2"><v>46083</v></c><c r="C1" s="3"><v>0.75</v></c><c r="D1"><v>46083</v></c></row>',
    );
    expect((await read(workbookZip({ sheet, styles })))?.rows[0]?.cells).toEqual([
      new Date('2026-03-02T00:00:00Z'),
      new Date('2026-03-02T00:00:00Z'),
      '75%',
      46083,
    ]);
    const workbook1904 =
      '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><workbookPr date1904="1"/><sheets><sheet name="Hoja1" sheetId="1" r:id="rId1"/></sheets></workbook>';
    expect((await read(workbookZip({ sheet, styles, workbook: workbook1904 })))?.rows[0]?.cells[0]).toEqual(
      new Date('2030-03-03T00:00:00Z'),
    );
  });

  it('reads cells and rows without references, and elements with a namespace prefix', async () => {
    const sheet =
      '<x:worksheet xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><x:sheetData>' +
      '<x:row><x:c><x:v>1</x:v></x:c><x:c><x:v>2</x:v></x:c></x:row><x:row r="4"><x:c r="C4"><x:v>3</x:v></x:c></x:row><x:row><x:c><x:v>4</x:v></x:c></x:row>' +
      '</x:sheetData></x:worksheet>';
    expect((await read(workbookZip({ sheet })))?.rows).toEqual([
      { row: 1, cells: [1, 2] },
      { row: 4, cells: [null, null, 3] },
      { row: 5, cells: [4] },
    ]);
  });

  it('reads the sheet the workbook names first, or the one asked for, by the relations (not by file name)', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Notas').addRow(['no se lee']);
    workbook.addWorksheet('Gantt').addRow(['Id']);
    const bytes = Buffer.from((await workbook.xlsx.writeBuffer()) as ArrayBuffer);
    expect(await readXlsxSheet(bytes, { sheetName: 'GANTT', maxDataRows: 10 })).toMatchObject({
      name: 'Gantt',
      rows: [{ row: 1, cells: ['Id'] }],
    });
    expect(await readXlsxSheet(bytes, { sheetName: 'Otra', maxDataRows: 10 })).toMatchObject({ name: 'Notas' });
  });

  it('stops at the first row with data past the cap, keeping none; blank rows do not count', async () => {
    const rows = Array.from({ length: 30 }, (_, index) => `<row r="${index + 1}"><c><v>${index}</v></c></row>`);
    expect(await read(workbookZip({ sheet: sheetOf(rows.join('')) }), undefined, 10)).toEqual({
      name: 'Hoja1',
      rows: [],
      dataRows: 11,
    });
    const blank = Array.from(
      { length: 30 },
      (_, index) => `<row r="${index + 1}"><c t="inlineStr"><is><t> </t></is></c></row>`,
    );
    expect(await read(workbookZip({ sheet: sheetOf(blank.join('')) }), undefined, 10)).toEqual({
      name: 'Hoja1',
      rows: [],
      dataRows: 0,
    });
  });

  it('answers undefined for a workbook without worksheets, and NotAWorkbookError for what is not one', async () => {
    const noSheets = '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheets/></workbook>';
    expect(await read(workbookZip({ sheet: sheetOf(''), workbook: noSheets }))).toBeUndefined();
    expect(await refusal(Buffer.from('Código;Nombre\n'))).toBeInstanceOf(NotAWorkbookError);
    const good = workbookZip({ sheet: sheetOf('<row r="1"><c><v>1</v></c></row>') });
    expect(await refusal(good.subarray(0, good.length - 40))).toBeInstanceOf(NotAWorkbookError);
    // broken XML in the sheet, and a deflate stream cut short
    expect(await refusal(workbookZip({ sheet: `${SHEET_HEAD}<row><c>` }))).toBeInstanceOf(NotAWorkbookError);
    const cut = deflateRawSync(Buffer.from(sheetOf('<row r="1"><c><v>1</v></c></row>'))).subarray(0, 20);
    expect(await refusal(workbookZip({ sheet: { name: '', data: cut, deflated: true } }))).toBeInstanceOf(
      NotAWorkbookError,
    );
    // encrypted entries are not read
    const encrypted = zipOf([{ name: 'xl/workbook.xml', data: Buffer.from('x') }]);
    encrypted.writeUInt16LE(1, encrypted.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])) + 8);
    expect(await refusal(encrypted)).toBeInstanceOf(NotAWorkbookError);
  });
});

describe('readXlsxSheet: every limit is checked while reading and named when passed', () => {
  const row = (cells: string) => `<row r="1">${cells}</row>`;

  it('refuses more zip entries than a workbook has', async () => {
    const extra = Array.from({ length: 12 }, (_, index) => ({ name: `x${index}`, data: Buffer.from('x') }));
    expect(await limitMessage(workbookZip({ sheet: sheetOf(''), extra }), { entries: 10 })).toBe(
      'El archivo tiene 17 partes; un libro de Excel tiene unas pocas decenas y Cimiento lee como máximo 10',
    );
  });

  it('stops unpacking at the budget, whatever sizes the zip declares', async () => {
    const sheet = sheetOf(row('<c><v>1</v></c>'.repeat(2000)));
    expect(await limitMessage(workbookZip({ sheet }), { unpackedBytes: 10_000 })).toBe(
      'El libro ocupa más de 0,01 MB descomprimido; divídelo o quita las hojas que no se importan',
    );
  });

  it('refuses nesting past the depth limit, and a DOCTYPE', async () => {
    expect(
      await limitMessage(workbookZip({ sheet: sheetOf(row(`${'<x>'.repeat(20)}${'</x>'.repeat(20)}`)) }), {
        depth: 16,
      }),
    ).toBe('El libro tiene elementos anidados a más de 16 niveles; Excel no escribe libros así');
    expect(await limitMessage(workbookZip({ sheet: `<!DOCTYPE worksheet []>${sheetOf('')}` }))).toBe(
      'El libro declara un DOCTYPE (entidades XML), que Excel no escribe; no se lee por seguridad',
    );
  });

  it('refuses rows, cells in a row, characters in a cell and kept cells past their limits', async () => {
    const rows = Array.from({ length: 12 }, (_, index) => `<row r="${index + 1}"/>`).join('');
    expect(await limitMessage(workbookZip({ sheet: sheetOf(rows) }), { rows: 10 })).toBe(
      'La hoja tiene más de 10 filas, el máximo de Excel; Cimiento no la lee',
    );
    expect(await limitMessage(workbookZip({ sheet: sheetOf('<row r="11"/>') }), { rows: 10 })).toMatch(
      /^La hoja tiene más de 10 filas/,
    );
    expect(await limitMessage(workbookZip({ sheet: sheetOf(row('<c/>'.repeat(11))) }), { cellsPerRow: 10 })).toBe(
      'La fila 1 tiene más de 10 celdas, el máximo de columnas de Excel; Cimiento no la lee',
    );
    expect(
      await limitMessage(workbookZip({ sheet: sheetOf(row('<c r="K1"><v>1</v></c>')) }), { cellsPerRow: 10 }),
    ).toMatch(/^La fila 1 tiene más de 10 celdas/);
    const long = 'x'.repeat(21);
    expect(
      await limitMessage(workbookZip({ sheet: sheetOf(row(`<c r="B1" t="inlineStr"><is><t>${long}</t></is></c>`)) }), {
        cellChars: 20,
      }),
    ).toBe('La celda B1 tiene más de 20 caracteres, el máximo de una celda de Excel');
    expect(
      await limitMessage(workbookZip({ sheet: sheetOf(row(`<c r="C1" t="str"><v>${long}</v></c>`)) }), {
        cellChars: 20,
      }),
    ).toBe('La celda C1 tiene más de 20 caracteres, el máximo de una celda de Excel');
    const wide = Array.from(
      { length: 3 },
      (_, index) => `<row r="${index + 1}"><c r="E${index + 1}"><v>1</v></c></row>`,
    );
    expect(await limitMessage(workbookZip({ sheet: sheetOf(wide.join('')) }), { keptCells: 12 })).toBe(
      'La hoja tiene más de 12 celdas con datos; Cimiento lee como máximo 12',
    );
  });

  it('refuses shared strings past their count or their characters, and cell styles past theirs', async () => {
    const sheet = sheetOf(row('<c t="s"><v>0</v></c>'));
    const strings = (count: number, text = 'x') => `${SST_HEAD}${`<si><t>${text}</t></si>`.repeat(count)}</sst>`;
    expect(await limitMessage(workbookZip({ sheet, sharedStrings: strings(11) }), { sharedStrings: 10 })).toBe(
      'El libro tiene más de 10 textos distintos; Cimiento lee como máximo 10',
    );
    expect(
      await limitMessage(workbookZip({ sheet, sharedStrings: strings(5, 'abc') }), { sharedStringChars: 12 }),
    ).toBe('Los textos del libro suman más de 12 caracteres; Cimiento lee como máximo 12');
    expect(
      await limitMessage(workbookZip({ sheet, sharedStrings: strings(2, 'x'.repeat(30)) }), { cellChars: 20 }),
    ).toBe('El texto 1 del libro tiene más de 20 caracteres, el máximo de una celda de Excel');
    const styles = `<styleSheet><cellXfs>${'<xf numFmtId="0"/>'.repeat(6)}</cellXfs></styleSheet>`;
    expect(await limitMessage(workbookZip({ sheet, styles }), { cellStyles: 5 })).toBe(
      'El libro tiene más de 5 formatos de celda; Cimiento lee como máximo 5',
    );
  });

  it.each(Object.entries(XLSX_BOMBS))(
    'refuses the hostile workbook of issue 30: %s',
    async (kind, build) => {
      const bytes = await build();
      // each fits the 16 MB body of an import (base64 makes it 4/3 larger)
      expect(bytes.length).toBeLessThan((16 * 1024 * 1024 * 3) / 4);
      const expected: Record<string, RegExp> = {
        'shared strings (11 million, 187 MB unpacked)': /^El libro tiene más de 1\.000\.000 textos distintos/,
        'rows (1.9 million with data)': /^La hoja tiene más de 1\.048\.576 filas, el máximo de Excel/,
        'cells (12 million in one row)': /^La fila 1 tiene más de 16\.384 celdas/,
        'depth (5 million levels)': /^El libro tiene elementos anidados a más de 64 niveles/,
        'entities (a billion laughs)': /^El libro declara un DOCTYPE/,
        'entries (a zip of 60,000)': /^El archivo tiene 60\.005 partes;/,
      };
      // with no cap of the import's own, the rows bomb meets Excel's
      expect(await limitMessage(bytes, undefined, Number.MAX_SAFE_INTEGER)).toMatch(expected[kind] as RegExp);
      if (kind.startsWith('rows')) {
        // with the Gantt's, the read stops at its first row past it
        expect(await read(bytes, undefined, 100_021)).toEqual({ name: 'Hoja1', rows: [], dataRows: 100_022 });
      }
    },
    60_000,
  );
});
