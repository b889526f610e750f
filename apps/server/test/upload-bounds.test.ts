import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD, cookieHeaderFrom, uniqueEmail } from './support/factories';
import { generateMspdi } from './support/mspdi';
import { residentMegabytes, resetPeakResident, startServerProcess, waitForHealth } from './support/server-process';
import type { ServerProcess } from './support/server-process';
import { createTestConfig, databaseKinds, findFreePort } from './support/test-app';
import type { TestConfig } from './support/test-app';
import { XLSX_BOMBS } from './support/xlsx-files';

/**
 * Issue 30, "every upload is bounded in memory and time", measured on the built server as it runs
 * in production (`node --max-semi-space-size=4 apps/server/dist/main.js`), on SQLite and
 * PostgreSQL: each hostile workbook of the issue, sent to each of the four workbook imports, is
 * refused with the Spanish message that names its limit, the server's peak resident set
 * (VmHWM, started again before each upload) stays at most 512 MB, no single block of its event
 * loop passes 1 s (the event-loop delay's maximum that GET /metrics reports, read before and after
 * each upload), and the next signed-in call is answered. MS Project's largest file and a nesting
 * bomb go through importProject the same way.
 */

const PEAK_RSS_MB = 512;
const LONGEST_BLOCK_S = 1;
const METRICS_TOKEN = 'metricas-de-prueba-0123456789abcdef';

type Answer = { status: number; body: any }; // eslint-disable-line @typescript-eslint/no-explicit-any -- whatever the wire carries

const EXPECTED: Record<string, RegExp> = {
  'shared strings (11 million, 187 MB unpacked)': /^El libro tiene más de 1\.000\.000 textos distintos/,
  // each import's own cap (the EDP's 50,000 items, the Gantt's 100,000 tasks, the UF table's rows) comes first
  'rows (1.9 million with data)': /^El (libro|archivo) tiene más de [\d.]+ filas/,
  'cells (12 million in one row)': /^La fila 1 tiene más de 16\.384 celdas/,
  'depth (5 million levels)': /^El libro tiene elementos anidados a más de 64 niveles/,
  'entities (a billion laughs)': /^El libro declara un DOCTYPE/,
  'entries (a zip of 60,000)': /^El archivo tiene 60\.005 partes;/,
};

