import { defineConfig } from 'vitest/config';

// Each project folder (the workspaces, and scripts/) has its own vitest.config.ts; `npm test` runs
// them all (e2e last, see its groupOrder).
// Vitest's default in run mode is one worker fewer than the cores: a single worker on the 2-core
// machines this runs on, so every file ran one after the other. Two workers keep both cores busy;
// the e2e project runs after the rest, one spec file at a time (its own fileParallelism).
export default defineConfig({
  test: {
    projects: ['scripts', 'packages/domain', 'apps/web', 'apps/server', 'e2e'],
    maxWorkers: 2,
  },
});
