import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { SessionCache } from '../auth/session-cache';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import { createDatabaseStorage } from './database-storage';
import type { FileStorage } from './file-storage';
import { PUBLIC_FILES_PREFIX, isSafeKey } from './file-storage';
import { createLocalDiskStorage } from './local-disk-storage';

/** Stored files stay in the browser for an hour, never in a shared cache: they need a session. */
const CACHE_CONTROL = 'private, max-age=3600';

export const FILES_SIGN_IN_MESSAGE = 'Inicia sesión para ver este archivo';
export const FILE_NOT_FOUND_MESSAGE = 'El archivo no existe';

/** The storage FILE_STORAGE names: DATA_DIR/files (the default), or the database every instance shares. */
export function createFileStorage(config: Config, db: Kysely<Database>): FileStorage {
  return config.fileStorage === 'database'
    ? createDatabaseStorage(db)
    : createLocalDiskStorage(path.resolve(config.dataDir, 'files'));
}

/**
 * GET (and HEAD) /files/<key>, from whichever storage holds the files, for signed-in users who
 * are not disabled only. A key the server could not have made (a path out of the folder, say) is
 * answered like a missing file, and never reaches the storage.
 */
export async function registerFilesRoute(
  app: FastifyInstance,
  options: {
    sessions: SessionCache;
    storage: FileStorage;
    /**
     * issue 36: whether this user may read this key (a project's photos: its members and the
     * administrators); a refusal is answered like a missing file, so it says nothing of the key
     */
    mayRead?: (user: { id: string; role?: string | null }, key: string) => Promise<boolean>;
  },
): Promise<void> {
  const { sessions, storage, mayRead } = options;
  app.get(`${PUBLIC_FILES_PREFIX}*`, async (request, reply) => {
    const user = await sessions.user(request.headers);
    if (!user || user.banned) {
      return reply
        .status(401)
        .header('cache-control', 'no-store')
        .send({ error: { status: 'UNAUTHENTICATED', message: FILES_SIGN_IN_MESSAGE } });
    }
    const key = (request.params as { '*': string })['*'];
    const allowed = isSafeKey(key) && (mayRead === undefined || (await mayRead(user, key)));
    const file = allowed ? await storage.read(key) : undefined;
    if (!file) {
      return reply
        .status(404)
        .header('cache-control', 'no-store')
        .send({ error: { status: 'NOT_FOUND', message: FILE_NOT_FOUND_MESSAGE } });
    }
    return reply.header('content-type', file.contentType).header('cache-control', CACHE_CONTROL).send(file.bytes);
  });
}
