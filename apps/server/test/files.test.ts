import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RELEASED_FILE_GRACE_MS, sweepReleasedFiles } from '../src/storage/file-sweep';
import { FILE_NOT_FOUND_MESSAGE, FILES_SIGN_IN_MESSAGE, createFileStorage } from '../src/storage/files-route';
import { callFunction, createFirstAdmin, createSignedInUser } from './support/factories';
import type { TestAccount } from './support/factories';
import { dataUrl, tinyPng } from './support/images';
import { eventually } from './support/eventually';
import { createTestApp, databaseKinds } from './support/test-app';
import type { TestApp } from './support/test-app';

const storages = ['disk', 'database'] as const;
const cases = databaseKinds.flatMap((kind) => storages.map((storage) => [kind, storage] as const));

describe.each(cases)('GET /files/<key> (%s, FILE_STORAGE=%s)', (kind, storage) => {
  let t: TestApp;
  let admin: TestAccount;
  let owner: TestAccount;
  let avatarUrl: string;
  const avatar = tinyPng(3, 3, [10, 200, 30]);

  beforeAll(async () => {
    // no web build, whether or not one was built: a path that leaves /files/ gets a 404, not the app
    t = await createTestApp(kind, { FILE_STORAGE: storage }, { webDistDir: path.join(os.tmpdir(), 'cimiento-no-web') });
    admin = await createFirstAdmin(t);
    owner = await createSignedInUser(t, admin.cookie);
    const uploaded = await callFunction(
      t.app,
      'uploadFile',
      { purpose: 'avatar', dataUrl: dataUrl('image/png', avatar) },
      owner.cookie,
    );
    expect(uploaded.statusCode).toBe(200);
    avatarUrl = uploaded.body.result.url;
  });
  afterAll(async () => {
    await t?.close();
  });

  function get(url: string, cookie?: string, method: 'GET' | 'HEAD' = 'GET') {
    return t.app.inject({ method, url, headers: cookie ? { cookie } : {} });
  }

  it('keeps the bytes where FILE_STORAGE says: under DATA_DIR/files, or only in the database', async () => {
    const onDisk = existsSync(path.join(t.config.dataDir, 'files', avatarUrl.replace(/^\/files\//, '')));
    expect(onDisk).toBe(storage === 'disk');
    const rows = await t.db.selectFrom('file_content').select(['key', 'size', 'content_type']).execute();
    expect(rows).toEqual(
      storage === 'database'
        ? [{ key: avatarUrl.replace(/^\/files\//, ''), size: avatar.length, content_type: 'image/png' }]
        : [],
    );
  });

  it('serves a file to any signed-in user, with its type, kept in the browser only (Cache-Control: private)', async () => {
    for (const cookie of [owner.cookie, admin.cookie]) {
      const response = await get(avatarUrl, cookie);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/png');
      expect(response.headers['cache-control']).toBe('private, max-age=3600');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.rawPayload.equals(avatar)).toBe(true);
    }
  });

  it('answers HEAD like GET, without the bytes', async () => {
    const response = await get(avatarUrl, owner.cookie, 'HEAD');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['cache-control']).toBe('private, max-age=3600');
    expect(response.rawPayload.length).toBe(0);
  });

  it.each([
    ['no cookie', undefined],
    ['a forged session cookie', 'better-auth.session_token=falsa.firma'],
  ])('refuses a request with %s: 401 in Spanish, no bytes, not cached', async (_label, cookie) => {
    for (const method of ['GET', 'HEAD'] as const) {
      const response = await get(avatarUrl, cookie, method);
      expect(response.statusCode).toBe(401);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.rawPayload.includes(avatar)).toBe(false);
      if (method === 'GET') {
        expect(response.json()).toEqual({ error: { status: 'UNAUTHENTICATED', message: FILES_SIGN_IN_MESSAGE } });
      }
    }
  });

  it('refuses a disabled user whose session is still on record', async () => {
    const person = await createSignedInUser(t, admin.cookie);
    expect((await get(avatarUrl, person.cookie)).statusCode).toBe(200);
    // saveUser also deletes the sessions; this checks the ban itself is enough
    await t.db
      .updateTable('user')
      .set({ banned: kind === 'sqlite' ? 1 : true })
      .where('id', '=', person.userId)
      .execute();
    // written past the app: its session cache may answer from the last lookup for up to 1 s (issue 18;
    // a user disabled through saveUser is refused at once, session-revocation.test.ts)
    const response = await eventually(
      () => get(avatarUrl, person.cookie),
      (answer) => answer.statusCode !== 200,
    );
    expect(response.statusCode).toBe(401);
    expect(response.json().error.message).toBe(FILES_SIGN_IN_MESSAGE);
  });

  it('refuses a missing file with 404 in Spanish, and asks for a session before saying so', async () => {
    const missing = `/files/avatars/${owner.userId}/0190a5b2-0000-7000-8000-000000000000.png`;
    const response = await get(missing, owner.cookie);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { status: 'NOT_FOUND', message: FILE_NOT_FOUND_MESSAGE } });
    expect((await get(missing)).statusCode).toBe(401);
  });

  it.each([
    '/files/../auth-secret',
    '/files/%2e%2e/auth-secret',
    '/files/..%2fauth-secret',
    '/files/%2e%2e%2fauth-secret',
    '/files/avatars/..%2f..%2fauth-secret',
    '/files/avatars/%2e%2e/%2e%2e/cimiento.db',
    '/files/avatars/../../cimiento.db',
    '/files/%2fetc%2fpasswd',
    '/files/',
    '/files/avatars',
  ])('refuses %s to a signed-in user with 404, never serving what lies outside the files', async (url) => {
    const secret = (await readFile(path.join(t.config.dataDir, 'auth-secret'), 'utf8')).trim();
    const response = await get(url, owner.cookie);
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain(secret);
    expect(response.body).not.toContain('SQLite format');
    expect(response.body).not.toContain('root:');
  });

  it('serves a replaced avatar until the sweep removes it, after the grace period (issue 30)', async () => {
    const replaced = await callFunction(
      t.app,
      'uploadFile',
      { purpose: 'avatar', dataUrl: dataUrl('image/png', tinyPng(4, 4)) },
      owner.cookie,
    );
    expect(replaced.statusCode).toBe(200);
    // a backup that copied the database before the replacement still finds the old file
    expect((await get(avatarUrl, owner.cookie)).statusCode).toBe(200);
    expect((await get(replaced.body.result.url, owner.cookie)).statusCode).toBe(200);
    const swept = await sweepReleasedFiles(
      t.db,
      createFileStorage(t.config, t.db),
      new Date(Date.now() + RELEASED_FILE_GRACE_MS + 60_000),
    );
    expect(swept.removed).toEqual([avatarUrl.replace(/^\/files\//, '')]);
    expect((await get(avatarUrl, owner.cookie)).statusCode).toBe(404);
    expect((await get(replaced.body.result.url, owner.cookie)).statusCode).toBe(200);
    avatarUrl = replaced.body.result.url;
  });
});
