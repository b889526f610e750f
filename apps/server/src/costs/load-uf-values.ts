import { canonicalDecimal, loadUfValuesContract } from '@cimiento/domain';
import { ufCount } from './uf-queries';
import { defineHandler } from '../core/define-handler';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { UfValuesRange } from './uf-queries';

/** The values stored in [from, to] (each bound optional), by date, and the count and range of all of them. */
export async function loadUfValues(
  db: Kysely<Database>,
  range: { from?: string; to?: string },
): Promise<UfValuesRange> {
  return db.transaction().execute(async (trx) => {
    let query = trx.selectFrom('uf_value').select(['date', 'value']).orderBy('date');
    if (range.from !== undefined) query = query.where('date', '>=', range.from);
    if (range.to !== undefined) query = query.where('date', '<=', range.to);
    const rows = await query.execute();
    const summary = await trx
      .selectFrom('uf_value')
      .select((eb) => [eb.fn.countAll().as('count'), eb.fn.min('date').as('first'), eb.fn.max('date').as('last')])
      .executeTakeFirstOrThrow();
    const count = Number(summary.count);
    return {
      values: rows.map((row) => ({ date: row.date, value: canonicalDecimal(row.value) })),
      count,
      ...(count > 0 && summary.first !== null ? { first: summary.first } : {}),
      ...(count > 0 && summary.last !== null ? { last: summary.last } : {}),
    };
  });
}

/** loadUfValues (issue 16): the UF values in [from, to] by date, and the count and range of all those stored. */
export const handleLoadUfValues = defineHandler(loadUfValuesContract, async (input, { db }) => {
  const range = await loadUfValues(db, { from: input?.from, to: input?.to });
  return { ...range, message: `${ufCount(range.values.length)} cargados` };
});
