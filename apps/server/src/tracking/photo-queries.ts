import type { TaskPhoto } from '@cimiento/domain/last-planner';
import type { Selectable } from 'kysely';
import type { TaskPhotoTable } from '../db/schema-last-planner';
import type { FileStorage } from '../storage/file-storage';

/** Issue 36: where a project's photos live in the file storage (the files route lets its members read them). */
export const PROJECT_FILES_PREFIX = 'projects/';

export function photoKey(projectId: string, name: string): string {
  return `${PROJECT_FILES_PREFIX}${projectId}/photos/${name}`;
}

/** The project a stored file belongs to, from its key ('projects/<id>/…'); undefined for other files. */
export function projectOfKey(key: string): string | undefined {
  if (!key.startsWith(PROJECT_FILES_PREFIX)) return undefined;
  const id = key.slice(PROJECT_FILES_PREFIX.length).split('/')[0];
  return id === undefined || id === '' ? undefined : id;
}

export function photoOf(row: Selectable<TaskPhotoTable>, storage: Pick<FileStorage, 'publicUrl'>): TaskPhoto {
  return {
    id: row.id,
    taskId: Number(row.task_id),
    url: storage.publicUrl(row.path),
    contentType: row.content_type,
    size: Number(row.size),
    caption: row.caption,
    clientId: row.client_id,
    createdBy: row.created_by_name,
    createdAt: row.created_at,
  };
}
