import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { MAX_UPLOAD_BYTES, uploadFileContract } from '@cimiento/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callFunction, createFirstAdmin, createSignedInUser } from '../../../test/support/factories';
import type { TestAccount } from '../../../test/support/factories';
import { dataUrl, tinyGif, tinyJpeg, tinyPng, tinyWebp } from '../../../test/support/images';
import { createTestApp, databaseKinds } from '../../../test/support/test-app';
import type { TestApp } from '../../../test/support/test-app';

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
  ])('stores a %s avatar under /files/avatars/<uid>/ and serves its bytes', async (_label, type, bytes, extension) => {
    const person = await createSignedInUser(t, admin.cookie);
    const response = await upload(person.cookie, dataUrl(type, bytes));
    expect(response.statusCode).toBe(200);
    const result = uploadFileContract.output.parse(response.body.result);
    expect(result.message).toBe('Imagen actualizada');
    expect(result.url).toMatch(new RegExp(`^/files/avatars/${person.userId}/[0-9a-f-]{36}\\.${extension}$`));
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
  });

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
    expect(response.body.result.metadata.name).toMatch(/^[0-9a-f-]{36}\.png$/);
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

  it('deletes the old avatar, file and record, when a new one arrives', async () => {
    const person = await createSignedInUser(t, admin.cookie);
    const first = (await upload(person.cookie, dataUrl('image/png', tinyPng()))).body.result;
    const second = (await upload(person.cookie, dataUrl('image/webp', tinyWebp()))).body.result;
    expect(second.url).not.toBe(first.url);
    expect(await storedBytes(first.metadata.fullPath)).toBeUndefined();
    const headers = { cookie: person.cookie };
    expect((await t.app.inject({ method: 'GET', url: first.url, headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: second.url, headers })).statusCode).toBe(200);
    expect((await storedKeys()).filter((key) => key.startsWith(`avatars/${person.userId}/`))).toEqual([
      second.metadata.fullPath,
    ]);
    const rows = await t.db.selectFrom('stored_file').select('path').where('owner_id', '=', person.userId).execute();
    expect(rows).toEqual([{ path: second.metadata.fullPath }]);
    expect(await photoUrl(person.cookie)).toBe(second.url);
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
