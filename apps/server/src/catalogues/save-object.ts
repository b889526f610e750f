import { catalogueChange } from '@cimiento/domain/change-log';
import { saveObjectContract } from '@cimiento/domain';
import {
  activityProductivityColumns,
  catalogueWords,
  insertActivity,
  insertRecord,
  loadCatalogue,
  lockRecord,
  prepareSectors,
  prepareSubcomponents,
  recordTables,
  replaceSectors,
  replaceSubcomponents,
} from './catalogue-queries';
import { defineHandler } from '../core/define-handler';
import type { CatalogueCollection, CatalogueObject } from '@cimiento/domain';
import type { Kysely } from 'kysely';
import { recordChangeLog } from '../collab/change-log-queries';
import type { ChangeLogCaller } from '../collab/change-log-queries';
import { chunks, codeKey, isForeignKeyViolation, isUniqueViolation } from '../db/db-helpers';
import type { Database } from '../db/schema';
import { HttpsError } from '../core/https-error';
import type { ParsedObject, ParsedSaveObject } from './catalogue-queries';
import { checkTradesExist, writeResource } from './resource-queries';

/** Every ticked activity must exist; the message names the first one missing (by the code the caller sent, if any). */
async function checkActivitiesExist(
  db: Kysely<Database>,
  subcomponents: ParsedObject<'componentes'>['subcomponents'],
): Promise<void> {
  const wanted = [...new Set(subcomponents.flatMap((sub) => sub.actividades.map((activity) => activity._id)))];
  const found = new Set<string>();
  for (const part of chunks(wanted)) {
    const rows = await db.selectFrom('catalogue_activity').select('_id').where('_id', 'in', part).execute();
    for (const row of rows) found.add(row._id);
  }
  for (const sub of subcomponents) {
    const missing = sub.actividades.find((activity) => !found.has(activity._id));
    if (missing) {
      const label = missing.code ? `${missing.code} (${missing._id})` : missing._id;
      throw new HttpsError(
        'INVALID_ARGUMENT',
        `La actividad ${label} marcada en el componente básico ${sub.code} no existe`,
      );
    }
  }
}

function duplicateCodeError(collection: CatalogueCollection, code: string): HttpsError {
  return new HttpsError('ALREADY_EXISTS', `Ya existe ${catalogueWords[collection].aRecord} con el código ${code}`);
}

/**
 * saveObject: creates (no `_id`) or updates (with `_id`) one record and replaces its children, in
 * one transaction; everything is checked before the first write, so a refused save changes nothing.
 * The change (the record before and after) goes to the 'Registro de cambios' in the same
 * transaction, by `caller`; a save that changed nothing records nothing. Returns the record as
 * loadObjects shows it.
 */
export async function saveCatalogueObject(
  db: Kysely<Database>,
  input: ParsedSaveObject,
  caller: ChangeLogCaller,
): Promise<CatalogueObject> {
  const { collection } = input;
  const table = recordTables[collection];
  const object = input.object;
  // children first: pure checks, no database needed
  const sectors = input.collection === 'tipos-area' ? prepareSectors(input.object.sectores) : undefined;
  const subcomponents =
    input.collection === 'componentes' ? prepareSubcomponents(input.object.subcomponents) : undefined;

  try {
    return await db.transaction().execute(async (trx) => {
      const key = codeKey(object.code);
      let before: CatalogueObject | undefined;
      if (object._id !== undefined) {
        if (!(await lockRecord(trx, table, object._id))) throw new HttpsError('NOT_FOUND', 'El registro no existe');
        [before] = await loadCatalogue(trx, collection, object._id);
      }
      let clash = trx.selectFrom(table).select('_id').where('code_key', '=', key);
      if (object._id !== undefined) clash = clash.where('_id', '<>', object._id);
      if (await clash.executeTakeFirst()) throw duplicateCodeError(collection, object.code);
      if (input.collection === 'componentes') await checkActivitiesExist(trx, input.object.subcomponents);
      if (input.collection === 'recursos') await checkTradesExist(trx, input.object.crew);
      if (input.collection === 'actividades' && typeof input.object.resourceId === 'string') {
        const resource = await trx
          .selectFrom('catalogue_resource')
          .select('_id')
          .where('_id', '=', input.object.resourceId)
          .executeTakeFirst();
        if (!resource)
          throw new HttpsError('INVALID_ARGUMENT', 'resourceId: el recurso no existe en el catálogo de recursos');
      }

      const now = new Date().toISOString();
      const duration = input.collection === 'actividades' ? input.object.duration : undefined;
      let id: string;
      if (input.collection === 'recursos') {
        // issue 35: a resource's row, crew and ranges together
        id = await writeResource(trx, object._id, input.object, now);
      } else if (object._id === undefined) {
        id =
          input.collection === 'actividades'
            ? await insertActivity(trx, input.object, now)
            : await insertRecord(trx, table, object, now);
      } else {
        id = object._id;
        // its row is locked already (lockRecord): a concurrent save of the same record queues behind this one
        await trx
          .updateTable(table)
          .set({ code: object.code, code_key: key, name: object.name, priority: object.priority, updated_at: now })
          .where('_id', '=', id)
          .execute();
        if (input.collection === 'actividades') {
          // issue 35: the fields sent; an absent one stays as stored
          const columns = {
            ...(duration === undefined ? {} : { duration }),
            ...activityProductivityColumns(input.object),
          };
          if (Object.keys(columns).length > 0)
            await trx.updateTable('catalogue_activity').set(columns).where('_id', '=', id).execute();
        }
      }
      if (sectors) await replaceSectors(trx, id, sectors);
      if (subcomponents) await replaceSubcomponents(trx, id, subcomponents);

      const [saved] = await loadCatalogue(trx, collection, id);
      if (!saved) throw new Error('el registro recién guardado no aparece');
      await recordChangeLog(trx, caller, 'catalogue', catalogueChange(collection, before, saved));
      return saved;
    });
  } catch (error) {
    // two saves racing for the same code: the UNIQUE column decides, the loser is told as usual
    if (isUniqueViolation(error)) throw duplicateCodeError(collection, object.code);
    // a trade deleted between the check and the write
    if (isForeignKeyViolation(error) && input.collection === 'recursos') {
      throw new HttpsError(
        'INVALID_ARGUMENT',
        'Uno de los oficios de la cuadrilla ya no existe; recarga e intenta de nuevo',
      );
    }
    // an activity deleted between the check and the write
    if (isForeignKeyViolation(error)) {
      throw new HttpsError(
        'INVALID_ARGUMENT',
        'Una de las actividades marcadas ya no existe; recarga e intenta de nuevo',
      );
    }
    throw error;
  }
}

/**
 * Creates (no `_id`) or updates a catalogue record with its children; open to every signed-in user
 * (the catalogues are kept by whoever plans). Each change is in the 'Registro de cambios' (issue 30).
 */
export const handleSaveObject = defineHandler(saveObjectContract, async (input, { db, caller }) => ({
  object: await saveCatalogueObject(db, input, caller),
  message: catalogueWords[input.collection].saved,
}));
