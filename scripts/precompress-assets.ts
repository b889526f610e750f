// The built web app's hashed files, compressed once at build time: each text file of 1 KB or more
// under dist/assets gets a brotli (.br, quality 11) and a gzip (.gz, level 9) sibling, which the
// server sends as they are (apps/server/src/http/web-app.ts, @fastify/static's preCompressed) instead
// of compressing the file again for every request (issue 37: a signed-in screen's first visit fetches
// ~90 files).
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** What gets siblings: text; fonts and images are compressed already. */
export const COMPRESSIBLE = /\.(js|mjs|css|svg|json|html|txt|webmanifest)$/;
/** Below this a file is sent as it is (the server's on-the-fly threshold, app.ts). */
export const MIN_BYTES = 1024;

/** The .br and .gz bytes for one file's content. */
export async function compressedVersions(content: Buffer): Promise<{ br: Buffer; gz: Buffer }> {
  const [br, gz] = await Promise.all([
    brotli(content, {
      params: {
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
    gzip(content, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  return { br, gz };
}

/**
 * Writes the siblings for every compressible file of `folder` (not its subfolders), the files in
 * parallel (zlib works in libuv's threads). Returns the names that got them.
 */
export async function precompressFolder(folder: string): Promise<string[]> {
  const names = (await readdir(folder, { withFileTypes: true }))
    .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
    .map((entry) => entry.name);
  const done = await Promise.all(
    names.map(async (name) => {
      const file = path.join(folder, name);
      const content = await readFile(file);
      if (content.length < MIN_BYTES) return null;
      const { br, gz } = await compressedVersions(content);
      await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
      return name;
    }),
  );
  return done.filter((name): name is string => name !== null).sort();
}
