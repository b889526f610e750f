import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import type { Plugin, ProxyOptions } from 'vite';
import type { ModuleInfo } from 'rollup';
import { precompressFolder } from '../../scripts/precompress-assets';

const API_TARGET = 'http://127.0.0.1:3000';
// the server's PUBLIC_URL (its default when unset), the only origin better-auth accepts
const SERVER_ORIGIN = (process.env.PUBLIC_URL ?? 'http://localhost:3000').replace(/\/+$/, '');

// better-auth refuses POSTs whose Origin is not the server's own: in dev the page lives on Vite's
// port, so the proxy presents the server's origin instead.
const proxyToServer: ProxyOptions = {
  target: API_TARGET,
  changeOrigin: true,
  configure(proxy) {
    proxy.on('proxyReq', (request) => request.setHeader('origin', SERVER_ORIGIN));
  },
};

/**
 * SVAR's stylesheets declare their fonts (Roboto, Open Sans) as @font-face rules on SVAR's CDN.
 * The app allows no request beyond its own origin and already self-hosts Roboto, which a later
 * 'Roboto' face from the CDN would shadow: the rules are dropped from SVAR's CSS at build time.
 */
function dropSvarWebFonts(): Plugin {
  return {
    name: 'cimiento-drop-svar-web-fonts',
    enforce: 'pre',
    transform(code, id) {
      if (!id.includes('/@svar-ui/') || !id.split('?')[0]?.endsWith('.css')) return null;
      return { code: code.replace(/@font-face\s*\{[^}]*\}/g, ''), map: null };
    },
  };
}

/**
 * React Router 7's package exports name its development build for every condition (its issue
 * #12532, "intended to be temporary"): production builds carried its development warnings. The
 * build takes the production files, identical but for `ENABLE_DEV_WARNINGS = false`, which lets
 * the minifier drop those warnings; the dev server and the tests keep the warnings.
 */
function reactRouterProductionBuild(): Plugin {
  const dist = path.join(
    path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
    'dist/production',
  );
  return {
    name: 'cimiento-react-router-production',
    apply: 'build',
    config: () => ({
      resolve: {
        alias: [
          { find: /^react-router$/, replacement: path.join(dist, 'index.mjs') },
          { find: /^react-router\/dom$/, replacement: path.join(dist, 'dom-export.mjs') },
        ],
      },
    }),
  };
}

/**
 * Issue 37: the hashed files get their .br and .gz siblings once, at build time, for the server to
 * send as they are (scripts/precompress-assets.ts) rather than compress each on every request.
 */
function precompressAssets(): Plugin {
  let assetsDir = '';
  return {
    name: 'cimiento-precompress-assets',
    apply: 'build',
    configResolved(config) {
      assetsDir = path.resolve(config.root, config.build.outDir, config.build.assetsDir);
    },
    async writeBundle() {
      await precompressFolder(assetsDir);
    },
  };
}

const WEB_ROOT = path.dirname(fileURLToPath(import.meta.url));
const ENTRY_MODULE = path.join(WEB_ROOT, 'src/main.tsx');
const LOGIN_MODULE = path.join(WEB_ROOT, 'src/features/auth/components/login-screen.tsx');
const DOMAIN_PACKAGE = path.join(WEB_ROOT, '../../packages/domain/');

/** The UI kit's modules that the signed-in screens share: components, styling, icons. */
const UI_KIT =
  /\/node_modules\/(@mui\/(material|system|utils|styled-engine|icons-material|lab)|@emotion\/[^/]+|react-transition-group|@popperjs\/core)\//;

type GetModuleInfo = (id: string) => ModuleInfo | null;

/**
 * Every module `from` imports statically, at any depth (itself included), but the domain package's:
 * its index names every module, of which tree-shaking keeps in a chunk only what the chunk uses (a
 * walk through it would count zod and every contract as the entry's).
 */
function staticClosure(from: string, getModuleInfo: GetModuleInfo): Set<string> {
  const reached = new Set<string>();
  const pending = [from];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (reached.has(id) || id.startsWith(DOMAIN_PACKAGE)) continue;
    reached.add(id);
    pending.push(...(getModuleInfo(id)?.importedIds ?? []));
  }
  return reached;
}

