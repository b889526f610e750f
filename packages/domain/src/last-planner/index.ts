/**
 * `@cimiento/domain/last-planner` (issue 36): the Last Planner System's rules, for the server and the
 * web alike (docs/LAST-PLANNER.md). Pure: no I/O; 'today' and the project's lists come from the caller.
 */
export type { RutCheck } from './rut';
export { RUT_MAX_BODY_DIGITS, RUT_MESSAGES, RUT_MIN_BODY_DIGITS, checkRut, rutCheckDigit } from './rut';
export type { CompanyTask, ProjectMember, ProjectRole, RoleCapability } from './roles';
export {
  PROJECT_ROLES,
  PROJECT_ROLE_LABELS,
  ROLE_CAPABILITIES,
  isProjectRole,
  memberCompanyError,
  memberMayTouchTask,
  roleCan,
  subcontractorMayTouch,
} from './roles';
export { addDays, isMonday, weekEnd, weekOf, weeksBetween } from './weeks';
