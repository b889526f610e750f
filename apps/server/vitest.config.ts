import { defineProject } from 'vitest/config';

// Function tests against real databases: SQLite always, PostgreSQL when TEST_DATABASE_URL is set.
export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