describe.each(databaseKinds)('every upload is bounded in memory and time (%s, the built server)', (kind) => {
  let testConfig: TestConfig;
  let server: ServerProcess;
  let cookie = '';
  let projectId = '';
  const bombs = new Map<string, string>();

  async function post(url: string, body: unknown): Promise<Answer & { cookie: string }> {
    const response = await fetch(`${server.baseUrl}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.baseUrl, ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    return {
      status: response.status,
      body: text ? JSON.parse(text) : null,
      cookie: cookieHeaderFrom(response.headers.getSetCookie()),
    };
  }

  const call = (name: string, data: unknown) => post(`/api/functions/${name}`, { data });

  /** The event loop's longest delay since the last read, in seconds (prom-client resets it on each read). */
  async function longestBlock(): Promise<number> {
    const response = await fetch(`${server.baseUrl}/metrics`, {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(response.status).toBe(200);
    const text = await response.text();
    const value = /^nodejs_eventloop_lag_max_seconds(?:\{[^}]*\})? (\S+)$/m.exec(text)?.[1];
    expect(value, 'GET /metrics reports nodejs_eventloop_lag_max_seconds').toBeDefined();
    return Number(value);
  }

  /** Sends one upload; checks its refusal, the peak memory, the longest block, and that the next call is answered. */
  async function expectBounded(name: string, data: Record<string, unknown>, message: RegExp) {
    await longestBlock();
    const peakWasReset = resetPeakResident(server.pid);
    const answer = await call(name, data);
    const block = await longestBlock();
    const peak = residentMegabytes(server.pid, 'VmHWM');
    const next = await call('loadProfile', null);
    expect(answer.status, JSON.stringify(answer.body).slice(0, 400)).toBe(400);
    expect(answer.body.error.status).toBe('INVALID_ARGUMENT');
    expect(answer.body.error.message).toMatch(message);
    expect(peakWasReset || peak <= PEAK_RSS_MB, 'the peak can be measured').toBe(true);
    expect(peak, `${name}: peak resident set in MB`).toBeLessThanOrEqual(PEAK_RSS_MB);
    expect(block, `${name}: longest event-loop block in s`).toBeLessThanOrEqual(LONGEST_BLOCK_S);
    expect(next.status).toBe(200);
    return { peak, block };
  }

  beforeAll(async () => {
    for (const [kindOfBomb, build] of Object.entries(XLSX_BOMBS)) {
      bombs.set(kindOfBomb, (await build()).toString('base64'));
    }
    testConfig = await createTestConfig(kind);
    const port = await findFreePort();
    server = startServerProcess(
      port,
      {
        DATA_DIR: testConfig.config.dataDir,
        ...(testConfig.config.databaseUrl ? { DATABASE_URL: testConfig.config.databaseUrl } : {}),
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        AUTH_SECRET: 'secreto-de-la-prueba-de-cargas-0123456789abcdef',
        METRICS_TOKEN,
        LOG_LEVEL: 'warn',
      },
      { built: true },
    );
    expect(await waitForHealth(server), server.output()).toBe(200);
    const signUp = await post('/api/auth/sign-up/email', {
      email: uniqueEmail('admin'),
      password: TEST_PASSWORD,
      name: 'Administradora',
    });
    expect(signUp.status).toBe(200);
    cookie = signUp.cookie;
    const saved = await call('saveProject', {
      project: { name: 'Cargas acotadas', code: `CA-${Date.now() % 100000}` },
    });
    expect(saved.status, JSON.stringify(saved.body).slice(0, 400)).toBe(200);
    projectId = saved.body.result.project._id;
  }, 240_000);

  afterAll(async () => {
    await server?.stop();
    await testConfig?.cleanup();
  });

  it.each(Object.keys(XLSX_BOMBS))(
    'refuses the %s bomb in each workbook import within 512 MB and without a block over 1 s',
    async (bomb) => {
      const content = bombs.get(bomb) as string;
      const message = EXPECTED[bomb] as RegExp;
      const project = (await call('loadProject', { id: projectId })).body.result.project;
      const gantt = (await call('loadGantt', { id: projectId })).body.result;
      const figures = [
        await expectBounded('importEdp', { id: projectId, content, version: project.edp.version }, message),
        await expectBounded('importGantt', { id: projectId, format: 'xlsx', content, version: gantt.version }, message),
        await expectBounded(
          'importProgress',
          { id: projectId, cutoff: '2026-03-06', content, version: gantt.version },
          message,
        ),
        await expectBounded('importUfValues', { content, fileName: 'uf-2026.xlsx' }, message),
      ];
      // the figures, for whoever reads the run
      console.info(
        `${kind} ${bomb}: ${figures.map(({ peak, block }) => `${peak.toFixed(0)} MB / ${(block * 1000).toFixed(0)} ms`).join(', ')}`,
      );
    },
    240_000,
  );

  it('reads the largest MS Project file (20 MB) and refuses 5 million levels of nesting, within the same bounds', async () => {
    await longestBlock();
    resetPeakResident(server.pid);
    const base = generateMspdi({ tasks: 40_000 });
    const largest = generateMspdi({ tasks: 40_000, padding: 20 * 1024 * 1024 - base.length - 7 });
    const read = await call('importProject', {
      format: 'mspdi',
      fileName: 'grande.xml',
      content: largest,
      dryRun: true,
    });
    expect(read.status, JSON.stringify(read.body).slice(0, 400)).toBe(200);
    expect(read.body.result.preview.taskCount).toBe(40_000);
    const block = await longestBlock();
    const peak = residentMegabytes(server.pid, 'VmHWM');
    console.info(`${kind} importProject 20 MB, 40,000 tasks: ${peak.toFixed(0)} MB / ${(block * 1000).toFixed(0)} ms`);
    expect(peak).toBeLessThanOrEqual(PEAK_RSS_MB);
    expect(block).toBeLessThanOrEqual(LONGEST_BLOCK_S);

    const deep = `<Project xmlns="http://schemas.microsoft.com/project"><Tasks>${'<a>'.repeat(5_000_000)}`;
    await expectBounded(
      'importProject',
      { format: 'mspdi', fileName: 'profundo.xml', content: deep, dryRun: true },
      /^El archivo tiene elementos anidados a más de 64 niveles/,
    );
  }, 240_000);
});
