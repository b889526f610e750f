import { catalogueChange } from '@cimiento/domain/change-log';
import type { RemovedTick } from '@cimiento/domain/change-log';
import { removeObjectContract } from '@cimiento/domain';
import { defineHandler } from '../core/define-handler';
import type { CatalogueCollection } from '@cimiento/domain';
import type { Kysely, Transaction } from 'kysely';
import { recordChangeLog } from '../collab/change-log-queries';
import type { ChangeLogCaller } from '../collab/change-log-queries';
import type { Database } from '../db/schema';
import { HttpsError } from '../core/https-error';
import { recordTables, lockRecord, loadCatalogue, catalogueWords } from './catalogue-queries';
import { projectsWithResource, resourcesWithTrade } from './resource-queries';

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** issue 35: what keeps a record from being deleted, the first ten named, then 'y N más'. */
function namedList(names: readonly string[]): string {
  const listed = names.slice(0, 10).join(', ');
  return names.length > 10 ? `${listed} y ${names.length - 10} más` : listed;
}

/** The subcomponents that tick activity `id`, with their components: what its deletion takes it off. */
async function ticksOf(trx: Transaction<Database>, id: string): Promise<RemovedTick[]> {
  const rows = await trx
    .selectFrom('catalogue_subcomponent_activity as l')
    .innerJoin('catalogue_component as c', 'c._id', 'l.component_id')
    .innerJoin('catalogue_subcomponent as s', (join) =>
      join.onRef('s.component_id', '=', 'l.component_id').onRef('s.id', '=', 'l.subcomponent_id'),
    )
    .select(['c.code as componentCode', 'c.name as componentName', 's.code as subCode', 's.name as subName'])
    .where('l.activity_id', '=', id)
    .orderBy('c.code')
    .orderBy('s.code')
    .execute();
  return rows.map((row) => ({
    component: { code: row.componentCode, name: row.componentName },
    subcomponent: { code: row.subCode, name: row.subName },
  }));
}

/**
 * removeObject. domain.md "Catalogues": deleting an activity removes it from the subcomponents that
 * list it, and says so in the message. Projects hold copies, so nothing else changes. The deleted
 * record (and where an activity was ticked) goes to the 'Registro de cambios' in the same
 * transaction, by `caller`.
 */
export async function removeCatalogueObject(
  db: Kysely<Database>,
  collection: CatalogueCollection,
  id: string,
  caller: ChangeLogCaller,
): Promise<string> {
  const table = recordTables[collection];
  return db.transaction().execute(async (trx) => {
    if (!(await lockRecord(trx, table, id))) throw new HttpsError('NOT_FOUND', 'El registro no existe');
    const [before] = await loadCatalogue(trx, collection, id);
    const removedTicks = collection === 'actividades' ? await ticksOf(trx, id) : [];
    const words = catalogueWords[collection];
    let message = words.removed;
    switch (collection) {
      case 'tipos-area':
        await trx.deleteFrom('catalogue_sector').where('area_type_id', '=', id).execute();
        break;
      case 'componentes':
        await trx.deleteFrom('catalogue_subcomponent_activity').where('component_id', '=', id).execute();
        await trx.deleteFrom('catalogue_subcomponent').where('component_id', '=', id).execute();
        break;
      case 'actividades': {
        const removed = await trx
          .deleteFrom('catalogue_subcomponent_activity')
          .where('activity_id', '=', id)
          .executeTakeFirst();
        const count = Number(removed.numDeletedRows);
        if (count > 0) {
          message += `; se quitó de ${plural(count, 'componente básico', 'componentes básicos')}`;
        }
        break;
      }
      case 'sistemas':
        break;
      case 'oficios': {
        // issue 35: a trade in a crew stays; the message says where, with the count
        const users = await resourcesWithTrade(trx, id);
        if (users.length > 0) {
          throw new HttpsError(
            'FAILED_PRECONDITION',
            `El oficio ${before?.code ?? ''} está en la cuadrilla de ${plural(users.length, 'recurso', 'recursos')}: ${namedList(users)}. Quítalo de ${users.length === 1 ? 'ella' : 'ellas'} antes de eliminarlo.`,
          );
        }
        break;
      }
      case 'recursos': {
        // issue 35: the default resource of activities stays until they change it; its crew and
        // ranges go with it (ON DELETE CASCADE)
        const users = await trx
          .selectFrom('catalogue_activity')
          .select(['code', 'name'])
          .where('resource_id', '=', id)
          .orderBy('code')
          .execute();
        if (users.length > 0) {
          const names = users.map((activity) => `${activity.code} ${activity.name}`);
          throw new HttpsError(
            'FAILED_PRECONDITION',
            `El recurso ${before?.code ?? ''} es el recurso de ${plural(users.length, 'actividad', 'actividades')}: ${namedList(names)}. Cámbialo en ${users.length === 1 ? 'ella' : 'ellas'} antes de eliminarlo.`,
          );
        }
        // issue 35: nor while a Gantt task has it ('Recursos'), in any project, the ones in the Papelera included
        const projects = await projectsWithResource(trx, id);
        if (projects.length > 0) {
          const tasks = projects.reduce((total, project) => total + project.tasks, 0);
          throw new HttpsError(
            'FAILED_PRECONDITION',
            `El recurso ${before?.code ?? ''} está asignado a ${plural(tasks, 'tarea', 'tareas')} de ${plural(projects.length, 'proyecto', 'proyectos')}: ${namedList(projects.map((project) => project.label))}. Quítalo de ${tasks === 1 ? 'ella' : 'ellas'} en el Gantt antes de eliminarlo.`,
          );
        }
        break;
      }
    }
    await trx.deleteFrom(table).where('_id', '=', id).execute();
    await recordChangeLog(trx, caller, 'catalogue', catalogueChange(collection, before, undefined, removedTicks));
    return message;
  });
}

/**
 * Deletes a catalogue record by `_id`; saved projects keep their copies. Open to every signed-in
 * user; the deleted record, as it was, is in the 'Registro de cambios' (issue 30).
 */
export const handleRemoveObject = defineHandler(removeObjectContract, async (input, { db, caller }) => ({
  message: await removeCatalogueObject(db, input.collection, input.id, caller),
}));
