// @ts-check
// `npm start` builds only what changed (issue 18); `npm run build` (this file with --force) always builds.
// Each build (the web app, then the server bundle) is skipped when its dist folder holds a stamp
// (dist/.build-stamp.json) whose figures all match:
//   - sources: a SHA-256 of every file of the workspace and of packages/domain (node_modules, dist,
//     dot folders, tests and the like left out, see IGNORED_FOLDERS and isTestFile), plus the root
//     package.json and tsconfig.base.json (and the web's build step, scripts/precompress-assets.ts),
//     by path and content;
//   - lockfile: package-lock.json's SHA-256;
//   - node: the Node version, platform and architecture;
//   - outputs: the path, size and modification time of every file in dist, as the build left it, so
//     a dist built or changed by other means (`npm run build -w …`, a deleted file) is rebuilt.
// The stamp is removed before a build and written only after it succeeds, with the figures taken
// before it started: a failed or interrupted build leaves no stamp, and a source edited during the
// build is seen next time. One line says what was rebuilt and why, or that everything is current.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, readlinkSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root (this file is scripts/build-if-changed.mjs). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The stamp's file name inside each dist folder (the server's static files never list dot files). */
export const STAMP_FILE = '.build-stamp.json';

/** Bumped when the stamp's meaning changes, so older stamps count as missing. */
const STAMP_VERSION = 1;

/** Folders never walked for inputs: installed packages, build output, caches, data and test material. */
export const IGNORED_FOLDERS = Object.freeze(
  new Set(['node_modules', 'dist', 'data', 'artifacts', 'test-results', 'coverage', 'test']),
);

/** A test file (`x.test.ts`, `x.spec.tsx`, …): no build reads it. @param {string} name */
export function isTestFile(name) {
  return /\.(test|spec)\.[cm]?[jt]sx?$/.test(name);
}

/**
 * @typedef {object} BuildTarget
 * @property {string} name how the line names it ('la web', 'el servidor')
 * @property {string[]} sources folders and files (relative to the root) whose content the build reads
 * @property {string} dist its output folder, where the stamp lives
 * @property {string[]} command what builds it, run from the root
 */

/** `npm run build -w <workspace>` through the npm running this script, else the npm on PATH. @param {string} workspace */
function npmRunBuild(workspace) {
  const npmCli = process.env.npm_execpath;
  const npm = npmCli && /\.[cm]?js$/.test(npmCli) ? [process.execPath, npmCli] : ['npm'];
  return [...npm, 'run', 'build', '-w', workspace];
}

/** The repository's two builds, in the order `npm run build` has always run them. */
export const BUILDS = Object.freeze([
  {
    name: 'la web',
    // vite.config.ts's build step lives in scripts/
    sources: ['apps/web', 'packages/domain', 'scripts/precompress-assets.ts', 'package.json', 'tsconfig.base.json'],
    dist: 'apps/web/dist',
    command: npmRunBuild('@cimiento/web'),
  },
  {
    name: 'el servidor',
    sources: ['apps/server', 'packages/domain', 'package.json', 'tsconfig.base.json'],
    dist: 'apps/server/dist',
    command: npmRunBuild('@cimiento/server'),
  },
]);

/** The Node that builds (and runs) the bundles. */
export function currentNode() {
  return `${process.version} ${process.platform}-${process.arch}`;
}

/**
 * Every input file under `relative` (a folder or a file; a missing one adds nothing), as
 * [path relative to the root, absolute path] pairs, in a stable order.
 * @param {string} root @param {string} relative @param {[string, string][]} into
 */
function collectFiles(root, relative, into) {
  const absolute = path.join(root, relative);
  let stats;
  try {
    stats = statSync(absolute);
  } catch {
    return into;
  }
  if (!stats.isDirectory()) {
    into.push([relative, absolute]);
    return into;
  }
  const entries = readdirSync(absolute, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1));
  for (const entry of entries) {
    const child = path.join(relative, entry.name);
    if (entry.isDirectory()) {
      if (!IGNORED_FOLDERS.has(entry.name) && !entry.name.startsWith('.')) collectFiles(root, child, into);
    } else if ((entry.isFile() || entry.isSymbolicLink()) && !isTestFile(entry.name)) {
      into.push([child, path.join(absolute, entry.name)]);
    }
  }
  return into;
}

