import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  CHROMIUM_CANDIDATES,
  INSTALL_COMMAND,
  HEADLESS_SHELL_CANDIDATES,
  chromiumExecutablePath,
  e2eChromiumExecutablePath,
  ensureChromium,
  lookupChromium,
} from './find-chromium.mjs';

const cli = path.join(path.dirname(fileURLToPath(import.meta.url)), 'find-chromium.mjs');

let folder: string;
beforeEach(() => {
  folder = mkdtempSync(path.join(os.tmpdir(), 'find-chromium-'));
});
afterEach(() => {
  rmSync(folder, { recursive: true, force: true });
});

/** A file under the temp folder: mode 755 (a browser we may run) unless told otherwise. */
function file(name: string, mode = 0o755): string {
  const full = path.join(folder, name);
  writeFileSync(full, '#!/bin/sh\nexit 0\n');
  chmodSync(full, mode);
  return full;
}

/** Candidates in the temp folder; only those made with file() exist. */
function candidates(...names: string[]): string[] {
  return names.map((name) => path.join(folder, name));
}

/** ensureChromium's machine, recorded: who is root, whether apt-get exists, what the installer did. */
function machine(options: { root: boolean; aptGet: boolean; installs?: () => boolean }) {
  const calls = { install: 0, lines: [] as string[] };
  return {
    calls,
    dependencies: {
      isRoot: () => options.root,
      hasAptGet: () => options.aptGet,
      install: () => {
        calls.install += 1;
        return options.installs?.() ?? false;
      },
      log: (line: string) => calls.lines.push(line),
    },
  };
}

describe('lookupChromium', () => {
  it('tries the usual Debian and Chrome paths, in this order', () => {
    expect(CHROMIUM_CANDIDATES).toEqual([
      '/usr/bin/chromium',
      '/usr/bin/chromium-browser',
      '/usr/bin/google-chrome',
      '/usr/bin/google-chrome-stable',
      '/opt/google/chrome/chrome',
      '/snap/bin/chromium',
    ]);
  });

  it('takes CHROMIUM_PATH over every candidate', () => {
    const own = file('mi-chrome');
    file('chromium');
    expect(lookupChromium({ env: { CHROMIUM_PATH: own }, candidates: candidates('chromium') })).toEqual({
      ok: true,
      path: own,
      source: 'CHROMIUM_PATH',
    });
  });

  it('takes the first candidate that is an executable file, skipping missing and non-executable ones', () => {
    file('not-executable', 0o644);
    const second = file('second');
    file('third');
    const list = candidates('missing', 'not-executable', 'second', 'third');
    expect(lookupChromium({ env: {}, candidates: list })).toEqual({ ok: true, path: second, source: 'candidates' });
    // the order decides, not the names
    expect(lookupChromium({ env: {}, candidates: [...list].reverse() })).toMatchObject({
      path: path.join(folder, 'third'),
    });
  });

  it('reports a CHROMIUM_PATH that is missing or not executable, without falling back to the candidates', () => {
    file('chromium');
    const notExecutable = file('plain', 0o644);
    for (const bad of [path.join(folder, 'nope'), notExecutable, folder]) {
      const result = lookupChromium({ env: { CHROMIUM_PATH: bad }, candidates: candidates('chromium') });
      expect(result).toMatchObject({ ok: false, reason: 'bad-chromium-path' });
      expect(result.ok === false && result.message).toContain(`CHROMIUM_PATH=${bad} no es un archivo ejecutable`);
    }
  });

  it('chromiumExecutablePath throws the message when nothing is found', () => {
    expect(() => chromiumExecutablePath({ env: {}, candidates: candidates('missing') })).toThrow(INSTALL_COMMAND);
    const found = file('chromium');
    expect(chromiumExecutablePath({ env: {}, candidates: candidates('chromium') })).toBe(found);
  });
});

describe('e2eChromiumExecutablePath', () => {
  it("tries Debian's headless shell first", () => {
    expect(HEADLESS_SHELL_CANDIDATES).toEqual([
      '/usr/lib/chromium/chromium-headless-shell',
      '/usr/bin/chromium-headless-shell',
    ]);
    const shell = file('chromium-headless-shell');
    file('chromium');
    expect(
      e2eChromiumExecutablePath({
        env: {},
        shellCandidates: candidates('chromium-headless-shell'),
        candidates: candidates('chromium'),
      }),
    ).toBe(shell);
  });

  it('falls back to the usual candidates when the headless shell is not installed', () => {
    const found = file('chromium');
    expect(
      e2eChromiumExecutablePath({
        env: {},
        shellCandidates: candidates('missing'),
        candidates: candidates('chromium'),
      }),
    ).toBe(found);
    expect(() =>
      e2eChromiumExecutablePath({ env: {}, shellCandidates: candidates('missing'), candidates: candidates('gone') }),
    ).toThrow(INSTALL_COMMAND);
  });

  it('takes CHROMIUM_PATH over the headless shell', () => {
    const own = file('mi-chrome');
    file('chromium-headless-shell');
    expect(
      e2eChromiumExecutablePath({
        env: { CHROMIUM_PATH: own },
        shellCandidates: candidates('chromium-headless-shell'),
        candidates: candidates('chromium'),
      }),
    ).toBe(own);
  });
});

