import { spawnSync } from 'node:child_process';
import {
  appendFileSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  unlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { STAMP_FILE, buildIfChanged, checkBuilds, hashSources, type BuildTarget } from './build-if-changed.mjs';

const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'build-if-changed.mjs');

let root: string;
beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'build-if-changed-'));
  write('package.json', '{ "name": "demo", "private": true }\n');
  write('package-lock.json', '{ "lockfileVersion": 3 }\n');
  write('tsconfig.base.json', '{}\n');
  write('packages/domain/package.json', '{ "name": "@demo/domain" }\n');
  write('packages/domain/src/index.ts', 'export const answer = 42;\n');
  write('apps/web/index.html', '<!doctype html>\n');
  write('apps/web/vite.config.ts', 'export default {};\n');
  write('apps/web/src/main.tsx', 'console.log("web");\n');
  write('apps/server/build.mjs', '// esbuild\n');
  write('apps/server/src/main.ts', 'console.log("server");\n');
});
afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

function write(relative: string, content: string): void {
  const file = path.join(root, relative);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
}

/**
 * A build command: a real child process that appends its name to the root's builds.log (how the tests
 * count builds), then either fails with `exitCode` touching nothing (as esbuild does on a syntax
 * error), or empties `dist` and writes dist/bundle.js from `source` (as Vite does).
 */
function fakeBuild(name: string, dist: string, source: string, exitCode = 0): string[] {
  const program = `
    const fs = require('node:fs');
    fs.appendFileSync(${JSON.stringify(path.join(root, 'builds.log'))}, ${JSON.stringify(name)} + '\\n');
    if (${exitCode} !== 0) process.exit(${exitCode});
    fs.rmSync(${JSON.stringify(dist)}, { recursive: true, force: true });
    fs.mkdirSync(${JSON.stringify(dist)}, { recursive: true });
    fs.writeFileSync(${JSON.stringify(`${dist}/bundle.js`)}, fs.readFileSync(${JSON.stringify(source)}));`;
  return [process.execPath, '-e', program.replace(/\s*\n\s*/g, ' ').trim()]; // one line: npm runs it through sh
}

function targets({ failing }: { failing?: 'web' | 'server' } = {}): BuildTarget[] {
  return [
    {
      name: 'la web',
      sources: ['apps/web', 'packages/domain', 'package.json', 'tsconfig.base.json'],
      dist: 'apps/web/dist',
      command: fakeBuild('web', 'apps/web/dist', 'apps/web/src/main.tsx', failing === 'web' ? 1 : 0),
    },
    {
      name: 'el servidor',
      sources: ['apps/server', 'packages/domain', 'package.json', 'tsconfig.base.json'],
      dist: 'apps/server/dist',
      command: fakeBuild('server', 'apps/server/dist', 'apps/server/src/main.ts', failing === 'server' ? 2 : 0),
    },
  ];
}

/** buildIfChanged on the temp root with the fake builds, quiet; what it answered and which builds ran. */
function run(options: { failing?: 'web' | 'server'; force?: boolean; node?: string } = {}) {
  const logFile = path.join(root, 'builds.log');
  rmSync(logFile, { force: true });
  const lines: string[] = [];
  const warnings: string[] = [];
  const result = buildIfChanged({
    root,
    builds: targets(options),
    node: options.node ?? 'v20.19.0 linux-x64',
    force: options.force ?? false,
    log: (line) => lines.push(line),
    warn: (line) => warnings.push(line),
  });
  const built = existsSync(logFile) ? readFileSync(logFile, 'utf8').trim().split('\n') : [];
  return { ...result, built, lines, warnings };
}

const stamp = (workspace: 'web' | 'server') => path.join(root, 'apps', workspace, 'dist', STAMP_FILE);

