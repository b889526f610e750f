import { estadoPagoSchema } from '@cimiento/domain';
import type { EstadoPago } from '@cimiento/domain';
import type { Kysely, Selectable } from 'kysely';
import type { Database, EstadoPagoTable } from '../db/schema';
import { HttpsError } from '../core/https-error';

/**
 * One stored estado de pago (table `estado_pago`, issue 16) as the EstadoPago the functions answer:
 * the row's columns (number, cutoff, status, who made and approved it, when) with its `document`
 * JSON ({periodStart, periodEnd, currency, settings, uf?, lines, totals}, the EP as computed and,
 * once approved, frozen). The document is checked against the contract's schema, so a malformed
 * one fails loudly instead of printing wrong figures.
 */

export function estadoPagoNotFound(number: number): HttpsError {
  return new HttpsError('NOT_FOUND', `No existe el estado de pago N°${number}`);
}

/** A stored row as an EstadoPago (see the module's comment). */
export function estadoPagoFromRow(row: Selectable<EstadoPagoTable>): EstadoPago {
  const document = JSON.parse(row.document) as Record<string, unknown>;
  return estadoPagoSchema.parse({
    ...document,
    number: Number(row.number),
    cutoff: row.cutoff,
    status: row.status,
    createdAt: row.created_at,
    createdBy: row.created_by_name,
    ...(row.approved_at === null ? {} : { approvedAt: row.approved_at }),
    ...(row.approved_by_name === null ? {} : { approvedBy: row.approved_by_name }),
  });
}

/** The project's EP N°`number`; none → NOT_FOUND 'No existe el estado de pago N°N'. */
export async function readEstadoPago(db: Kysely<Database>, projectId: string, number: number): Promise<EstadoPago> {
  const row = await db
    .selectFrom('estado_pago')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('number', '=', number)
    .executeTakeFirst();
  if (!row) throw estadoPagoNotFound(number);
  return estadoPagoFromRow(row);
}
