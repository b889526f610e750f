import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callFunction, createFirstAdmin, cookieHeaderFrom, TEST_PASSWORD } from './support/factories';
import type { TestAccount } from './support/factories';
import { createTestApp, databaseKinds } from './support/test-app';
import type { TestApp } from './support/test-app';
import { collectLogLines } from './support/log-lines';
import { compressedVersions } from '../../../scripts/precompress-assets';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const INDEX_HTML = '<!doctype html><html><head><title>Cimiento</title></head><body><div id="root"></div></body></html>';
const APP_JS = 'console.log("cimiento");';
/** An asset big enough to be compressed (≥ 1 KB), with the build's .br and .gz beside it. */
const BIG_JS = Array.from(
  { length: 200 },
  (_, index) => `export const fila${index} = "Torre ${index % 2 ? 'B' : 'A'}";`,
).join('\n');
/** One the build left without siblings (compressed on the fly). */
const BARE_JS = BIG_JS.replace(/fila/g, 'piso');

describe.each(databaseKinds)('HTTP behaviour (%s)', (kind) => {
  let t: TestApp;
  let webDistDir: string;
  let admin: TestAccount;

  beforeAll(async () => {
    webDistDir = await mkdtemp(path.join(os.tmpdir(), 'cimiento-web-'));
    await mkdir(path.join(webDistDir, 'assets'));
    await writeFile(path.join(webDistDir, 'index.html'), INDEX_HTML);
    await writeFile(path.join(webDistDir, 'assets', 'app-abc123.js'), APP_JS);
    await writeFile(path.join(webDistDir, 'assets', 'big-abc123.js'), BIG_JS);
    const built = await compressedVersions(Buffer.from(BIG_JS));
    await writeFile(path.join(webDistDir, 'assets', 'big-abc123.js.br'), built.br);
    await writeFile(path.join(webDistDir, 'assets', 'big-abc123.js.gz'), built.gz);
    await writeFile(path.join(webDistDir, 'assets', 'bare-abc123.js'), BARE_JS);
    t = await createTestApp(kind, {}, { webDistDir });
    admin = await createFirstAdmin(t);
  });
  afterAll(async () => {
    await t?.close();
    await rm(webDistDir, { recursive: true, force: true });
  });

  it('answers GET /healthz with 200 {status: "ok"} when the database answers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok' });
  });

  it("sends security headers with a CSP that allows this origin only ('self'), no other origin anywhere", async () => {
    for (const url of ['/healthz', '/usuarios', '/assets/app-abc123.js']) {
      const response = await t.app.inject({ method: 'GET', url });
      const csp = String(response.headers['content-security-policy']);
      const directives = new Map(
        csp.split(';').map((directive) => {
          const [name = '', ...values] = directive.trim().split(/\s+/);
          return [name, values] as const;
        }),
      );
      expect(directives.get('default-src')).toEqual(["'self'"]);
      expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
      expect(directives.get('object-src')).toEqual(["'none'"]);
      for (const [name, values] of directives) {
        for (const value of values) {
          // keywords and the data:/blob: schemes only: no host, no wildcard, no http(s)
          expect(value, `${name} ${value}`).toMatch(/^('self'|'none'|'unsafe-inline'|data:|blob:)$/);
        }
      }
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
    }
  });

  it('compresses a large JSON answer with gzip when the client accepts it', async () => {
    // enough users for loadUsers to pass the 1 KB threshold, written directly (no password hashing)
    const now = new Date().toISOString();
    await t.db
      .insertInto('user')
      .values(
        Array.from({ length: 30 }, (_, index) => ({
          id: uuidv7(),
          name: `Persona de Relleno ${index}`,
          email: `relleno-${index}@example.cl`,
          emailVerified: kind === 'sqlite' ? 0 : false,
          createdAt: now,
          updatedAt: now,
          role: 'user',
        })),
      )
      .execute();
    const plain = await callFunction(t.app, 'loadUsers', null, admin.cookie);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/functions/loadUsers',
      headers: { 'content-type': 'application/json', 'accept-encoding': 'gzip', cookie: admin.cookie },
      payload: JSON.stringify({ data: null }),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    const decoded = JSON.parse(gunzipSync(response.rawPayload).toString('utf8'));
    expect(decoded).toEqual(plain.body);
    expect(response.rawPayload.length).toBeLessThan(JSON.stringify(plain.body).length);
  });

  it("compresses a function's answer at zlib's fastest level, and with brotli, each decoding to the same JSON", async () => {
    const now = new Date().toISOString();
    await t.db
      .insertInto('user')
      .values(
        Array.from({ length: 30 }, (_, index) => ({
          id: uuidv7(),
          name: `Persona Comprimida ${index}`,
          email: `comprimida-${index}@example.cl`,
          emailVerified: kind === 'sqlite' ? 0 : false,
          createdAt: now,
          updatedAt: now,
          role: 'user',
        })),
      )
      .execute();
    const plain = await t.app.inject({
      method: 'POST',
      url: '/api/functions/loadUsers',
      headers: { 'content-type': 'application/json', cookie: admin.cookie },
      payload: JSON.stringify({ data: null }),
    });
    const encoded = async (encoding: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/functions/loadUsers',
        headers: { 'content-type': 'application/json', 'accept-encoding': encoding, cookie: admin.cookie },
        payload: JSON.stringify({ data: null }),
      });
    const gzip = await encoded('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString('utf8')).toBe(plain.payload);
    // the very bytes zlib writes at level 1 (deflate is deterministic), not the default level 6's
    expect(gzip.rawPayload.equals(gzipSync(plain.rawPayload, { level: 1 }))).toBe(true);
    const brotli = await encoded('br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString('utf8')).toBe(plain.payload);
  });

  it('gives every response an x-request-id of its own, ignoring one sent by the client', async () => {
    const responses = await Promise.all([
      t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'del-cliente' } }),
      t.app.inject({ method: 'GET', url: '/api/login-options' }),
      t.app.inject({ method: 'POST', url: '/api/functions/loadProfile', payload: { data: null } }),
      t.app.inject({
        method: 'POST',
        url: '/api/functions/loadProfile',
        payload: { data: null },
        headers: { cookie: admin.cookie },
      }),
      t.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie: admin.cookie } }),
      t.app.inject({ method: 'GET', url: '/api/nope' }),
      t.app.inject({ method: 'GET', url: '/usuarios' }),
      t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' }),
      t.app.inject({ method: 'GET', url: '/missing.js' }),
    ]);
    const ids = responses.map((response) => String(response.headers['x-request-id']));
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(ids.length);
  });

  describe('the built web app', () => {
    it.each(['/', '/usuarios/list', '/proyectos/123/edp'])(
      'answers GET %s with index.html, never cached',
      async (url) => {
        const response = await t.app.inject({ method: 'GET', url });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toMatch(/^text\/html/);
        expect(response.headers['cache-control']).toBe('no-cache');
        expect(response.body).toBe(INDEX_HTML);
      },
    );

    it('answers HEAD of an app route like its GET, without a body', async () => {
      const response = await t.app.inject({ method: 'HEAD', url: '/usuarios/list' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toBe('');
    });

    it('serves /index.html itself never cached', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/index.html' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
    });

    it('serves hashed assets cached for a year, immutable', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(APP_JS);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    });

    it("sends an asset's build-time .br or .gz as it is, by what the client accepts, cached as the asset", async () => {
      const stored = await compressedVersions(Buffer.from(BIG_JS));
      const get = (encoding: string) =>
        t.app.inject({ method: 'GET', url: '/assets/big-abc123.js', headers: { 'accept-encoding': encoding } });
      const brotli = await get('gzip, deflate, br, zstd');
      expect(brotli.statusCode).toBe(200);
      expect(brotli.headers['content-encoding']).toBe('br');
      // the stored bytes (quality 11), not the on-the-fly compressor's (quality 4)
      expect(brotli.rawPayload.equals(stored.br)).toBe(true);
      expect(brotliDecompressSync(brotli.rawPayload).toString('utf8')).toBe(BIG_JS);
      expect(brotli.headers['content-type']).toMatch(/^(text|application)\/javascript/);
      expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(String(brotli.headers.vary).toLowerCase()).toBe('accept-encoding');

      const gzip = await get('gzip');
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gzip.rawPayload.equals(stored.gz)).toBe(true);
      expect(gunzipSync(gzip.rawPayload).toString('utf8')).toBe(BIG_JS);

      const plain = await get('identity');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(BIG_JS);
      expect(plain.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    });

    it('compresses an asset the build left without .br or .gz on the fly, and never serves a sibling by its own name as the asset', async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: '/assets/bare-abc123.js',
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(response.rawPayload).toString('utf8')).toBe(BARE_JS);
      expect(String(response.headers.vary).toLowerCase()).toBe('accept-encoding');
      // a sibling asked for by name is a file like any other, never decoded into the asset
      const sibling = await t.app.inject({ method: 'GET', url: '/assets/big-abc123.js.br' });
      expect(sibling.statusCode).toBe(200);
      expect(sibling.headers['content-encoding']).toBeUndefined();
    });

    it.each(['/api/nope', '/api/functions'])('answers GET %s with a JSON 404, not the app', async (url) => {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ error: { status: 'NOT_FOUND' } });
    });

    it.each(['/missing.js', '/assets/app-000000.js', '/favicon.ico'])(
      'answers a missing file %s with 404',
      async (url) => {
        const response = await t.app.inject({ method: 'GET', url });
        expect(response.statusCode).toBe(404);
        expect(response.body).not.toContain('<div id="root">');
      },
    );

    // the assets are one wildcard route (issue 18): what is not a file directly under assets/ is
    // answered as a path with no route, as when each file had its own (inject resolves a literal
    // '..' itself, so only encoded ones reach the route here)
    it.each(['/assets', '/assets/', '/assets/sub/', '/assets/nope'])(
      'answers GET %s, no asset file, with index.html like any app route',
      async (url) => {
        const response = await t.app.inject({ method: 'GET', url });
        expect(response.statusCode).toBe(200);
        expect(response.body).toBe(INDEX_HTML);
      },
    );

    it.each(['/assets/..%2findex.html', '/assets/..%2f..%2fpackage.json', '/assets/.hidden.js'])(
      'answers GET %s with the JSON 404 of a missing file',
      async (url) => {
        const response = await t.app.inject({ method: 'GET', url });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toMatchObject({ error: { status: 'NOT_FOUND' } });
      },
    );

    it('answers a POST to an app route with 404', async () => {
      const response = await t.app.inject({ method: 'POST', url: '/usuarios', payload: {} });
      expect(response.statusCode).toBe(404);
    });
  });

  it.each([
    '/files/../auth-secret',
    '/files/%2e%2e/auth-secret',
    '/files/..%2fauth-secret',
    '/files/%2e%2e%2fauth-secret',
  ])('never serves what lies outside DATA_DIR/files (%s)', async (url) => {
    const secret = (await readFile(path.join(t.config.dataDir, 'auth-secret'), 'utf8')).trim();
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.body).not.toContain(secret);
    for (const dbUrl of [url.replace('auth-secret', 'cimiento.db')]) {
      const database = await t.app.inject({ method: 'GET', url: dbUrl });
      expect(database.body).not.toContain('SQLite format');
    }
  });
});

