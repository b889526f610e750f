import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RUNTIME_V8_FLAGS } from '../src/runtime-flags';
import { startServerProcess, waitForHealth } from './support/server-process';
import { findFreePort } from './support/test-app';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Runs `node <options> -e <script>` and answers its stdout (throws on a non-zero exit). */
function runNode(options: readonly string[], script: string, args: readonly string[] = []): string {
  const result = spawnSync(process.execPath, [...options, '-e', script, ...args], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`node ${options.join(' ')}: ${result.status} ${result.stderr}`);
  return result.stdout.trim();
}

// The old space's largest size while a program keeps ~30 MB alive and promotes a steady stream of
// medium-lived objects, with the flags given as arguments set after start, as main sets them.
const OLD_SPACE_PEAK = `
const v8 = require('node:v8');
for (const flag of process.argv.slice(1)) v8.setFlagsFromString(flag);
const live = [];
for (let i = 0; i < 3e5; i += 1) live.push({ i, s: 'vivo' + i });
const ring = new Array(2e5);
let peak = 0;
for (let r = 0; r < 4e6; r += 1) {
  ring[r % ring.length] = { r, a: [r, r + 1] };
  if (r % 1e4 === 0) peak = Math.max(peak, v8.getHeapSpaceStatistics().find((s) => s.space_name === 'old_space').space_size);
}
console.log(peak);
`;

// The young generation's size after a burst of short-lived allocations.
const NEW_SPACE_SIZE = `
const v8 = require('node:v8');
const keep = [];
for (let r = 0; r < 20; r += 1) {
  const batch = [];
  for (let i = 0; i < 2e5; i += 1) batch.push({ i, s: 'x' + i });
  keep.push(batch.slice(0, 1000));
}
console.log(v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size);
`;

describe('the V8 flags the server runs with (issue 18, server memory)', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'cimiento-flags-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('each runtime flag is one this Node knows (setFlagsFromString ignores an unknown one silently)', () => {
    for (const flag of RUNTIME_V8_FLAGS) expect(() => runNode([flag], '0')).not.toThrow();
    // the check itself refuses a misspelt flag
    expect(() => runNode(['--heap-growing-percentt=100'], '0')).toThrow(/bad option/);
  });

  it('set after start, the runtime flags keep the old space well below what V8 grows it to on its own', () => {
    const unset = Number(runNode([], OLD_SPACE_PEAK));
    const set = Number(runNode([], OLD_SPACE_PEAK, RUNTIME_V8_FLAGS));
    expect(set).toBeGreaterThan(0);
    expect(set).toBeLessThan(unset * 0.75);
  }, 60_000);

  it('the started server sets them before it builds the app', async () => {
    const server = startServerProcess(await findFreePort(), { DATA_DIR: dataDir, LOG_LEVEL: 'debug' });
    try {
      expect(await waitForHealth(server), server.output()).toBe(200);
      const line = server.logLines().find((entry) => entry.msg === 'V8 flags set');
      expect(line?.v8Flags, server.output()).toEqual(RUNTIME_V8_FLAGS);
    } finally {
      await server.stop();
    }
  }, 60_000);

  it('`npm start` and `npm run serve` start the server with a young generation of 2 × 4 MB, and it holds', () => {
    const { scripts } = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    const startLine = /node (--\S+(?: --\S+)*) apps\/server\/dist\/main\.js$/;
    const serveOptions = startLine.exec(scripts.serve ?? '')?.[1];
    expect(serveOptions).toBe('--max-semi-space-size=4');
    expect(startLine.exec(scripts.start ?? '')?.[1]).toBe(serveOptions);
    const options = (serveOptions ?? '').split(' ');
    expect(Number(runNode(options, NEW_SPACE_SIZE))).toBeLessThanOrEqual(8 * 1024 * 1024);
    // without them V8 grows it past that on the same allocations
    expect(Number(runNode([], NEW_SPACE_SIZE))).toBeGreaterThan(8 * 1024 * 1024);
  }, 60_000);
});
