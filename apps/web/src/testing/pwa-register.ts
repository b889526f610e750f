/**
 * jsdom has no service worker and Vite's PWA plugin does not run under vitest: 'virtual:pwa-register'
 * resolves here so a screen that imports it can be rendered. The field screen does not call it
 * under test (import.meta.env.MODE === 'test'); the e2e tier registers the real one.
 */
export function registerSW(): () => Promise<void> {
  return async () => undefined;
}
