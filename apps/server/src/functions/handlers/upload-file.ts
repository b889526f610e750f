import {
  MAX_UPLOAD_BYTES,
  detectImageType,
  extensionByImageType,
  imageSizeProblem,
  parseDataUrl,
  uploadFileContract,
} from '@cimiento/domain';
import { v7 as uuidv7 } from 'uuid';
import { defineHandler } from '../define-handler';
import { HttpsError } from '../https-error';

const NOT_AN_IMAGE = 'El archivo debe ser una imagen PNG, JPEG o WebP';

/**
 * Stores an avatar sent as a data URL under the caller's id. The type comes from the decoded
 * bytes, the name from the server; the old avatar is removed once the new one is in place.
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

  const id = uuidv7();
  const name = `${id}.${extensionByImageType[contentType]}`;
  const key = `avatars/${caller.userId}/${name}`;
  const timeCreated = new Date().toISOString();
  const previous = await db
    .selectFrom('stored_file')
    .select(['_id', 'path'])
    .where('owner_id', '=', caller.userId)
    .where('purpose', '=', input.purpose)
    .execute();

  await storage.put(key, bytes, contentType);
  const url = storage.publicUrl(key);
  try {
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('stored_file')
        .values({
          _id: id,
          owner_id: caller.userId,
          purpose: input.purpose,
          path: key,
          content_type: contentType,
          size: bytes.length,
          created_at: timeCreated,
        })
        .execute();
      await trx
        .updateTable('user')
        .set({ image: url, updatedAt: new Date().toISOString() })
        .where('id', '=', caller.userId)
        .execute();
      if (previous.length > 0) {
        await trx
          .deleteFrom('stored_file')
          .where(
            '_id',
            'in',
            previous.map((file) => file._id),
          )
          .execute();
      }
    });
  } catch (error) {
    await storage.remove(key);
    throw error;
  }
  await Promise.all(previous.map((file) => storage.remove(file.path)));

  return {
    url,
    metadata: { name, fullPath: key, contentType, size: bytes.length, timeCreated },
    message: 'Imagen actualizada',
  };
});
