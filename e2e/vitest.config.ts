import { defineProject } from 'vitest/config';

// Browser specs drive the built app in Chromium (scripts/find-chromium.mjs), after the other tiers.
// One spec file at a time for now: two at a time (each with its own server, port, data folder and
// browser; support/server.ts takes another port when one is taken) ran 1.6× faster, but in the last
// full run two unsaved-work.spec.ts tests failed beside another spec and passed alone. Until that is
// understood (issue 37), the e2e tier stays serial; the port-race fix stays, it is right either way.
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
