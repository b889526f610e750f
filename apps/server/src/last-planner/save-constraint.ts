import { projectEventChange } from '@cimiento/domain/history';
import { checkConstraintInput, saveConstraintContract } from '@cimiento/domain/last-planner';
import { v7 as uuidv7 } from 'uuid';
import { authorName, recordChange } from '../collab/history-queries';
import { defineHandler } from '../core/define-handler';
import { HttpsError } from '../core/https-error';
import {
  companyMemberIds,
  constraintOf,
  constraintToWrite,
  plannerToday,
  readCompanyRefs,
  readPlannerGantt,
  readSettings,
  staleRecord,
  taskText,
} from './last-planner-queries';
import { liveProjectName } from '../members/member-queries';

/**
 * saveConstraint {id, taskId, constraint}: adds a constraint ('Restricción') to a task or changes
 * one (naming the version it read; stale → ABORTED). Every field is checked at once by the domain's
 * checkConstraintInput with the project's list of types and companies; a responsible person must be
 * a member of the project. Releasing one ('liberada') records who and when; the history entry tells
 * the responsible person, the responsible company's members and the task's company's members.
 */
export const handleSaveConstraint = defineHandler(
  saveConstraintContract,
  async ({ id, taskId, constraint }, { db, caller }) => {
    await liveProjectName(db, id);
    const today = plannerToday();
    const [settings, companies, gantt] = await Promise.all([
      readSettings(db, id),
      readCompanyRefs(db, id),
      readPlannerGantt(db, id),
    ]);
    const task = gantt.byId.get(taskId);
    if (task === undefined) throw new HttpsError('INVALID_ARGUMENT', 'Tarea: no existe en el Gantt');
    if (task.isSummary) {
      throw new HttpsError(
        'INVALID_ARGUMENT',
        `Tarea: ${taskText(task)} es una tarea resumen: las restricciones van en sus tareas`,
      );
    }
    const checked = checkConstraintInput(
      {
        type: constraint.type,
        description: constraint.description,
        responsible: constraint.responsible,
        responsibleCompanyId: constraint.responsibleCompanyId ?? null,
        dueDate: constraint.dueDate,
        ...(constraint.state === undefined ? {} : { state: constraint.state }),
      },
      { types: settings.constraintTypes, companyIds: companies.map((company) => company.id) },
    );
    if (!checked.ok) throw new HttpsError('INVALID_ARGUMENT', Object.values(checked.errors).join('; '));
    const value = checked.constraint;
    const responsibleUserId = constraint.responsibleUserId ?? null;
    if ((constraint.constraintId === undefined) !== (constraint.version === undefined)) {
      throw new HttpsError(
        'INVALID_ARGUMENT',
        'Una restricción existente se graba con su versión; una nueva, sin ninguna de las dos',
      );
    }

    const saved = await db.transaction().execute(async (trx) => {
      const projectName = await liveProjectName(trx, id);
      if (responsibleUserId !== null) {
        const member = await trx
          .selectFrom('project_member')
          .select('user_id')
          .where('project_id', '=', id)
          .where('user_id', '=', responsibleUserId)
          .executeTakeFirst();
        if (!member) throw new HttpsError('INVALID_ARGUMENT', 'Responsable: la persona no es miembro del proyecto');
      }
      const now = new Date().toISOString();
      const who = authorName(caller);
      let constraintId = constraint.constraintId;
      let stateChange: 'released' | 'reopened' | undefined;
      if (constraintId === undefined) {
        constraintId = uuidv7();
        await trx
          .insertInto('lp_constraint')
          .values({
            id: constraintId,
            project_id: id,
            task_id: taskId,
            type: value.type,
            description: value.description,
            responsible: value.responsible,
            responsible_company_id: value.responsibleCompanyId ?? null,
            responsible_user_id: responsibleUserId,
            due_date: value.dueDate,
            state: value.state,
            version: 1,
            created_at: now,
            created_by: caller.userId,
            created_by_name: who,
            released_at: value.state === 'liberada' ? now : null,
            released_by_name: value.state === 'liberada' ? who : null,
          })
          .execute();
      } else {
        const before = await constraintToWrite(trx, id, constraintId);
        if (Number(before.task_id) !== taskId) {
          throw new HttpsError('INVALID_ARGUMENT', 'Tarea: la restricción es de otra tarea');
        }
        if (Number(before.version) !== constraint.version) throw staleRecord('La restricción');
        if (before.state !== value.state) stateChange = value.state === 'liberada' ? 'released' : 'reopened';
        const released =
          stateChange === 'released'
            ? { released_at: now, released_by_name: who }
            : stateChange === 'reopened'
              ? { released_at: null, released_by_name: null }
              : {};
        const updated = await trx
          .updateTable('lp_constraint')
          .set({
            type: value.type,
            description: value.description,
            responsible: value.responsible,
            responsible_company_id: value.responsibleCompanyId ?? null,
            responsible_user_id: responsibleUserId,
            due_date: value.dueDate,
            state: value.state,
            version: Number(before.version) + 1,
            ...released,
          })
          .where('id', '=', constraintId)
          .where('version', '=', Number(before.version))
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) !== 1) throw staleRecord('La restricción');
      }
      if (stateChange === undefined && constraint.constraintId === undefined && value.state === 'liberada')
        stateChange = 'released';
      const tell = [
        ...(responsibleUserId === null ? [] : [responsibleUserId]),
        ...(await companyMemberIds(trx, id, [value.responsibleCompanyId ?? null, task.companyId])),
      ];
      await recordChange(
        trx,
        id,
        { caller, functionName: 'saveConstraint' },
        'lastPlanner',
        projectEventChange({
          kind: 'constraint-saved',
          task: taskText(task),
          type: value.type,
          description: value.description,
          responsible: value.responsible,
          dueDate: value.dueDate,
          created: constraint.constraintId === undefined,
          ...(stateChange === undefined ? {} : { stateChange }),
        }),
        projectName,
        { alsoTell: tell },
      );
      const row = await trx
        .selectFrom('lp_constraint')
        .selectAll()
        .where('id', '=', constraintId)
        .executeTakeFirstOrThrow();
      return { constraint: constraintOf(row, today), stateChange };
    });
    const message =
      saved.stateChange === 'released'
        ? `Restricción liberada: ${saved.constraint.type}`
        : saved.stateChange === 'reopened'
          ? `Restricción reabierta: ${saved.constraint.type}`
          : constraint.constraintId === undefined
            ? `Restricción agregada a ${taskText(task)}`
            : 'Restricción grabada';
    return { constraint: saved.constraint, message };
  },
);
