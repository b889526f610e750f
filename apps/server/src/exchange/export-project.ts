import type { Kysely } from 'kysely';
import { HttpsError } from '../core/https-error';
import type { Database } from '../db/schema';

/** The live project's code and name, as an exported file's header and name show them (else NOT_FOUND). */
export async function exportedProject(
  db: Kysely<Database>,
  projectId: string,
): Promise<{ code: string; name: string }> {
  const project = await db
    .selectFrom('project')
    .select(['code', 'name'])
    .where('_id', '=', projectId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!project) throw new HttpsError('NOT_FOUND', 'Proyecto no encontrado');
  return project;
}
