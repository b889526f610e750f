import { defineConfig } from 'vitest/config';

// Each project folder (the workspaces, and scripts/) has its own vitest.config.ts; `npm test` runs them all (e2e last, see its groupOrder).
export default defineConfig({
  test: {
    projects: ['scripts', 'packages/domain', 'apps/web', 'apps/server', 'e2e'],
  },
});