describe.each(databaseKinds)('the request log (%s)', (kind) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof createFirstAdmin>>;
  let lines: string[] = [];

  beforeAll(async () => {
    const { logStream, lines: collected } = collectLogLines();
    lines = collected;
    t = await createTestApp(kind, { LOG_LEVEL: 'info' }, { logStream });
    admin = await createFirstAdmin(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('records each request with its id, but never the cookie, the session token or the password', async () => {
    const token = decodeURIComponent(admin.cookie.split('=')[1] ?? '').split('.')[0] ?? '';
    expect(token.length).toBeGreaterThan(10);

    const signInResponse = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { 'content-type': 'application/json', origin: t.config.publicUrl },
      payload: JSON.stringify({ email: admin.email, password: TEST_PASSWORD }),
    });
    const secondCookie = cookieHeaderFrom(signInResponse.headers['set-cookie']);
    const secondToken = decodeURIComponent(secondCookie.split('=')[1] ?? '').split('.')[0] ?? '';
    const call = await callFunction(t.app, 'loadProfile', null, `${admin.cookie}; otra=valor-secreto-de-cookie`);
    expect(call.statusCode).toBe(200);

    const log = lines.join('\n');
    const requestLine = lines
      .map((line) => JSON.parse(line) as { reqId?: string; req?: { url?: string } })
      .find((entry) => entry.req?.url === '/api/functions/loadProfile');
    expect(requestLine?.reqId).toBe(call.headers['x-request-id']);

    expect(log).not.toContain(token);
    expect(log).not.toContain(secondToken);
    expect(log).not.toContain('valor-secreto-de-cookie');
    expect(log).not.toContain(TEST_PASSWORD);
    expect(log).not.toContain(admin.cookie);
  });

  it('refuses a body it cannot decode (an unknown Content-Encoding, or gzip over plain text) with 400 in Spanish, and logs no error', async () => {
    const before = lines.length;
    for (const cookie of [admin.cookie, undefined]) {
      const unknown = await t.app.inject({
        method: 'POST',
        url: '/api/functions/loadProfile',
        headers: { 'content-type': 'application/json', 'content-encoding': 'xyz', ...(cookie ? { cookie } : {}) },
        payload: JSON.stringify({ data: null }),
      });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().error).toEqual({
        status: 'INVALID_ARGUMENT',
        message:
          'La solicitud usa una codificación (Content-Encoding) que el servidor no admite: envíala sin comprimir o con gzip, deflate o br',
      });
      const notGzip = await t.app.inject({
        method: 'POST',
        url: '/api/functions/saveObject',
        headers: { 'content-type': 'application/json', 'content-encoding': 'gzip', ...(cookie ? { cookie } : {}) },
        payload: JSON.stringify({ data: { collection: 'actividades', object: { code: 'X1', name: 'x' } } }),
      });
      expect(notGzip.statusCode).toBe(400);
      expect(notGzip.json().error).toEqual({
        status: 'INVALID_ARGUMENT',
        message: 'No se pudo descomprimir el cuerpo de la solicitud con la codificación (Content-Encoding) que declara',
      });
    }
    // nothing was created, and no line at error level (pino's 50) or above
    const rows = await t.db.selectFrom('catalogue_activity').select('code').where('code', '=', 'X1').execute();
    expect(rows).toEqual([]);
    const levels = lines.slice(before).map((line) => (JSON.parse(line) as { level: number }).level);
    expect(levels.length).toBeGreaterThan(0);
    expect(levels.filter((level) => level >= 50)).toEqual([]);
  });
});
