import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { authorName } from './history-store';
import type { ChangeAuthor } from './history-store';

/**
 * The 'Registro de cambios' (issue 30): one `change_log` row per change to the catalogues, the UF
 * values or the trash, written inside the change's own transaction (a refused change throws before
 * its commit and leaves none). Who, when, what: the record as a person names it, a Spanish line and
 * the detail (the fields before and after) as JSON.
 */

export type ChangeLogArea = 'catalogue' | 'uf' | 'project';

export type ChangeLogRecord = {
  /** who: a user, or (userId null) Cimiento itself, such as the trash's automatic purge */
  caller: Omit<ChangeAuthor['caller'], 'userId'> & { userId: string | null };
  area: ChangeLogArea;
  action: string;
  record: string;
  summary: string;
  detail: unknown;
};

/** Inserts the row inside `trx`; answers its id. */
export async function recordAdminChange(trx: Transaction<Database>, change: ChangeLogRecord): Promise<number> {
  const inserted = await trx
    .insertInto('change_log')
    .values({
      created_at: new Date().toISOString(),
      user_id: change.caller.userId,
      user_name: authorName(change.caller),
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
