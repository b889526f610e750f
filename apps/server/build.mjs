// Bundles the server (and @cimiento/domain's TypeScript) into dist/main.js, the starter-catalogue
// loader (`npm run seed:catalogues`) into dist/seed-catalogues.js, and `npm run backup` / `restore`
// into dist/backup.js and dist/restore.js; npm packages stay external. Code splitting: what the
// entries share, and each dynamic import() (the handlers loaded on first call, functions/handlers.ts),
// are chunk files beside them in dist/, so the server does not load them at start (issue 18). A
// rebuild leaves the previous chunks (content-hashed names) in place: a server still running from the
// previous build loads its own chunks on first use, not the new build's.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const BUNDLED_PACKAGES = ['better-auth', 'kysely', 'zod'];
const dependencies = (file) =>
  Object.keys(JSON.parse(readFileSync(new URL(file, import.meta.url), 'utf8')).dependencies);
/** The server's and the domain's dependencies but the bundled ones; their deep imports too ('better-sqlite3/…'). */
const EXTERNAL_PACKAGES = [...dependencies('package.json'), ...dependencies('../../packages/domain/package.json')]
  .filter((name) => !name.startsWith('@cimiento/') && !BUNDLED_PACKAGES.includes(name))
  .flatMap((name) => [name, `${name}/*`]);

await build({
  entryPoints: {
    main: 'src/main.ts',
    'seed-catalogues': 'src/seed-catalogues.ts',
    backup: 'src/ops/backup-cli.ts',
    restore: 'src/ops/restore-cli.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  splitting: true,
  sourcemap: true,
  // npm packages stay external (node_modules at run time), but for better-auth, Kysely and zod and
  // what they import: as ES modules of hundreds of files each, Node took ~0.4 s and ~35 MB to load
  // them at start; bundled, esbuild keeps only what is used, in one file (issue 18).
  external: EXTERNAL_PACKAGES,
  // the workspace package is source, not a built dependency: bundle it
  plugins: [
    {
      name: 'bundle-domain',
      setup(context) {
        context.onResolve({ filter: /^@cimiento\/domain$/ }, () => ({
          path: new URL('../../packages/domain/src/index.ts', import.meta.url).pathname,
        }));
        // the server-only second entry (Chile's holidays)
        context.onResolve({ filter: /^@cimiento\/domain\/holidays$/ }, () => ({
          path: new URL('../../packages/domain/src/holidays.ts', import.meta.url).pathname,
        }));
        // the server-only third entry (issue 14: the MSPDI mapping and its XML parser)
        context.onResolve({ filter: /^@cimiento\/domain\/mspdi$/ }, () => ({
          path: new URL('../../packages/domain/src/mspdi/index.ts', import.meta.url).pathname,
        }));
      },
    },
  ],
  logLevel: 'warning',
});
