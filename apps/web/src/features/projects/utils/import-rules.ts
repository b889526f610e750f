import { MAX_MSPDI_CHARS } from '@cimiento/domain';
import type { ImportFormat } from '@cimiento/domain';
import { fileExtension } from '@/lib/file-reading';
import type { CodeCheck } from './wizard-rules';
import { isCodeCheckPassable, isCodeWellFormed, isFilled } from './wizard-rules';

/**
 * 'Importar programa (MS Project o Primavera P6)' (issues 14 and 34): what the dialog checks before
 * it sends a file, and how it words the file's calendar. The server checks the file again
 * (importProject).
 */

/** The largest file the dialog sends: importProject takes up to 20 MB of XML text or of XER. */
export const MAX_SCHEDULE_FILE_BYTES = MAX_MSPDI_CHARS;

export type ImportFileRefusal = { kind: 'wrongType' } | { kind: 'tooLarge'; megabytes: string } | { kind: 'empty' };

/**
 * importProject's format for a file: .xer P6's XER, .pmxml P6's XML; a .xml is P6's XML when its
 * root element is P6's (APIBusinessObjects, looked for in its first 64 KB, once read), else MS
 * Project's; another extension: undefined.
 */
export function scheduleFileFormat(fileName: string, text?: string): ImportFormat | undefined {
  const extension = fileExtension(fileName);
  if (extension === '.xer') return 'xer';
  if (extension === '.pmxml') return 'p6xml';
  if (extension !== '.xml') return undefined;
  return text !== undefined && /<(\w+:)?APIBusinessObjects[\s>/]/.test(text.slice(0, 64 * 1024)) ? 'p6xml' : 'mspdi';
}

/** Why a picked file is not sent: not a .xml, .xer or .pmxml, empty, or over 20 MB; null when it may go. */
export function refuseScheduleFile(file: { name: string; size: number }): ImportFileRefusal | null {
  if (scheduleFileFormat(file.name) === undefined) return { kind: 'wrongType' };
  if (file.size === 0) return { kind: 'empty' };
  if (file.size > MAX_SCHEDULE_FILE_BYTES) return { kind: 'tooLarge', megabytes: megabytes(file.size) };
  return null;
}

/** A size in MB with one decimal, es-CL ('20,5'). */
export function megabytes(bytes: number): string {
  return (bytes / (1024 * 1024)).toLocaleString('es-CL', { maximumFractionDigits: 1, minimumFractionDigits: 1 });
}

/** The weekday keys, 0 = Sunday … 6 = Saturday, as the calendar numbers them. */
export const weekdayKeys = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
export type WeekdayKey = (typeof weekdayKeys)[number];

export type WeekdayWords = {
  name: (key: WeekdayKey) => string;
  range: (from: string, to: string) => string;
  and: string;
  none: string;
};

/**
 * The working weekdays in words, Monday first: a run of three or more days as a range ('lunes a
 * viernes'), other days listed ('lunes, miércoles y viernes'); a week that wraps around Sunday is
 * listed too.
 */
export function describeWeekdays(weekdays: readonly number[], words: WeekdayWords): string {
  // Monday first: Monday = 0 … Sunday = 6
  const order = [...new Set(weekdays)]
    .filter((day) => Number.isInteger(day) && day >= 0 && day <= 6)
    .map((day) => (day + 6) % 7)
    .sort((a, b) => a - b);
  if (order.length === 0) return words.none;
  const nameOf = (position: number) => words.name(weekdayKeys[(position + 1) % 7] as WeekdayKey);
  const parts: string[] = [];
  let runStart = 0;
  for (let index = 1; index <= order.length; index += 1) {
    const isRunOver = index === order.length || (order[index] as number) !== (order[index - 1] as number) + 1;
    if (!isRunOver) continue;
    const run = order.slice(runStart, index);
    if (run.length >= 3) parts.push(words.range(nameOf(run[0] as number), nameOf(run.at(-1) as number)));
    else parts.push(...run.map(nameOf));
    runStart = index;
  }
  if (parts.length === 1) return parts[0] as string;
  return `${parts.slice(0, -1).join(', ')}${words.and}${parts.at(-1) as string}`;
}

/** 'Crear proyecto' may be pressed: a well-formed code not known to be taken, and a name. */
export function canCreateImported(fields: { code: string; name: string }, codeCheck: CodeCheck): boolean {
  return (
    isFilled(fields.code) &&
    isCodeWellFormed(fields.code.trim()) &&
    isFilled(fields.name) &&
    isCodeCheckPassable(codeCheck)
  );
}
