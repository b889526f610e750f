import { projectEventChange } from '@cimiento/domain/history';
import { removeBaselineContract } from '@cimiento/domain';
import { defineHandler } from '../core/define-handler';
import type { Kysely } from 'kysely';
import { recordChange } from '../collab/history-queries';
import type { ChangeAuthor } from '../collab/history-queries';
import type { Database } from '../db/schema';
import type { BaselineList } from './baseline-queries';
import { lockProject, baselineNotFound, readList } from './baseline-queries';

/**
 * removeBaseline: deletes one baseline of the project (its tasks by cascade); unknown, or another
 * project's → NOT_FOUND. When it was the chosen one, the newest remaining becomes chosen (or none).
 */
export async function removeBaseline(
  db: Kysely<Database>,
  projectId: string,
  baselineId: string,
  author: ChangeAuthor,
): Promise<BaselineList & { message: string }> {
  const name = await db.transaction().execute(async (trx) => {
    await lockProject(trx, projectId, 'keep');
    // read under the lock: a choice racing this removal waits for it
    const { gantt_baseline_id: chosenBefore } = await trx
      .selectFrom('project')
      .select('gantt_baseline_id')
      .where('_id', '=', projectId)
      .executeTakeFirstOrThrow();
    const removed = await trx
      .deleteFrom('gantt_baseline')
      .where('_id', '=', baselineId)
      .where('project_id', '=', projectId)
      .returning('name')
      .executeTakeFirst();
    if (!removed) throw baselineNotFound();
    if (chosenBefore === baselineId) {
      const newest = await trx
        .selectFrom('gantt_baseline')
        .select('_id')
        .where('project_id', '=', projectId)
        .orderBy('created_at', 'desc')
        .orderBy('_id', 'desc')
        .limit(1)
        .executeTakeFirst();
      await trx
        .updateTable('project')
        .set({ gantt_baseline_id: newest?._id ?? null })
        .where('_id', '=', projectId)
        .execute();
    }
    const event = { kind: 'baseline-removed', name: removed.name } as const;
    await recordChange(trx, projectId, author, 'tracking', projectEventChange(event));
    return removed.name;
  });
  return { ...(await readList(db, projectId)), message: `Línea base «${name}» eliminada` };
}

/** Deletes one baseline; when it was the chosen one, the newest remaining is chosen (or none). */
export const handleRemoveBaseline = defineHandler(removeBaselineContract, async ({ id, baselineId }, { db, caller }) =>
  removeBaseline(db, id, baselineId, { caller, functionName: 'removeBaseline' }),
);
