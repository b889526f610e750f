import { defineProject } from 'vitest/config';

// The repository's own scripts (find-chromium.mjs), tested with injected dependencies and temp files.
export default defineProject({
  test: {
    name: 'scripts',
    include: ['*.test.ts'],
  },
});
