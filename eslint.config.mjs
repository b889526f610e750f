import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

function listFeatures() {
  try {
    return readdirSync('apps/web/src/features', { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
}

/** The server's floor (issue 31): what every area stands on, and which imports no area nor the routing. */
const SERVER_FLOOR = ['core', 'db', 'http'];
/** Server folders that are neither the floor, an area nor the routing (functions/). */
const SERVER_SERVICES = ['auth', 'storage', 'ops'];

/** The server's areas: every folder under apps/server/src but the floor, the services and functions/. */
function listServerAreas() {
  try {
    return readdirSync('apps/server/src', { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .filter((name) => ![...SERVER_FLOOR, ...SERVER_SERVICES, 'functions'].includes(name));
  } catch {
    return [];
  }
}

// Import direction (architecture.md): apps → packages/domain; in apps/web shared → features → app,
// and no feature imports another. In apps/server the floor (core/, db/, http/) → the areas
// (projects/, gantt/, costs/…) → functions/ (the routing and the registry).
const zones = [
  { target: './packages/domain', from: './apps', message: 'packages/domain no importa nada de las apps.' },
  { target: './apps/server', from: './apps/web', message: 'El servidor no importa código del front.' },
  { target: './apps/web', from: './apps/server', message: 'El front no importa código del servidor.' },
  {
    target: ['./apps/web/src/components', './apps/web/src/lib', './apps/web/src/hooks'],
    from: ['./apps/web/src/features', './apps/web/src/app'],
    message: 'El código compartido no importa features ni app.',
  },
  // issue 31: the shared layers one way too, lib (with its stores) below hooks and components
  {
    target: './apps/web/src/lib',
    from: ['./apps/web/src/hooks', './apps/web/src/components'],
    message: 'lib/ no importa hooks/ ni components/: van encima de lib.',
  },
  { target: './apps/web/src/features', from: './apps/web/src/app', message: 'Una feature no importa app/.' },
  {
    target: SERVER_FLOOR.map((folder) => `./apps/server/src/${folder}`),
    from: [...listServerAreas().map((area) => `./apps/server/src/${area}`), './apps/server/src/functions'],
    message: 'El piso del servidor (core/, db/, http/) no importa áreas ni functions/.',
  },
  {
    target: listServerAreas().map((area) => `./apps/server/src/${area}`),
    from: './apps/server/src/functions',
    message: 'Un área del servidor no importa functions/ (el enrutamiento): lo que comparten va en core/.',
  },
  ...listFeatures().map((feature) => ({
    target: `./apps/web/src/features/${feature}`,
    from: './apps/web/src/features',
    except: [`./${feature}`],
    message: 'Una feature no importa otra feature.',
  })),
];

// packages/domain's folders in layers, lowest first: a folder imports only folders of a lower layer
// (issue 31), so no two folders import each other. Tests are left out: a test may check a module
// against a higher one (trash-contracts.test reads history's words).
const domainLayers = [
  ['format', 'tree', 'files', 'members'],
  ['resources'],
  ['functions'],
  ['catalogues', 'collab', 'history'],
  ['edc', 'edp'],
  ['gantt'],
  ['costs', 'mspdi', 'progress', 'workload', 'last-planner'],
  ['p6'],
  ['workbook'],
  ['change-log'],
];
const domainZones = domainLayers.flatMap((layer, index) =>
  layer.flatMap((folder) => {
    const above = domainLayers
      .slice(index)
      .flat()
      .filter((other) => other !== folder);
    if (above.length === 0) return [];
    return [
      {
        target: `./packages/domain/src/${folder}`,
        from: above.map((other) => `./packages/domain/src/${other}`),
        message:
          'Una carpeta del dominio importa solo carpetas de una capa más baja (eslint.config.mjs, domainLayers).',
      },
    ];
  }),
);

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'e2e/artifacts/**', 'bench/results/**', '**/*.d.ts'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: {
      // eslint-import-resolver-typescript 3 (enhanced-resolve): v4 needs unrs-resolver, whose
      // per-platform binaries this registry lacks, and `npm ci` then refuses the lockfile
      'import-x/resolver': {
        typescript: { project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json', 'e2e/tsconfig.json'] },
      },
    },
    languageOptions: { globals: { ...globals.node } },
    rules: {
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': ['error', { zones }],
      'import-x/no-self-import': 'error',
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        { selector: 'TSEnumDeclaration', message: 'Usa z.enum o uniones de literales, no enum.' },
        { selector: 'ExportAllDeclaration', message: 'Exporta nombres explícitos, no export *.' },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['packages/domain/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...zones, ...domainZones] }],
    },
  },
  {
    files: ['packages/domain/**/*.ts', 'apps/**/*.{ts,tsx}', 'e2e/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', '**/test/**', 'e2e/**'],
    rules: {
      // other packages come in through @cimiento/domain's front door only
      // (issue 35: and the resources' entry, which the screens and the server share; issue 36: the
      // Last Planner's, and the members' entry, which only the 'Miembros' screen imports in the web,
      // so its chunk alone carries it)
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '@cimiento/domain/*',
                '!@cimiento/domain/resources',
                '!@cimiento/domain/last-planner',
                '!@cimiento/domain/members',
              ],
            },
            { group: ['**/packages/domain/**'] },
          ],
        },
      ],
    },
  },
  {
    // the server may use the other entries, all server-only so the web bundle never carries them: Chile's
    // holidays, the MSPDI mapping with its XML parser (issue 14), P6 files (issue 34), the Excel sheets' rows,
    // the change log's and the project history's words, the server's progress rules (issue 34), the
    // resources' load over the schedule (issue 35)
    files: ['apps/server/**/*.ts'],
    ignores: ['**/*.test.ts', '**/test/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '@cimiento/domain/*',
                '!@cimiento/domain/holidays',
                '!@cimiento/domain/mspdi',
                '!@cimiento/domain/p6',
                '!@cimiento/domain/workbook',
                '!@cimiento/domain/change-log',
                '!@cimiento/domain/history',
                '!@cimiento/domain/progress',
                '!@cimiento/domain/resources',
                '!@cimiento/domain/workload',
                '!@cimiento/domain/last-planner',
                '!@cimiento/domain/members',
              ],
            },
            { group: ['**/packages/domain/**'] },
          ],
        },
      ],
    },
  },
);
