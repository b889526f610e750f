import { projectEventChange } from '@cimiento/domain/history';
import { formatIsoDate, formatMoney, roundMoney, saveActualCostContract } from '@cimiento/domain';
import { defineHandler } from '../core/define-handler';
import type { SCurve } from '@cimiento/domain';
import type { Kysely } from 'kysely';
import { recordChange } from '../collab/history-queries';
import type { ChangeAuthor } from '../collab/history-queries';
import type { Database } from '../db/schema';
import { HttpsError } from '../core/https-error';

/**
 * saveActualCost: the actual cost to date at a recorded cut-off (rounded as the project's currency
 * stores it), or null to clear it. Unknown project → NOT_FOUND; a date with no cut-off → NOT_FOUND.
 */
export async function saveActualCost(
  db: Kysely<Database>,
  projectId: string,
  cutoff: string,
  amount: string | null,
  author: ChangeAuthor,
): Promise<{ message: string }> {
  const project = await db
    .selectFrom('project')
    .select('currency')
    .where('_id', '=', projectId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!project) throw new HttpsError('NOT_FOUND', 'Proyecto no encontrado');
  const currency = project.currency as SCurve['currency'];
  const stored = amount === null ? null : roundMoney(amount, currency);
  await db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('gantt_cutoff')
      .set({ actual_cost: stored })
      .where('project_id', '=', projectId)
      .where('cutoff', '=', cutoff)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) {
      throw new HttpsError('NOT_FOUND', `No hay un corte de avance el ${formatIsoDate(cutoff)}`);
    }
    const event = {
      kind: 'actual-cost',
      cutoff,
      amount: stored === null ? null : formatMoney(stored, currency),
    } as const;
    await recordChange(trx, projectId, author, 'costs', projectEventChange(event));
  });
  return {
    message:
      stored === null
        ? `Costo real del corte del ${formatIsoDate(cutoff)} borrado`
        : `Costo real al ${formatIsoDate(cutoff)}: ${formatMoney(stored, currency)}`,
  };
}

/** 'Costo real' at a recorded cut-off (issue 16): the AC the S-curve's CPI divides by; null clears it. */
export const handleSaveActualCost = defineHandler(
  saveActualCostContract,
  async ({ id, cutoff, amount }, { db, caller }) =>
    saveActualCost(db, id, cutoff, amount, { caller, functionName: 'saveActualCost' }),
);
