import {
  DEFAULT_ESTADO_PAGO_SETTINGS,
  canonicalDecimal,
  computeEstadoPago,
  edpItemLevels,
  edpItemProgress,
  formatIsoDate,
  itemLeaves,
  missingUfValueMessage,
  projectEventChange,
} from '@cimiento/domain';
import type { Currency, EstadoPago, EstadoPagoSettings, EstadoPagoStatus, EstadoPagoSummary } from '@cimiento/domain';
import type { Kysely, Selectable, Transaction } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import { recordChange } from '../collab/history-queries';
import type { ChangeAuthor } from '../collab/history-queries';
import type { Database, EstadoPagoTable } from '../db/schema';
import type { Caller } from '../core/context';
import { HttpsError } from '../core/https-error';
import { readCostBasis } from './cost-basis';

/**
 * Estados de pago (issue 16; docs/COSTS.md, 'Estado de pago'). One `estado_pago` row per EP: N°,
 * cut-off, status and who/when are columns; `document` is the EP as computed (period, currency,
 * terms, UF value, lines, totals) in JSON, frozen once approved. The contract's terms live in
 * `project.ep_*` (null: the defaults). Every write runs in one transaction that first updates the
 * project's row, so in PostgreSQL it holds that row's lock: two racing 'Nuevo estado de pago'
 * queue, and the second sees the first's EP (never two N°2).
 */

/** What `estado_pago.document` holds. */
type StoredDocument = Pick<
  EstadoPago,
  'periodStart' | 'periodEnd' | 'currency' | 'settings' | 'uf' | 'lines' | 'totals'
>;

type EstadoPagoRow = Selectable<EstadoPagoTable>;

export type EstadosPagoList = {
  estadosPago: EstadoPagoSummary[];
  estadoPago?: EstadoPago;
  settings: EstadoPagoSettings;
  availableCutoffs: string[];
  message: string;
};

function projectNotFound(): HttpsError {
  return new HttpsError('NOT_FOUND', 'Proyecto no encontrado');
}

function notFound(number: number): HttpsError {
  return new HttpsError('NOT_FOUND', `Estado de pago N°${number} no encontrado`);
}

function callerName(caller: Pick<Caller, 'name' | 'email'>): string {
  return caller.name.trim() === '' ? caller.email : caller.name;
}

/** The day before an ISO date (the period ends the day before its cut-off). */
function dayBefore(iso: string): string {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}

