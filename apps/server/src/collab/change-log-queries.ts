import { changeLogDetailOf } from '@cimiento/domain/change-log';
import type { AdminChange } from '@cimiento/domain/change-log';
import { CHANGE_LOG_DEFAULT_PAGE, changeLogAreas } from '@cimiento/domain';
import type { ChangeLogArea, ChangeLogDetail, ChangeLogEntry } from '@cimiento/domain';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';

/**
 * The 'Registro de cambios' (issue 30): one `change_log` row per change to the catalogues, the UF
 * values or the trash, written inside the change's own transaction (a refused change throws before
 * its commit and leaves none). Who, when, what: the record as a person names it, a Spanish line and
 * the detail (the fields before and after) as JSON. The catalogue and UF rows take their words from
 * the domain's change-log rules (catalogueChange, ufValuesChange…), whose detail is the contract's
 * ChangeLogDetail; a detail of another shape is read back as notes (changeLogDetailOf).
 */

export type { ChangeLogArea } from '@cimiento/domain';

/**
 * Who changed: a signed-in caller (the handler's `caller` fits), or a console command with no user
 * (`userId` null, `name` saying which: 'Consola (npm run seed:catalogues)').
 */
export type ChangeLogCaller = { userId: string | null; name: string; email?: string };

/** The author of what `npm run seed:catalogues` writes. */
export const SEED_COMMAND_AUTHOR: ChangeLogCaller = { userId: null, name: 'Consola (npm run seed:catalogues)' };

export type ChangeLogRecord = {
  caller: ChangeLogCaller;
  area: ChangeLogArea;
  action: string;
  record: string;
  summary: string;
  /** best as the contract's ChangeLogDetail ({changes, notes, omitted}); anything JSON is kept and shown as notes */
  detail: unknown;
};

/** The name the entry shows: the caller's name, else its email. */
function changeAuthorName(caller: ChangeLogCaller): string {
  const name = caller.name.trim();
  return name === '' ? (caller.email ?? '') : name;
}

/** Inserts the row inside `trx`; answers its id. */
export async function recordAdminChange(trx: Transaction<Database>, change: ChangeLogRecord): Promise<number> {
  const inserted = await trx
    .insertInto('change_log')
    .values({
      created_at: new Date().toISOString(),
      user_id: change.caller.userId,
      user_name: changeAuthorName(change.caller),
      area: change.area,
      action: change.action,
      record: change.record,
      summary: change.summary,
      detail: JSON.stringify(change.detail ?? null),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(inserted.id);
}

/** recordAdminChange for a domain rule's answer; a null change (nothing changed) records nothing. */
export async function recordChangeLog(
  trx: Transaction<Database>,
  caller: ChangeLogCaller,
  area: ChangeLogArea,
  change: AdminChange | null,
): Promise<number | undefined> {
  if (change === null) return undefined;
  return recordAdminChange(trx, { caller, area, ...change });
}

// ---------------------------------------------------------------- reading

function storedDetail(text: string): ChangeLogDetail {
  try {
    return changeLogDetailOf(JSON.parse(text));
  } catch {
    return changeLogDetailOf(text);
  }
}

const knownAreas: readonly string[] = changeLogAreas;

/**
 * A page of the log, newest first: `limit` entries (default 20) older than the cursor `before`, of
 * one area or of every area. `next` is the cursor of the following page, null on the last one.
 */
export async function loadChangeLog(
  db: Kysely<Database>,
  query: { area?: ChangeLogArea | undefined; before?: number | undefined; limit?: number | undefined },
): Promise<{ entries: ChangeLogEntry[]; next: number | null }> {
  const limit = query.limit ?? CHANGE_LOG_DEFAULT_PAGE;
  let select = db
    .selectFrom('change_log')
    .select(['id', 'created_at', 'user_name', 'area', 'action', 'record', 'summary', 'detail'])
    .orderBy('id', 'desc')
    // one more than asked: whether there is a next page
    .limit(limit + 1);
  select =
    query.area === undefined ? select.where('area', 'in', [...changeLogAreas]) : select.where('area', '=', query.area);
  if (query.before !== undefined) select = select.where('id', '<', query.before);
  const rows = await select.execute();
  const page = rows.slice(0, limit);
  const entries = page
    .filter((row) => knownAreas.includes(row.area))
    .map((row): ChangeLogEntry => ({
      id: Number(row.id),
      at: row.created_at,
      userName: row.user_name,
      area: row.area as ChangeLogArea,
      action: row.action,
      record: row.record,
      summary: row.summary,
      detail: storedDetail(row.detail),
    }));
  const last = page.at(-1);
  return { entries, next: rows.length > limit && last !== undefined ? Number(last.id) : null };
}
