import { projectEventChange } from '@cimiento/domain/history';
import { removeEstadoPagoContract } from '@cimiento/domain';
import { defineHandler } from '../core/define-handler';
import type { Kysely } from 'kysely';
import { recordChange } from '../collab/history-queries';
import type { ChangeAuthor } from '../collab/history-queries';
import type { Database } from '../db/schema';
import { HttpsError } from '../core/https-error';
import { lockProject, notFound } from './estado-pago-queries';

/** removeEstadoPago ('Eliminar'): deletes a draft; an approved EP is refused. */
export async function removeEstadoPago(
  db: Kysely<Database>,
  projectId: string,
  number: number,
  author: ChangeAuthor,
): Promise<{ message: string }> {
  await db.transaction().execute(async (trx) => {
    await lockProject(trx, projectId);
    const row = await trx
      .selectFrom('estado_pago')
      .select('status')
      .where('project_id', '=', projectId)
      .where('number', '=', number)
      .executeTakeFirst();
    if (!row) throw notFound(number);
    if (row.status === 'approved') {
      throw new HttpsError('FAILED_PRECONDITION', `El estado de pago N°${number} está aprobado: no se puede eliminar`);
    }
    await trx.deleteFrom('estado_pago').where('project_id', '=', projectId).where('number', '=', number).execute();
    await recordChange(trx, projectId, author, 'costs', projectEventChange({ kind: 'estado-pago-removed', number }));
  });
  return { message: `Estado de pago N°${number} eliminado` };
}

/** 'Eliminar' a draft EP; an approved one is refused. */
export const handleRemoveEstadoPago = defineHandler(removeEstadoPagoContract, async ({ id, number }, { db, caller }) =>
  removeEstadoPago(db, id, number, { caller, functionName: 'removeEstadoPago' }),
);
