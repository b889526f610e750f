import { defineProject } from 'vitest/config';

// Browser specs drive the built app in Chromium (scripts/find-chromium.mjs), after the other tiers.
// Two spec files at a time, each in its own worker with its own server (a free port, taken again
// when another process got it first: support/server.ts), its own temp data folder and its own
// browser: a spec waits on its server and its browser much of the time, so two keep both cores busy.
export default defineProject({
  test: {
    name: 'e2e',
    include: ['specs/**/*.spec.ts'],
    testTimeout: 90_000,
    hookTimeout: 120_000,
    fileParallelism: true,
    maxWorkers: 2,
    sequence: { groupOrder: 1 },
  },
});
