import { projectEventChange } from '@cimiento/domain/history';
import { chooseBaselineContract } from '@cimiento/domain';
import { defineHandler } from '../core/define-handler';
import type { Kysely } from 'kysely';
import { recordChange } from '../collab/history-queries';
import type { ChangeAuthor } from '../collab/history-queries';
import type { Database } from '../db/schema';
import type { BaselineList, BaselineTaskDates } from './baseline-queries';
import { lockProject, baselineNotFound, readList } from './baseline-queries';

/**
 * chooseBaseline: the baseline the Gantt shows and compares (null: none); a baseline that is not
 * the project's → NOT_FOUND, nothing changed. Answers its dates per task, by TaskID.
 */
export async function chooseBaseline(
  db: Kysely<Database>,
  projectId: string,
  baselineId: string | null,
  author: ChangeAuthor,
): Promise<BaselineList & { tasks: BaselineTaskDates[]; message: string }> {
  const chosen = await db.transaction().execute(async (trx) => {
    await lockProject(trx, projectId, { to: baselineId });
    if (baselineId === null) {
      await recordChange(
        trx,
        projectId,
        author,
        'tracking',
        projectEventChange({ kind: 'baseline-chosen', name: null }),
      );
      return undefined;
    }
    const row = await trx
      .selectFrom('gantt_baseline')
      .select(['_id', 'name'])
      .where('_id', '=', baselineId)
      .where('project_id', '=', projectId)
      .executeTakeFirst();
    // thrown inside the transaction: the project's choice rolls back
    if (!row) throw baselineNotFound();
    const event = { kind: 'baseline-chosen', name: row.name } as const;
    await recordChange(trx, projectId, author, 'tracking', projectEventChange(event));
    return row;
  });
  const list = await readList(db, projectId);
  if (chosen === undefined) return { ...list, tasks: [], message: 'El Gantt no muestra ninguna línea base' };
  const rows = await db
    .selectFrom('gantt_baseline_task')
    .select(['task_id', 'start_date', 'finish_date', 'duration'])
    .where('baseline_id', '=', chosen._id)
    .orderBy('task_id')
    .execute();
  return {
    ...list,
    tasks: rows.map((row) => ({
      TaskID: Number(row.task_id),
      BaselineStart: row.start_date,
      BaselineFinish: row.finish_date,
      BaselineDuration: Number(row.duration),
    })),
    message: `El Gantt muestra la línea base «${chosen.name}»`,
  };
}

/** Which baseline the Gantt shows and compares (null: none), with its dates per task; the Gantt's version stays. */
export const handleChooseBaseline = defineHandler(chooseBaselineContract, async ({ id, baselineId }, { db, caller }) =>
  chooseBaseline(db, id, baselineId, { caller, functionName: 'chooseBaseline' }),
);
