import { projectEventChange } from '@cimiento/domain/history';
import type { FieldChange } from '@cimiento/domain/history';
import {
  PROJECT_STALE_MESSAGE,
  canonicalDecimal,
  formatMoney,
  projectDefaults,
  projectCodeInTrashMessage,
  projectCodeTakenMessage,
  weekdaysOfWorkWeek,
} from '@cimiento/domain';
import type {
  Currency,
  EdpItem,
  LoadedProject,
  ParsedProjectUpdateInput,
  Project,
  ProjectAreaType,
  ProjectCalendar,
  ProjectTemplate,
  Sector,
} from '@cimiento/domain';
import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import { chunks, codeKey } from '../db/db-helpers';
import type { Database, ProjectAreaTypeTable, ProjectTable } from '../db/schema';
import { HttpsError } from '../core/https-error';
import { recordChange } from '../collab/history-queries';
import type { ChangeAuthor } from '../collab/history-queries';
import { readEdpItems, withEdpAmounts } from '../edp/edp-queries';
import { addCreatorAsPlanner } from '../members/project-access';
import { toWorkWeekOption, projectCalendarOf, calendarColumns, toSequencing } from '../db/project-columns';

/**
 * Projects (issue 4): relational rows ↔ the spec's project documents. A project holds copies of
 * the catalogue's area types (never references) and its EDP as `edp_item` rows; everything under a
 * project goes with it (ON DELETE CASCADE).
 */

type ProjectRow = Selectable<ProjectTable>;
type AreaTypeRow = Pick<
  Selectable<ProjectAreaTypeTable>,
  'area_type_id' | 'code' | 'name' | 'priority' | 'quantity' | 'sectores'
>;

const projectColumns = [
  '_id',
  'code',
  'name',
  'priority',
  'template',
  'start_year',
  'end_year',
  'currency',
  'budget',
  'edp_version',
  'gantt_work_week',
  'sequencing',
  'version',
  'created_by',
  'created_at',
] as const;

export function seconds(iso: string): { _seconds: number } {
  return { _seconds: Math.floor(Date.parse(iso) / 1000) };
}

function notFound(): HttpsError {
  return new HttpsError('NOT_FOUND', 'Proyecto no encontrado');
}

export function duplicateCodeError(clash: { code: string; inTrash?: boolean }): HttpsError {
  return new HttpsError('ALREADY_EXISTS', codeTakenMessage(clash));
}

/** issue 30: a code a project in the 'Papelera' holds is taken, and the refusal says where it is. */
export function codeTakenMessage(clash: { code: string; inTrash?: boolean }): string {
  return clash.inTrash === true ? projectCodeInTrashMessage(clash.code) : projectCodeTakenMessage(clash.code);
}

function toProjectAreaType(row: AreaTypeRow): ProjectAreaType {
  return {
    _id: row.area_type_id,
    id: row.area_type_id,
    code: row.code,
    name: row.name,
    priority: Number(row.priority),
    sectores: JSON.parse(row.sectores) as Sector[],
    quantity: Number(row.quantity),
  };
}

export function toProject(
  row: Pick<ProjectRow, (typeof projectColumns)[number]>,
  areaTypes: readonly AreaTypeRow[],
  edpItemCount: number,
): Project {
  return {
    _id: row._id,
    id: row._id,
    name: row.name,
    code: row.code,
    priority: String(row.priority),
    template: row.template as ProjectTemplate,
    startYear: String(row.start_year),
    endYear: String(row.end_year),
    currency: row.currency as Project['currency'],
    // numeric(22, 4) comes back from PostgreSQL as "1234.5000"; SQLite keeps the canonical text
    budget: canonicalDecimal(row.budget),
    tiposArea: areaTypes.map(toProjectAreaType),
    date: seconds(row.created_at),
    edpItemCount,
    workWeek: toWorkWeekOption(row.gantt_work_week),
    sequencing: toSequencing(row.sequencing),
    version: Number(row.version),
  };
}

/**
 * importProject (issue 14): the project row and EDP of an imported schedule, inside the caller's
 * transaction (which then writes the Gantt). Like saveProject: the code is checked
 * case-insensitively first (ALREADY_EXISTS; the UNIQUE code_key settles races, see the caller),
 * then the row takes saveProject's defaults for what a file does not say (priority, budget, and
 * the currency unless the file's is CLP, CLF (the UF) or USD: issue 35), template 'generica' with no area types, no sequencing (the file's links are the
 * schedule) and the file's calendar; its versions are a new project's.
 */
