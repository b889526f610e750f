/** Issue 36: members, roles and companies (`@cimiento/domain/members`; docs/MEMBERS.md). */
export type { ProjectCapability, ProjectRole } from './members/roles';
export {
  ADMIN_ONLY_MESSAGE,
  NOT_A_MEMBER_MESSAGE,
  projectCapabilities,
  projectRoleDescriptions,
  projectRoleLabels,
  projectRoles,
  roleAllows,
  roleRefusalMessage,
  rolesThatMay,
} from './members/roles';
export type { CompanyTask, TaskScopeMember } from './members/task-scope';
export { memberCompanyError, memberMayTouchTask, subcontractorMayTouch } from './members/task-scope';
export type { RutCheck } from './members/rut';
export { checkRut, rutCheckDigit } from './members/rut';
export type { FunctionAccess } from './functions/access';
export { UF_ADMIN_ONLY_MESSAGE, functionAccess } from './functions/access';
export type { ProjectCompany, ProjectMember, SaveCompanyInput, SaveMemberInput } from './functions/member-contracts';
export {
  companyKindLabels,
  companyKinds,
  loadMembersContract,
  projectCompanySchema,
  projectMemberSchema,
  projectRoleSchema,
  removeCompanyContract,
  removeMemberContract,
  saveCompanyContract,
  saveMemberContract,
} from './functions/member-contracts';
