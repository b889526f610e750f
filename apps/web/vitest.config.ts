import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  resolve: {
    // '/src' is resolved from the project root (apps/web)
    alias: [
      { find: /^@\//, replacement: '/src/' },
      // the PWA plugin's virtual module exists in the Vite build only (testing/pwa-register.ts)
      { find: /^virtual:pwa-register$/, replacement: '/src/testing/pwa-register.ts' },
    ],
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/testing/setup-tests.ts'],
    testTimeout: 15_000,
  },
});