describe('ensureChromium', () => {
  it('does not install when a Chromium is already there', () => {
    const found = file('chromium');
    const m = machine({ root: true, aptGet: true });
    expect(ensureChromium({ env: {}, candidates: candidates('chromium'), ...m.dependencies })).toEqual({
      ok: true,
      path: found,
      installed: false,
    });
    expect(m.calls.install).toBe(0);
  });

  it('as root with apt-get, installs Debian chromium, says so, and finds it', () => {
    const list = candidates('chromium-browser', 'chromium');
    const m = machine({
      root: true,
      aptGet: true,
      installs: () => {
        file('chromium'); // what apt-get install -y chromium leaves behind
        return true;
      },
    });
    const result = ensureChromium({ env: {}, candidates: list, ...m.dependencies });
    expect(result).toEqual({ ok: true, path: path.join(folder, 'chromium'), installed: true });
    expect(m.calls.install).toBe(1);
    expect(m.calls.lines[0]).toMatch(
      /se instalan los paquetes chromium y chromium-headless-shell de Debian \(apt-get update && apt-get install -y chromium chromium-headless-shell\)/,
    );
    expect(m.calls.lines[1]).toBe(`Chromium instalado: ${path.join(folder, 'chromium')}`);
  });

  it('as root, stops with the command when apt-get fails', () => {
    const m = machine({ root: true, aptGet: true, installs: () => false });
    const result = ensureChromium({ env: {}, candidates: candidates('chromium'), ...m.dependencies });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.message).toContain('No se pudo instalar Chromium con apt-get');
    expect(!result.ok && result.message).toContain(INSTALL_COMMAND);
  });

  it('without root, stops at once with the one command to run, and installs nothing', () => {
    const m = machine({ root: false, aptGet: true });
    const result = ensureChromium({ env: {}, candidates: candidates('chromium'), ...m.dependencies });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.message.split('\n')).toContain(`  ${INSTALL_COMMAND}`);
    expect(m.calls.install).toBe(0);
    expect(m.calls.lines).toEqual([]);
  });

  it('as root without apt-get, stops with the command too', () => {
    const m = machine({ root: true, aptGet: false });
    const result = ensureChromium({ env: {}, candidates: candidates('chromium'), ...m.dependencies });
    expect(!result.ok && result.message).toContain(INSTALL_COMMAND);
    expect(m.calls.install).toBe(0);
  });

  it('reports a bad CHROMIUM_PATH and installs nothing, even as root with apt-get', () => {
    const m = machine({ root: true, aptGet: true, installs: () => true });
    const bad = path.join(folder, 'nope');
    const result = ensureChromium({ env: { CHROMIUM_PATH: bad }, candidates: candidates('x'), ...m.dependencies });
    expect(!result.ok && result.message).toContain(`CHROMIUM_PATH=${bad}`);
    expect(m.calls.install).toBe(0);
  });

  it('finds apt-get on PATH by default', () => {
    const bin = path.join(folder, 'bin');
    const m = machine({ root: true, aptGet: true, installs: () => false });
    const { hasAptGet: _ignored, ...withoutAptCheck } = m.dependencies;
    const run = (PATH: string) =>
      ensureChromium({ env: { PATH }, candidates: candidates('chromium'), ...withoutAptCheck });
    run(bin);
    expect(m.calls.install).toBe(0); // no bin/apt-get yet
    mkdirSync(bin);
    file('bin/apt-get');
    run(`/nonexistent${path.delimiter}${bin}`);
    expect(m.calls.install).toBe(1);
  });
});

describe('node scripts/find-chromium.mjs', () => {
  const runCli = (env: Record<string, string>) =>
    spawnSync(process.execPath, [cli], { env: { PATH: process.env.PATH ?? '', ...env }, encoding: 'utf8' });

  it('exits 0 and prints the path it found', () => {
    const own = file('mi-chrome');
    const result = runCli({ CHROMIUM_PATH: own });
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toBe(`Chromium para las pruebas de punta a punta: ${own}\n`);
  });

  it('exits 1 at once on a bad CHROMIUM_PATH, saying what to fix', () => {
    const bad = path.join(folder, 'nope');
    const result = runCli({ CHROMIUM_PATH: bad });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`CHROMIUM_PATH=${bad} no es un archivo ejecutable`);
  });
});
