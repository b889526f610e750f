import { projectEventChange } from '@cimiento/domain/history';
import { saveMemberContract } from '@cimiento/domain/members';
import { recordChange } from '../collab/history-queries';
import { defineHandler } from '../core/define-handler';
import { forgetRoles } from './project-access';
import { HttpsError } from '../core/https-error';
import {
  LAST_PLANNER_MESSAGE,
  liveProjectName,
  plannerCount,
  projectCompany,
  readMembers,
  roleOf,
  roleText,
} from './member-queries';

/**
 * saveMember {id, member: {userId, role, companyId?}}: adds a user to the project with a role, or
 * changes a member's role or company. A 'Subcontratista' belongs to a company of the project; the
 * project keeps at least one 'Planificador'; a disabled user is not added. With its history entry.
 */
export const handleSaveMember = defineHandler(saveMemberContract, async ({ id, member }, { db, caller }) => {
  const result = await db.transaction().execute(async (trx) => {
    const projectName = await liveProjectName(trx, id);
    const user = await trx
      .selectFrom('user')
      .select(['id', 'name', 'banned'])
      .where('id', '=', member.userId)
      .executeTakeFirst();
    if (!user) throw new HttpsError('NOT_FOUND', 'El usuario no existe');
    const companyId = member.companyId ?? null;
    if (member.role === 'subcontratista' && companyId === null) {
      throw new HttpsError('INVALID_ARGUMENT', 'Empresa: un Subcontratista debe pertenecer a una empresa del proyecto');
    }
    const company = companyId === null ? undefined : await projectCompany(trx, id, companyId);
    const before = await trx
      .selectFrom('project_member')
      .select(['role', 'company_id'])
      .where('project_id', '=', id)
      .where('user_id', '=', member.userId)
      .executeTakeFirst();
    if (before === undefined && (user.banned === true || Number(user.banned) === 1)) {
      throw new HttpsError(
        'FAILED_PRECONDITION',
        `${user.name} está deshabilitado: habilítalo antes de agregarlo al proyecto`,
      );
    }
    if (before?.role === 'planificador' && member.role !== 'planificador' && (await plannerCount(trx, id)) <= 1) {
      throw new HttpsError('FAILED_PRECONDITION', LAST_PLANNER_MESSAGE);
    }
    if (before === undefined) {
      await trx
        .insertInto('project_member')
        .values({
          project_id: id,
          user_id: member.userId,
          role: member.role,
          company_id: companyId,
          created_at: new Date().toISOString(),
        })
        .execute();
    } else {
      await trx
        .updateTable('project_member')
        .set({ role: member.role, company_id: companyId })
        .where('project_id', '=', id)
        .where('user_id', '=', member.userId)
        .execute();
    }
    const wasCompany =
      before?.company_id == null ? null : ((await projectCompany(trx, id, before.company_id)).name as string);
    const change = projectEventChange({
      kind: 'member-saved',
      name: user.name,
      role: roleText(member.role),
      company: company?.name ?? null,
      ...(before === undefined ? {} : { was: { role: roleText(roleOf(before.role)), company: wasCompany } }),
    });
    await recordChange(trx, id, { caller, functionName: 'saveMember' }, 'project', change, projectName);
    const saved = (await readMembers(trx, id)).find((candidate) => candidate.userId === member.userId);
    if (!saved) throw new HttpsError('INTERNAL', 'El miembro no quedó grabado');
    return { saved, added: before === undefined, name: user.name };
  });
  // this process reads the project's roles afresh (another instance within ROLE_CACHE_TTL_MS)
  forgetRoles(db, id);
  const as = roleText(member.role);
  return {
    member: result.saved,
    message: result.added ? `${result.name} agregado al proyecto como ${as}` : `${result.name} ahora es ${as}`,
  };
});
