import { crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';

/**
 * Workbooks built byte by byte for the reading tests (issue 30): a zip writer that takes parts
 * already deflated, a deflater of a repeated text that never holds the text whole (a 187 MB part
 * becomes a 0.4 MB file without the test holding 187 MB), and the hostile workbooks of the issue.
 */

export type ZipPart = {
  name: string;
  /** the bytes as stored: deflated when `deflated` */
  data: Buffer;
  deflated?: boolean;
  /** the unpacked size the zip declares (defaults to data's length) */
  size?: number;
};

const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>';
const ROOT_RELS =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>';
const WORKBOOK =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Hoja1" sheetId="1" r:id="rId1"/></sheets></workbook>';
const WORKBOOK_RELS =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/><Relationship Id="rId3" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>';

export const SHEET_HEAD =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
export const SHEET_TAIL = '</sheetData></worksheet>';
export const SST_HEAD =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">';

/** A zip of the parts as given (local headers, data, central directory, end record). */
export function zipOf(parts: readonly ZipPart[]): Buffer {
  const chunks: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name, 'utf8');
    const method = part.deflated ? 8 : 0;
    const size = part.size ?? part.data.length;
    const crc = part.deflated ? 0 : crc32(part.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt16LE(33, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(part.data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    chunks.push(local, name, part.data);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(0x0800, 8);
    entry.writeUInt16LE(method, 10);
    entry.writeUInt16LE(33, 14);
    entry.writeUInt32LE(crc, 16);
    entry.writeUInt32LE(part.data.length, 20);
    entry.writeUInt32LE(size, 24);
    entry.writeUInt16LE(name.length, 28);
    entry.writeUInt32LE(offset, 42);
    directory.push(entry, name);
    offset += 30 + name.length + part.data.length;
  }
  const directorySize = directory.reduce((total, part) => total + part.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Math.min(parts.length, 0xfffe), 8);
  end.writeUInt16LE(Math.min(parts.length, 0xfffe), 10);
  end.writeUInt32LE(directorySize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...chunks, ...directory, end]);
}

/** `head` + `unit` × `count` + `tail`, deflated a megabyte at a time (the text is never whole). */
export async function deflatedRepeat(
  head: string,
  unit: string,
  count: number,
  tail: string,
): Promise<ZipPart['data']> {
  const deflater = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflater.on('data', (chunk: Buffer) => out.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    deflater.on('end', resolve);
    deflater.on('error', reject);
  });
  const write = (text: string) =>
    new Promise<void>((resolve) => {
      if (deflater.write(Buffer.from(text, 'utf8'))) resolve();
      else deflater.once('drain', resolve);
    });
  await write(head);
  const perBlock = Math.max(1, Math.floor((1024 * 1024) / Math.max(1, unit.length)));
  const block = unit.repeat(perBlock);
  let left = count;
  for (; left >= perBlock; left -= perBlock) await write(block);
  if (left > 0) await write(unit.repeat(left));
  await write(tail);
  deflater.end();
  await done;
  return Buffer.concat(out);
}

/** A one-sheet workbook: its sheet (and shared strings, styles) as text or as parts already deflated. */
export function workbookZip(options: {
  sheet: string | ZipPart;
  sharedStrings?: string | ZipPart;
  styles?: string;
  workbook?: string;
  extra?: ZipPart[];
}): Buffer {
  const part = (name: string, value: string | ZipPart): ZipPart =>
    typeof value === 'string'
      ? { name, data: deflateRawSync(Buffer.from(value, 'utf8')), deflated: true }
      : { ...value, name };
  return zipOf([
    part('[Content_Types].xml', CONTENT_TYPES),
    part('_rels/.rels', ROOT_RELS),
    part('xl/workbook.xml', options.workbook ?? WORKBOOK),
    part('xl/_rels/workbook.xml.rels', WORKBOOK_RELS),
    ...(options.sharedStrings === undefined ? [] : [part('xl/sharedStrings.xml', options.sharedStrings)]),
    ...(options.styles === undefined ? [] : [part('xl/styles.xml', options.styles)]),
    part('xl/worksheets/sheet1.xml', options.sheet),
    ...(options.extra ?? []),
  ]);
}

const deflatedPart = (data: Buffer): ZipPart => ({ name: '', data, deflated: true });

/**
 * The hostile workbooks of issue 30, each well under a 16 MB upload: shared strings that unpack
 * to 187 MB, 1.9 million rows, 12 million cells in one row, 5 million levels of nesting, an
 * entity bomb, and a zip of 60,000 entries.
 */
export const XLSX_BOMBS: Record<string, () => Promise<Buffer>> = {
  'shared strings (11 million, 187 MB unpacked)': async () =>
    workbookZip({
      sheet: `${SHEET_HEAD}<row r="1"><c r="A1" t="s"><v>0</v></c></row>${SHEET_TAIL}`,
      sharedStrings: deflatedPart(await deflatedRepeat(SST_HEAD, '<si><t>x</t></si>', 11_000_000, '</sst>')),
    }),
  'rows (1.9 million with data)': async () =>
    workbookZip({
      sheet: deflatedPart(
        await deflatedRepeat(SHEET_HEAD, '<row><c t="inlineStr"><is><t>x</t></is></c></row>', 1_900_000, SHEET_TAIL),
      ),
    }),
  'cells (12 million in one row)': async () =>
    workbookZip({
      sheet: deflatedPart(
        await deflatedRepeat(`${SHEET_HEAD}<row r="1">`, '<c><v>1</v></c>', 12_000_000, `</row>${SHEET_TAIL}`),
      ),
    }),
  'depth (5 million levels)': async () =>
    workbookZip({
      sheet: deflatedPart(
        await deflatedRepeat(
          `${SHEET_HEAD}<row r="1">${'<x>'.repeat(5_000_000)}`,
          '</x>',
          5_000_000,
          `</row>${SHEET_TAIL}`,
        ),
      ),
    }),
  'entities (a billion laughs)': async () => {
    const entities = ['<!ENTITY a0 "ha">'];
    for (let level = 1; level <= 9; level += 1) entities.push(`<!ENTITY a${level} "${`&a${level - 1};`.repeat(10)}">`);
    return workbookZip({
      sheet: `<?xml version="1.0"?><!DOCTYPE worksheet [${entities.join('')}]><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>&a9;</t></is></c></row></sheetData></worksheet>`,
    });
  },
  'entries (a zip of 60,000)': async () =>
    workbookZip({
      sheet: `${SHEET_HEAD}<row r="1"><c r="A1"><v>1</v></c></row>${SHEET_TAIL}`,
      extra: Array.from({ length: 60_000 }, (_, index) => ({
        name: `xl/worksheets/sheet${index + 2}.xml`,
        data: Buffer.from('<worksheet/>'),
      })),
    }),
};
