import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FileStorage } from './file-storage';
import { assertSafeKey } from './file-storage';

export const PUBLIC_FILES_PREFIX = '/files/';

/** Files under DATA_DIR/files, served by the app at /files/<key>. Writes go to a temp file first. */
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
      const temporary = `${full}.${process.pid}.tmp`;
      await writeFile(temporary, bytes, { mode: 0o644 });
      await rename(temporary, full);
    },
    async remove(key) {
      await rm(resolve(key), { force: true });
    },
    publicUrl(key) {
      assertSafeKey(key);
      return `${PUBLIC_FILES_PREFIX}${key}`;
    },
  };
}
