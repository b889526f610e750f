import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { MAX_UPLOAD_BYTES, uploadFileContract } from '@cimiento/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RELEASED_FILE_GRACE_MS, sweepReleasedFiles } from '../storage/file-sweep';
import { createFileStorage } from '../storage/files-route';
import { callFunction, createFirstAdmin, createSignedInUser } from '../../test/support/factories';
import type { TestAccount } from '../../test/support/factories';
import { dataUrl, tinyGif, tinyJpeg, tinyPng, tinyWebp } from '../../test/support/images';
import { createTestApp, databaseKinds } from '../../test/support/test-app';
import type { TestApp } from '../../test/support/test-app';

async function listFiles(root: string): Promise<string[]> {
  if (!existsSync(root)) return [];
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

const storages = ['disk', 'database'] as const;
const cases = databaseKinds.flatMap((kind) => storages.map((storage) => [kind, storage] as const));

describe.each(cases)('uploadFile (%s, FILE_STORAGE=%s)', (kind, storage) => {
  let t: TestApp;
  let admin: TestAccount;
  let filesRoot: string;

  beforeAll(async () => {
    t = await createTestApp(kind, { FILE_STORAGE: storage });
    admin = await createFirstAdmin(t);
    filesRoot = path.join(t.config.dataDir, 'files');
  });
  afterAll(async () => {
    await t?.close();
  });

  async function upload(cookie: string, url: string) {
    return callFunction(t.app, 'uploadFile', { purpose: 'avatar', dataUrl: url }, cookie);
  }

  /** Every key the configured storage holds, sorted. */
  async function storedKeys(): Promise<string[]> {
    if (storage === 'disk') return (await listFiles(filesRoot)).map((file) => path.relative(filesRoot, file)).sort();
    return (await t.db.selectFrom('file_content').select('key').orderBy('key').execute()).map((row) => row.key);
  }

  /** The bytes the configured storage holds under a key, read past the app. */
  async function storedBytes(key: string): Promise<Buffer | undefined> {
    if (storage === 'disk')
      return existsSync(path.join(filesRoot, key)) ? readFile(path.join(filesRoot, key)) : undefined;
    const row = await t.db.selectFrom('file_content').select('bytes').where('key', '=', key).executeTakeFirst();
    return row && Buffer.from(row.bytes);
  }

  async function photoUrl(cookie: string): Promise<string | null> {
    return (await callFunction(t.app, 'loadProfile', null, cookie)).body.result.profile.photoUrl;
  }

  it.each([
    ['PNG', 'image/png', tinyPng(), 'png'],
    ['JPEG', 'image/jpeg', tinyJpeg(), 'jpg'],
    ['WebP', 'image/webp', tinyWebp(), 'webp'],
  ])(
    'stores a %s avatar under /files/avatars/<uid>/<sha-256>, and serves its bytes',
    async (_label, type, bytes, extension) => {
      const person = await createSignedInUser(t, admin.cookie);
      const response = await upload(person.cookie, dataUrl(type, bytes));
      expect(response.statusCode).toBe(200);
      const result = uploadFileContract.output.parse(response.body.result);
      expect(result.message).toBe('Imagen actualizada');
      const digest = createHash('sha256').update(bytes).digest('hex');
      expect(result.url).toBe(`/files/avatars/${person.userId}/${digest}.${extension}`);
      expect(result.metadata).toMatchObject({
        contentType: type,
        size: bytes.length,
        fullPath: result.url.replace(/^\/files\//, ''),
        name: path.basename(result.url),
      });
      expect(Number.isNaN(Date.parse(result.metadata.timeCreated))).toBe(false);
      expect(await photoUrl(person.cookie)).toBe(result.url);

      const served = await t.app.inject({ method: 'GET', url: result.url, headers: { cookie: person.cookie } });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe(type);
      expect(served.rawPayload.equals(bytes)).toBe(true);
      expect((await storedBytes(result.metadata.fullPath))?.equals(bytes)).toBe(true);
    },
  );

  it('takes the type from the bytes, not from what the client claims', async () => {
    const person = await createSignedInUser(t, admin.cookie);
    const response = await upload(person.cookie, dataUrl('image/png', tinyJpeg()));
    expect(response.statusCode).toBe(200);
    expect(response.body.result.metadata.contentType).toBe('image/jpeg');
    expect(response.body.result.url).toMatch(/\.jpg$/);
  });

  it('never takes the file name from the client', async () => {
    const person = await createSignedInUser(t, admin.cookie);
    const withName = `data:image/png;name=..%2F..%2Fevil.png;base64,${tinyPng().toString('base64')}`;
    const response = await upload(person.cookie, withName);
    expect(response.statusCode).toBe(200);
    expect(response.body.result.metadata.name).toMatch(/^[0-9a-f]{64}\.png$/);
    expect((await listFiles(t.config.dataDir)).some((file) => file.includes('evil'))).toBe(false);
    expect((await storedKeys()).some((key) => key.includes('evil'))).toBe(false);

    const named = await callFunction(
      t.app,
      'uploadFile',
      { purpose: 'avatar', dataUrl: dataUrl('image/png', tinyPng()), name: '../../evil.png' },
      person.cookie,
    );
    expect(named.statusCode).toBe(400);
    expect(named.body.error.message).toContain('name');
  });

  /** The sweep as the server runs it, at a moment of the test's choosing. */
  function sweepAt(now: Date) {
    return sweepReleasedFiles(t.db, createFileStorage(t.config, t.db), now);
  }

  async function releasedKeys(prefix: string): Promise<{ key: string; released_at: string }[]> {
    return t.db.selectFrom('file_release').selectAll().where('key', 'like', `${prefix}%`).orderBy('key').execute();
  }

  it('releases the old avatar when a new one arrives: its record goes, its bytes stay until the grace period ends', async () => {
    const person = await createSignedInUser(t, admin.cookie);
    const folder = `avatars/${person.userId}/`;
    const first = (await upload(person.cookie, dataUrl('image/png', tinyPng()))).body.result;
    const before = Date.now();
    const second = (await upload(person.cookie, dataUrl('image/webp', tinyWebp()))).body.result;
    const after = Date.now();
    expect(second.url).not.toBe(first.url);
    expect(await photoUrl(person.cookie)).toBe(second.url);
    const rows = await t.db.selectFrom('stored_file').select('path').where('owner_id', '=', person.userId).execute();
    expect(rows).toEqual([{ path: second.metadata.fullPath }]);

    // not deleted in place: a backup that copied the database a moment ago still finds it
    const released = await releasedKeys(folder);
    expect(released.map((row) => row.key)).toEqual([first.metadata.fullPath]);
    const releasedAt = Date.parse(released[0]?.released_at ?? '');
    expect(releasedAt).toBeGreaterThanOrEqual(before - 1000);
    expect(releasedAt).toBeLessThanOrEqual(after + 1000);
    expect((await storedBytes(first.metadata.fullPath))?.equals(tinyPng())).toBe(true);
    const headers = { cookie: person.cookie };
    expect((await t.app.inject({ method: 'GET', url: first.url, headers })).statusCode).toBe(200);

    // the sweep a moment before the grace period ends leaves it; a moment after, removes it
    const early = await sweepAt(new Date(releasedAt + RELEASED_FILE_GRACE_MS - 1));
    expect(early.removed).not.toContain(first.metadata.fullPath);
    expect(await storedBytes(first.metadata.fullPath)).toBeDefined();
    const late = await sweepAt(new Date(releasedAt + RELEASED_FILE_GRACE_MS));
    expect(late.removed).toContain(first.metadata.fullPath);
    expect(await storedBytes(first.metadata.fullPath)).toBeUndefined();
    expect(await releasedKeys(folder)).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: first.url, headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: second.url, headers })).statusCode).toBe(200);
    expect((await storedKeys()).filter((key) => key.startsWith(folder))).toEqual([second.metadata.fullPath]);
  });

  it('names a picture by its content: sent again, it is the same file, taken back from the sweep', async () => {
    const person = await createSignedInUser(t, admin.cookie);
    const folder = `avatars/${person.userId}/`;
    const picture = dataUrl('image/png', tinyPng(2, 2, [1, 2, 3]));
    const first = (await upload(person.cookie, picture)).body.result;
    const same = (await upload(person.cookie, picture)).body.result;
    expect(same.url).toBe(first.url);
    expect(await releasedKeys(folder)).toEqual([]);

    const other = (await upload(person.cookie, dataUrl('image/jpeg', tinyJpeg()))).body.result;
    expect((await releasedKeys(folder)).map((row) => row.key)).toEqual([first.metadata.fullPath]);
    const again = (await upload(person.cookie, picture)).body.result;
    expect(again.url).toBe(first.url);
    expect(await photoUrl(person.cookie)).toBe(first.url);
    expect((await releasedKeys(folder)).map((row) => row.key)).toEqual([other.metadata.fullPath]);

    // long after: the JPEG is gone, the picture in use never
    const result = await sweepAt(new Date(Date.now() + 10 * RELEASED_FILE_GRACE_MS));
    expect(result.removed).toContain(other.metadata.fullPath);
    expect(result.removed).not.toContain(first.metadata.fullPath);
    expect((await storedKeys()).filter((key) => key.startsWith(folder))).toEqual([first.metadata.fullPath]);
    const served = await t.app.inject({ method: 'GET', url: first.url, headers: { cookie: person.cookie } });
    expect(served.statusCode).toBe(200);
  });

  it('never sweeps a file that something names, even when a release row says otherwise', async () => {
    const person = await createSignedInUser(t, admin.cookie);
    const current = (await upload(person.cookie, dataUrl('image/png', tinyPng(5, 5)))).body.result;
    const old = new Date(Date.now() - 3 * RELEASED_FILE_GRACE_MS).toISOString();
    // a row written past the app, as a bug or a restored mix-up might leave it
    await t.db.insertInto('file_release').values({ key: current.metadata.fullPath, released_at: old }).execute();
    // (the server's own hourly sweep may take the row first: either way the file stays)
    const result = await sweepAt(new Date());
    expect(result.removed).not.toContain(current.metadata.fullPath);
    expect((await storedBytes(current.metadata.fullPath))?.equals(tinyPng(5, 5))).toBe(true);
    expect(await releasedKeys(current.metadata.fullPath)).toEqual([]);
  });

  it('accepts an image of exactly 2 MB', async () => {
    const person = await createSignedInUser(t, admin.cookie);
    const bytes = Buffer.alloc(MAX_UPLOAD_BYTES);
    tinyPng().copy(bytes);
    const response = await upload(person.cookie, dataUrl('image/png', bytes));
    expect(response.statusCode).toBe(200);
    expect(response.body.result.metadata.size).toBe(MAX_UPLOAD_BYTES);
  });

  describe('refusals, which write nothing', () => {
    let person: TestAccount;
    let keptUrl: string;

    beforeAll(async () => {
      person = await createSignedInUser(t, admin.cookie);
      keptUrl = (await upload(person.cookie, dataUrl('image/png', tinyPng()))).body.result.url;
    });

    const oversized = Buffer.alloc(MAX_UPLOAD_BYTES + 1);
    tinyPng().copy(oversized);
    // a 2×2 PNG whose header declares 100,000 × 100,000 pixels (a decompression bomb for every browser)
    const huge = tinyPng();
    huge.writeUInt32BE(100_000, 16);
    huge.writeUInt32BE(100_000, 20);

    it.each([
      ['a GIF', dataUrl('image/gif', tinyGif()), /PNG, JPEG o WebP/],
      [
        'a text file claiming to be image/png',
        dataUrl('image/png', Buffer.from('hola, no soy una imagen')),
        /PNG, JPEG o WebP/,
      ],
      ['an empty payload', 'data:image/png;base64,', /vacío/],
      ['malformed base64', 'data:image/png;base64,iVBOR%%%w0KGgo=', /base64/],
      ['base64 cut short', `data:image/png;base64,${tinyPng().toString('base64').slice(0, -1)}`, /base64/],
      ['something that is not a data URL', 'https://example.com/avatar.png', /^dataUrl: /],
      ['more than 2 MB once decoded', dataUrl('image/png', oversized), /2 MB/],
      [
        'a PNG that declares 100,000 × 100,000 pixels',
        dataUrl('image/png', huge),
        /^La imagen mide 100\.000 × 100\.000 píxeles; el máximo es 10\.000 píxeles por lado y 50 megapíxeles$/,
      ],
      [
        'a JPEG whose size cannot be read',
        dataUrl('image/jpeg', Buffer.from([0xff, 0xd8, 0xff, 0xd9, 0, 0, 0, 0, 0, 0, 0, 0])),
        /^La imagen está dañada/,
      ],
    ])('refuses %s with INVALID_ARGUMENT and a clear Spanish message', async (_label, url, message) => {
      const filesBefore = await listFiles(t.config.dataDir);
      const keysBefore = await storedKeys();
      const rowsBefore = await t.db.selectFrom('stored_file').select('_id').execute();

      const response = await upload(person.cookie, url);
      expect(response.statusCode).toBe(400);
      expect(response.body.error.status).toBe('INVALID_ARGUMENT');
      expect(response.body.error.message).toMatch(message);

      expect(await listFiles(t.config.dataDir)).toEqual(filesBefore);
      expect(await storedKeys()).toEqual(keysBefore);
      expect(await t.db.selectFrom('stored_file').select('_id').execute()).toEqual(rowsBefore);
      expect(await photoUrl(person.cookie)).toBe(keptUrl);
    });

    it('refuses a purpose other than avatar, naming the field', async () => {
      const response = await callFunction(
        t.app,
        'uploadFile',
        { purpose: 'documento', dataUrl: dataUrl('image/png', tinyPng()) },
        person.cookie,
      );
      expect(response.statusCode).toBe(400);
      expect(response.body.error.message).toBe('purpose: debe ser avatar');
      expect(await photoUrl(person.cookie)).toBe(keptUrl);
    });
  });
});
