// Bundles the server (and @cimiento/domain's TypeScript) into dist/main.js; npm packages stay external.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/main.ts'],
  outfile: 'dist/main.js',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  packages: 'external',
  // the workspace package is source, not a built dependency: bundle it
  plugins: [
    {
      name: 'bundle-domain',
      setup(context) {
        context.onResolve({ filter: /^@cimiento\/domain$/ }, () => ({
          path: new URL('../../packages/domain/src/index.ts', import.meta.url).pathname,
        }));
      },
    },
  ],
  logLevel: 'warning',
});
