import { DEFAULT_ACTIVITY_DURATION, sortByPriority } from '@cimiento/domain';
import type {
  Activity,
  AreaType,
  CatalogueCollection,
  CatalogueObject,
  CatalogueSystem,
  Component,
  Sector,
  Subcomponent,
  SubcomponentActivity,
  saveObjectInputSchema,
} from '@cimiento/domain';
import type { WorkUnit } from '@cimiento/domain/resources';
import type { Insertable, Kysely, Transaction } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import type { z } from 'zod';
import { chunks, codeKey, groupBy } from '../db/db-helpers';
import type { Database } from '../db/schema';
import { HttpsError } from '../core/https-error';
import { loadResources, loadTrades } from './resource-queries';

/** saveObject's parsed input (defaults applied by the contract). */
export type ParsedSaveObject = z.output<typeof saveObjectInputSchema>;
export type ParsedObject<C extends CatalogueCollection> = Extract<ParsedSaveObject, { collection: C }>['object'];

type RecordTable =
  | 'catalogue_area_type'
  | 'catalogue_activity'
  | 'catalogue_system'
  | 'catalogue_component'
  | 'catalogue_trade'
  | 'catalogue_resource';

export const recordTables: Record<CatalogueCollection, RecordTable> = {
  'tipos-area': 'catalogue_area_type',
  actividades: 'catalogue_activity',
  sistemas: 'catalogue_system',
  componentes: 'catalogue_component',
  oficios: 'catalogue_trade',
  recursos: 'catalogue_resource',
};

/** Spanish words per collection, for messages. */
export const catalogueWords: Record<CatalogueCollection, { aRecord: string; saved: string; removed: string }> = {
  'tipos-area': { aRecord: 'un tipo de área', saved: 'Tipo de área guardado', removed: 'Tipo de área eliminado' },
  actividades: { aRecord: 'una actividad', saved: 'Actividad guardada', removed: 'Actividad eliminada' },
  sistemas: { aRecord: 'un sistema', saved: 'Sistema guardado', removed: 'Sistema eliminado' },
  componentes: { aRecord: 'un componente', saved: 'Componente guardado', removed: 'Componente eliminado' },
  oficios: { aRecord: 'un oficio', saved: 'Oficio guardado', removed: 'Oficio eliminado' },
  recursos: { aRecord: 'un recurso', saved: 'Recurso guardado', removed: 'Recurso eliminado' },
};

type Row = { _id: string; code: string; name: string; priority: number };

function toRecord(row: Row): CatalogueSystem {
  return { _id: row._id, id: row._id, code: row.code, name: row.name, priority: Number(row.priority) };
}

type ActivityRow = Row & {
  duration: number;
  work_unit: string | null;
  productivity: string | null;
  resource_id: string | null;
  resource_name: string | null;
  crews: number | null;
};

/**
 * An activity with its default duration in working days (issue 13; 0: a milestone); issue 35: its
 * unit of work, productivity, default resource (and its name) and crews.
 */
function toActivity(row: ActivityRow): Activity {
  const activity: Activity = { ...toRecord(row), duration: Number(row.duration) };
  // crews absent: 1
  if (row.crews !== null) activity.crews = Number(row.crews);
  if (row.work_unit !== null) activity.workUnit = row.work_unit as WorkUnit;
  if (row.productivity !== null) activity.productivity = row.productivity;
  if (row.resource_id !== null) activity.resourceId = row.resource_id;
  if (row.resource_name !== null) activity.resourceName = row.resource_name;
  return activity;
}

/** The activities with their resource's name (a left join), as `a`. */
function selectActivities(db: Kysely<Database>) {
  return db
    .selectFrom('catalogue_activity as a')
    .leftJoin('catalogue_resource as r', 'r._id', 'a.resource_id')
    .select([
      'a._id as _id',
      'a.code as code',
      'a.name as name',
      'a.priority as priority',
      'a.duration as duration',
      'a.work_unit as work_unit',
      'a.productivity as productivity',
      'a.resource_id as resource_id',
      'r.name as resource_name',
      'a.crews as crews',
    ]);
}

