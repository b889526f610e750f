import { defineProject } from 'vitest/config';

// Browser specs drive the built app in Chromium (scripts/find-chromium.mjs); one file at a time, after the other tiers.
export default defineProject({
  test: {
    name: 'e2e',
    include: ['specs/**/*.spec.ts'],
    testTimeout: 90_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    sequence: { groupOrder: 1 },
  },
});
