import { loadProjectHoldingsContract } from '@cimiento/domain';
import { defineHandler } from '../core/define-handler';
import type { ProjectHoldings } from '@cimiento/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { projectNotFound, readProjectHoldings } from './trash-queries';

/** loadProjectHoldings: what a live project holds; in the trash or unknown → NOT_FOUND. */
export async function loadProjectHoldings(db: Kysely<Database>, projectId: string): Promise<ProjectHoldings> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const live = await trx
        .selectFrom('project')
        .select('_id')
        .where('_id', '=', projectId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      if (!live) throw projectNotFound();
      const holdings = await readProjectHoldings(trx, projectId);
      if (!holdings) throw projectNotFound();
      return holdings;
    });
}

/** What a project holds (counts and money), for 'Eliminar proyecto''s confirmation (issue 30); in the trash → NOT_FOUND. */
export const handleLoadProjectHoldings = defineHandler(loadProjectHoldingsContract, async ({ id }, { db }) => ({
  holdings: await loadProjectHoldings(db, id),
  message: 'Contenido del proyecto cargado',
}));