// ---------------------------------------------------------------- reading

/** Activities with their durations, sorted by priority; one query. */
export async function loadActivities(db: Kysely<Database>, onlyId?: string): Promise<Activity[]> {
  let query = selectActivities(db);
  if (onlyId !== undefined) query = query.where('a._id', '=', onlyId);
  return sortByPriority((await query.execute()).map(toActivity));
}

/** Systems, sorted by priority; one query. */
export async function loadSystems(db: Kysely<Database>, onlyId?: string): Promise<CatalogueSystem[]> {
  let query = db.selectFrom('catalogue_system').select(['_id', 'code', 'name', 'priority']);
  if (onlyId !== undefined) query = query.where('_id', '=', onlyId);
  return sortByPriority((await query.execute()).map(toRecord));
}

/** Area types with their sub-areas, each list sorted by priority; two queries. */
export async function loadAreaTypes(db: Kysely<Database>, onlyId?: string): Promise<AreaType[]> {
  let records = db.selectFrom('catalogue_area_type').select(['_id', 'code', 'name', 'priority']);
  let sectors = db
    .selectFrom('catalogue_sector')
    .select(['area_type_id', 'id', 'code', 'name', 'quantity', 'priority']);
  if (onlyId !== undefined) {
    records = records.where('_id', '=', onlyId);
    sectors = sectors.where('area_type_id', '=', onlyId);
  }
  const [recordRows, sectorRows] = await Promise.all([records.execute(), sectors.execute()]);
  const byParent = groupBy(sectorRows, (row) => row.area_type_id);
  return sortByPriority(
    recordRows.map((row) => ({
      ...toRecord(row),
      sectores: sortByPriority(
        (byParent.get(row._id) ?? []).map((sector): Sector => ({
          id: Number(sector.id),
          code: sector.code,
          name: sector.name,
          quantity: Number(sector.quantity),
          priority: Number(sector.priority),
        })),
      ),
    })),
  );
}

/**
 * Main components with their subcomponents and each one's activities (copies of the activity's
 * fields); four queries whatever the size. The ticks are read without a join and matched to the
 * activities in memory: at 20,000 ticks that is about a third faster on SQLite than joining.
 */
export async function loadComponents(db: Kysely<Database>, onlyId?: string): Promise<Component[]> {
  let records = db.selectFrom('catalogue_component').select(['_id', 'code', 'name', 'priority']);
  let subcomponents = db
    .selectFrom('catalogue_subcomponent')
    .select(['component_id', 'id', 'code', 'name', 'priority']);
  let links = db
    .selectFrom('catalogue_subcomponent_activity')
    .select(['component_id', 'subcomponent_id', 'activity_id']);
  let activities = selectActivities(db);
  if (onlyId !== undefined) {
    records = records.where('_id', '=', onlyId);
    subcomponents = subcomponents.where('component_id', '=', onlyId);
    links = links.where('component_id', '=', onlyId);
    activities = activities.where('a._id', 'in', (eb) =>
      eb.selectFrom('catalogue_subcomponent_activity').select('activity_id').where('component_id', '=', onlyId),
    );
  }
  const [recordRows, subcomponentRows, linkRows, activityRows] = await Promise.all([
    records.execute(),
    subcomponents.execute(),
    links.execute(),
    activities.execute(),
  ]);
  const activityById = new Map(activityRows.map((row) => [row._id, toActivity(row)]));
  const activitiesBySubcomponent = new Map<string, SubcomponentActivity[]>();
  for (const link of linkRows) {
    const activity = activityById.get(link.activity_id);
    if (!activity) continue;
    const key = `${link.component_id}\u0000${Number(link.subcomponent_id)}`;
    const list = activitiesBySubcomponent.get(key);
    if (list) list.push(activity);
    else activitiesBySubcomponent.set(key, [activity]);
  }
  const subcomponentsByComponent = groupBy(subcomponentRows, (row) => row.component_id);
  return sortByPriority(
    recordRows.map((row) => ({
      ...toRecord(row),
      subcomponents: sortByPriority(
        (subcomponentsByComponent.get(row._id) ?? []).map((sub): Subcomponent => ({
          id: Number(sub.id),
          code: sub.code,
          name: sub.name,
          priority: Number(sub.priority),
          actividades: sortByPriority(activitiesBySubcomponent.get(`${row._id}\u0000${Number(sub.id)}`) ?? []),
        })),
      ),
    })),
  );
}

