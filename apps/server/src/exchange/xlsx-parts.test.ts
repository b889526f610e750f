import { deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { UnpackedTooLargeError, storedZipChunks, unpackWorkbookParts } from './xlsx-parts';

async function xlsxBytes(sheets: string[], useSharedStrings = true): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  for (const name of sheets) workbook.addWorksheet(name).addRow([name, 1]);
  if (!useSharedStrings) {
    const { PassThrough } = await import('node:stream');
    const stream = new PassThrough();
    const parts: Buffer[] = [];
    stream.on('data', (part: Buffer) => parts.push(part));
    const writer = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useSharedStrings: false });
    for (const name of sheets) writer.addWorksheet(name).addRow([name]).commit();
    await writer.commit();
    return Buffer.concat(parts);
  }
  return Buffer.from((await workbook.xlsx.writeBuffer()) as ArrayBuffer);
}

describe('unpackWorkbookParts', () => {
  it('keeps the parts the reader needs, the workbook, relations, shared strings and styles first, sheets by number', async () => {
    const names = Array.from({ length: 11 }, (_, index) => `Hoja${index + 1}`);
    const parts = unpackWorkbookParts(await xlsxBytes(names), 10_000_000);
    expect(parts?.map((part) => part.name)).toEqual([
      'xl/_rels/workbook.xml.rels',
      'xl/workbook.xml',
      'xl/sharedStrings.xml',
      'xl/styles.xml',
      ...names.map((_, index) => `xl/worksheets/sheet${index + 1}.xml`),
    ]);
    expect(parts?.[1]?.data.toString('utf8')).toContain('name="Hoja11"');
  });

  it('adds empty shared strings to a workbook written without them', async () => {
    const parts = unpackWorkbookParts(await xlsxBytes(['A'], false), 10_000_000);
    expect(parts?.find((part) => part.name === 'xl/sharedStrings.xml')?.data.toString('utf8')).toContain('count="0"');
  });

  it('stops at the budget, whatever the zip declares, and answers undefined for bytes that are not a zip', async () => {
    const bytes = await xlsxBytes(['A']);
    expect(() => unpackWorkbookParts(bytes, 100)).toThrow(UnpackedTooLargeError);
    // a sheet of 2 MB of zeros deflated to a few KB, declared as 10 bytes
    const bomb = storedZipChunks([{ name: 'xl/workbook.xml', data: Buffer.from('<workbook/>') }]);
    expect(unpackWorkbookParts(Buffer.concat(bomb), 100)).toHaveLength(2);
    const zeros = deflateRawSync(Buffer.alloc(2 * 1024 * 1024));
    const zip = Buffer.concat(storedZipChunks([{ name: 'xl/worksheets/sheet1.xml', data: zeros }]));
    // turn the stored entry into a deflated one: method 8 in the local header and the directory
    zip.writeUInt16LE(8, 8);
    const directory = zip.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    zip.writeUInt16LE(8, directory + 10);
    zip.writeUInt32LE(10, directory + 24);
    expect(() => unpackWorkbookParts(zip, 1024 * 1024)).toThrow(UnpackedTooLargeError);
    expect(unpackWorkbookParts(zip, 4 * 1024 * 1024)?.find((part) => part.name.includes('sheet1'))?.data.length).toBe(
      2 * 1024 * 1024,
    );
    expect(unpackWorkbookParts(Buffer.from('no soy un zip'), 1000)).toBeUndefined();
    expect(unpackWorkbookParts(bytes.subarray(0, bytes.length - 30), 10_000_000)).toBeUndefined();
  });
});

describe('storedZipChunks', () => {
  it('writes a zip that reads back to the same parts', async () => {
    const parts = unpackWorkbookParts(await xlsxBytes(['Uno', 'Dos']), 10_000_000) ?? [];
    const again = unpackWorkbookParts(Buffer.concat(storedZipChunks(parts)), 10_000_000);
    expect(again).toEqual(parts);
    // and exceljs opens it
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.concat(storedZipChunks(parts)) as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Uno', 'Dos']);
  });
});