export async function insertImportedProject(
  trx: Transaction<Database>,
  input: {
    code: string;
    name: string;
    startYear: number;
    endYear: number;
    calendar: ProjectCalendar;
    edpItems: readonly EdpItem[];
    /** issue 35: the file's currency when Cimiento has it (MS Project's CLP, CLF as UF, USD); else the default */
    currency?: 'CLP' | 'UF' | 'USD' | undefined;
  },
  callerId: string,
): Promise<Project> {
  const clash = await findCodeClash(trx, input.code);
  if (clash) throw duplicateCodeError(clash);
  const now = new Date().toISOString();
  const columns = calendarColumns(input.calendar);
  const row = {
    _id: uuidv7(),
    code: input.code,
    code_key: codeKey(input.code),
    name: input.name,
    priority: Number(projectDefaults.priority),
    template: 'generica',
    start_year: input.startYear,
    end_year: input.endYear,
    currency: input.currency ?? projectDefaults.currency,
    budget: projectDefaults.budget,
    sequencing: 'none',
    ...columns,
    created_by: callerId,
    created_at: now,
    updated_at: now,
  } satisfies Insertable<ProjectTable>;
  await trx.insertInto('project').values(row).execute();
  await addCreatorAsPlanner(trx, row._id, callerId);
  await insertEdpItems(trx, row._id, input.edpItems);
  return toProject({ ...row, edp_version: 1, version: 1 }, [], input.edpItems.length);
}

/** A code importProject lost to a concurrent save (UNIQUE code_key) as the usual refusal, naming the code as the winner wrote it. */
export async function projectCodeTaken(db: Kysely<Database>, code: string): Promise<HttpsError> {
  const clash = await findCodeClash(db, code);
  return duplicateCodeError(clash ?? { code });
}

export async function insertEdpItems(
  db: Kysely<Database>,
  projectId: string,
  items: readonly EdpItem[],
): Promise<void> {
  const rows = items.map((item, position) => ({
    project_id: projectId,
    id: item.id,
    parent_id: item.parentId ?? null,
    code: item.code,
    name: item.name,
    position,
  }));
  for (const part of chunks(rows)) {
    await db.insertInto('edp_item').values(part).execute();
  }
}

/** The project's row and its area types in their order; NOT_FOUND when it is gone or in the trash. */
async function readProjectRows(
  db: Kysely<Database>,
  id: string,
): Promise<{ row: Pick<ProjectRow, (typeof projectColumns)[number]>; areaTypes: AreaTypeRow[] }> {
  const row = await db
    .selectFrom('project')
    .select(projectColumns)
    .where('_id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw notFound();
  const areaTypes = await db
    .selectFrom('project_area_type')
    .select(['area_type_id', 'code', 'name', 'priority', 'quantity', 'sectores'])
    .where('project_id', '=', id)
    .orderBy('position')
    .execute();
  return { row, areaTypes };
}

/**
 * loadProject: the project with its area types and its EDP in generation order. Read in one
 * repeatable-read transaction so the items and `edp_version` belong together (issue 5 sends the
 * version back to detect a stale save); SQLite's single connection gives the same guarantee.
 */
export async function loadProject(db: Kysely<Database>, id: string): Promise<LoadedProject> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const { row, areaTypes } = await readProjectRows(trx, id);
      const items = withEdpAmounts(await readEdpItems(trx, id), row.currency as Currency);
      return {
        ...toProject(row, areaTypes, items.length),
        edp: { items, version: Number(row.edp_version) },
      };
    });
}

/**
 * The stamp of loadProject's answer (issue 18: functions/answer-cache.ts): the project's version and
 * its EDP's version. Every write of what loadProject answers moves one of them on, and neither ever
 * comes back to an earlier value: the project's own fields ('Editar proyecto', the work week, the
 * calendar and the sequencing move `version`), its EDP items and their prices (every EDP save
 * claims `edp_version`, edp-queries.ts); its area types are written once, with the project.
 * Undefined when the project is gone or in the trash (loadProject then refuses it; issue 30: a
 * remembered answer is never given for a project in the trash).
 */
