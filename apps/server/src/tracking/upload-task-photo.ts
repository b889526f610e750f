import { createHash } from 'node:crypto';
import { detectImageType, extensionByImageType, imageSizeProblem, parseDataUrl } from '@cimiento/domain';
import { MAX_PHOTO_BYTES, uploadTaskPhotoContract } from '@cimiento/domain/last-planner';
import { memberMayTouchTask } from '@cimiento/domain/members';
import { v7 as uuidv7 } from 'uuid';
import { authorName } from '../collab/history-queries';
import { defineHandler } from '../core/define-handler';
import { HttpsError } from '../core/https-error';
import { isUniqueViolation } from '../db/db-helpers';
import { readTaskCompanyIds, subcontractorCompany } from '../members/member-queries';
import { reclaimFile } from '../storage/file-release';
import { photoKey, photoOf } from './photo-queries';

const NOT_AN_IMAGE = 'La foto debe ser una imagen PNG, JPEG o WebP';

/**
 * uploadTaskPhoto {id, taskId, clientId, dataUrl, caption?} (issue 36, the field screen): stores a
 * photo of a task in the configured file storage, its type from the decoded bytes, its name their
 * SHA-256, at most 4 MB and a sane pixel size. The same `clientId` again answers the photo already
 * stored (created: false): a phone that sent it offline and lost the answer sends it once more. A
 * Subcontratista adds photos to its company's tasks only.
 */
export const handleUploadTaskPhoto = defineHandler(
  uploadTaskPhotoContract,
  async ({ id, taskId, clientId, dataUrl, caption }, { db, storage, caller }) => {
    const existing = await db
      .selectFrom('task_photo')
      .selectAll()
      .where('project_id', '=', id)
      .where('client_id', '=', clientId)
      .executeTakeFirst();
    if (existing) return { photo: photoOf(existing, storage), created: false, message: 'La foto ya estaba grabada' };

    const task = await db
      .selectFrom('gantt_task')
      .select(['id', 'code', 'name'])
      .where('project_id', '=', id)
      .where('id', '=', taskId)
      .executeTakeFirst();
    if (!task) throw new HttpsError('INVALID_ARGUMENT', 'Tarea: no existe en el Gantt');
    const company = await subcontractorCompany(db, id, caller);
    if (company !== undefined) {
      const companies = await readTaskCompanyIds(db, id);
      if (
        !memberMayTouchTask({ role: 'subcontratista', companyId: company }, 'taskProgress', {
          companyId: companies.get(taskId) ?? null,
        })
      ) {
        throw new HttpsError(
          'PERMISSION_DENIED',
          `Tu rol en este proyecto es Subcontratista: ${task.code} «${task.name}» no es una tarea de tu empresa`,
        );
      }
    }
    if (dataUrl.endsWith(';base64,')) throw new HttpsError('INVALID_ARGUMENT', 'La foto está vacía');
    const parsed = parseDataUrl(dataUrl);
    if (!parsed) throw new HttpsError('INVALID_ARGUMENT', 'dataUrl: no es un data URL en base64 válido');
    const bytes = Buffer.from(parsed.base64, 'base64');
    if (bytes.length === 0) throw new HttpsError('INVALID_ARGUMENT', 'La foto está vacía');
    if (bytes.length > MAX_PHOTO_BYTES) throw new HttpsError('INVALID_ARGUMENT', 'La foto supera el máximo de 4 MB');
    const contentType = detectImageType(bytes);
    if (!contentType) throw new HttpsError('INVALID_ARGUMENT', NOT_AN_IMAGE);
    const sizeProblem = imageSizeProblem(bytes, contentType);
    if (sizeProblem !== undefined) throw new HttpsError('INVALID_ARGUMENT', sizeProblem);

    const digest = createHash('sha256').update(bytes).digest('hex');
    const key = photoKey(id, `${digest}.${extensionByImageType[contentType]}`);
    const row = {
      id: uuidv7(),
      project_id: id,
      task_id: taskId,
      client_id: clientId,
      path: key,
      content_type: contentType,
      size: bytes.length,
      caption: (caption ?? '').trim(),
      created_at: new Date().toISOString(),
      created_by: caller.userId,
      created_by_name: authorName(caller),
    };
    try {
      await db.transaction().execute(async (trx) => {
        const project = await trx
          .selectFrom('project')
          .select('_id')
          .where('_id', '=', id)
          .where('deleted_at', 'is', null)
          .executeTakeFirst();
        if (!project) throw new HttpsError('NOT_FOUND', 'Proyecto no encontrado');
        await reclaimFile(trx, key);
        await storage.put(key, bytes, contentType, trx);
        await trx.insertInto('task_photo').values(row).execute();
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // the same photo, sent twice at once: the first one stored it
      const stored = await db
        .selectFrom('task_photo')
        .selectAll()
        .where('project_id', '=', id)
        .where('client_id', '=', clientId)
        .executeTakeFirstOrThrow();
      return { photo: photoOf(stored, storage), created: false, message: 'La foto ya estaba grabada' };
    }
    return { photo: photoOf(row, storage), created: true, message: `Foto agregada a ${task.code} «${task.name}»` };
  },
);
