import { sortByPriority } from '@cimiento/domain';
import type {
  CatalogueResource,
  NamedResource,
  ResourceCurrency,
  ResourceType,
  Trade,
} from '@cimiento/domain/resources';
import type { Kysely, Transaction } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import { chunks, codeKey, groupBy } from '../db/db-helpers';
import type { Database } from '../db/schema';
import { HttpsError } from '../core/https-error';
import type { ParsedObject } from './catalogue-queries';

/**
 * Issue 35: the trades ('oficios') and resources ('recursos') catalogues in the database. A
 * resource is read with its crew (trade names joined in memory), its availability ranges and its own
 * calendar's non-working ranges: four queries whatever the size.
 */

/** Trades, sorted by priority; one query. */
export async function loadTrades(db: Kysely<Database>, onlyId?: string): Promise<Trade[]> {
  let query = db.selectFrom('catalogue_trade').select(['_id', 'code', 'name', 'priority']);
  if (onlyId !== undefined) query = query.where('_id', '=', onlyId);
  return sortByPriority(
    (await query.execute()).map((row) => ({
      _id: row._id,
      id: row._id,
      code: row.code,
      name: row.name,
      priority: Number(row.priority),
    })),
  );
}

/** Resources with their crews and availability ranges, sorted by priority. */
export async function loadResources(db: Kysely<Database>, onlyId?: string): Promise<CatalogueResource[]> {
  let records = db
    .selectFrom('catalogue_resource')
    .select([
      '_id',
      'code',
      'name',
      'priority',
      'type',
      'unit',
      'max_units',
      'cost_per_day',
      'cost_per_unit',
      'currency',
      'working_weekdays',
    ]);
  let crews = db
    .selectFrom('catalogue_resource_crew as c')
    .innerJoin('catalogue_trade as t', 't._id', 'c.trade_id')
    .select(['c.resource_id', 'c.trade_id', 'c.count', 'c.position', 't.name as trade_name'])
    .orderBy('c.position');
  let ranges = db
    .selectFrom('catalogue_resource_availability')
    .select(['resource_id', 'position', 'from_date', 'to_date', 'max_units'])
    .orderBy('position');
  let daysOff = db
    .selectFrom('catalogue_resource_calendar')
    .select(['resource_id', 'position', 'from_date', 'to_date', 'name'])
    .orderBy('position');
  if (onlyId !== undefined) {
    records = records.where('_id', '=', onlyId);
    crews = crews.where('c.resource_id', '=', onlyId);
    ranges = ranges.where('resource_id', '=', onlyId);
    daysOff = daysOff.where('resource_id', '=', onlyId);
  }
  const [recordRows, crewRows, rangeRows, dayOffRows] = await Promise.all([
    records.execute(),
    crews.execute(),
    ranges.execute(),
    daysOff.execute(),
  ]);
  const crewByResource = groupBy(crewRows, (row) => row.resource_id);
  const rangesByResource = groupBy(rangeRows, (row) => row.resource_id);
  const daysOffByResource = groupBy(dayOffRows, (row) => row.resource_id);
  return sortByPriority(
    recordRows.map((row) => {
      const resource: CatalogueResource = {
        _id: row._id,
        id: row._id,
        code: row.code,
        name: row.name,
        priority: Number(row.priority),
        type: row.type as ResourceType,
        unit: row.unit,
        maxUnits: Number(row.max_units),
        availability: (rangesByResource.get(row._id) ?? []).map((range) => ({
          from: range.from_date,
          to: range.to_date,
          maxUnits: Number(range.max_units),
        })),
        crew: (crewByResource.get(row._id) ?? []).map((member) => ({
          trade: member.trade_id,
          tradeName: member.trade_name,
          count: Number(member.count),
        })),
        currency: row.currency as ResourceCurrency,
      };
      if (row.cost_per_day !== null) resource.costPerDay = row.cost_per_day;
      if (row.cost_per_unit !== null) resource.costPerUnit = row.cost_per_unit;
      const exceptions = (daysOffByResource.get(row._id) ?? []).map((range) => ({
        from: range.from_date,
        to: range.to_date,
        name: range.name,
      }));
      if (row.working_weekdays !== null || exceptions.length > 0) {
        resource.calendar = {
          ...(row.working_weekdays === null ? {} : { workingWeekdays: weekdaysOf(row.working_weekdays) }),
          exceptions,
        };
      }
      return resource;
    }),
  );
}

/** '1,2,3,4' → [1, 2, 3, 4] ('' is no weekday, which the rules never store). */
function weekdaysOf(text: string): number[] {
  return text === '' ? [] : text.split(',').map(Number);
}

/** Every trade a crew names must exist; the message names the row (1-based) of the first missing. */
export async function checkTradesExist(db: Kysely<Database>, crew: ParsedObject<'recursos'>['crew']): Promise<void> {
  const wanted = [...new Set(crew.map((member) => member.trade))];
  const found = new Set<string>();
  for (const part of chunks(wanted)) {
    const rows = await db.selectFrom('catalogue_trade').select('_id').where('_id', 'in', part).execute();
    for (const row of rows) found.add(row._id);
  }
  const missing = crew.findIndex((member) => !found.has(member.trade));
  if (missing >= 0) {
    throw new HttpsError(
      'INVALID_ARGUMENT',
      `crew.${missing}.trade: el oficio ${crew[missing]?.trade} no existe en el catálogo de oficios`,
    );
  }
}

