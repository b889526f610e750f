import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MIN_BYTES, precompressFolder } from './precompress-assets';

let folder: string;
beforeEach(() => {
  folder = mkdtempSync(path.join(os.tmpdir(), 'precompress-'));
});
afterEach(() => {
  rmSync(folder, { recursive: true, force: true });
});

const text = (bytes: number) => 'const piso = "Torre A";\n'.repeat(Math.ceil(bytes / 24)).slice(0, bytes);

describe('precompressFolder', () => {
  it('gives each text file of 1 KB or more a .br and a .gz that decode to it, and smaller ones none', async () => {
    const files = {
      'index-abc.js': text(50_000),
      'index-abc.css': text(2_000),
      'logo-abc.svg': text(MIN_BYTES),
      'tiny-abc.js': text(MIN_BYTES - 1),
    };
    for (const [name, content] of Object.entries(files)) writeFileSync(path.join(folder, name), content);

    const done = await precompressFolder(folder);

    expect(done).toEqual(['index-abc.css', 'index-abc.js', 'logo-abc.svg']);
    for (const name of done) {
      const original = readFileSync(path.join(folder, name), 'utf8');
      expect(brotliDecompressSync(readFileSync(path.join(folder, `${name}.br`))).toString('utf8')).toBe(original);
      expect(gunzipSync(readFileSync(path.join(folder, `${name}.gz`))).toString('utf8')).toBe(original);
    }
    const big = readFileSync(path.join(folder, 'index-abc.js.br')).length;
    expect(big).toBeLessThan(50_000 / 20);
    expect(readdirSync(folder).filter((name) => name.startsWith('tiny-abc'))).toEqual(['tiny-abc.js']);
  });

  it('leaves fonts, images and subfolders alone, and a second run writes the same bytes', async () => {
    writeFileSync(path.join(folder, 'roboto-abc.woff2'), text(5_000));
    writeFileSync(path.join(folder, 'photo-abc.png'), text(5_000));
    mkdirSync(path.join(folder, 'sub.js'));
    writeFileSync(path.join(folder, 'app-abc.js'), text(5_000));

    expect(await precompressFolder(folder)).toEqual(['app-abc.js']);
    const first = readFileSync(path.join(folder, 'app-abc.js.br'));
    expect(await precompressFolder(folder)).toEqual(['app-abc.js']);
    expect(readFileSync(path.join(folder, 'app-abc.js.br')).equals(first)).toBe(true);
    expect(readdirSync(folder).sort()).toEqual([
      'app-abc.js',
      'app-abc.js.br',
      'app-abc.js.gz',
      'photo-abc.png',
      'roboto-abc.woff2',
      'sub.js',
    ]);
  });
});
