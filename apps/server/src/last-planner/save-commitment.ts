import { projectEventChange } from '@cimiento/domain/history';
import { checkCommitmentInput, commitmentAmountText, saveCommitmentContract } from '@cimiento/domain/last-planner';
import { memberMayTouchTask } from '@cimiento/domain/members';
import { v7 as uuidv7 } from 'uuid';
import { authorName, recordChange } from '../collab/history-queries';
import { defineHandler } from '../core/define-handler';
import { HttpsError } from '../core/https-error';
import {
  commitmentOf,
  commitmentToWrite,
  notYourCompanysTask,
  plannerCaller,
  plannerToday,
  readCompanyRefs,
  readConstraints,
  readPlannerGantt,
  staleRecord,
  taskText,
} from './last-planner-queries';
import { liveProjectName } from '../members/member-queries';

/**
 * saveCommitment {id, commitment}: takes a commitment of the weekly plan for a task that is ready
 * ('lista'), for the current week or a later one, saying what will be done (a %, a quantity or a
 * description: exactly one); or changes what an open one says (naming its version). A Subcontratista
 * takes its company's tasks only. The domain's checkCommitmentInput says every refusal at once.
 */
export const handleSaveCommitment = defineHandler(
  saveCommitmentContract,
  async ({ id, commitment }, { db, caller }) => {
    await liveProjectName(db, id);
    const today = plannerToday();
    const [member, gantt, constraints, companies] = await Promise.all([
      plannerCaller(db, id, caller),
      readPlannerGantt(db, id),
      readConstraints(db, id, today),
      readCompanyRefs(db, id),
    ]);
    const task = gantt.byId.get(commitment.taskId);
    if (task !== undefined && !memberMayTouchTask(member, 'commitments', task)) throw notYourCompanysTask(task);
    if ((commitment.commitmentId === undefined) !== (commitment.version === undefined)) {
      throw new HttpsError(
        'INVALID_ARGUMENT',
        'Un compromiso existente se graba con su versión; uno nuevo, sin ninguna de las dos',
      );
    }
    const saved = await db.transaction().execute(async (trx) => {
      const projectName = await liveProjectName(trx, id);
      const week = commitment.week.trim();
      const others = await trx
        .selectFrom('lp_commitment')
        .select(['id', 'task_id', 'week'])
        .where('project_id', '=', id)
        .where('task_id', '=', commitment.taskId)
        .execute();
      const checked = checkCommitmentInput(
        {
          week,
          ...(commitment.percent === undefined ? {} : { percent: commitment.percent }),
          ...(commitment.quantity === undefined ? {} : { quantity: commitment.quantity }),
          ...(commitment.description === undefined ? {} : { description: commitment.description }),
        },
        {
          task: task === undefined ? undefined : { ...task, constraints: constraints.get(task.id) ?? [] },
          today,
          weekCommitments: others
            .filter((row) => row.id !== commitment.commitmentId)
            .map((row) => ({ taskId: Number(row.task_id), week: row.week })),
        },
      );
      if (!checked.ok || task === undefined) {
        throw new HttpsError(
          'INVALID_ARGUMENT',
          checked.ok ? 'Tarea: no existe en el Gantt' : Object.values(checked.errors).join('; '),
        );
      }
      const { amount } = checked.commitment;
      const columns = {
        week,
        kind: amount.kind,
        percent: amount.kind === 'percent' ? amount.percent : null,
        quantity: amount.kind === 'quantity' ? amount.quantity : null,
        description: amount.kind === 'description' ? amount.description : null,
      };
      let commitmentId = commitment.commitmentId;
      if (commitmentId === undefined) {
        commitmentId = uuidv7();
        await trx
          .insertInto('lp_commitment')
          .values({
            id: commitmentId,
            project_id: id,
            task_id: task.id,
            task_code: task.code,
            task_name: task.name,
            company_id: task.companyId,
            ...columns,
            outcome: null,
            cause: null,
            version: 1,
            created_at: new Date().toISOString(),
            created_by: caller.userId,
            created_by_name: authorName(caller),
            closed_at: null,
            closed_by_name: null,
            transferred_cutoff: null,
          })
          .execute();
      } else {
        const before = await commitmentToWrite(trx, id, commitmentId);
        if (Number(before.task_id) !== task.id)
          throw new HttpsError('INVALID_ARGUMENT', 'Tarea: el compromiso es de otra tarea');
        if (Number(before.version) !== commitment.version) throw staleRecord('El compromiso');
        if (before.outcome !== null) {
          throw new HttpsError(
            'FAILED_PRECONDITION',
            'El compromiso ya está cerrado: reábrelo antes de cambiar lo que dice',
          );
        }
        const updated = await trx
          .updateTable('lp_commitment')
          .set({ ...columns, version: Number(before.version) + 1 })
          .where('id', '=', commitmentId)
          .where('version', '=', Number(before.version))
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) !== 1) throw staleRecord('El compromiso');
      }
      const company = companies.find((candidate) => candidate.id === task.companyId)?.name ?? null;
      await recordChange(
        trx,
        id,
        { caller, functionName: 'saveCommitment' },
        'lastPlanner',
        projectEventChange({
          kind: 'commitment-saved',
          task: taskText(task),
          week,
          amount: commitmentAmountText(amount, task.unit),
          company,
          created: commitment.commitmentId === undefined,
        }),
        projectName,
      );
      const row = await trx
        .selectFrom('lp_commitment')
        .selectAll()
        .where('id', '=', commitmentId)
        .executeTakeFirstOrThrow();
      return commitmentOf(row, task);
    });
    return {
      commitment: saved,
      message: `${commitment.commitmentId === undefined ? 'Compromiso tomado' : 'Compromiso grabado'}: ${taskText(task ?? { code: '', name: '' })}, ${saved.amountText}`,
    };
  },
);
