import { formatCount } from '@cimiento/domain';
import { projectEventChange } from '@cimiento/domain/history';
import { saveTaskCompanyContract } from '@cimiento/domain/last-planner';
import { recordChange } from '../collab/history-queries';
import { defineHandler } from '../core/define-handler';
import { HttpsError } from '../core/https-error';
import { chunks } from '../db/db-helpers';
import { readPlannerGantt, taskText } from './last-planner-queries';
import { liveProjectName } from '../members/member-queries';

/** How many tasks the history entry names (the rest are counted). */
const EXAMPLES = 5;

/**
 * saveTaskCompany {id, taskIds, companyId}: which of the project's companies does each named task
 * (null: none). Leaves only: a summary's work is its leaves'. Every task is checked before anything
 * is written; one history entry.
 */
export const handleSaveTaskCompany = defineHandler(
  saveTaskCompanyContract,
  async ({ id, taskIds, companyId }, { db, caller }) => {
    await liveProjectName(db, id);
    const gantt = await readPlannerGantt(db, id);
    const unique = [...new Set(taskIds)];
    const missing = unique.filter((taskId) => !gantt.byId.has(taskId));
    if (missing.length > 0) {
      throw new HttpsError(
        'INVALID_ARGUMENT',
        `Tareas: ${missing.length === 1 ? `la tarea ${missing[0]} no existe` : `${formatCount(missing.length, 'tarea no existe', 'tareas no existen')} (${missing.slice(0, 5).join(', ')}${missing.length > 5 ? '…' : ''})`} en el Gantt`,
      );
    }
    const summaries = unique.flatMap((taskId) => {
      const task = gantt.byId.get(taskId);
      return task?.isSummary === true ? [task] : [];
    });
    if (summaries.length > 0) {
      throw new HttpsError(
        'INVALID_ARGUMENT',
        `Tareas: ${taskText(summaries[0] as (typeof summaries)[number])} es una tarea resumen: la empresa se asigna a sus tareas`,
      );
    }
    const result = await db.transaction().execute(async (trx) => {
      const projectName = await liveProjectName(trx, id);
      let companyName: string | null = null;
      if (companyId !== null) {
        const company = await trx
          .selectFrom('project_company')
          .select('name')
          .where('project_id', '=', id)
          .where('id', '=', companyId)
          .executeTakeFirst();
        if (!company) throw new HttpsError('INVALID_ARGUMENT', 'Empresa: no es una empresa del proyecto');
        companyName = company.name;
      }
      const current = new Map(
        (
          await trx.selectFrom('task_company').select(['task_id', 'company_id']).where('project_id', '=', id).execute()
        ).map((row) => [Number(row.task_id), row.company_id]),
      );
      const changed = unique.filter((taskId) => (current.get(taskId) ?? null) !== companyId);
      for (const part of chunks(changed)) {
        await trx.deleteFrom('task_company').where('project_id', '=', id).where('task_id', 'in', part).execute();
        if (companyId !== null) {
          await trx
            .insertInto('task_company')
            .values(part.map((taskId) => ({ project_id: id, task_id: taskId, company_id: companyId })))
            .execute();
        }
      }
      if (changed.length > 0) {
        const examples = changed
          .slice(0, EXAMPLES)
          .map((taskId) => taskText(gantt.byId.get(taskId) ?? { code: String(taskId), name: '' }));
        if (changed.length > EXAMPLES)
          examples.push(`y ${formatCount(changed.length - EXAMPLES, 'tarea más', 'tareas más')}`);
        await recordChange(
          trx,
          id,
          { caller, functionName: 'saveTaskCompany' },
          'lastPlanner',
          projectEventChange({ kind: 'task-company', company: companyName, tasks: changed.length, examples }),
          projectName,
        );
      }
      return { changed: changed.length, companyName };
    });
    const what = formatCount(result.changed, 'tarea', 'tareas');
    return {
      changed: result.changed,
      message:
        result.changed === 0
          ? 'Las tareas ya tenían esa empresa'
          : result.companyName === null
            ? `Empresa quitada de ${what}`
            : `${what} de ${result.companyName}`,
    };
  },
);
