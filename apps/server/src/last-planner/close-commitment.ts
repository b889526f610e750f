import { formatIsoDate } from '@cimiento/domain';
import { projectEventChange } from '@cimiento/domain/history';
import {
  COMMITMENT_OUTCOME_LABELS,
  checkCommitmentClose,
  closeCommitmentContract,
  commitmentAmountText,
} from '@cimiento/domain/last-planner';
import { authorName, recordChange } from '../collab/history-queries';
import { defineHandler } from '../core/define-handler';
import { HttpsError } from '../core/https-error';
import {
  amountOfRow,
  commitmentOf,
  commitmentToWrite,
  companyMemberIds,
  plannerToday,
  readPlannerGantt,
  readSettings,
  staleRecord,
} from './last-planner-queries';
import { liveProjectName } from '../members/member-queries';

/**
 * closeCommitment {id, commitmentId, version, outcome, cause}: the week's close: 'Cumplido', 'No
 * cumplido' with a cause from the project's list, or null to reopen it. A week that has not begun is
 * not closed; a commitment already passed to the progress keeps its outcome. A missed commitment
 * tells the members of its company and whoever took it.
 */
export const handleCloseCommitment = defineHandler(
  closeCommitmentContract,
  async ({ id, commitmentId, version, outcome, cause }, { db, caller }) => {
    await liveProjectName(db, id);
    const today = plannerToday();
    const [settings, gantt] = await Promise.all([readSettings(db, id), readPlannerGantt(db, id)]);
    const saved = await db.transaction().execute(async (trx) => {
      const projectName = await liveProjectName(trx, id);
      const row = await commitmentToWrite(trx, id, commitmentId);
      if (Number(row.version) !== version) throw staleRecord('El compromiso');
      if (row.transferred_cutoff !== null) {
        throw new HttpsError(
          'FAILED_PRECONDITION',
          `El compromiso ya se pasó al avance al ${formatIsoDate(row.transferred_cutoff)}: su resultado no cambia`,
        );
      }
      const checked = checkCommitmentClose(
        { outcome, cause: cause ?? null },
        { causes: settings.causes, week: row.week, today },
      );
      if (!checked.ok) throw new HttpsError('INVALID_ARGUMENT', Object.values(checked.errors).join('; '));
      const closing = checked.outcome !== null;
      const updated = await trx
        .updateTable('lp_commitment')
        .set({
          outcome: checked.outcome,
          cause: checked.cause,
          closed_at: closing ? new Date().toISOString() : null,
          closed_by_name: closing ? authorName(caller) : null,
          version: Number(row.version) + 1,
        })
        .where('id', '=', commitmentId)
        .where('version', '=', Number(row.version))
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) throw staleRecord('El compromiso');
      const task = gantt.byId.get(Number(row.task_id));
      const amount = commitmentAmountText(amountOfRow(row), task?.unit ?? null);
      const tell =
        checked.outcome === 'no-cumplido'
          ? [
              ...(row.created_by === null ? [] : [row.created_by]),
              ...(await companyMemberIds(trx, id, [row.company_id])),
            ]
          : [];
      await recordChange(
        trx,
        id,
        { caller, functionName: 'closeCommitment' },
        'lastPlanner',
        projectEventChange({
          kind: 'commitment-closed',
          task: `${row.task_code} «${row.task_name}»`,
          week: row.week,
          amount,
          outcome: checked.outcome === null ? null : COMMITMENT_OUTCOME_LABELS[checked.outcome],
          cause: checked.cause,
        }),
        projectName,
        { alsoTell: tell },
      );
      const after = await trx
        .selectFrom('lp_commitment')
        .selectAll()
        .where('id', '=', commitmentId)
        .executeTakeFirstOrThrow();
      return commitmentOf(after, task);
    });
    const label = saved.outcome === null ? 'reabierto' : COMMITMENT_OUTCOME_LABELS[saved.outcome];
    return {
      commitment: saved,
      message: `Compromiso ${label}${saved.cause === null ? '' : ` (causa: ${saved.cause})`}: ${saved.taskCode} «${saved.taskName}»`,
    };
  },
);