/** One collection, sorted as domain.md says; a constant number of queries whatever its size. */
export async function loadCatalogue(
  db: Kysely<Database>,
  collection: CatalogueCollection,
  onlyId?: string,
): Promise<CatalogueObject[]> {
  switch (collection) {
    case 'tipos-area':
      return loadAreaTypes(db, onlyId);
    case 'actividades':
      return loadActivities(db, onlyId);
    case 'sistemas':
      return loadSystems(db, onlyId);
    case 'componentes':
      return loadComponents(db, onlyId);
    case 'oficios':
      return loadTrades(db, onlyId);
    case 'recursos':
      return loadResources(db, onlyId);
  }
}

// ---------------------------------------------------------------- checking

type ChildInput = { id?: number | undefined; code: string };

/**
 * domain.md "Ids and ordering": a new sub-area / subcomponent id is the highest existing id + 1.
 * Rows without an id get the next ones in the order given; ids given twice are refused, and so are
 * codes given twice (case-insensitive), naming the row.
 */
export function assignChildIds<T extends ChildInput>(
  children: readonly T[],
  words: { row: string; repeated: string; parent: string },
): (T & { id: number })[] {
  const seenIds = new Set<number>();
  const seenCodes = new Set<string>();
  for (const child of children) {
    if (child.id !== undefined) {
      if (seenIds.has(child.id)) {
        throw new HttpsError('INVALID_ARGUMENT', `${words.row} con id ${child.id} ${words.repeated}`);
      }
      seenIds.add(child.id);
    }
    const key = codeKey(child.code);
    if (seenCodes.has(key)) {
      throw new HttpsError(
        'INVALID_ARGUMENT',
        `${words.row} con el código ${child.code} ${words.repeated} en ${words.parent}`,
      );
    }
    seenCodes.add(key);
  }
  let next = Math.max(0, ...seenIds) + 1;
  return children.map((child) => {
    if (child.id !== undefined) return { ...child, id: child.id };
    const id = next;
    next += 1;
    return { ...child, id };
  });
}

const sectorWords = { row: 'La subárea', repeated: 'está repetida', parent: 'este tipo de área' };
const subcomponentWords = { row: 'El componente básico', repeated: 'está repetido', parent: 'este componente' };

export type PreparedSubcomponent = { id: number; code: string; name: string; priority: number; activityIds: string[] };

export function prepareSectors(sectores: ParsedObject<'tipos-area'>['sectores']): Sector[] {
  return assignChildIds(sectores, sectorWords).map(({ id, code, name, quantity, priority }) => ({
    id,
    code,
    name,
    quantity,
    priority,
  }));
}

export function prepareSubcomponents(
  subcomponents: ParsedObject<'componentes'>['subcomponents'],
): PreparedSubcomponent[] {
  return assignChildIds(subcomponents, subcomponentWords).map(({ id, code, name, priority, actividades }) => ({
    id,
    code,
    name,
    priority,
    // an activity ticked twice is one tick
    activityIds: [...new Set(actividades.map((activity) => activity._id))],
  }));
}

// ---------------------------------------------------------------- writing

