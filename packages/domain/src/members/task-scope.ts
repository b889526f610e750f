import { roleAllows } from './roles';
import type { ProjectCapability, ProjectRole } from './roles';

/**
 * Issue 36: what a member may touch task by task: a 'Subcontratista' belongs to one of the project's
 * companies and touches only that company's tasks (docs/MEMBERS.md). For the Last Planner's
 * commitments and, once tasks carry their company, progress.
 */

/** A project's member as the rules read it. */
export type TaskScopeMember = { role: ProjectRole; companyId?: string | null };

/** A task as the rules read it: the company that does it, if any. */
export type CompanyTask = { companyId?: string | null };

/**
 * "A Subcontratista may touch only tasks whose company is its company": the member's company is
 * set and is the task's. A task with no company is nobody's to touch as a Subcontratista.
 */
export function subcontractorMayTouch(member: TaskScopeMember, task: CompanyTask): boolean {
  const company = member.companyId ?? null;
  return company !== null && company !== '' && company === (task.companyId ?? null);
}

/**
 * Whether a member may do `capability` on one task: the role allows it and, for a Subcontratista,
 * the task is its company's (subcontractorMayTouch).
 */
export function memberMayTouchTask(member: TaskScopeMember, capability: ProjectCapability, task: CompanyTask): boolean {
  if (!roleAllows(member.role, capability)) return false;
  return member.role !== 'subcontratista' || subcontractorMayTouch(member, task);
}

/** A member's company: a Subcontratista needs one of the project's companies; the other roles may have one. */
export function memberCompanyError(member: TaskScopeMember, companyIds: readonly string[]): string | undefined {
  const company = member.companyId ?? null;
  if (company === null || company === '') {
    return member.role === 'subcontratista'
      ? 'Empresa: un Subcontratista debe pertenecer a una empresa del proyecto'
      : undefined;
  }
  return companyIds.includes(company) ? undefined : 'Empresa: no es una empresa del proyecto';
}