function toEstadoPago(row: EstadoPagoRow): EstadoPago {
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

function toSummary(ep: EstadoPago): EstadoPagoSummary {
  const { lines: _lines, settings: _settings, ...summary } = ep;
  return summary;
}

/** The project's EPs in N° order, without their documents (the checks need no more). */
async function readHeads(
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
async function readOne(db: Kysely<Database>, projectId: string, number: number): Promise<EstadoPago | undefined> {
  const row = await db
    .selectFrom('estado_pago')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('number', '=', number)
    .executeTakeFirst();
  return row === undefined ? undefined : toEstadoPago(row);
}

/** The project's EPs in N° order. */
async function readRows(db: Kysely<Database>, projectId: string): Promise<EstadoPagoRow[]> {
  return db.selectFrom('estado_pago').selectAll().where('project_id', '=', projectId).orderBy('number').execute();
}

function decimalOr(value: string | number | null, fallback: string): string {
  return value === null ? fallback : canonicalDecimal(value);
}

/** The contract's terms (null columns: the defaults); unknown project → NOT_FOUND. */
async function readSettings(db: Kysely<Database>, projectId: string): Promise<EstadoPagoSettings> {
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

/** The recorded cut-off dates, oldest first. */
async function readCutoffDates(db: Kysely<Database>, projectId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('gantt_cutoff')
    .select('cutoff')
    .where('project_id', '=', projectId)
    .orderBy('cutoff')
    .execute();
  return rows.map((row) => row.cutoff);
}

/** One cut-off's leaves' progress (undefined: that date is not a recorded cut-off). */
async function readCutoff(
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
async function lockProject(trx: Transaction<Database>, projectId: string): Promise<void> {
  const result = await trx
    .updateTable('project')
    .set((eb) => ({ ep_contract: eb.ref('ep_contract') }))
    .where('_id', '=', projectId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw projectNotFound();
}

function listMessage(count: number): string {
  if (count === 0) return 'El proyecto no tiene estados de pago';
  return count === 1 ? '1 estado de pago' : `${count} estados de pago`;
}

/** loadEstadosPago: the EPs (N° order), with `number` that one whole, the terms and the cut-offs left. */
export async function loadEstadosPago(
  db: Kysely<Database>,
  projectId: string,
  number?: number,
): Promise<EstadosPagoList> {
  const settings = await readSettings(db, projectId);
  const rows = await readRows(db, projectId);
  const estadosPago = rows.map(toEstadoPago);
  const last = estadosPago.at(-1);
  const cutoffs = await readCutoffDates(db, projectId);
  const list: EstadosPagoList = {
    estadosPago: estadosPago.map(toSummary),
    settings,
    availableCutoffs: last === undefined ? cutoffs : cutoffs.filter((cutoff) => cutoff > last.cutoff),
    message: listMessage(rows.length),
  };
  if (number !== undefined) {
    const whole = estadosPago.find((ep) => ep.number === number);
    if (!whole) throw notFound(number);
    list.estadoPago = whole;
  }
  return list;
}

/** saveEstadoPagoSettings: the contract's terms, for drafts and later EPs. */
export async function saveEstadoPagoSettings(
  db: Kysely<Database>,
  projectId: string,
  settings: EstadoPagoSettings,
  author: ChangeAuthor,
): Promise<{ settings: EstadoPagoSettings; message: string }> {
  const saved = await db.transaction().execute(async (trx) => {
    const before = await readSettings(trx, projectId);
    const result = await trx
      .updateTable('project')
      .set({
        ep_contract: settings.contract,
        ep_contractor: settings.contractor,
        ep_retention_percent: settings.retentionPercent,
        ep_retention_cap_percent: settings.retentionCapPercent,
        ep_advance_amount: settings.advanceAmount,
        ep_vat_percent: settings.vatPercent,
      })
      .where('_id', '=', projectId)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw projectNotFound();
    const after = await readSettings(trx, projectId);
    const changes = settingsLabels.flatMap(([key, label]) =>
      before[key] === after[key] ? [] : [{ label, from: before[key], to: after[key] }],
    );
    await recordChange(trx, projectId, author, 'costs', projectEventChange({ kind: 'estado-pago-settings', changes }));
    return after;
  });
  return {
    settings: saved,
    message: 'Condiciones del contrato guardadas: se aplican a los borradores y a los próximos estados de pago',
  };
}

/** The contract's conditions as the screen names them ('Condiciones del contrato'). */
const settingsLabels: ReadonlyArray<readonly [keyof EstadoPagoSettings, string]> = [
  ['contract', 'Contrato'],
  ['contractor', 'Contratista'],
  ['retentionPercent', 'Retención %'],
  ['retentionCapPercent', 'Tope retención % del contrato'],
  ['advanceAmount', 'Anticipo'],
  ['vatPercent', 'IVA %'],
];

/** The first day of EP N°1's period: the earliest start of the Gantt's leaves, else 1 January of the start year. */
function projectStart(basis: Awaited<ReturnType<typeof readCostBasis>>): string {
  const parents = new Set(basis.tasks.flatMap((task) => (task.parentId === undefined ? [] : [task.parentId])));
  let first: string | undefined;
  for (const task of basis.tasks) {
    if (parents.has(task.id)) continue;
    const start = task.actualStart !== undefined && task.actualStart < task.start ? task.actualStart : task.start;
    if (first === undefined || start < first) first = start;
  }
  return first ?? firstOfYear(basis.project.startYear);
}

function firstOfYear(year: number): string {
  return `${String(year).padStart(4, '0')}-01-01`;
}

/**
 * saveEstadoPago ('Nuevo estado de pago', 'Recalcular'): the EP at a recorded cut-off, computed from
 * the EDP's prices now, the cut-off's progress and the previous EP as approved. Refusals
 * (FAILED_PRECONDITION, nothing written) are checked under the project's lock.
 */
export async function saveEstadoPago(
  db: Kysely<Database>,
  projectId: string,
  cutoff: string,
  caller: Pick<Caller, 'userId' | 'name' | 'email'>,
): Promise<{ estadoPago: EstadoPago; message: string }> {
  // merges the Gantt with the EDP first (its own transactions), so it runs before the lock
  const basis = await readCostBasis(db, projectId);
  const currency: Currency = basis.project.currency;
  const leaves = itemLeaves(basis.costTasks);
  const items = edpItemLevels(basis.items);
  const start = projectStart(basis);
  const yearStart = firstOfYear(basis.project.startYear);
  const date = formatIsoDate(cutoff);

  const saved = await db.transaction().execute(async (trx) => {
    await lockProject(trx, projectId);
    const leafProgress = await readCutoff(trx, projectId, cutoff);
    if (leafProgress === undefined) {
      throw new HttpsError(
        'FAILED_PRECONDITION',
        `No hay un corte de avance el ${date}: regístralo primero en «Registrar avance» del Gantt`,
      );
    }
    const rows = await readHeads(trx, projectId);
    const same = rows.find((ep) => ep.cutoff === cutoff);
    if (same?.status === 'approved') {
      throw new HttpsError(
        'FAILED_PRECONDITION',
        `El estado de pago N°${same.number} ya está aprobado: no se puede modificar`,
      );
    }
    const draft = rows.find((ep) => ep.status === 'draft');
    if (same === undefined) {
      const lastApproved = rows.filter((ep) => ep.status === 'approved').at(-1);
      if (lastApproved !== undefined && cutoff <= lastApproved.cutoff) {
        throw new HttpsError(
          'FAILED_PRECONDITION',
          `La fecha de corte debe ser posterior a la del último estado de pago aprobado (N°${lastApproved.number}, corte ${formatIsoDate(lastApproved.cutoff)})`,
        );
      }
      if (draft !== undefined) {
        throw new HttpsError(
          'FAILED_PRECONDITION',
          `El estado de pago N°${draft.number} (corte ${formatIsoDate(draft.cutoff)}) es un borrador: apruébalo o elimínalo antes de crear otro`,
        );
      }
    }
    const earlier = rows.filter((ep) => ep.cutoff < cutoff);
    const previousHead = earlier.at(-1);
    const previous = previousHead === undefined ? undefined : await readOne(trx, projectId, previousHead.number);
    const number = earlier.length + 1;

    let uf: { date: string; value: string } | undefined;
    if (currency === 'UF') {
      const row = await trx.selectFrom('uf_value').select('value').where('date', '=', cutoff).executeTakeFirst();
      if (!row) throw new HttpsError('FAILED_PRECONDITION', missingUfValueMessage(cutoff));
      uf = { date: cutoff, value: canonicalDecimal(row.value) };
    }
    const settings = await readSettings(trx, projectId);
    const computed = computeEstadoPago({
      currency,
      items,
      progress: edpItemProgress(leaves, leafProgress),
      ...(previous === undefined ? {} : { previous: { lines: previous.lines, totals: previous.totals } }),
      settings,
      ...(uf === undefined ? {} : { uf }),
    });
    const document: StoredDocument = {
      periodStart: previous?.cutoff ?? (start < cutoff ? start : yearStart),
      periodEnd: dayBefore(cutoff),
      currency,
      settings,
      ...(computed.uf === undefined ? {} : { uf: computed.uf }),
      lines: computed.lines,
      totals: computed.totals,
    };
    const now = new Date().toISOString();
    const name = callerName(caller);
    if (same !== undefined) {
      await trx
        .updateTable('estado_pago')
        .set({
          created_at: now,
          created_by: caller.userId,
          created_by_name: name,
          document: JSON.stringify(document),
        })
        .where('project_id', '=', projectId)
        .where('number', '=', same.number)
        .where('status', '=', 'draft')
        .execute();
    } else {
      await trx
        .insertInto('estado_pago')
        .values({
          _id: uuidv7(),
          project_id: projectId,
          number,
          cutoff,
          status: 'draft',
          created_at: now,
          created_by: caller.userId,
          created_by_name: name,
          approved_at: null,
          approved_by: null,
          approved_by_name: null,
          document: JSON.stringify(document),
        })
        .execute();
    }
    const estadoPago = await readOne(trx, projectId, same?.number ?? number);
    if (estadoPago === undefined) throw new Error('estado de pago no escrito');
    const event = {
      kind: 'estado-pago-saved',
      number: estadoPago.number,
      cutoff,
      created: same === undefined,
    } as const;
    await recordChange(trx, projectId, { caller, functionName: 'saveEstadoPago' }, 'costs', projectEventChange(event));
    return { estadoPago, isNew: same === undefined };
  });
  const { estadoPago, isNew } = saved;
  return {
    estadoPago,
    message: isNew
      ? `Estado de pago N°${estadoPago.number} creado al corte del ${date}`
      : `Estado de pago N°${estadoPago.number} recalculado al corte del ${date}`,
  };
}

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
