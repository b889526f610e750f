import { projectEventChange } from '@cimiento/domain/history';
import { removeMemberContract } from '@cimiento/domain/members';
import { recordChange } from '../collab/history-queries';
import { defineHandler } from '../core/define-handler';
import { forgetRoles } from './project-access';
import { HttpsError } from '../core/https-error';
import { LAST_PLANNER_MESSAGE, liveProjectName, plannerCount, roleOf, roleText } from './member-queries';

/**
 * removeMember {id, userId}: the user leaves the project (its follow and its notices of the project
 * go with it: it may no longer see them). The project keeps at least one 'Planificador'.
 */
export const handleRemoveMember = defineHandler(removeMemberContract, async ({ id, userId }, { db, caller }) => {
  const name = await db.transaction().execute(async (trx) => {
    const projectName = await liveProjectName(trx, id);
    const member = await trx
      .selectFrom('project_member as m')
      .innerJoin('user as u', 'u.id', 'm.user_id')
      .select(['m.role', 'u.name'])
      .where('m.project_id', '=', id)
      .where('m.user_id', '=', userId)
      .executeTakeFirst();
    if (!member) throw new HttpsError('NOT_FOUND', 'Esa persona no es miembro del proyecto');
    if (member.role === 'planificador' && (await plannerCount(trx, id)) <= 1) {
      throw new HttpsError('FAILED_PRECONDITION', LAST_PLANNER_MESSAGE);
    }
    await trx.deleteFrom('project_member').where('project_id', '=', id).where('user_id', '=', userId).execute();
    await trx.deleteFrom('project_follow').where('project_id', '=', id).where('user_id', '=', userId).execute();
    await trx.deleteFrom('notification').where('project_id', '=', id).where('user_id', '=', userId).execute();
    const change = projectEventChange({
      kind: 'member-removed',
      name: member.name,
      role: roleText(roleOf(member.role)),
    });
    await recordChange(trx, id, { caller, functionName: 'removeMember' }, 'project', change, projectName);
    return member.name;
  });
  // this process reads the project's roles afresh (another instance within ROLE_CACHE_TTL_MS)
  forgetRoles(db, id);
  return { message: `${name} ya no es miembro del proyecto` };
});