/** Inserts a new top-level record and returns its `_id`. */
export async function insertRecord(
  db: Kysely<Database>,
  table: RecordTable,
  values: { code: string; name: string; priority: number },
  now = new Date().toISOString(),
): Promise<string> {
  const _id = uuidv7();
  await db
    .insertInto(table)
    .values({
      _id,
      code: values.code,
      code_key: codeKey(values.code),
      name: values.name,
      priority: values.priority,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return _id;
}

/** issue 35: an activity's productivity fields as saveObject takes them (absent: kept; null: none). */
export type ActivityProductivityInput = {
  workUnit?: WorkUnit | null | undefined;
  productivity?: string | null | undefined;
  resourceId?: string | null | undefined;
  crews?: number | undefined;
};

/** The columns `values` sets (absent fields are left out, so an update keeps them). */
export function activityProductivityColumns(values: ActivityProductivityInput) {
  return {
    ...(values.workUnit === undefined ? {} : { work_unit: values.workUnit }),
    ...(values.productivity === undefined ? {} : { productivity: values.productivity }),
    ...(values.resourceId === undefined ? {} : { resource_id: values.resourceId }),
    ...(values.crews === undefined ? {} : { crews: values.crews }),
  };
}

/** Inserts a new activity with its duration in working days (default 5; 0 a milestone) and returns its `_id`. */
export async function insertActivity(
  db: Kysely<Database>,
  values: { code: string; name: string; priority: number; duration?: number | undefined } & ActivityProductivityInput,
  now = new Date().toISOString(),
): Promise<string> {
  const _id = uuidv7();
  await db
    .insertInto('catalogue_activity')
    .values({
      _id,
      code: values.code,
      code_key: codeKey(values.code),
      name: values.name,
      priority: values.priority,
      duration: values.duration ?? DEFAULT_ACTIVITY_DURATION,
      ...activityProductivityColumns(values),
      created_at: now,
      updated_at: now,
    })
    .execute();
  return _id;
}

/** Replaces an area type's sub-areas. */
export async function replaceSectors(db: Kysely<Database>, areaTypeId: string, sectors: Sector[]): Promise<void> {
  await db.deleteFrom('catalogue_sector').where('area_type_id', '=', areaTypeId).execute();
  for (const part of chunks(sectors)) {
    await db
      .insertInto('catalogue_sector')
      .values(part.map((sector) => ({ area_type_id: areaTypeId, ...sector })))
      .execute();
  }
}

/** Replaces a component's subcomponents and their activity ticks (kept in the order given). */
export async function replaceSubcomponents(
  db: Kysely<Database>,
  componentId: string,
  subcomponents: PreparedSubcomponent[],
): Promise<void> {
  await db.deleteFrom('catalogue_subcomponent_activity').where('component_id', '=', componentId).execute();
  await db.deleteFrom('catalogue_subcomponent').where('component_id', '=', componentId).execute();
  for (const part of chunks(subcomponents)) {
    await db
      .insertInto('catalogue_subcomponent')
      .values(part.map(({ id, code, name, priority }) => ({ component_id: componentId, id, code, name, priority })))
      .execute();
  }
  const links: Insertable<Database['catalogue_subcomponent_activity']>[] = subcomponents.flatMap((sub) =>
    sub.activityIds.map((activityId, position) => ({
      component_id: componentId,
      subcomponent_id: sub.id,
      activity_id: activityId,
      position,
    })),
  );
  for (const part of chunks(links)) {
    await db.insertInto('catalogue_subcomponent_activity').values(part).execute();
  }
}

/**
 * Takes the record's row lock (in PostgreSQL; SQLite runs one transaction at a time) by updating it
 * to itself, and answers whether it exists. Taken before the record is read, so a save or removal
 * racing this one has committed by then and the 'Registro de cambios' tells what this one changed.
 */
export async function lockRecord(trx: Transaction<Database>, table: RecordTable, id: string): Promise<boolean> {
  const locked = await trx
    .updateTable(table)
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('_id', '=', id)
    .returning('_id')
    .executeTakeFirst();
  return locked !== undefined;
}
