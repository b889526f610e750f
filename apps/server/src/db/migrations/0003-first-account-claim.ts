import type { Kysely } from 'kysely';

/** One row while the first account of an installation is being created (see auth/first-account-claim.ts). */
export function firstAccountClaimMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('first_account_claim')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('claimed_at', 'bigint', (c) => c.notNull())
        .execute();
    },
  };
}
