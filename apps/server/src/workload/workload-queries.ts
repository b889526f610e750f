import { canonicalDecimal } from '@cimiento/domain';
import type { HistogramResource } from '@cimiento/domain/workload';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { HttpsError } from '../core/https-error';
import { loadResources } from '../catalogues/resource-queries';

/**
 * Issue 35: what the histogram and the levelling read besides the Gantt: the resources catalogue and
 * the CLP value of a UF on a day.
 */

/** The resources catalogue as the histogram reads it, by `_id`. */
export async function readHistogramResources(db: Kysely<Database>): Promise<HistogramResource[]> {
  return loadResources(db);
}

/**
 * The CLP value of one `currency` unit on `date`: CLP 1; UF its value that day, else the latest
 * before it (the days after the last value published keep it), else the first one stored; USD none
 * (Cimiento keeps no dollar rate: the histogram names it as missing).
 */
export async function readClpRates(
  db: Kysely<Database>,
): Promise<(currency: string, date: string) => number | undefined> {
  const rows = await db.selectFrom('uf_value').select(['date', 'value']).orderBy('date').execute();
  const dates = rows.map((row) => row.date);
  const values = rows.map((row) => Number(canonicalDecimal(row.value)));
  return (currency, date) => {
    if (currency === 'CLP') return 1;
    if (currency !== 'UF' || dates.length === 0) return undefined;
    // the last stored date on or before `date`
    let low = 0;
    let high = dates.length - 1;
    let found = -1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      if ((dates[middle] as string) <= date) {
        found = middle;
        low = middle + 1;
      } else high = middle - 1;
    }
    return values[found === -1 ? 0 : found];
  };
}

/** A baseline of the project, by id, with its name; NOT_FOUND otherwise. */
export async function readProjectBaseline(
  db: Kysely<Database>,
  projectId: string,
  baselineId: string,
): Promise<{ id: string; name: string }> {
  const row = await db
    .selectFrom('gantt_baseline')
    .select(['_id', 'name'])
    .where('_id', '=', baselineId)
    .where('project_id', '=', projectId)
    .executeTakeFirst();
  if (row === undefined) throw new HttpsError('NOT_FOUND', 'Línea base no encontrada');
  return { id: row._id, name: row.name };
}