/**
 * A file's content with its length in front; a link to a folder or to nothing by its target; a file
 * it cannot read by the error (the build will say more).
 * @param {string} file
 */
function readInput(file) {
  let content;
  try {
    content = readFileSync(file);
  } catch (error) {
    try {
      content = Buffer.from(`link → ${readlinkSync(file)}`);
    } catch {
      content = Buffer.from(`unreadable: ${/** @type {NodeJS.ErrnoException} */ (error).code}`);
    }
  }
  return Buffer.concat([Buffer.from(`${content.length}\0`), content]);
}

/**
 * SHA-256 over the path and content of every input file of `sources` (a symbolic link by its target).
 * @param {string} root @param {string[]} sources
 */
export function hashSources(root, sources) {
  const hash = createHash('sha256');
  const seen = new Set();
  for (const source of sources) {
    for (const [relative, absolute] of collectFiles(root, source, [])) {
      if (seen.has(relative)) continue;
      seen.add(relative);
      hash.update(`${relative.split(path.sep).join('/')}\0`);
      hash.update(readInput(absolute));
    }
  }
  return hash.digest('hex');
}

/** SHA-256 of one file's content, or 'missing'. @param {string} file */
function hashFile(file) {
  try {
    return createHash('sha256').update(readFileSync(file)).digest('hex');
  } catch {
    return 'missing';
  }
}

/**
 * SHA-256 over the path, size and modification time of every file in `dist` but the stamp, or
 * 'missing' when dist is missing or empty.
 * @param {string} dist absolute
 */
export function hashOutputs(dist) {
  if (!existsSync(dist)) return 'missing';
  const hash = createHash('sha256');
  let count = 0;
  const walk = (/** @type {string} */ folder, /** @type {string} */ relative) => {
    const entries = readdirSync(folder, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1));
    for (const entry of entries) {
      const child = relative === '' ? entry.name : `${relative}/${entry.name}`;
      if (child === STAMP_FILE) continue;
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) {
        walk(full, child);
      } else {
        const stats = statSync(full, { throwIfNoEntry: false });
        hash.update(`${child}\0${stats?.size ?? -1}\0${stats?.mtimeMs ?? -1}\n`);
        count += 1;
      }
    }
  };
  walk(dist, '');
  return count === 0 ? 'missing' : hash.digest('hex');
}

/**
 * @typedef {{ version: number, sources: string, lockfile: string, node: string, outputs: string }} Stamp
 * @typedef {{ target: BuildTarget, current: boolean, reason: string, inputs: Omit<Stamp, 'outputs' | 'version'> }} Check
 */

