import { ufImportChange, ufValuesChange } from '@cimiento/domain/change-log';
import type { UfValueWrite } from '@cimiento/domain/change-log';
import { chileanDate } from '@cimiento/domain/workbook';
import { canonicalDecimal, formatNumber } from '@cimiento/domain';
import type { UfValue } from '@cimiento/domain';
import { sql } from 'kysely';
import type { Kysely, Transaction } from 'kysely';
import { chunks } from '../db/db-helpers';
import { recordChangeLog } from '../collab/change-log-queries';
import type { ChangeLogCaller } from '../collab/change-log-queries';
import type { Database, DatabaseDialect } from '../db/schema';
import { HttpsError } from '../core/https-error';

/**
 * 'Valores UF' (issue 16): CLP per UF by date in `uf_value`, the country's and so shared by every
 * project. Values are exact decimals (text on SQLite, numeric(22,4) on PostgreSQL, which answers
 * '39485.6500': read back through canonicalDecimal). Writes upsert by date in chunks and run in
 * one transaction with the deletions, recording when and by whom a value last changed. Issue 30:
 * only administrators write them (the handlers check), and every write is an entry of the
 * 'Registro de cambios' (the values before and after) in its own transaction.
 */

/**
 * The PostgreSQL advisory lock every UF write holds for its transaction ('uf_value' in ASCII), so the
 * values a save reads before writing are the ones it replaces, even when two saves race for the same
 * new date. SQLite runs one transaction at a time already.
 */
const UF_WRITE_LOCK_KEY = 0x75665f76616c7565n;

/** Issue 30: what a user who is not an administrator is told when trying to change the UF values (issue 36: the access table's). */
export { UF_ADMIN_ONLY_MESSAGE } from '@cimiento/domain/members';

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

/** Who writes, on which database, and for an import the file's name (its entry is told as an import). */
export type UfWriteAuthor = { caller: ChangeLogCaller; dialect: DatabaseDialect; importFileName?: string };

/** The stored value of each of `dates` (canonical), read in chunks. */
async function storedValues(trx: Transaction<Database>, dates: readonly string[]): Promise<Map<string, string>> {
  const byDate = new Map<string, string>();
  for (const part of chunks(dates, CHUNK)) {
    const rows = await trx.selectFrom('uf_value').select(['date', 'value']).where('date', 'in', part).execute();
    for (const row of rows) byDate.set(row.date, canonicalDecimal(row.value));
  }
  return byDate;
}

/**
 * Upserts `values` (a date already stored takes the new value; one stored with the same value is
 * left as it was, with its date and author) and deletes `remove`, in one transaction, with its entry
 * of the 'Registro de cambios' (none when nothing changed). Answers how many values were given and
 * how many stored dates were deleted.
 */
export async function saveUfValues(
  db: Kysely<Database>,
  input: { values: readonly UfValue[]; remove: readonly string[] },
  author: UfWriteAuthor,
): Promise<UfValuesSaved> {
  checkUfDates(input.values, input.remove);
  const updatedAt = new Date().toISOString();
  const removeDates = [...new Set(input.remove)].sort();
  return db.transaction().execute(async (trx) => {
    if (author.dialect === 'postgres') {
      await sql`select pg_advisory_xact_lock(${UF_WRITE_LOCK_KEY.toString()}::bigint)`.execute(trx);
    }
    const before = await storedValues(trx, [...new Set([...input.values.map(({ date }) => date), ...removeDates])]);
    let removed = 0;
    for (const part of chunks(removeDates, CHUNK)) {
      const result = await trx.deleteFrom('uf_value').where('date', 'in', part).executeTakeFirst();
      removed += Number(result.numDeletedRows);
    }
    // by date, so two saves that overlap take PostgreSQL's row locks in the same order (no deadlock)
    const byDate = [...input.values].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
    for (const part of chunks(byDate, CHUNK)) {
      await trx
        .insertInto('uf_value')
        .values(
          part.map(({ date, value }) => ({ date, value, updated_at: updatedAt, updated_by: author.caller.userId })),
        )
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
    const writes: UfValueWrite[] = [
      ...byDate.map(({ date, value }) => ({ date, before: before.get(date), after: value })),
      ...removeDates.filter((date) => before.has(date)).map((date) => ({ date, before: before.get(date) })),
    ];
    const change =
      author.importFileName === undefined
        ? ufValuesChange(writes)
        : ufImportChange({ fileName: author.importFileName, writes });
    await recordChangeLog(trx, author.caller, 'uf', change);
    return { saved: input.values.length, removed };
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
