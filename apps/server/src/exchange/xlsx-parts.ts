import { crc32, inflateRawSync } from 'node:zlib';

/**
 * The parts of an uploaded .xlsx (a zip) that exceljs's streaming reader needs, unpacked under a
 * byte budget, and put back in the order that reader handles well. Why: the reader copies a sheet
 * stored ahead of the shared strings (as Excel and exceljs both store them) to a temporary file and
 * reads it after the rest, and in that path it sometimes misses the zip's later entries (about one
 * read in a hundred failed with "Cannot read properties of undefined (reading 'sheets')" on a
 * valid workbook). With the workbook, its relations, the shared strings and the styles first, every
 * sheet is read straight from the stream. Unpacking here also bounds what a zip bomb can make: the
 * inflater stops at the budget, whatever sizes the zip declares.
 */

const END_SIGNATURE = 0x06054b50;
const ENTRY_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;

/** The parts the streaming reader reads, in the order it is given them (sheets last, by number). */
const WANTED = [
  /^xl\/_rels\/workbook\.xml\.rels$/,
  /^xl\/workbook\.xml$/,
  /^xl\/sharedStrings\.xml$/,
  /^xl\/styles\.xml$/,
];
const SHEET = /^xl\/worksheets\/sheet(\d+)\.xml$/;

const EMPTY_SHARED_STRINGS =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
  '<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="0" uniqueCount="0"/>';

export class UnpackedTooLargeError extends Error {}

type Part = { name: string; data: Buffer };

/**
 * The workbook's parts, unpacked: undefined when the bytes are not a zip (or use what a workbook
 * never does: encryption, a method other than stored or deflate); UnpackedTooLargeError past
 * `budget` bytes unpacked.
 */
export function unpackWorkbookParts(bytes: Buffer, budget: number): Part[] | undefined {
  if (bytes.length < 22) return undefined;
  let end = -1;
  // the end record is 22 bytes plus a comment of at most 65,535
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 0xffff); at -= 1) {
    if (bytes.readUInt32LE(at) === END_SIGNATURE) {
      end = at;
      break;
    }
  }
  if (end < 0) return undefined;
  const count = bytes.readUInt16LE(end + 10);
  let at = bytes.readUInt32LE(end + 16);
  let left = budget;
  const parts: Part[] = [];
  for (let index = 0; index < count; index += 1) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== ENTRY_SIGNATURE) return undefined;
    const flags = bytes.readUInt16LE(at + 8);
    const method = bytes.readUInt16LE(at + 10);
    const compressed = bytes.readUInt32LE(at + 20);
    const nameLength = bytes.readUInt16LE(at + 28);
    const local = bytes.readUInt32LE(at + 42);
    const name = bytes.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    at += 46 + nameLength + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
    if (!WANTED.some((pattern) => pattern.test(name)) && !SHEET.test(name)) continue;
    if ((flags & 1) !== 0 || (method !== 0 && method !== 8)) return undefined;
    if (local + 30 > bytes.length || bytes.readUInt32LE(local) !== LOCAL_SIGNATURE) return undefined;
    const start = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
    if (start + compressed > bytes.length) return undefined;
    const raw = bytes.subarray(start, start + compressed);
    let data: Buffer;
    if (method === 0) {
      if (raw.length > left) throw new UnpackedTooLargeError();
      data = raw;
    } else {
      try {
        data = inflateRawSync(raw, { maxOutputLength: Math.max(1, left) });
      } catch (error) {
        if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw new UnpackedTooLargeError();
        return undefined;
      }
    }
    left -= data.length;
    parts.push({ name, data });
  }
  const rank = (name: string) => {
    const wanted = WANTED.findIndex((pattern) => pattern.test(name));
    return wanted >= 0 ? wanted : WANTED.length + Number(SHEET.exec(name)?.[1] ?? 0);
  };
  if (!parts.some((part) => part.name === 'xl/sharedStrings.xml')) {
    parts.push({ name: 'xl/sharedStrings.xml', data: Buffer.from(EMPTY_SHARED_STRINGS, 'utf8') });
  }
  return parts.sort((a, b) => rank(a.name) - rank(b.name));
}

/** The parts as an uncompressed zip, in their order: the chunks of a stream, never one big copy. */
export function storedZipChunks(parts: readonly Part[]): Buffer[] {
  const chunks: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const { name, data } of parts) {
    const nameBytes = Buffer.from(name, 'utf8');
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(LOCAL_SIGNATURE, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // names in UTF-8
    local.writeUInt16LE(0, 8); // stored
    local.writeUInt16LE(0, 10);
    local.writeUInt16LE(33, 12); // 1980-01-01
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    local.writeUInt16LE(0, 28);
    chunks.push(local, nameBytes, data);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(ENTRY_SIGNATURE, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(0x0800, 8);
    entry.writeUInt16LE(0, 10);
    entry.writeUInt16LE(0, 12);
    entry.writeUInt16LE(33, 14);
    entry.writeUInt32LE(crc, 16);
    entry.writeUInt32LE(data.length, 20);
    entry.writeUInt32LE(data.length, 24);
    entry.writeUInt16LE(nameBytes.length, 28);
    entry.writeUInt32LE(offset, 42);
    directory.push(entry, nameBytes);
    offset += 30 + nameBytes.length + data.length;
  }
  const directorySize = directory.reduce((total, part) => total + part.length, 0);
  const endRecord = Buffer.alloc(22);
  endRecord.writeUInt32LE(END_SIGNATURE, 0);
  endRecord.writeUInt16LE(parts.length, 8);
  endRecord.writeUInt16LE(parts.length, 10);
  endRecord.writeUInt32LE(directorySize, 12);
  endRecord.writeUInt32LE(offset, 16);
  return [...chunks, ...directory, endRecord];
}
