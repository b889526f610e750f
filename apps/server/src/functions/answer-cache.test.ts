import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { AnswerCache, answerBody, plainEncoding } from './answer-cache';

const json = (size: number, fill = 'a') => Buffer.from(JSON.stringify({ result: fill.repeat(size) }));

describe('AnswerCache (issue 18)', () => {
  it('keeps at most its bytes, forgetting the least recently used answer first', () => {
    const cache = new AnswerCache(2500);
    cache.set('a', json(900));
    cache.set('b', json(900));
    expect(cache.get('a')).toBeDefined(); // b is now the least recently used
    cache.set('c', json(900));
    expect(cache.bytes).toBeLessThanOrEqual(2500);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('c')).toBeDefined();
    expect(cache.size).toBe(2);
  });

  it('counts the compressed forms in its size, and forgets answers to stay within it', () => {
    const cache = new AnswerCache(2200);
    const first = cache.set('a', json(1000, 'x'));
    cache.set('b', json(1000, 'y'));
    const before = cache.bytes;
    const gzip = cache.encoded('a', first, 'gzip');
    expect(cache.bytes).toBe(before + gzip.length);
    expect(cache.get('a')?.encoded.gzip).toBe(gzip);
    expect(cache.encoded('a', first, 'gzip')).toBe(gzip); // made once
    // the JSON of both and the gzip do not fit: the least recently used (b) goes
    cache.set('c', json(1000, 'z'));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.bytes).toBeLessThanOrEqual(2200);
  });

  it('does not remember an answer larger than the whole cache, and replaces one under the same key', () => {
    const cache = new AnswerCache(500);
    cache.set('big', json(1000));
    expect(cache.size).toBe(0);
    expect(cache.bytes).toBe(0);
    cache.set('k', json(10, 'a'));
    cache.set('k', json(20, 'b'));
    expect(cache.size).toBe(1);
    expect(cache.bytes).toBe(json(20).length + 1);
    expect(JSON.parse(cache.get('k')?.json.toString() ?? '')).toEqual({ result: 'b'.repeat(20) });
  });

  it("chooses the compression plugin's encoding only when the header says it plainly", () => {
    expect(plainEncoding('gzip')).toBe('gzip');
    expect(plainEncoding('gzip, deflate, br')).toBe('br');
    expect(plainEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(plainEncoding('deflate, gzip')).toBe('gzip');
    expect(plainEncoding('deflate')).toBe('deflate');
    expect(plainEncoding('X-Gzip')).toBe('gzip');
    expect(plainEncoding('*')).toBe('gzip');
    expect(plainEncoding('identity')).toBeUndefined();
    expect(plainEncoding('zstd')).toBeUndefined();
    expect(plainEncoding('')).toBeUndefined();
    expect(plainEncoding(undefined)).toBeUndefined();
    expect(plainEncoding('gzip;q=0.5, br;q=0.1')).toBeUndefined();
  });

  it('answers the JSON compressed as asked, or as it is when small, plain or not to be compressed', () => {
    const cache = new AnswerCache();
    const body = json(5000);
    const entry = cache.set('k', body);
    const as = (headers: Parameters<typeof answerBody>[3]) => answerBody(cache, 'k', entry, headers);
    expect(gunzipSync(as({ 'accept-encoding': 'gzip' }).body)).toEqual(body);
    expect(brotliDecompressSync(as({ 'accept-encoding': 'gzip, br' }).body)).toEqual(body);
    expect(inflateSync(as({ 'accept-encoding': 'deflate' }).body)).toEqual(body);
    expect(as({ 'accept-encoding': 'gzip', 'x-no-compression': '1' })).toEqual({ body, encoding: undefined });
    expect(as({ 'accept-encoding': 'br;q=1' })).toEqual({ body, encoding: undefined });
    const small = json(10);
    const smallEntry = cache.set('s', small);
    expect(answerBody(cache, 's', smallEntry, { 'accept-encoding': 'gzip' })).toEqual({
      body: small,
      encoding: undefined,
    });
  });
});
