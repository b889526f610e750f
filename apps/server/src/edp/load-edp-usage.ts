import { countEdpUsage, loadEdpUsageContract } from '@cimiento/domain';
import { defineHandler } from '../core/define-handler';
import type { EdpUsage } from '@cimiento/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { HttpsError } from '../core/https-error';

/**
 * loadEdpUsage (issue 12): what each saved EDP item carries, for the editor's deletion questions.
 * Four reads in one snapshot, none per item: the project (an unknown one is refused), the EDC
 * rows grouped by item, the stored Gantt tasks that came from an EDP or EDC item (source keys) and
 * the Gantt's links; the domain's `countEdpUsage` adds them up.
 *
 * Gantt tasks are the stored ones only. A Gantt never built (version 0) has no task to lose: a
 * first load builds tasks from the EDP and EDC as they are then, so an item deleted before it
 * never gets any. Likewise an item added, or an EDC assigned, since the Gantt's last load has no
 * task yet for the deletion to take.
 */
export async function loadEdpUsage(db: Kysely<Database>, projectId: string): Promise<EdpUsage> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const project = await trx
        .selectFrom('project')
        .select('_id')
        .where('_id', '=', projectId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      if (!project) throw new HttpsError('NOT_FOUND', 'Proyecto no encontrado');
      const edcRows = await trx
        .selectFrom('edc_item')
        .select(['edp_item_id', (eb) => eb.fn.countAll().as('count')])
        .where('project_id', '=', projectId)
        .groupBy('edp_item_id')
        .execute();
      const taskRows = await trx
        .selectFrom('gantt_task')
        .select(['id', 'source_key'])
        .where('project_id', '=', projectId)
        .where('source_key', 'is not', null)
        .execute();
      const linkRows = await trx
        .selectFrom('gantt_link')
        .select(['from_id', 'to_id'])
        .where('project_id', '=', projectId)
        .execute();
      // PostgreSQL returns bigint columns and counts as strings
      return countEdpUsage({
        edcCounts: edcRows.map((row) => ({ edpItemId: Number(row.edp_item_id), count: Number(row.count) })),
        tasks: taskRows.map((row) => ({ id: Number(row.id), sourceKey: row.source_key })),
        links: linkRows.map((row) => ({ from: Number(row.from_id), to: Number(row.to_id) })),
      });
    });
}

/** What each saved EDP item carries (EDC rows, Gantt tasks and links), for the editor's deletion questions. */
export const handleLoadEdpUsage = defineHandler(loadEdpUsageContract, async ({ id }, { db }) => ({
  usage: await loadEdpUsage(db, id),
  message: 'Uso del EDP cargado',
}));
