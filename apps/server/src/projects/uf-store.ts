import { canonicalDecimal, chileanDate, formatNumber } from '@cimiento/domain';
import type { UfValue } from '@cimiento/domain';
import type { Kysely, Transaction } from 'kysely';
import { chunks } from '../catalogues/catalogue-store';
import type { Database } from '../db/schema';
import { HttpsError } from '../functions/https-error';

/**
 * 'Valores UF' (issue 16): CLP per UF by date in `uf_value`, the country's and so shared by every
 * project. Values are exact decimals (text on SQLite, numeric(22,4) on PostgreSQL, which answers
 * '39485.6500': read back through canonicalDecimal). Writes upsert by date in chunks and run in
 * one transaction with the deletions, recording when and by whom a value last changed.
 */

/** Rows per INSERT: 4 parameters each, well under SQLite's and PostgreSQL's limits. */
const CHUNK = 1000;

export type UfValuesSaved = { saved: number; removed: number };

export type UfValuesRange = { values: UfValue[]; count: number; first?: string; last?: string };

export type UfValueChanges = { added: number; changed: number; unchanged: number };

/**
 * Refuses a date given twice in `values`, or both saved and removed; the message names the
 * date as the user reads it ('La fecha 01-03-2025 aparece dos veces').
 */
export function checkUfDates(values: readonly UfValue[], remove: readonly string[]): void {
  const seen = new Set<string>();
  for (const { date } of values) {
    if (seen.has(date)) throw new HttpsError('INVALID_ARGUMENT', `La fecha ${chileanDate(date)} aparece dos veces`);
    seen.add(date);
  }
  for (const date of remove) {
    if (seen.has(date)) {
      throw new HttpsError(
        'INVALID_ARGUMENT',
        `La fecha ${chileanDate(date)} aparece para grabar y para eliminar a la vez`,
      );
    }
  }
}

/**
 * Upserts `values` (a date already stored takes the new value; one stored with the same value is
 * left as it was, with its date and author) and deletes `remove`, in one transaction. Answers how
 * many values were given and how many stored dates were deleted.
 */
export async function saveUfValues(
  db: Kysely<Database>,
  input: { values: readonly UfValue[]; remove: readonly string[] },
  userId: string,
): Promise<UfValuesSaved> {
  checkUfDates(input.values, input.remove);
  const updatedAt = new Date().toISOString();
  return db.transaction().execute(async (trx) => {
    let removed = 0;
    for (const part of chunks([...new Set(input.remove)].sort(), CHUNK)) {
      const result = await trx.deleteFrom('uf_value').where('date', 'in', part).executeTakeFirst();
      removed += Number(result.numDeletedRows);
    }
    // by date, so two saves that overlap take PostgreSQL's row locks in the same order (no deadlock)
    const byDate = [...input.values].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
    for (const part of chunks(byDate, CHUNK)) {
      await trx
        .insertInto('uf_value')
        .values(part.map(({ date, value }) => ({ date, value, updated_at: updatedAt, updated_by: userId })))
        .onConflict((conflict) =>
          conflict
            .column('date')
            .doUpdateSet((eb) => ({
              value: eb.ref('excluded.value'),
              updated_at: eb.ref('excluded.updated_at'),
              updated_by: eb.ref('excluded.updated_by'),
            }))
            .where('uf_value.value', '<>', (eb) => eb.ref('excluded.value')),
        )
        .execute();
    }
    return { saved: input.values.length, removed };
  });
}

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

/** The UF value stored for exactly `date` (YYYY-MM-DD), canonical; undefined when there is none. */
export async function readUfValue(
  db: Kysely<Database> | Transaction<Database>,
  date: string,
): Promise<string | undefined> {
  const row = await db.selectFrom('uf_value').select('value').where('date', '=', date).executeTakeFirst();
  return row === undefined ? undefined : canonicalDecimal(row.value);
}

/** How `values` (sorted by date) compare with what is stored: new dates, other values, the same. */
export async function compareUfValues(db: Kysely<Database>, values: readonly UfValue[]): Promise<UfValueChanges> {
  const first = values[0]?.date;
  const last = values.at(-1)?.date;
  if (first === undefined || last === undefined) return { added: 0, changed: 0, unchanged: 0 };
  const stored = await db
    .selectFrom('uf_value')
    .select(['date', 'value'])
    .where('date', '>=', first)
    .where('date', '<=', last)
    .execute();
  const byDate = new Map(stored.map((row) => [row.date, canonicalDecimal(row.value)]));
  const changes = { added: 0, changed: 0, unchanged: 0 };
  for (const { date, value } of values) {
    const was = byDate.get(date);
    if (was === undefined) changes.added += 1;
    else if (was === value) changes.unchanged += 1;
    else changes.changed += 1;
  }
  return changes;
}

/** '3 valores UF' / '1 valor UF' */
export function ufCount(count: number): string {
  return `${formatNumber(count)} ${count === 1 ? 'valor UF' : 'valores UF'}`;
}
