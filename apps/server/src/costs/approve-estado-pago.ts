import { projectEventChange } from '@cimiento/domain/history';
import { approveEstadoPagoContract, formatIsoDate } from '@cimiento/domain';
import { defineHandler } from '../core/define-handler';
import type { EstadoPago } from '@cimiento/domain';
import type { Kysely } from 'kysely';
import { recordChange } from '../collab/history-queries';
import type { Database } from '../db/schema';
import type { Caller } from '../core/context';
import { HttpsError } from '../core/https-error';
import { lockProject, readHeads, notFound, readCutoff, callerName, readOne } from './estado-pago-queries';

/**
 * approveEstadoPago ('Aprobar'): freezes a draft as it stands, recorded by the caller. Refused: one
 * already approved, one with an earlier draft, one whose cut-off records no progress.
 */
export async function approveEstadoPago(
  db: Kysely<Database>,
  projectId: string,
  number: number,
  caller: Pick<Caller, 'userId' | 'name' | 'email'>,
): Promise<{ estadoPago: EstadoPago; message: string }> {
  const estadoPago = await db.transaction().execute(async (trx) => {
    await lockProject(trx, projectId);
    const rows = await readHeads(trx, projectId);
    const ep = rows.find((candidate) => candidate.number === number);
    if (!ep) throw notFound(number);
    if (ep.status === 'approved') {
      throw new HttpsError(
        'FAILED_PRECONDITION',
        `El estado de pago N°${number} ya está aprobado: no se puede modificar`,
      );
    }
    const earlierDraft = rows.find((candidate) => candidate.number < number && candidate.status === 'draft');
    if (earlierDraft) {
      throw new HttpsError(
        'FAILED_PRECONDITION',
        `Aprueba primero el estado de pago N°${earlierDraft.number}: se aprueban en orden`,
      );
    }
    const progress = await readCutoff(trx, projectId, ep.cutoff);
    if (progress === undefined || ![...progress.values()].some((value) => value > 0)) {
      throw new HttpsError(
        'FAILED_PRECONDITION',
        `El corte del ${formatIsoDate(ep.cutoff)} no registra avance: no se puede aprobar el estado de pago N°${number}`,
      );
    }
    await trx
      .updateTable('estado_pago')
      .set({
        status: 'approved',
        approved_at: new Date().toISOString(),
        approved_by: caller.userId,
        approved_by_name: callerName(caller),
      })
      .where('project_id', '=', projectId)
      .where('number', '=', number)
      .where('status', '=', 'draft')
      .execute();
    const approved = await readOne(trx, projectId, number);
    if (approved === undefined) throw notFound(number);
    const event = { kind: 'estado-pago-approved', number, cutoff: ep.cutoff } as const;
    await recordChange(
      trx,
      projectId,
      { caller, functionName: 'approveEstadoPago' },
      'costs',
      projectEventChange(event),
    );
    return approved;
  });
  return { estadoPago, message: `Estado de pago N°${number} aprobado: ya no cambia` };
}

/** 'Aprobar': freezes a draft EP as it stands, recorded by the caller. */
export const handleApproveEstadoPago = defineHandler(
  approveEstadoPagoContract,
  async ({ id, number }, { db, caller }) => approveEstadoPago(db, id, number, caller),
);