/** @param {string} file @returns {Stamp | undefined} */
function readStamp(file) {
  try {
    const stamp = JSON.parse(readFileSync(file, 'utf8'));
    return stamp && stamp.version === STAMP_VERSION ? stamp : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether each build is current, and if not, why (in Spanish, for the line).
 * @param {{ root?: string, builds?: readonly BuildTarget[], node?: string }} [options]
 * @returns {Check[]}
 */
export function checkBuilds({ root = REPO_ROOT, builds = BUILDS, node = currentNode() } = {}) {
  const lockfile = hashFile(path.join(root, 'package-lock.json'));
  return builds.map((target) => {
    const inputs = { sources: hashSources(root, target.sources), lockfile, node };
    const dist = path.join(root, target.dist);
    const stamp = readStamp(path.join(dist, STAMP_FILE));
    const changed = [];
    if (stamp === undefined) {
      changed.push(existsSync(dist) ? 'sin registro de un build terminado' : 'sin build previo');
    } else {
      if (stamp.sources !== inputs.sources) changed.push('cambiaron sus fuentes o su configuración');
      if (stamp.lockfile !== lockfile) changed.push('cambió package-lock.json');
      if (stamp.node !== node) changed.push(`cambió la versión de Node (${stamp.node} → ${node})`);
      if (changed.length === 0 && stamp.outputs !== hashOutputs(dist)) {
        changed.push(`${target.dist} cambió después de su último build`);
      }
    }
    return { target, current: changed.length === 0, reason: changed.join(', '), inputs };
  });
}

/** Runs a build's command from the root with the terminal's output; its exit code. @param {BuildTarget} target @param {string} root */
function runCommand(target, root) {
  const [command, ...args] = target.command;
  const result = spawnSync(/** @type {string} */ (command), args, {
    cwd: root,
    stdio: 'inherit',
    shell: process.platform === 'win32' && command === 'npm',
  });
  if (result.error) process.stderr.write(`${result.error.message}\n`);
  return result.status ?? 1;
}

/**
 * @typedef {object} BuildOptions
 * @property {string} [root]
 * @property {readonly BuildTarget[]} [builds]
 * @property {string} [node] the Node identity written into stamps
 * @property {boolean} [force] build everything whatever the stamps say (`npm run build`)
 * @property {(target: BuildTarget, root: string) => number} [run] runs one build, answers its exit code
 * @property {(line: string) => void} [log] the one line (stdout)
 * @property {(line: string) => void} [warn] the failure's line (stderr)
 * @property {() => number} [now] a clock in milliseconds, for the line
 */

/**
 * Builds what changed (everything with `force`), one build after the other, stopping at the first
 * that fails; answers the exit code for the CLI and what happened to each build.
 * @param {BuildOptions} [options]
 * @returns {{ exitCode: number, line: string, rebuilt: string[], current: string[], failed?: string }}
 */
export function buildIfChanged({
  root = REPO_ROOT,
  builds = BUILDS,
  node = currentNode(),
  force = false,
  run = runCommand,
  log = (line) => process.stdout.write(`${line}\n`),
  warn = (line) => process.stderr.write(`${line}\n`),
  now = () => performance.now(),
} = {}) {
  const started = now();
  const checks = checkBuilds({ root, builds, node });
  const checkedMs = now() - started;
  /** @type {string[]} */
  const rebuilt = [];
  /** @type {string[]} */
  const current = [];
  for (const check of checks) {
    const { target } = check;
    if (check.current && !force) {
      current.push(target.name);
      continue;
    }
    const dist = path.join(root, target.dist);
    const stampFile = path.join(dist, STAMP_FILE);
    rmSync(stampFile, { force: true });
    const exitCode = run(target, root);
    if (exitCode !== 0) {
      const of = `de ${target.name}`.replace(/^de el /, 'del ');
      const line = `build: falló el build ${of} (código ${exitCode}); corrige el error de arriba y vuelve a ejecutar el comando.`;
      warn(line);
      return { exitCode: exitCode || 1, line, rebuilt, current, failed: target.name };
    }
    /** @type {Stamp} */
    const stamp = { version: STAMP_VERSION, ...check.inputs, outputs: hashOutputs(dist) };
    writeFileSync(stampFile, `${JSON.stringify(stamp, null, 2)}\n`);
    rebuilt.push(force ? target.name : `${target.name} (${check.reason})`);
  }
  const list = (/** @type {string[]} */ names) =>
    names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} y ${names.at(-1)}`;
  let line;
  if (rebuilt.length === 0) {
    const are = current.length === 1 ? 'está' : 'están';
    line = `build: ${list(current)} ya ${are} al día, nada que reconstruir (revisado en ${checkedMs.toFixed(0)} ms).`;
  } else {
    const built = rebuilt.length === 1 ? 'se construyó' : 'se construyeron';
    line = `build: ${built} ${list(rebuilt)}${current.length > 0 ? `; ${list(current)}, sin cambios` : ''}.`;
  }
  log(line);
  return { exitCode: 0, line, rebuilt, current };
}

// The CLI: `node scripts/build-if-changed.mjs [--force]`.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const force = process.argv.includes('--force');
  process.exitCode = buildIfChanged({ force }).exitCode;
}
