import { formatIsoDate } from '@cimiento/domain';
import { projectEventChange } from '@cimiento/domain/history';
import { commitmentAmountText, removeCommitmentContract } from '@cimiento/domain/last-planner';
import { memberMayTouchTask } from '@cimiento/domain/members';
import { recordChange } from '../collab/history-queries';
import { defineHandler } from '../core/define-handler';
import { HttpsError } from '../core/https-error';
import {
  amountOfRow,
  commitmentToWrite,
  notYourCompanysTask,
  plannerCaller,
  staleRecord,
} from './last-planner-queries';
import { liveProjectName } from '../members/member-queries';

/**
 * removeCommitment {id, commitmentId, version}: withdraws an open commitment. A closed one counts in
 * the PPC already reported and stays (reopen it first); a Subcontratista withdraws its company's only.
 */
export const handleRemoveCommitment = defineHandler(
  removeCommitmentContract,
  async ({ id, commitmentId, version }, { db, caller }) =>
    db.transaction().execute(async (trx) => {
      const projectName = await liveProjectName(trx, id);
      const member = await plannerCaller(trx, id, caller);
      const row = await commitmentToWrite(trx, id, commitmentId);
      const task = { code: row.task_code, name: row.task_name, companyId: row.company_id };
      if (!memberMayTouchTask(member, 'commitments', task)) throw notYourCompanysTask(task);
      if (Number(row.version) !== version) throw staleRecord('El compromiso');
      if (row.outcome !== null) {
        throw new HttpsError(
          'FAILED_PRECONDITION',
          `El compromiso está cerrado (${row.outcome === 'cumplido' ? 'Cumplido' : 'No cumplido'}) y cuenta en el PPC: reábrelo antes de retirarlo`,
        );
      }
      await trx.deleteFrom('lp_commitment').where('id', '=', commitmentId).execute();
      const amount = commitmentAmountText(amountOfRow(row));
      await recordChange(
        trx,
        id,
        { caller, functionName: 'removeCommitment' },
        'lastPlanner',
        projectEventChange({
          kind: 'commitment-removed',
          task: `${row.task_code} «${row.task_name}»`,
          week: row.week,
          amount,
        }),
        projectName,
      );
      return {
        message: `Compromiso retirado de la semana del ${formatIsoDate(row.week)}: ${row.task_code} «${row.task_name}»`,
      };
    }),
);
