import { PostgresAdapter, sql } from 'kysely';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';

/** The PostgreSQL channel every instance's live hub listens on (issue 19). The payload is empty: a poke. */
export const LIVE_CHANNEL = 'cimiento_events';

/** The hubs of this process (one per app; tests build several), told of every local poke. */
const localHubs = new Set<() => void>();

/** A hub listens to this process's pokes until the returned function is called. */
export function onLocalPoke(listener: () => void): () => void {
  localHubs.add(listener);
  return () => void localHubs.delete(listener);
}

/**
 * Tells the live hubs that something was written (a history entry, a notification), inside the
 * writer's transaction. The writer publishes no data: each hub reads the new rows itself.
 *
 * PostgreSQL: `pg_notify` in the transaction, which PostgreSQL delivers to every listening instance
 * only when it commits (never for a rollback). SQLite (one process, one connection): an in-process
 * poke after setImmediate; the hub's read goes through the same connection as the transaction, so
 * it runs once the transaction has ended. A rolled-back write costs a read that finds nothing.
 */
export async function pokeLiveHubs(trx: Transaction<Database> | Kysely<Database>): Promise<void> {
  if (trx.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`select pg_notify(${LIVE_CHANNEL}, '')`.execute(trx);
    return;
  }
  setImmediate(() => {
    for (const listener of localHubs) listener();
  });
}
