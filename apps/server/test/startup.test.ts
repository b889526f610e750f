import { statSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { callFunction, createFirstAdmin } from './support/factories';
import { startMain } from './support/main-process';
import { createTestConfig, databaseKinds, findFreePort } from './support/test-app';

describe('the entry point (main.ts)', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'cimiento-main-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('exits 1 on bad configuration with one line per bad variable and no stack trace', async () => {
    const { code, stderr } = await startMain({
      DATA_DIR: dataDir,
      PORT: 'abc',
      LOG_LEVEL: 'loud',
      METRICS_TOKEN: 'demasiado-corta',
    }).exited;
    expect(code).toBe(1);
    const lines = stderr.trimEnd().split('\n');
    expect(lines[0]).toBe('Configuración no válida:');
    expect(
      lines
        .slice(1)
        .map((line) => line.trim().split(':')[0])
        .sort(),
    ).toEqual(['LOG_LEVEL', 'METRICS_TOKEN', 'PORT']);
    expect(stderr).not.toMatch(/^\s+at /m);
    expect(stderr).not.toContain('demasiado-corta');
  });

  it('exits 1 with one readable line when the database cannot be reached', async () => {
    const { code, stderr } = await startMain({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      DATABASE_URL: 'postgres://nadie@127.0.0.1:1/cimiento',
    }).exited;
    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toMatch(/^Cimiento no pudo iniciar: /);
    expect(stderr).not.toMatch(/^\s+at /m);
  });

  it('starts with no configuration but DATA_DIR and PORT, answers /healthz, and stops cleanly on SIGTERM', async () => {
    const port = await findFreePort();
    const main = startMain({ DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'silent' });
    let health: Response | undefined;
    for (let attempt = 0; attempt < 100 && !health; attempt += 1) {
      health = await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => undefined);
      if (!health) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(health?.status, main.output()).toBe(200);
    main.child.kill('SIGTERM');
    const { code } = await main.exited;
    expect(code).toBe(0);
  }, 30_000);

  it('exits 1 with one Spanish line for a bad live stream limit (issue 30)', async () => {
    const { code, stderr } = await startMain({ DATA_DIR: dataDir, LIVE_STREAMS_PER_USER: '0' }).exited;
    expect(code).toBe(1);
    expect(stderr.trimEnd().split('\n')).toEqual([
      'Configuración no válida:',
      '  LIVE_STREAMS_PER_USER: debe estar entre 1 y 1000',
    ]);
  });
});

describe.each(databaseKinds)('the auth secret (%s)', (kind) => {
  it('is generated once when AUTH_SECRET is unset, kept in DATA_DIR/auth-secret (mode 600), and reused', async () => {
    const { config, cleanup } = await createTestConfig(kind);
    try {
      const secretFile = path.join(config.dataDir, 'auth-secret');
      const first = await buildApp(config, { logger: false });
      const secret = await readFile(secretFile, 'utf8');
      expect(secret.trim().length).toBeGreaterThanOrEqual(32);
      expect(statSync(secretFile).mode & 0o777).toBe(0o600);
      const admin = await createFirstAdmin({ app: first, config });
      await first.close();

      const second = await buildApp(config, { logger: false });
      try {
        expect(await readFile(secretFile, 'utf8')).toBe(secret);
        // sessions signed before the restart are still good after it
        expect((await callFunction(second, 'loadProfile', null, admin.cookie)).statusCode).toBe(200);
      } finally {
        await second.close();
      }
    } finally {
      await cleanup();
    }
  });

  it('is not written to disk when AUTH_SECRET is configured', async () => {
    const { config, cleanup } = await createTestConfig(kind, { AUTH_SECRET: 'x'.repeat(48) });
    try {
      const app = await buildApp(config, { logger: false });
      await app.close();
      expect(() => statSync(path.join(config.dataDir, 'auth-secret'))).toThrow();
    } finally {
      await cleanup();
    }
  });
});
