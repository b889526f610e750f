import { defineProject } from 'vitest/config';

// Browser specs drive the built app in Chromium (scripts/find-chromium.mjs), after the other tiers.
// One spec file at a time. On 2026-12-02 three at a time made each spec 2.4–3.6× slower, and in the
// 7.5 minutes that run was let go on it had finished 4 files, as the serial run does in 5.4 (see
// docs/ARCHITECTURE.md). Two at a time (each with its own server, port, data folder and browser;
// support/server.ts takes another port when one is taken) saves little on the 2-core machines this
// runs on: on 2026-12-01 the e2e tier alone took 19.5 min with two files at once against 23.4 min
// serial in CI's run before (each spec already keeps both cores busy: Chromium and the server), and
// every parallel run so far has had one test fail beside another spec that passes alone
// (unsaved-work.spec.ts twice, gantt-sequencing.spec.ts's selection race, collaboration.spec.ts's
// drag ending a step short: the last two fixed by selectTask and releaseMouse in support/gantt.ts).
// The port-race fix stays, it is right either way.
export default defineProject({
  test: {
    name: 'e2e',
    include: ['specs/**/*.spec.ts'],
    // a failed test shows what its pages showed (support/failure-snapshot.ts)
    setupFiles: ['support/failure-snapshot.ts'],
    testTimeout: 90_000,
    hookTimeout: 120_000,
    // expect.poll waits up to 10 s (vitest's default is 1 s): a screen's first data can take longer on
    // a loaded machine (CI's run on 2026-12-02 failed trash.spec's bell count so: the page had not yet
    // booted and fetched the count when the second ran out); the pages' own waits allow 15 s (support/browser.ts)
    expect: { poll: { timeout: 10_000 } },
    fileParallelism: false,
    sequence: { groupOrder: 1 },
  },
});
