import { followProjectContract } from '@cimiento/domain';
import { defineHandler } from '../core/define-handler';
import { HttpsError } from '../core/https-error';

/**
 * Follow a project (its saves by others reach the caller's bell) or stop following it. Idempotent;
 * an unknown project is NOT_FOUND. The project's creator is told of its changes whether or not they follow it.
 */
export const handleFollowProject = defineHandler(followProjectContract, async ({ id, follow }, { db, caller }) => {
  const project = await db
    .selectFrom('project')
    .select(['_id', 'name'])
    .where('_id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!project) throw new HttpsError('NOT_FOUND', 'Proyecto no encontrado');
  if (follow) {
    await db
      .insertInto('project_follow')
      .values({ project_id: id, user_id: caller.userId, created_at: new Date().toISOString() })
      .onConflict((conflict) => conflict.columns(['project_id', 'user_id']).doNothing())
      .execute();
    return { following: true, message: `Sigues el proyecto ${project.name}` };
  }
  await db.deleteFrom('project_follow').where('project_id', '=', id).where('user_id', '=', caller.userId).execute();
  return { following: false, message: `Dejaste de seguir el proyecto ${project.name}` };
});
