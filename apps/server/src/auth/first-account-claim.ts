import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** How long a claim holds off other first accounts; a claim whose sign-up failed frees up after it. */
export const FIRST_ACCOUNT_CLAIM_MS = 30_000;

/**
 * Claims the right to create the first account (the administrator) of an empty installation, so
 * two sign-ups racing on it cannot both become administrators: one row, written atomically on
 * both dialects. True for the one caller that got it.
 */
export async function claimFirstAccount(db: Kysely<Database>, now: number = Date.now()): Promise<boolean> {
  const result = await db
    .insertInto('first_account_claim')
    .values({ id: 'first-account', claimed_at: now })
    .onConflict((conflict) =>
      conflict
        .column('id')
        .doUpdateSet({ claimed_at: now })
        .where('first_account_claim.claimed_at', '<', now - FIRST_ACCOUNT_CLAIM_MS),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}