describe('buildIfChanged', () => {
  it('builds both on the first run, stamps each dist, and says so in one line', () => {
    const first = run();
    expect(first.exitCode).toBe(0);
    expect(first.built).toEqual(['web', 'server']);
    expect(first.lines).toEqual(['build: se construyeron la web (sin build previo) y el servidor (sin build previo).']);
    expect(first.warnings).toEqual([]);
    const written = JSON.parse(readFileSync(stamp('web'), 'utf8'));
    expect(written).toMatchObject({ version: 1, node: 'v20.19.0 linux-x64' });
    expect(written.sources).toMatch(/^[0-9a-f]{64}$/);
    expect(existsSync(stamp('server'))).toBe(true);
  });

  it('skips both when nothing changed, and says the build is current', () => {
    run();
    const second = run();
    expect(second.exitCode).toBe(0);
    expect(second.built).toEqual([]);
    expect(second.lines).toHaveLength(1);
    expect(second.lines[0]).toMatch(
      /^build: la web y el servidor ya están al día, nada que reconstruir \(revisado en \d+ ms\)\.$/,
    );
    expect(checkBuilds({ root, builds: targets(), node: 'v20.19.0 linux-x64' }).map((check) => check.current)).toEqual([
      true,
      true,
    ]);
  });

  it("rebuilds only the workspace whose source changed, and both when packages/domain's did", () => {
    run();
    write('apps/web/src/main.tsx', 'console.log("web, edited");\n');
    const afterWeb = run();
    expect(afterWeb.built).toEqual(['web']);
    expect(afterWeb.lines).toEqual([
      'build: se construyó la web (cambiaron sus fuentes o su configuración); el servidor, sin cambios.',
    ]);
    expect(readFileSync(path.join(root, 'apps/web/dist/bundle.js'), 'utf8')).toContain('web, edited');

    write('apps/server/src/routes/new.ts', 'export {};\n'); // a new file counts
    expect(run().built).toEqual(['server']);
    write('packages/domain/src/index.ts', 'export const answer = 43;\n');
    expect(run().built).toEqual(['web', 'server']);
    rmSync(path.join(root, 'apps/server/src/routes/new.ts')); // and a deleted one
    expect(run().built).toEqual(['server']);
    expect(run().built).toEqual([]);
  });

  it('rebuilds after a config file changes: the workspace own, the root package.json, tsconfig.base.json', () => {
    run();
    write('apps/web/vite.config.ts', 'export default { build: {} };\n');
    expect(run().built).toEqual(['web']);
    write('apps/web/.env.production', 'VITE_X=1\n'); // Vite reads the workspace .env files
    expect(run().built).toEqual(['web']);
    write('package.json', '{ "name": "demo", "private": true, "type": "module" }\n');
    expect(run().built).toEqual(['web', 'server']);
    write('tsconfig.base.json', '{ "compilerOptions": {} }\n');
    expect(run().built).toEqual(['web', 'server']);
  });

  it('rebuilds both after a lockfile change, and after a change of Node', () => {
    run();
    write('package-lock.json', '{ "lockfileVersion": 3, "packages": {} }\n');
    const afterLock = run();
    expect(afterLock.built).toEqual(['web', 'server']);
    expect(afterLock.lines[0]).toBe(
      'build: se construyeron la web (cambió package-lock.json) y el servidor (cambió package-lock.json).',
    );
    const afterNode = run({ node: 'v22.12.0 linux-x64' });
    expect(afterNode.built).toEqual(['web', 'server']);
    expect(afterNode.lines[0]).toContain('cambió la versión de Node (v20.19.0 linux-x64 → v22.12.0 linux-x64)');
  });

  it('does not rebuild for what no build reads: node_modules, dist, dot folders, data, tests', () => {
    run();
    write('apps/web/node_modules/.vite/deps/x.js', 'x');
    write('packages/domain/node_modules/dep/index.js', 'x');
    write('apps/server/test/functions.test.ts', 'x');
    write('apps/server/test/fixtures/db.sqlite', 'x');
    write('apps/web/src/screen.test.tsx', 'x');
    write('packages/domain/src/schedule.spec.ts', 'x');
    write('apps/server/data/cimiento.db', 'x');
    write('apps/web/.cache/x', 'x');
    write('e2e/specs/x.spec.ts', 'x');
    write('README.md', 'x');
    expect(run().built).toEqual([]);
  });

  it('hashes by path and content, not by modification time', () => {
    const sources = ['apps/web', 'packages/domain'];
    const before = hashSources(root, sources);
    const file = path.join(root, 'apps/web/src/main.tsx');
    utimesSync(file, new Date(2030, 0, 1), new Date(2030, 0, 1));
    expect(hashSources(root, sources)).toBe(before);
    copyFileSync(file, path.join(root, 'apps/web/src/copy.tsx')); // same content, another path
    expect(hashSources(root, sources)).not.toBe(before);
  });

  it('hashes a symbolic link by its target, without following a link to a folder', () => {
    const sources = ['apps/web'];
    symlinkSync(path.join(root, 'packages'), path.join(root, 'apps/web/src/linked'));
    const withLink = hashSources(root, sources);
    write('packages/domain/src/index.ts', 'export const answer = 45;\n'); // behind the link: not an input
    expect(hashSources(root, sources)).toBe(withLink);
    rmSync(path.join(root, 'apps/web/src/linked'));
    symlinkSync(path.join(root, 'nowhere'), path.join(root, 'apps/web/src/linked'));
    expect(hashSources(root, sources)).not.toBe(withLink);
  });

  it('a failed build exits non-zero, leaves no stamp, stops there, and is built again on the next run', () => {
    run();
    write('apps/web/src/main.tsx', 'broken(\n');
    write('packages/domain/src/index.ts', 'export const answer = 44;\n');
    const failed = run({ failing: 'web' });
    expect(failed.exitCode).toBe(1);
    expect(failed.failed).toBe('la web');
    expect(failed.built).toEqual(['web']); // the server waits, as with `npm run build -w web && …`
    expect(failed.lines).toEqual([]);
    expect(failed.warnings).toEqual([
      'build: falló el build de la web (código 1); corrige el error de arriba y vuelve a ejecutar el comando.',
    ]);
    expect(existsSync(stamp('web'))).toBe(false);

    // back to the sources of the last good build: without a stamp, the web is still rebuilt
    write('apps/web/src/main.tsx', 'console.log("web");\n');
    write('packages/domain/src/index.ts', 'export const answer = 42;\n');
    const next = run();
    expect(next.exitCode).toBe(0);
    expect(next.built).toEqual(['web']);
    expect(next.lines[0]).toBe(
      'build: se construyó la web (sin registro de un build terminado); el servidor, sin cambios.',
    );
    expect(readFileSync(path.join(root, 'apps/web/dist/bundle.js'), 'utf8')).toBe('console.log("web");\n');
  });

  it("answers the build's own exit code when it fails", () => {
    const failed = run({ failing: 'server' });
    expect(failed.exitCode).toBe(2);
    expect(failed.built).toEqual(['web', 'server']);
    expect(existsSync(stamp('web'))).toBe(true);
    expect(existsSync(stamp('server'))).toBe(false);
    expect(run().built).toEqual(['server']);
  });

  it('rebuilds when dist is missing, emptied, or changed by another build', () => {
    run();
    rmSync(path.join(root, 'apps/server/dist'), { recursive: true });
    expect(run().built).toEqual(['server']);
    unlinkSync(path.join(root, 'apps/web/dist/bundle.js'));
    expect(run().built).toEqual(['web']);
    // `npm run build -w …` outside this script rewrote a bundle: the stamp no longer describes dist
    appendFileSync(path.join(root, 'apps/server/dist/bundle.js'), '// rebuilt elsewhere\n');
    const changed = run();
    expect(changed.built).toEqual(['server']);
    expect(changed.lines[0]).toContain('apps/server/dist cambió después de su último build');
  });

  it('rebuilds on a stamp it cannot read or of another version', () => {
    run();
    writeFileSync(stamp('web'), 'not json');
    const stampFile = JSON.parse(readFileSync(stamp('server'), 'utf8'));
    writeFileSync(stamp('server'), JSON.stringify({ ...stampFile, version: 0 }));
    expect(run().built).toEqual(['web', 'server']);
  });

  it('with force, builds everything whatever the stamps say (npm run build)', () => {
    run();
    const forced = run({ force: true });
    expect(forced.built).toEqual(['web', 'server']);
    expect(forced.lines).toEqual(['build: se construyeron la web y el servidor.']);
    expect(run().built).toEqual([]);
  });
});