/** The columns of a resource's own row from saveObject's input. */
function resourceColumns(resource: ParsedObject<'recursos'>) {
  return {
    code: resource.code,
    code_key: codeKey(resource.code),
    name: resource.name,
    priority: resource.priority,
    type: resource.type,
    unit: resource.unit,
    max_units: resource.maxUnits,
    cost_per_day: resource.costPerDay ?? null,
    cost_per_unit: resource.costPerUnit ?? null,
    currency: resource.currency,
    // the weekdays sorted, so the same calendar is stored the same way
    working_weekdays:
      resource.calendar?.workingWeekdays === undefined
        ? null
        : [...resource.calendar.workingWeekdays].sort((a, b) => a - b).join(','),
  };
}

/** Writes a resource (new when `id` is undefined) with its crew and ranges; answers its `_id`. */
export async function writeResource(
  trx: Transaction<Database>,
  id: string | undefined,
  resource: ParsedObject<'recursos'>,
  now: string,
): Promise<string> {
  let resourceId: string;
  if (id === undefined) {
    resourceId = uuidv7();
    await trx
      .insertInto('catalogue_resource')
      .values({ _id: resourceId, ...resourceColumns(resource), created_at: now, updated_at: now })
      .execute();
  } else {
    resourceId = id;
    await trx
      .updateTable('catalogue_resource')
      .set({ ...resourceColumns(resource), updated_at: now })
      .where('_id', '=', id)
      .execute();
    await trx.deleteFrom('catalogue_resource_crew').where('resource_id', '=', id).execute();
    await trx.deleteFrom('catalogue_resource_availability').where('resource_id', '=', id).execute();
    await trx.deleteFrom('catalogue_resource_calendar').where('resource_id', '=', id).execute();
  }
  if (resource.crew.length > 0) {
    await trx
      .insertInto('catalogue_resource_crew')
      .values(
        resource.crew.map((member, position) => ({
          resource_id: resourceId,
          trade_id: member.trade,
          count: member.count,
          position,
        })),
      )
      .execute();
  }
  if (resource.availability.length > 0) {
    await trx
      .insertInto('catalogue_resource_availability')
      .values(
        resource.availability.map((range, position) => ({
          resource_id: resourceId,
          position,
          from_date: range.from,
          to_date: range.to,
          max_units: range.maxUnits,
        })),
      )
      .execute();
  }
  const daysOff = resource.calendar?.exceptions ?? [];
  if (daysOff.length > 0) {
    await trx
      .insertInto('catalogue_resource_calendar')
      .values(
        daysOff.map((range, position) => ({
          resource_id: resourceId,
          position,
          from_date: range.from,
          to_date: range.to,
          name: range.name,
        })),
      )
      .execute();
  }
  return resourceId;
}

/** The resources whose crews name trade `id`, by code: what keeps it from being deleted. */
export async function resourcesWithTrade(trx: Transaction<Database>, id: string): Promise<string[]> {
  const rows = await trx
    .selectFrom('catalogue_resource_crew as c')
    .innerJoin('catalogue_resource as r', 'r._id', 'c.resource_id')
    .select(['r.code', 'r.name'])
    .where('c.trade_id', '=', id)
    .orderBy('r.code')
    .execute();
  return rows.map((row) => `${row.code} ${row.name}`);
}

/**
 * issue 35: the projects whose Gantt tasks have resource `id`, by code, with how many tasks each
 * ('P01 Edificio Los Robles (12 tareas)'; '(en la Papelera)' for a deleted one): what keeps it.
 */
export async function projectsWithResource(
  trx: Transaction<Database>,
  id: string,
): Promise<{ label: string; tasks: number }[]> {
  const rows = await trx
    .selectFrom('gantt_task_resource as a')
    .innerJoin('project as p', 'p._id', 'a.project_id')
    .select((eb) => ['p.code', 'p.name', 'p.deleted_at', eb.fn.countAll().as('tasks')])
    .where('a.resource_id', '=', id)
    .groupBy(['p._id', 'p.code', 'p.name', 'p.deleted_at'])
    .orderBy('p.code')
    .execute();
  return rows.map((row) => {
    const tasks = Number(row.tasks);
    const where = row.deleted_at === null ? '' : ', en la Papelera';
    return { label: `${row.code} ${row.name} (${tasks} ${tasks === 1 ? 'tarea' : 'tareas'}${where})`, tasks };
  });
}

/** issue 35: the names of the resources among `ids` that are in the catalogue (a Gantt's save checks and names them). */
export async function readResourceNames(db: Kysely<Database>, ids: Iterable<string>): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  const list = [...new Set(ids)];
  for (let start = 0; start < list.length; start += 500) {
    const rows = await db
      .selectFrom('catalogue_resource')
      .select(['_id', 'name'])
      .where('_id', 'in', list.slice(start, start + 500))
      .execute();
    for (const row of rows) names.set(row._id, row.name);
  }
  return names;
}

/**
 * issue 35: the catalogue as the Gantt's 'Recursos' cell names it (id, code, name), sorted by
 * priority as the screen's list is, so a name two resources share reads as the same one there and
 * in importGantt's workbook.
 */
export async function loadNamedResources(db: Kysely<Database>): Promise<NamedResource[]> {
  const rows = await db.selectFrom('catalogue_resource').select(['_id', 'code', 'name', 'priority']).execute();
  return sortByPriority(rows.map((row) => ({ ...row, priority: Number(row.priority) }))).map(({ _id, code, name }) => ({
    _id,
    code,
    name,
  }));
}
