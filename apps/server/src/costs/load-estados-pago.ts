import { loadEstadosPagoContract } from '@cimiento/domain';
import { defineHandler } from '../core/define-handler';
import type { EstadoPago, EstadoPagoSummary } from '@cimiento/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { EstadoPagoRow, EstadosPagoList } from './estado-pago-queries';
import { readSettings, toEstadoPago, notFound } from './estado-pago-queries';

function toSummary(ep: EstadoPago): EstadoPagoSummary {
  const { lines: _lines, settings: _settings, ...summary } = ep;
  return summary;
}

/** The project's EPs in N° order. */
async function readRows(db: Kysely<Database>, projectId: string): Promise<EstadoPagoRow[]> {
  return db.selectFrom('estado_pago').selectAll().where('project_id', '=', projectId).orderBy('number').execute();
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

/** 'Estados de pago': the project's EPs, with `number` that one whole, its contract's terms and the cut-offs left. */
export const handleLoadEstadosPago = defineHandler(loadEstadosPagoContract, async ({ id, number }, { db }) =>
  loadEstadosPago(db, id, number),
);
