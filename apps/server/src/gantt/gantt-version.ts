import { GANTT_STALE_MESSAGE } from '@cimiento/domain';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { HttpsError } from '../core/https-error';
import { projectNotFound } from './gantt-queries';

/** Moves the Gantt's version on from `basedOn`; false when another writer moved it first (or the project is gone). */
export async function claimVersion(trx: Transaction<Database>, projectId: string, basedOn: number): Promise<boolean> {
  const result = await trx
    .updateTable('project')
    .set({ gantt_version: basedOn + 1, updated_at: new Date().toISOString() })
    .where('_id', '=', projectId)
    .where('gantt_version', '=', basedOn)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * claimVersion for a save based on `basedOn`: a project that is gone → NOT_FOUND, a version another
 * writer moved on → ABORTED (GANTT_STALE_MESSAGE).
 */
export async function claimVersionOrRefuse(
  trx: Transaction<Database>,
  projectId: string,
  basedOn: number,
): Promise<void> {
  if (await claimVersion(trx, projectId, basedOn)) return;
  const exists = await trx
    .selectFrom('project')
    .select('_id')
    .where('_id', '=', projectId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!exists) throw projectNotFound();
  throw new HttpsError('ABORTED', GANTT_STALE_MESSAGE);
}
