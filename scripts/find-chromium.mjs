// @ts-check
// Finds the Chromium the end-to-end tier drives (and the benchmarks' screen timings). `npm test` runs
// this file first, so a machine without Chromium stops at once, before the build:
//   CHROMIUM_PATH, when set, must name an executable; otherwise the usual Debian and Chrome paths are
//   tried in order; when none is there and we run as root with apt-get, Debian's chromium is
//   installed; otherwise the one command to run is printed and the exit code is 1.
// bench/*.mjs call chromiumExecutablePath(), the same lookup without the install. The end-to-end
// tier calls e2eChromiumExecutablePath(): Debian's chromium-headless-shell when it is installed (the
// same Chromium build without the desktop browser's UI, what Playwright itself runs headless; a fifth
// to two fifths less CPU per spec on 2 cores, see docs/ARCHITECTURE.md), else the same lookup.
import { spawnSync } from 'node:child_process';
import { accessSync, constants, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where Debian, Ubuntu and Google put a Chromium or Chrome, in the order they are tried. */
export const CHROMIUM_CANDIDATES = Object.freeze([
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/opt/google/chrome/chrome',
  '/snap/bin/chromium',
]);

/**
 * Debian's headless shell (package chromium-headless-shell), tried first by the end-to-end tier: the
 * binary itself before /usr/bin's wrapper script, which stays behind as its parent (a browser killed
 * after a timeout would leave the real one running).
 */
export const HEADLESS_SHELL_CANDIDATES = Object.freeze([
  '/usr/lib/chromium/chromium-headless-shell',
  '/usr/bin/chromium-headless-shell',
]);

/** What a person runs on Debian (or Ubuntu) to get the Chromium the tests use. */
export const INSTALL_COMMAND = 'sudo apt-get update && sudo apt-get install -y chromium chromium-headless-shell';

/**
 * @typedef {object} LookupDependencies
 * @property {Record<string, string | undefined>} [env] the environment (CHROMIUM_PATH, PATH)
 * @property {readonly string[]} [candidates] paths tried in order when CHROMIUM_PATH is unset
 * @property {(file: string) => boolean} [isExecutable]
 */

/**
 * @typedef {{ ok: true, path: string, source: 'CHROMIUM_PATH' | 'candidates' }
 *   | { ok: false, reason: 'bad-chromium-path' | 'not-found', message: string }} LookupResult
 */

/** @param {string} file @returns {boolean} a regular file (after links) that we may execute */
export function isExecutableFile(file) {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/**
 * @param {string} command
 * @param {Record<string, string | undefined>} env
 * @param {(file: string) => boolean} isExecutable
 */
function commandOnPath(command, env, isExecutable) {
  return (env.PATH ?? '')
    .split(path.delimiter)
    .filter((folder) => folder !== '')
    .some((folder) => isExecutable(path.join(folder, command)));
}

function notFoundMessage() {
  return [
    'No se encontró Chromium, que necesitan las pruebas de punta a punta. Instálalo con:',
    `  ${INSTALL_COMMAND}`,
    `(o define CHROMIUM_PATH con la ruta de un Chromium o Google Chrome; se buscó en ${CHROMIUM_CANDIDATES.join(', ')})`,
  ].join('\n');
}

/**
 * CHROMIUM_PATH if set (it must be executable), else the first executable candidate.
 * @param {LookupDependencies} [dependencies]
 * @returns {LookupResult}
 */
export function lookupChromium({
  env = process.env,
  candidates = CHROMIUM_CANDIDATES,
  isExecutable = isExecutableFile,
} = {}) {
  const configured = env.CHROMIUM_PATH?.trim();
  if (configured) {
    if (isExecutable(configured)) return { ok: true, path: configured, source: 'CHROMIUM_PATH' };
    return {
      ok: false,
      reason: 'bad-chromium-path',
      message: `CHROMIUM_PATH=${configured} no es un archivo ejecutable. Corrige la ruta, o quita CHROMIUM_PATH para buscar Chromium en las rutas habituales.`,
    };
  }
  const found = candidates.find((candidate) => isExecutable(candidate));
  if (found !== undefined) return { ok: true, path: found, source: 'candidates' };
  return { ok: false, reason: 'not-found', message: notFoundMessage() };
}

/**
 * The path playwright-core should launch; throws with the same message the CLI prints.
 * @param {LookupDependencies} [dependencies]
 * @returns {string}
 */
export function chromiumExecutablePath(dependencies) {
  const result = lookupChromium(dependencies);
  if (!result.ok) throw new Error(result.message);
  return result.path;
}

/**
 * The path the end-to-end tier launches: CHROMIUM_PATH if set, else Debian's headless shell, else the
 * usual candidates (chromiumExecutablePath's).
 * @param {LookupDependencies & { shellCandidates?: readonly string[] }} [dependencies]
 * @returns {string}
 */
export function e2eChromiumExecutablePath({
  shellCandidates = HEADLESS_SHELL_CANDIDATES,
  candidates = CHROMIUM_CANDIDATES,
  ...dependencies
} = {}) {
  return chromiumExecutablePath({ ...dependencies, candidates: [...shellCandidates, ...candidates] });
}

/**
 * @typedef {LookupDependencies & {
 *   isRoot?: () => boolean,
 *   hasAptGet?: () => boolean,
 *   install?: () => boolean,
 *   log?: (line: string) => void,
 * }} EnsureDependencies
 */

/**
 * `apt-get update && apt-get install -y chromium chromium-headless-shell`, showing apt's output; true
 * when both succeed.
 */
function installWithAptGet() {
  const options = /** @type {const} */ ({
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (spawnSync('apt-get', ['update'], options).status !== 0) return false;
  return spawnSync('apt-get', ['install', '-y', 'chromium', 'chromium-headless-shell'], options).status === 0;
}

/**
 * lookupChromium, and when nothing is found and we are root with apt-get, Debian's chromium is
 * installed and looked up again. A bad CHROMIUM_PATH is reported, never worked around.
 * @param {EnsureDependencies} [dependencies]
 * @returns {{ ok: true, path: string, installed: boolean } | { ok: false, message: string }}
 */
export function ensureChromium(dependencies = {}) {
  const {
    env = process.env,
    isExecutable = isExecutableFile,
    isRoot = () => process.getuid?.() === 0,
    hasAptGet = () => commandOnPath('apt-get', env, isExecutable),
    install = installWithAptGet,
    log = (line) => process.stdout.write(`${line}\n`),
  } = dependencies;
  const first = lookupChromium(dependencies);
  if (first.ok) return { ok: true, path: first.path, installed: false };
  if (first.reason === 'bad-chromium-path' || !isRoot() || !hasAptGet()) return { ok: false, message: first.message };

  log(
    'No se encontró Chromium: se instalan los paquetes chromium y chromium-headless-shell de Debian (apt-get update && apt-get install -y chromium chromium-headless-shell).',
  );
  if (!install()) {
    return { ok: false, message: `No se pudo instalar Chromium con apt-get.\n${notFoundMessage()}` };
  }
  const second = lookupChromium(dependencies);
  if (!second.ok) {
    return { ok: false, message: `apt-get instaló chromium, pero no quedó en una ruta conocida.\n${second.message}` };
  }
  log(`Chromium instalado: ${second.path}`);
  return { ok: true, path: second.path, installed: true };
}

// The CLI: `node scripts/find-chromium.mjs` exits 0 with the path, or 1 with what to do.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const result = ensureChromium();
  if (result.ok) {
    process.stdout.write(`Chromium para las pruebas de punta a punta: ${e2eChromiumExecutablePath()}\n`);
  } else {
    process.stderr.write(`${result.message}\n`);
    process.exitCode = 1;
  }
}
