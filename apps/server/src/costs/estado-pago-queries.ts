import { DEFAULT_ESTADO_PAGO_SETTINGS, canonicalDecimal } from '@cimiento/domain';
import type { EstadoPago, EstadoPagoSettings, EstadoPagoStatus, EstadoPagoSummary } from '@cimiento/domain';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, EstadoPagoTable } from '../db/schema';
import type { Caller } from '../core/context';
import { HttpsError } from '../core/https-error';

/**
 * Estados de pago (issue 16; docs/COSTS.md, 'Estado de pago'). One `estado_pago` row per EP: N°,
 * cut-off, status and who/when are columns; `document` is the EP as computed (period, currency,
 * terms, UF value, lines, totals) in JSON, frozen once approved. The contract's terms live in
 * `project.ep_*` (null: the defaults). Every write runs in one transaction that first updates the
 * project's row, so in PostgreSQL it holds that row's lock: two racing 'Nuevo estado de pago'
 * queue, and the second sees the first's EP (never two N°2).
 */

/** What `estado_pago.document` holds. */
export type StoredDocument = Pick<
  EstadoPago,
  'periodStart' | 'periodEnd' | 'currency' | 'settings' | 'uf' | 'lines' | 'totals'
>;

export type EstadoPagoRow = Selectable<EstadoPagoTable>;

export type EstadosPagoList = {
  estadosPago: EstadoPagoSummary[];
  estadoPago?: EstadoPago;
  settings: EstadoPagoSettings;
  availableCutoffs: string[];
  message: string;
};

export function projectNotFound(): HttpsError {
  return new HttpsError('NOT_FOUND', 'Proyecto no encontrado');
}

export function notFound(number: number): HttpsError {
  return new HttpsError('NOT_FOUND', `Estado de pago N°${number} no encontrado`);
}

export function callerName(caller: Pick<Caller, 'name' | 'email'>): string {
  return caller.name.trim() === '' ? caller.email : caller.name;
}

export function toEstadoPago(row: EstadoPagoRow): EstadoPago {
  const document = JSON.parse(row.document) as StoredDocument;
  const ep: EstadoPago = {
    number: Number(row.number),
    cutoff: row.cutoff,
    periodStart: document.periodStart,
    periodEnd: document.periodEnd,
    status: row.status as EstadoPagoStatus,
    createdAt: row.created_at,
    createdBy: row.created_by_name,
    currency: document.currency,
    settings: document.settings,
    lines: document.lines,
    totals: document.totals,
  };
  if (row.approved_at !== null) ep.approvedAt = row.approved_at;
  if (row.approved_by_name !== null) ep.approvedBy = row.approved_by_name;
  if (document.uf !== undefined) ep.uf = document.uf;
  return ep;
}

/** The project's EPs in N° order, without their documents (the checks need no more). */
export async function readHeads(
  db: Kysely<Database>,
  projectId: string,
): Promise<Array<{ number: number; cutoff: string; status: EstadoPagoStatus }>> {
  const rows = await db
    .selectFrom('estado_pago')
    .select(['number', 'cutoff', 'status'])
    .where('project_id', '=', projectId)
    .orderBy('number')
    .execute();
  return rows.map((row) => ({
    number: Number(row.number),
    cutoff: row.cutoff,
    status: row.status as EstadoPagoStatus,
  }));
}

/** One EP whole, by N° (undefined: none). */
export async function readOne(
  db: Kysely<Database>,
  projectId: string,
  number: number,
): Promise<EstadoPago | undefined> {
  const row = await db
    .selectFrom('estado_pago')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('number', '=', number)
    .executeTakeFirst();
  return row === undefined ? undefined : toEstadoPago(row);
}

function decimalOr(value: string | number | null, fallback: string): string {
  return value === null ? fallback : canonicalDecimal(value);
}

/** The contract's terms (null columns: the defaults); unknown project → NOT_FOUND. */
export async function readSettings(db: Kysely<Database>, projectId: string): Promise<EstadoPagoSettings> {
  const row = await db
    .selectFrom('project')
    .select([
      'ep_contract',
      'ep_contractor',
      'ep_retention_percent',
      'ep_retention_cap_percent',
      'ep_advance_amount',
      'ep_vat_percent',
    ])
    .where('_id', '=', projectId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw projectNotFound();
  const defaults = DEFAULT_ESTADO_PAGO_SETTINGS;
  return {
    contract: row.ep_contract ?? defaults.contract,
    contractor: row.ep_contractor ?? defaults.contractor,
    retentionPercent: decimalOr(row.ep_retention_percent, defaults.retentionPercent),
    retentionCapPercent: decimalOr(row.ep_retention_cap_percent, defaults.retentionCapPercent),
    advanceAmount: decimalOr(row.ep_advance_amount, defaults.advanceAmount),
    vatPercent: decimalOr(row.ep_vat_percent, defaults.vatPercent),
  };
}

/** One cut-off's leaves' progress (undefined: that date is not a recorded cut-off). */
export async function readCutoff(
  db: Kysely<Database>,
  projectId: string,
  cutoff: string,
): Promise<Map<number, number> | undefined> {
  const row = await db
    .selectFrom('gantt_cutoff')
    .select('_id')
    .where('project_id', '=', projectId)
    .where('cutoff', '=', cutoff)
    .executeTakeFirst();
  if (!row) return undefined;
  const tasks = await db
    .selectFrom('gantt_cutoff_task')
    .select(['task_id', 'progress'])
    .where('cutoff_id', '=', row._id)
    .execute();
  return new Map(tasks.map((task) => [Number(task.task_id), Number(task.progress)]));
}

/**
 * Locks the project's row (an UPDATE of one of its EP columns to itself) for the rest of the
 * transaction. Unknown project → NOT_FOUND.
 */
export async function lockProject(trx: Transaction<Database>, projectId: string): Promise<void> {
  const result = await trx
    .updateTable('project')
    .set((eb) => ({ ep_contract: eb.ref('ep_contract') }))
    .where('_id', '=', projectId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw projectNotFound();
}
