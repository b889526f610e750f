/** Issue 36: members, roles and companies (`@cimiento/domain/members`; docs/MEMBERS.md). */
export type { ProjectCapability, ProjectRole } from './roles';
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
} from './roles';
export type { RutCheck } from './rut';
export { checkRut, rutCheckDigit } from './rut';
export type { FunctionAccess } from '../functions/access';
export { UF_ADMIN_ONLY_MESSAGE, functionAccess } from '../functions/access';
export type { ProjectCompany, ProjectMember, SaveCompanyInput, SaveMemberInput } from '../functions/member-contracts';
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
} from '../functions/member-contracts';
