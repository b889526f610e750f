import { projectEventChange } from '@cimiento/domain/history';
import {
  canonicalDecimal,
  computeEstadoPago,
  edpItemEarned,
  edpItemLevels,
  edpItemProgress,
  formatIsoDate,
  itemLeaves,
  missingUfValueMessage,
  saveEstadoPagoContract,
} from '@cimiento/domain';
import { defineHandler } from '../core/define-handler';
import type { Currency, EstadoPago } from '@cimiento/domain';
import type { Kysely } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import { recordChange } from '../collab/history-queries';
import type { Database } from '../db/schema';
import type { Caller } from '../core/context';
import { HttpsError } from '../core/https-error';
import { readCostBasis } from './cost-basis';
import { lockProject, readCutoff, readHeads, readOne, readSettings, callerName } from './estado-pago-queries';
import type { StoredDocument } from './estado-pago-queries';

/** The day before an ISO date (the period ends the day before its cut-off). */
function dayBefore(iso: string): string {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}

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
      // issue 33: each partida pays what the S-curve says it earned, to the peso
      earned: edpItemEarned(basis.costs.parts, leafProgress),
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

/** 'Nuevo estado de pago' at a recorded cut-off (the next N°), or 'Recalcular' a draft at its own. */
export const handleSaveEstadoPago = defineHandler(saveEstadoPagoContract, async ({ id, cutoff }, { db, caller }) =>
  saveEstadoPago(db, id, cutoff, caller),
);
