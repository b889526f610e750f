import { projectEventChange } from '@cimiento/domain/history';
import { removeConstraintContract } from '@cimiento/domain/last-planner';
import { recordChange } from '../collab/history-queries';
import { defineHandler } from '../core/define-handler';
import { constraintToWrite, staleRecord } from './last-planner-queries';
import { liveProjectName } from '../members/member-queries';

/** removeConstraint {id, constraintId, version}: deletes one constraint (stale version → ABORTED). */
export const handleRemoveConstraint = defineHandler(
  removeConstraintContract,
  async ({ id, constraintId, version }, { db, caller }) =>
    db.transaction().execute(async (trx) => {
      const projectName = await liveProjectName(trx, id);
      const row = await constraintToWrite(trx, id, constraintId);
      if (Number(row.version) !== version) throw staleRecord('La restricción');
      await trx.deleteFrom('lp_constraint').where('id', '=', constraintId).execute();
      const task = (await trx
        .selectFrom('gantt_task')
        .select(['code', 'name'])
        .where('project_id', '=', id)
        .where('id', '=', row.task_id)
        .executeTakeFirst()) ?? { code: String(row.task_id), name: '' };
      await recordChange(
        trx,
        id,
        { caller, functionName: 'removeConstraint' },
        'lastPlanner',
        projectEventChange({
          kind: 'constraint-removed',
          task: `${task.code} «${task.name}»`,
          type: row.type,
          description: row.description,
        }),
        projectName,
      );
      return { message: `Restricción eliminada: ${row.type}: ${row.description}` };
    }),
);