export async function readProjectStamp(db: Kysely<Database>, id: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('project')
    .select(['version', 'edp_version'])
    .where('_id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row === undefined ? undefined : projectStamp(id, Number(row.version), Number(row.edp_version));
}

/** The stamp readProjectStamp reads, of a loaded project. */
export function projectStamp(id: string, version: number, edpVersion: number): string {
  return `${id}:${version}:${edpVersion}`;
}

// ---------------------------------------------------------------- editing ('Editar proyecto', issue 12)

/**
 * The project whose code is `code` case-insensitively (domain.md), leaving `exceptId` out. A project
 * in the trash keeps its code (issue 30): `inTrash` says so, for the refusal's words.
 */
export async function findCodeClash(
  db: Kysely<Database>,
  code: string,
  exceptId?: string,
): Promise<{ _id: string; code: string; inTrash: boolean } | undefined> {
  let query = db.selectFrom('project').select(['_id', 'code', 'deleted_at']).where('code_key', '=', codeKey(code));
  if (exceptId !== undefined) query = query.where('_id', '<>', exceptId);
  const row = await query.executeTakeFirst();
  return row === undefined ? undefined : { _id: row._id, code: row.code, inTrash: row.deleted_at !== null };
}

/**
 * updateProject: writes the project's own fields on the version the dialog loaded. One
 * conditional UPDATE claims the next version (as edp-queries.ts does): no row changed means stale
 * (ABORTED) or gone (NOT_FOUND), and nothing was written; in PostgreSQL it holds the row lock, so
 * two edits of one version queue and the second finds the version moved. The work week and the
 * start year are the Gantt's calendar (its working days, and its first year: earlier starts are
 * clamped to it and new tasks start there), so changing either moves `gantt_version` on in the
 * same statement: a Gantt opened before then gets the usual stale-save refusal instead of saving
 * on the other calendar. SET expressions read the row as it was, on both databases. The EDP,
 * including its root's name, is not touched.
 *
 * issue 14: the work week is a preset of the calendar's weekdays. 'custom' keeps the weekdays as
 * they are; a preset whose weekdays differ from the calendar's replaces them and keeps Chile's
 * holidays option and the exceptions. The calendar read here belongs to `basedOn`: a calendar
 * saved since moved the version on, so the UPDATE finds no row and the edit is refused as stale.
 */
export async function updateProject(
  db: Kysely<Database>,
  id: string,
  input: ParsedProjectUpdateInput,
  basedOn: number,
  author: ChangeAuthor,
): Promise<Project> {
  return db.transaction().execute(async (trx) => {
    const startYear = Number(input.startYear);
    const current = await trx
      .selectFrom('project')
      .select(['gantt_calendar', 'gantt_work_week', 'name', 'priority', 'currency', 'budget', 'start_year', 'end_year'])
      .where('_id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    const calendar = current === undefined ? undefined : projectCalendarOf(current);
    const weekdays = input.workWeek === 'custom' ? undefined : weekdaysOfWorkWeek(input.workWeek);
    const nextCalendar =
      calendar !== undefined && weekdays !== undefined && weekdays.join(',') !== calendar.workingWeekdays.join(',')
        ? { ...calendar, workingWeekdays: weekdays }
        : undefined;
    const result = await trx
      .updateTable('project')
      .set((eb) => ({
        name: input.name,
        priority: Number(input.priority),
        currency: input.currency,
        budget: input.budget,
        start_year: startYear,
        end_year: Number(input.endYear),
        ...(nextCalendar === undefined ? {} : calendarColumns(nextCalendar)),
        gantt_version:
          nextCalendar === undefined
            ? eb
                .case()
                .when('start_year', '<>', startYear)
                .then(eb('gantt_version', '+', 1))
                .else(eb.ref('gantt_version'))
                .end()
            : eb('gantt_version', '+', 1),
        version: basedOn + 1,
        updated_at: new Date().toISOString(),
      }))
      .where('_id', '=', id)
      .where('version', '=', basedOn)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) {
      const exists = await trx
        .selectFrom('project')
        .select('_id')
        .where('_id', '=', id)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      if (!exists) throw notFound();
      throw new HttpsError('ABORTED', PROJECT_STALE_MESSAGE);
    }
    const saved = await readProject(trx, id);
    // the row read before the claim is the version it was based on (the claim succeeded)
    if (current !== undefined) {
      const changes = projectFieldChanges(current, saved, nextCalendar !== undefined);
      await recordChange(
        trx,
        id,
        author,
        'project',
        projectEventChange({ kind: 'project-edited', changes }),
        saved.name,
      );
    }
    return saved;
  });
}

const workWeekLabels: Record<string, string> = {
  'mon-fri': 'lunes a viernes',
  'mon-sat': 'lunes a sábado',
  custom: 'personalizada',
};

/** The fields of 'Editar proyecto' that a save changed, as the history tells them. */
function projectFieldChanges(
  before: {
    name: string;
    priority: number | string;
    currency: string;
    budget: string | number;
    start_year: number | string;
    end_year: number | string;
    gantt_work_week: string;
  },
  after: Project,
  workWeekChanged: boolean,
): FieldChange[] {
  const changes: FieldChange[] = [];
  const field = (label: string, from: string, to: string) => {
    if (from !== to) changes.push({ label, from, to });
  };
  const money = (amount: string, currency: string) => {
    try {
      return formatMoney(amount, currency as Currency);
    } catch {
      return amount;
    }
  };
  field('Nombre', before.name, after.name);
  field('Prioridad', String(before.priority), after.priority);
  field('Moneda', before.currency, after.currency);
  field('Presupuesto', money(canonicalDecimal(before.budget), before.currency), money(after.budget, after.currency));
  field('Año de inicio', String(before.start_year), after.startYear);
  field('Año de término', String(before.end_year), after.endYear);
  if (workWeekChanged) {
    const from = toWorkWeekOption(before.gantt_work_week);
    field('Semana laboral', workWeekLabels[from] ?? from, workWeekLabels[after.workWeek] ?? after.workWeek);
  }
  return changes;
}

/** The project without its EDP items (their count only). */
async function readProject(db: Kysely<Database>, id: string): Promise<Project> {
  const { row, areaTypes } = await readProjectRows(db, id);
  const count = await db
    .selectFrom('edp_item')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('project_id', '=', id)
    .executeTakeFirstOrThrow();
  return toProject(row, areaTypes, Number(count.n));
}
