import { Readable } from 'node:stream';
import { createInflateRaw } from 'node:zlib';
import { formatNumber } from '@cimiento/domain';
import { WorkbookLimitError, NotAWorkbookError, limitError, megabytes } from './xlsx-limits';
import type { WorkbookLimits } from './xlsx-limits';

/**
 * The .xlsx's zip: its directory read from the upload's bytes, and a part inflated 64 KB at a time
 * within the unpacked-bytes budget (xlsx-reader.ts).
 */

const CHUNK = 64 * 1024;

/** Compressed bytes given to the inflater at a time: at most ~1,000× that comes out of one write. */
const INFLATE_INPUT = 4 * 1024;

const END_SIGNATURE = 0x06054b50;

const ENTRY_SIGNATURE = 0x02014b50;

const LOCAL_SIGNATURE = 0x04034b50;

type ZipEntry = { name: string; method: number; flags: number; compressedSize: number; localOffset: number };

/** The zip's entries by name (the first of a repeated name); undefined: not a zip this reads. */
export function zipEntries(bytes: Buffer, limits: WorkbookLimits): Map<string, ZipEntry> | undefined {
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
  // ZIP64 (files over 4 GB): never a workbook that fits an upload
  if (count === 0xffff || at === 0xffffffff) return undefined;
  if (count > limits.entries) {
    throw limitError(
      `El archivo tiene ${formatNumber(count)} partes; un libro de Excel tiene unas pocas decenas y Cimiento lee como máximo ${formatNumber(limits.entries)}`,
    );
  }
  const entries = new Map<string, ZipEntry>();
  for (let index = 0; index < count; index += 1) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== ENTRY_SIGNATURE) return undefined;
    const nameLength = bytes.readUInt16LE(at + 28);
    const name = bytes
      .subarray(at + 46, at + 46 + nameLength)
      .toString('utf8')
      .replace(/^\/+/, '');
    if (!entries.has(name)) {
      entries.set(name, {
        name,
        flags: bytes.readUInt16LE(at + 8),
        method: bytes.readUInt16LE(at + 10),
        compressedSize: bytes.readUInt32LE(at + 20),
        localOffset: bytes.readUInt32LE(at + 42),
      });
    }
    at += 46 + nameLength + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
  }
  return entries;
}

export type Budget = { left: number; limit: number };

function spend(budget: Budget, bytes: number): void {
  budget.left -= bytes;
  if (budget.left < 0) {
    throw limitError(
      `El libro ocupa más de ${megabytes(budget.limit)} MB descomprimido; divídelo o quita las hojas que no se importan`,
    );
  }
}

function* slices(bytes: Buffer, size: number): Generator<Buffer> {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

/** One part's text, unpacked a chunk at a time under the budget. */
export async function* partText(bytes: Buffer, entry: ZipEntry, budget: Budget): AsyncGenerator<string> {
  const { localOffset, compressedSize, method, flags } = entry;
  if ((flags & 1) !== 0 || (method !== 0 && method !== 8)) throw new NotAWorkbookError('cifrado o comprimido');
  if (localOffset + 30 > bytes.length || bytes.readUInt32LE(localOffset) !== LOCAL_SIGNATURE) {
    throw new NotAWorkbookError('cabecera');
  }
  const start = localOffset + 30 + bytes.readUInt16LE(localOffset + 26) + bytes.readUInt16LE(localOffset + 28);
  if (start + compressedSize > bytes.length) throw new NotAWorkbookError('cortado');
  const raw = bytes.subarray(start, start + compressedSize);
  const decoder = new TextDecoder('utf-8', { ignoreBOM: false });
  if (method === 0) {
    for (const piece of slices(raw, CHUNK)) {
      spend(budget, piece.length);
      yield decoder.decode(piece, { stream: true });
    }
  } else {
    const source = Readable.from(slices(raw, INFLATE_INPUT));
    const inflater = createInflateRaw({ chunkSize: CHUNK });
    source.pipe(inflater);
    try {
      for await (const piece of inflater as AsyncIterable<Buffer>) {
        spend(budget, piece.length);
        yield decoder.decode(piece, { stream: true });
      }
    } catch (error) {
      if (error instanceof WorkbookLimitError) throw error;
      throw new NotAWorkbookError('deflate');
    } finally {
      source.unpipe(inflater);
      source.destroy();
      inflater.destroy();
    }
  }
  const rest = decoder.decode();
  if (rest !== '') yield rest;
}
