import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { extensionByImageType } from '@cimiento/domain';
import type { FileStorage } from './file-storage';
import { assertSafeKey, publicUrlOf } from './file-storage';

/** The type a file is served with, from the extension the server gave it (uploads are images only). */
const contentTypeByExtension = new Map<string, string>(
  Object.entries(extensionByImageType).map(([type, extension]) => [extension, type]),
);

function isMissing(error: unknown): boolean {
  const code = (error as { code?: string }).code;
  return code === 'ENOENT' || code === 'EISDIR' || code === 'ENOTDIR';
}

/**
 * Files under DATA_DIR/files, for a single instance (or a folder every instance shares). A write
 * goes to a temporary file, then is renamed into place: a reader (the files route, a backup) sees
 * the whole file or none. Content-named keys (issue 30) mean a rename over an existing file puts
 * the same bytes there.
 */
export function createLocalDiskStorage(root: string): FileStorage {
  const resolve = (key: string): string => {
    assertSafeKey(key);
    const full = path.resolve(root, key);
    if (!full.startsWith(path.resolve(root) + path.sep)) throw new Error(`Clave de archivo no válida: ${key}`);
    return full;
  };
  return {
    async put(key, bytes) {
      const full = resolve(key);
      await mkdir(path.dirname(full), { recursive: true });
      const temporary = `${full}.${process.pid}-${randomBytes(6).toString('hex')}.tmp`;
      try {
        await writeFile(temporary, bytes, { mode: 0o644 });
        await rename(temporary, full);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },
    async read(key) {
      const full = resolve(key);
      try {
        const bytes = await readFile(full);
        const extension = path.extname(full).slice(1);
        return { bytes, contentType: contentTypeByExtension.get(extension) ?? 'application/octet-stream' };
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },
    async remove(key) {
      await rm(resolve(key), { force: true });
    },
    publicUrl: publicUrlOf,
  };
}
