import { loadMembersContract } from '@cimiento/domain/members';
import { defineHandler } from '../core/define-handler';
import { liveProjectName, readCompanies, readMembers } from './member-queries';

/** loadMembers {id}: the project's members with their roles and companies, and its companies ('Miembros'). */
export const handleLoadMembers = defineHandler(loadMembersContract, async ({ id }, { db }) => {
  await liveProjectName(db, id);
  const [members, companies] = await Promise.all([readMembers(db, id), readCompanies(db, id)]);
  const count = members.length;
  return {
    members,
    companies,
    message: `${count} ${count === 1 ? 'miembro' : 'miembros'} y ${companies.length} ${companies.length === 1 ? 'empresa' : 'empresas'}`,
  };
});
