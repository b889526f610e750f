import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { callFunction } from './factories';
import type { CallResult } from './factories';
import type { TestApp } from './test-app';

/**
 * MS Project XML (MSPDI) for the server's tests (issue 14): the real sample files of the shared data
 * folder (never copied into the repository), a generated file of any size, and the row counts an
 * import must leave alone when it refuses.
 */

/** The four sample files of `shared/data/mspdi` (its README says what each exercises). */
export const MSPDI_SAMPLES = [
  'mpxj-task-links-project2007-mspdi.xml',
  'mpxj-mspdirelations.xml',
  'mpxj-legacy-sample.xml',
  'projectlibre-new-product.xml',
] as const;

/**
 * A folder of the shared data (`mspdi`, `p6`): `CIMIENTO_SHARED_DATA` (the `shared/data` folder)
 * when set, else the first `shared/data/{folder}` found going up from here (the repository's
 * sibling `shared` for /work/main, the same folder for a worktree under /work/wt). Throws when there
 * is none, so the tests that need it fail rather than pass without reading a file.
 */
export function sharedDataFolder(folder: 'mspdi' | 'mspdi-corpus' | 'p6'): string {
  const fromEnv = process.env.CIMIENTO_SHARED_DATA;
  if (fromEnv) {
    const dir = path.join(fromEnv, folder);
    if (existsSync(dir)) return dir;
    throw new Error(`CIMIENTO_SHARED_DATA=${fromEnv} no contiene la carpeta ${folder}`);
  }
  for (let dir = path.dirname(fileURLToPath(import.meta.url)); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'shared', 'data', folder);
    if (existsSync(candidate)) return candidate;
    if (path.dirname(dir) === dir) break;
  }
  throw new Error(
    `No se encontró la carpeta shared/data/${folder} subiendo desde las pruebas; define CIMIENTO_SHARED_DATA`,
  );
}

/** The folder holding the MS Project sample files. */
export function mspdiSampleDir(): string {
  return sharedDataFolder('mspdi');
}

/** issue 34: a Primavera P6 file of `shared/data/p6`, as base64 (importProject's XER content). */
export function readP6Base64(name: string): string {
  return readFileSync(path.join(sharedDataFolder('p6'), name)).toString('base64');
}

export function readMspdiSample(name: string): string {
  return readFileSync(path.join(mspdiSampleDir(), name), 'utf8');
}

/** importProject as the import dialog calls it; the raw response. */
export function importProject(
  t: Pick<TestApp, 'app'>,
  cookie: string,
  data: Record<string, unknown>,
): Promise<CallResult> {
  return callFunction(t.app, 'importProject', { format: 'mspdi', fileName: 'cronograma.xml', ...data }, cookie);
}

/** Rows of every table an import writes, read straight from the database. */
export async function countImportRows(t: Pick<TestApp, 'db'>) {
  const count = async (table: 'project' | 'edp_item' | 'gantt_task' | 'gantt_link') => {
    const row = await t.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };
  return {
    project: await count('project'),
    edpItem: await count('edp_item'),
    ganttTask: await count('gantt_task'),
    ganttLink: await count('gantt_link'),
  };
}

export type GeneratedMspdiOptions = {
  /** tasks besides MS Project's project row */
  tasks: number;
  /** leaves per summary (each group: one summary and its leaves) */
  perGroup?: number;
  /** YYYY-MM-DD */
  start?: string;
  /** link each leaf to the previous leaf of its group (FS, with a lag of one day every fifth link) */
  links?: boolean;
  /** extra text inside an XML comment, to make the file as large as a test needs */
  padding?: number;
  /** every task a bare one-day leaf (UID and Duration only), to fit many tasks in few bytes */
  minimal?: boolean;
};

/**
 * An MSPDI file as MS Project writes one, generated: a Monday–Friday 'Estándar' calendar, the
 * project row (UID 0), then groups of a summary (OutlineLevel 1) and its leaves (OutlineLevel 2,
 * 1–5 days, every tenth a milestone), the leaves of a group chained FS.
 */
export function generateMspdi(options: GeneratedMspdiOptions): string {
  const { tasks, perGroup = 10, start = '2026-03-02', links = true, padding = 0, minimal = false } = options;
  const parts: string[] = [
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n',
    '<Project xmlns="http://schemas.microsoft.com/project">',
    '<Name>generado.xml</Name><Title>Proyecto generado</Title>',
    `<ScheduleFromStart>1</ScheduleFromStart><StartDate>${start}T08:00:00</StartDate>`,
    '<MinutesPerDay>480</MinutesPerDay><MinutesPerWeek>2400</MinutesPerWeek><CalendarUID>1</CalendarUID>',
    '<Calendars><Calendar><UID>1</UID><Name>Estándar</Name><IsBaseCalendar>1</IsBaseCalendar><WeekDays>',
  ];
  for (let day = 1; day <= 7; day += 1) {
    const working = day >= 2 && day <= 6;
    parts.push(
      `<WeekDay><DayType>${day}</DayType><DayWorking>${working ? 1 : 0}</DayWorking>${
        working
          ? '<WorkingTimes><WorkingTime><FromTime>08:00:00</FromTime><ToTime>12:00:00</ToTime></WorkingTime><WorkingTime><FromTime>13:00:00</FromTime><ToTime>17:00:00</ToTime></WorkingTime></WorkingTimes>'
          : ''
      }</WeekDay>`,
    );
  }
  parts.push('</WeekDays></Calendar></Calendars>');
  if (padding > 0) parts.push(`<!--${'x'.repeat(padding)}-->`);
  parts.push(
    '<Tasks><Task><UID>0</UID><ID>0</ID><Name>Proyecto generado</Name><OutlineLevel>0</OutlineLevel><Summary>1</Summary></Task>',
  );
  let previousLeaf: number | undefined;
  let linkCount = 0;
  for (let uid = 1; uid <= tasks; uid += 1) {
    if (minimal) {
      parts.push(`<Task><UID>${uid}</UID><Duration>PT8H0M0S</Duration></Task>`);
      continue;
    }
    const summary = (uid - 1) % (perGroup + 1) === 0;
    if (summary) {
      previousLeaf = undefined;
      parts.push(
        `<Task><UID>${uid}</UID><ID>${uid}</ID><Name>Grupo ${uid}</Name><OutlineLevel>1</OutlineLevel><Summary>1</Summary></Task>`,
      );
      continue;
    }
    const days = uid % 10 === 0 ? 0 : (uid % 5) + 1;
    let link = '';
    if (links && previousLeaf !== undefined) {
      linkCount += 1;
      const lag = linkCount % 5 === 0 ? 4800 : 0;
      link = `<PredecessorLink><PredecessorUID>${previousLeaf}</PredecessorUID><Type>1</Type><LinkLag>${lag}</LinkLag><LagFormat>7</LagFormat></PredecessorLink>`;
    }
    parts.push(
      `<Task><UID>${uid}</UID><ID>${uid}</ID><Name>Actividad ${uid}</Name><OutlineLevel>2</OutlineLevel>` +
        `<Duration>PT${days * 8}H0M0S</Duration><DurationFormat>7</DurationFormat><Milestone>${days === 0 ? 1 : 0}</Milestone>` +
        `<PercentComplete>${uid % 3 === 0 ? 50 : 0}</PercentComplete>${link}</Task>`,
    );
    previousLeaf = uid;
  }
  parts.push('</Tasks></Project>\n');
  return parts.join('');
}
