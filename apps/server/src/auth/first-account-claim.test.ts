import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestConfig, databaseKinds } from '../../test/support/test-app';
import type { TestConfig } from '../../test/support/test-app';
import { migrateToLatest, openDatabase } from '../db/database';
import type { AppDatabase } from '../db/database';
import { FIRST_ACCOUNT_CLAIM_MS, claimFirstAccount } from './first-account-claim';

describe.each(databaseKinds)('claimFirstAccount (%s)', (kind) => {
  let testConfig: TestConfig;
  let database: AppDatabase;

  beforeAll(async () => {
    testConfig = await createTestConfig(kind);
    database = openDatabase({ databaseUrl: testConfig.config.databaseUrl, dataDir: testConfig.config.dataDir });
    await migrateToLatest(database);
  });
  afterAll(async () => {
    await database?.close();
    await testConfig?.cleanup();
  });

  it('gives the claim to exactly one of several callers at once', async () => {
    const now = 1_000_000;
    const results = await Promise.all(Array.from({ length: 5 }, () => claimFirstAccount(database.db, now)));
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it('refuses it while it is fresh, and gives it again once it is stale (a sign-up that failed)', async () => {
    const start = 5_000_000;
    await database.db.deleteFrom('first_account_claim').execute();
    expect(await claimFirstAccount(database.db, start)).toBe(true);
    expect(await claimFirstAccount(database.db, start + FIRST_ACCOUNT_CLAIM_MS - 1)).toBe(false);
    expect(await claimFirstAccount(database.db, start + FIRST_ACCOUNT_CLAIM_MS + 1)).toBe(true);
  });
});
