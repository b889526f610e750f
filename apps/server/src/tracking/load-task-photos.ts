import { loadTaskPhotosContract } from '@cimiento/domain/last-planner';
import { defineHandler } from '../core/define-handler';
import { HttpsError } from '../core/https-error';
import { chunks } from '../db/db-helpers';
import type { TaskPhotoTable } from '../db/schema-last-planner';
import type { Selectable } from 'kysely';
import { photoOf } from './photo-queries';

/** loadTaskPhotos {id, taskIds?} (issue 36): the project's photos (of the named tasks), newest first. */
export const handleLoadTaskPhotos = defineHandler(loadTaskPhotosContract, async ({ id, taskIds }, { db, storage }) => {
  const project = await db
    .selectFrom('project')
    .select('_id')
    .where('_id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!project) throw new HttpsError('NOT_FOUND', 'Proyecto no encontrado');
  const query = db.selectFrom('task_photo').selectAll().where('project_id', '=', id);
  let rows: Selectable<TaskPhotoTable>[] = [];
  if (taskIds === undefined) rows = await query.execute();
  else
    for (const part of chunks([...new Set(taskIds)]))
      rows.push(...(await query.where('task_id', 'in', part).execute()));
  rows.sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id));
  const photos = rows.map((row) => photoOf(row, storage));
  return { photos, message: `${photos.length} ${photos.length === 1 ? 'foto' : 'fotos'}` };
});
