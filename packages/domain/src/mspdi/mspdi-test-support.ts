/// <reference types="node" />
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Test support (not shipped: only *.test.ts import it). The four sample MSPDI files live outside
 * the repository, in the shared data folder next to it (/work/shared/data/mspdi for worktrees
 * under /work/wt/<x> and for /work/main): CIMIENTO_SHARED_DATA names the data folder when set;
 * otherwise the nearest `shared/data/mspdi` found walking up from this file. Never copied in.
 */
export function mspdiSamplesDir(): string {
  return sharedDataDir('mspdi');
}

/** A folder of the shared data (`mspdi`, `mspdi-corpus`, `p6`): CIMIENTO_SHARED_DATA's, else the nearest `shared/data` walking up. */
export function sharedDataDir(folder: string): string {
  const fromEnv = process.env['CIMIENTO_SHARED_DATA'];
  if (fromEnv) return path.join(fromEnv, folder);
  for (let dir = import.meta.dirname; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'shared', 'data', folder);
    if (existsSync(candidate)) return candidate;
    if (path.dirname(dir) === dir)
      throw new Error(
        `No se encontró shared/data/${folder}; define CIMIENTO_SHARED_DATA con la carpeta de datos compartidos`,
      );
  }
}

export const SAMPLE_FILES = [
  'mpxj-legacy-sample.xml',
  'mpxj-mspdirelations.xml',
  'mpxj-task-links-project2007-mspdi.xml',
  'projectlibre-new-product.xml',
] as const;
export type SampleFile = (typeof SAMPLE_FILES)[number];

export function readSample(file: SampleFile): string {
  return readFileSync(path.join(mspdiSamplesDir(), file), 'utf8');
}

/** A minimal MSPDI file for the mapping tests: header fields, calendars and tasks as given. */
export function mspdiFile(options: {
  tasks: string[];
  header?: string;
  calendars?: string;
  after?: string;
  startDate?: string;
}): string {
  const calendars =
    options.calendars ??
    `<Calendars>${calendarXml({ uid: 1, name: 'Standard', weekdays: [1, 2, 3, 4, 5] })}</Calendars>`;
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Project xmlns="http://schemas.microsoft.com/project"><Name>prueba.xml</Name>${options.header ?? ''}<StartDate>${options.startDate ?? '2025-03-03T08:00:00'}</StartDate><CalendarUID>1</CalendarUID><MinutesPerDay>480</MinutesPerDay>${calendars}<Tasks>${options.tasks.join('')}</Tasks>${options.after ?? ''}</Project>`;
}

/** One <Task>: its fields in the given order, then its predecessor links. */
export function taskXml(
  fields: Record<string, string | number>,
  links: Record<string, string | number>[] = [],
): string {
  const body = Object.entries(fields)
    .map(([key, value]) => `<${key}>${value}</${key}>`)
    .join('');
  const linkXml = links
    .map(
      (link) =>
        `<PredecessorLink>${Object.entries(link)
          .map(([key, value]) => `<${key}>${value}</${key}>`)
          .join('')}</PredecessorLink>`,
    )
    .join('');
  return `<Task>${body}${linkXml}</Task>`;
}

/** A leaf task at outline level `level` with a duration in days. */
export function leaf(
  uid: number,
  name: string,
  days: number,
  level = 1,
  extra: Record<string, string | number> = {},
): string {
  return taskXml({
    UID: uid,
    ID: uid,
    Name: name,
    OutlineLevel: level,
    Duration: `PT${days * 8}H0M0S`,
    DurationFormat: 7,
    ...extra,
  });
}

export function calendarXml(options: {
  uid: number;
  name: string;
  weekdays?: number[];
  base?: number;
  extra?: string;
  weekDayExtra?: string;
}): string {
  const weekdays =
    options.weekdays === undefined
      ? ''
      : [0, 1, 2, 3, 4, 5, 6]
          .map(
            (day) =>
              `<WeekDay><DayType>${day + 1}</DayType><DayWorking>${options.weekdays?.includes(day) ? 1 : 0}</DayWorking></WeekDay>`,
          )
          .join('');
  return `<Calendar><UID>${options.uid}</UID><Name>${options.name}</Name><IsBaseCalendar>${options.base === undefined ? 1 : 0}</IsBaseCalendar><BaseCalendarUID>${options.base ?? -1}</BaseCalendarUID><WeekDays>${weekdays}${options.weekDayExtra ?? ''}</WeekDays>${options.extra ?? ''}</Calendar>`;
}