describe('node scripts/build-if-changed.mjs', () => {
  /**
   * The script copied into a temp repository whose workspaces' `build` scripts are the fake builds:
   * the CLI runs them through `npm run build -w …` as it does in the real repository.
   */
  function repository(failingServer: boolean) {
    write('scripts/build-if-changed.mjs', readFileSync(script, 'utf8'));
    const workspace = (name: string, folder: string, command: string[]) =>
      write(
        `${folder}/package.json`,
        JSON.stringify({
          name,
          private: true,
          scripts: { build: command.map((part) => JSON.stringify(part)).join(' ') },
        }),
      );
    write(
      'package.json',
      JSON.stringify({ name: 'demo', private: true, workspaces: ['packages/domain', 'apps/server', 'apps/web'] }),
    );
    // the fake builds run from the workspace folder under npm: their paths are relative to it
    workspace('@cimiento/web', 'apps/web', fakeBuild('web', 'dist', 'src/main.tsx'));
    workspace('@cimiento/server', 'apps/server', fakeBuild('server', 'dist', 'src/main.ts', failingServer ? 3 : 0));
  }
  const cli = (...args: string[]) =>
    spawnSync(process.execPath, [path.join(root, 'scripts/build-if-changed.mjs'), ...args], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? root },
      encoding: 'utf8',
    });
  const lastLine = (text: string) => text.trim().split('\n').at(-1);

  // three runs of npm (each starting Node twice): seconds on a busy machine, so not vitest's 5 s
  it('builds through npm, then skips, and with --force builds again; exit 0 each time', { timeout: 60_000 }, () => {
    repository(false);
    const first = cli();
    expect(first.status, first.stderr).toBe(0);
    expect(lastLine(first.stdout)).toBe(
      'build: se construyeron la web (sin build previo) y el servidor (sin build previo).',
    );
    expect(existsSync(stamp('web')) && existsSync(stamp('server'))).toBe(true);

    const second = cli();
    expect(second.status, second.stderr).toBe(0);
    expect(second.stdout).toMatch(/^build: la web y el servidor ya están al día/);

    const forced = cli('--force');
    expect(forced.status, forced.stderr).toBe(0);
    expect(lastLine(forced.stdout)).toBe('build: se construyeron la web y el servidor.');
  });

  it('exits non-zero when a build fails, and leaves no stamp for it', { timeout: 60_000 }, () => {
    repository(true);
    const result = cli();
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('build: falló el build del servidor');
    expect(existsSync(stamp('web'))).toBe(true);
    expect(existsSync(stamp('server'))).toBe(false);
  });
});
