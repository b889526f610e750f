import { defineProject } from 'vitest/config';

// Browser specs drive the built app in Chromium (scripts/find-chromium.mjs), after the other tiers.
// One spec file at a time for now. Two at a time (each with its own server, port, data folder and
// browser; support/server.ts takes another port when one is taken) ran the whole of `npm test` in
// 28 min instead of ~50, but each parallel full run so far has had a test fail beside another spec
// that passes alone (unsaved-work.spec.ts twice; on 2026-12-01 gantt-sequencing.spec.ts's 'Tren de
// actividades' confirmation not shown within 15 s). Until those waits are made load-proof (issue 37),
// the e2e tier stays serial; the port-race fix stays, it is right either way.
export default defineProject({
  test: {
    name: 'e2e',
    include: ['specs/**/*.spec.ts'],
    // a failed test shows what its pages showed (support/failure-snapshot.ts)
    setupFiles: ['support/failure-snapshot.ts'],
    testTimeout: 90_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    sequence: { groupOrder: 1 },
  },
});
