import { createHash } from 'node:crypto';
import {
  MAX_UPLOAD_BYTES,
  detectImageType,
  extensionByImageType,
  imageSizeProblem,
  parseDataUrl,
  uploadFileContract,
} from '@cimiento/domain';
import { v7 as uuidv7 } from 'uuid';
import { reclaimFile, releaseFiles } from '../storage/file-release';
import { defineHandler } from '../core/define-handler';
import { HttpsError } from '../core/https-error';

const NOT_AN_IMAGE = 'El archivo debe ser una imagen PNG, JPEG o WebP';

/**
 * Stores an avatar sent as a data URL under the caller's id. The type comes from the decoded
 * bytes; the name is the bytes' SHA-256 (issue 30): a stored file is never changed or deleted in
 * place. In one transaction, under the caller's row lock (one upload per user at a time): the
 * file is written (in that transaction with FILE_STORAGE=database), its record and the profile
 * point at it, and the previous avatar is released: its record goes, and its bytes wait in
 * `file_release` for the sweep (storage/file-sweep.ts), which deletes them after the grace period.
 * A backup that copied the database a moment before still finds the file it names.
 */
export const handleUploadFile = defineHandler(uploadFileContract, async (input, { db, storage, caller }) => {
  // checked before parsing, which refuses an empty payload as malformed: say what is really wrong
  if (input.dataUrl.endsWith(';base64,')) throw new HttpsError('INVALID_ARGUMENT', 'El archivo está vacío');
  const parsed = parseDataUrl(input.dataUrl);
  if (!parsed) throw new HttpsError('INVALID_ARGUMENT', 'dataUrl: no es un data URL en base64 válido');
  const bytes = Buffer.from(parsed.base64, 'base64');
  if (bytes.length === 0) throw new HttpsError('INVALID_ARGUMENT', 'El archivo está vacío');
  if (bytes.length > MAX_UPLOAD_BYTES) {
    throw new HttpsError('INVALID_ARGUMENT', 'El archivo supera el máximo de 2 MB');
  }
  const contentType = detectImageType(bytes);
  if (!contentType) throw new HttpsError('INVALID_ARGUMENT', NOT_AN_IMAGE);
  // issue 30: a small file may declare a huge image, which every browser that shows it would decode
  const sizeProblem = imageSizeProblem(bytes, contentType);
  if (sizeProblem !== undefined) throw new HttpsError('INVALID_ARGUMENT', sizeProblem);

  const digest = createHash('sha256').update(bytes).digest('hex');
  const name = `${digest}.${extensionByImageType[contentType]}`;
  const key = `avatars/${caller.userId}/${name}`;
  const url = storage.publicUrl(key);
  const now = new Date();
  const timeCreated = now.toISOString();

  const writeAvatar = async (): Promise<void> => {
    await db.transaction().execute(async (trx) => {
      // first, so that the caller's uploads take turns (PostgreSQL's row lock; SQLite runs one
      // transaction at a time anyway)
      await trx
        .updateTable('user')
        .set({ image: url, updatedAt: timeCreated })
        .where('id', '=', caller.userId)
        .execute();
      await reclaimFile(trx, key);
      const previous = await trx
        .selectFrom('stored_file')
        .select(['_id', 'path'])
        .where('owner_id', '=', caller.userId)
        .where('purpose', '=', input.purpose)
        .execute();
      await storage.put(key, bytes, contentType, trx);
      if (!previous.some((file) => file.path === key)) {
        await trx
          .insertInto('stored_file')
          .values({
            _id: uuidv7(),
            owner_id: caller.userId,
            purpose: input.purpose,
            path: key,
            content_type: contentType,
            size: bytes.length,
            created_at: timeCreated,
          })
          .execute();
      }
      const released = previous.filter((file) => file.path !== key);
      if (released.length > 0) {
        await trx
          .deleteFrom('stored_file')
          .where(
            '_id',
            'in',
            released.map((file) => file._id),
          )
          .execute();
        await releaseFiles(
          trx,
          released.map((file) => file.path),
          now,
        );
      }
    });
  };

  try {
    await writeAvatar();
  } catch (error) {
    // on disk the bytes may be in place without a record: they wait for the sweep like any other
    await db
      .transaction()
      .execute(async (trx) => {
        const referenced = await trx.selectFrom('stored_file').select('_id').where('path', '=', key).executeTakeFirst();
        if (!referenced) await releaseFiles(trx, [key], now);
      })
      .catch(() => undefined);
    throw error;
  }

  return {
    url,
    metadata: { name, fullPath: key, contentType, size: bytes.length, timeCreated },
    message: 'Imagen actualizada',
  };
});