/**
 * Issue 37: fewer, larger chunks. Rollup splits the packages by the set of screens that import each
 * module: the EDP's boot fetched 92 scripts (127 of the build's 174 under 10 KB, MUI's components and
 * icons one chunk each), and each costs the page time beyond its bytes. Three groups, none of which
 * adds to what /login loads:
 * - 'vendor': the packages the entry imports statically (React, the router, i18next, TanStack Query,
 *   the theme's MUI and emotion). It must be a group: a group takes the dependencies no other group
 *   claims, so without it the kit's chunk would take React, and the entry would load the kit;
 * - 'login-kit': the kit's modules that /login's screen adds (its fields, its dialog);
 * - 'screen-kit': the rest of the kit, loaded by the signed-in screens only.
 * Measured (bench/boot.mjs, same run): the EDP's boot fetches 22 scripts and draws its first row
 * ~18 % sooner; /login loads 5 files instead of 10 and a few KB less.
 */
function packageChunks(): (id: string, meta: { getModuleInfo: GetModuleInfo }) => string | undefined {
  let closures: { entry: Set<string>; login: Set<string> } | null = null;
  return (id, { getModuleInfo }) => {
    closures ??= {
      entry: staticClosure(ENTRY_MODULE, getModuleInfo),
      login: staticClosure(LOGIN_MODULE, getModuleInfo),
    };
    if (closures.entry.has(id) && id.includes('/node_modules/')) return 'vendor';
    if (!UI_KIT.test(id)) return undefined;
    return closures.login.has(id) ? 'login-kit' : 'screen-kit';
  };
}

export default defineConfig({
  plugins: [
    dropSvarWebFonts(),
    react(),
    precompressAssets(),
    reactRouterProductionBuild(),
    // issue 36: the app installs and opens offline (the field screen). The service worker is
    // registered by the field screen itself (injectRegister: false), so the other screens, their
    // first visit and the benches load exactly as before; once registered it keeps the built files
    // (precache) and answers navigations with index.html when there is no connection.
    VitePWA({
      injectRegister: false,
      registerType: 'autoUpdate',
      manifest: {
        name: 'Cimiento',
        short_name: 'Cimiento',
        description: 'Planificación y control de obras',
        lang: 'es-CL',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: '#ffffff',
        theme_color: '#1565c0',
        icons: [{ src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' }],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,woff2}'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//, /^\/files\//, /^\/healthz/, /^\/metrics/],
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
        cleanupOutdatedCaches: true,
      },
    }),
  ],
  resolve: {
    // '/src/…' is resolved from the project root (apps/web)
    alias: [{ find: /^@\//, replacement: '/src/' }],
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    sourcemap: false,
    // the server's CSP allows fonts from 'self' only: no data: URLs for the Roboto files
    assetsInlineLimit: 0,
    // the shared first chunk (React, MUI, router) is ~750 kB minified and the users table (material-react-table)
    // ~550 kB; both are expected, and the table only loads on /usuarios/list. Excel workbooks are built and
    // read on the server (issue 14): the bundle carries no spreadsheet library.
    chunkSizeWarningLimit: 1000,
    rollupOptions: {
      output: {
        // HTTP/1.1 fetches at most 6 files at a time: the EDP screen's first visit fetched 38 scripts, most
        // under 3 kB, one queue after another (issue 18). Chunks this small are merged into a chunk that is
        // loaded whenever they are, so a screen needs a handful of requests.
        experimentalMinChunkSize: 20_000,
        manualChunks: packageChunks(),
        // the signed-in chrome's chunk keeps its name wherever the merging above puts a small screen with
        // it (the /login budget's e2e looks for it by name)
        chunkFileNames: (chunk) =>
          chunk.moduleIds.some((id) => id.endsWith('/src/components/layout/app-shell.tsx'))
            ? 'assets/app-shell-[hash].js'
            : 'assets/[name]-[hash].js',
      },
      treeshake: {
        // packages/domain is pure (architecture.md): a screen that needs one constant or formatter
        // should not carry every zod contract with it.
        moduleSideEffects: (id) => !id.includes('/packages/domain/'),
      },
    },
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: {
      '/api': proxyToServer,
      '/files': proxyToServer,
    },
  },
});
