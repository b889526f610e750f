/**
 * Issue 36, a project's members and what each role may do (docs/LAST-PLANNER.md "Roles"). The ids
 * are stored: keep them stable; the labels are the product's words.
 */

export const PROJECT_ROLES = ['planificador', 'terreno', 'subcontratista', 'lector'] as const;
export type ProjectRole = (typeof PROJECT_ROLES)[number];

export const PROJECT_ROLE_LABELS: Readonly<Record<ProjectRole, string>> = {
  planificador: 'Planificador',
  terreno: 'Terreno',
  subcontratista: 'Subcontratista',
  lector: 'Lector',
};

/**
 * What a member may do on a project:
 * - 'read': see the project (every role);
 * - 'progress': record progress at a cut-off;
 * - 'commitments': take a commitment of the weekly plan ('Plan semanal') for a task;
 * - 'lastPlanner': run the Last Planner screens: the look-ahead's window, the constraints, closing
 *   the week's commitments ('Cumplido' / 'No cumplido' with its cause), 'Pasar al avance';
 * - 'plan': change the plan itself (EDP, EDC, Gantt, baselines, the project's settings, among
 *   them its lists of constraint types and of causes of non-fulfilment);
 * - 'members': manage the project's members and companies.
 */
export const ROLE_CAPABILITIES = ['read', 'progress', 'commitments', 'lastPlanner', 'plan', 'members'] as const;
export type RoleCapability = (typeof ROLE_CAPABILITIES)[number];

const CAPABILITIES: Readonly<Record<ProjectRole, readonly RoleCapability[]>> = {
  // "everything on the project"
  planificador: ROLE_CAPABILITIES,
  // "records progress, runs the Last Planner screens, reads the rest"
  terreno: ['read', 'progress', 'commitments', 'lastPlanner'],
  // "sees the project, records the commitments and progress of its company's tasks only"
  // (the company's part is subcontractorMayTouch's)
  subcontratista: ['read', 'progress', 'commitments'],
  lector: ['read'],
};

/** Whether a role may do `capability` at all; a Subcontratista's, on its company's tasks only (memberMayTouchTask). */
export function roleCan(role: ProjectRole, capability: RoleCapability): boolean {
  return CAPABILITIES[role].includes(capability);
}

/** Whether a text is one of the role ids (a stored or sent value). */
export function isProjectRole(value: string): value is ProjectRole {
  return (PROJECT_ROLES as readonly string[]).includes(value);
}

/** A project's member as the rules read it: a Subcontratista belongs to one of the project's companies. */
export type ProjectMember = { role: ProjectRole; companyId?: string | null };

/** A task as the rules read it: the company that does it, if any. */
export type CompanyTask = { companyId?: string | null };

/**
 * "A Subcontratista may touch only tasks whose company is its company": the member's company is
 * set and is the task's. A task with no company is nobody's to touch as a Subcontratista.
 */
export function subcontractorMayTouch(member: ProjectMember, task: CompanyTask): boolean {
  const company = member.companyId ?? null;
  return company !== null && company !== '' && company === (task.companyId ?? null);
}

/**
 * Whether a member may do `capability` on one task: the role allows it and, for a Subcontratista,
 * the task is its company's (subcontractorMayTouch).
 */
export function memberMayTouchTask(member: ProjectMember, capability: RoleCapability, task: CompanyTask): boolean {
  if (!roleCan(member.role, capability)) return false;
  return member.role !== 'subcontratista' || subcontractorMayTouch(member, task);
}

/** A member's company: a Subcontratista needs one of the project's companies; the other roles may have one. */
export function memberCompanyError(member: ProjectMember, companyIds: readonly string[]): string | undefined {
  const company = member.companyId ?? null;
  if (company === null || company === '') {
    return member.role === 'subcontratista'
      ? 'Empresa: un Subcontratista pertenece a una empresa del proyecto'
      : undefined;
  }
  return companyIds.includes(company) ? undefined : 'Empresa: no es una empresa del proyecto';
}
