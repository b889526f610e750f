import { roleAllows } from '@cimiento/domain/members';
import type { ProjectCapability, ProjectRole } from '@cimiento/domain/members';
import { useMyProjectRole } from '@/lib/projects-query';

/**
 * Issue 36: what the caller's role lets it do on a project's screens (docs/MEMBERS.md). The server
 * checks every call anyway; the screens hide what the role cannot use, so a Lector is not offered an
 * edit that would only be refused after the typing.
 *
 * `role`: the caller's role (null: an administrator who is not a member, who may do everything;
 * undefined: the project list has not answered yet). While it is unknown the screens stay as they
 * were before roles (everything offered; the server refuses what is not allowed), so a screen never
 * flips from editable to read-only under a planner's hands.
 */
export type ProjectAbilities = {
  role: ProjectRole | null | undefined;
  /** change the plan: EDP, EDC, Gantt, baselines, estados de pago, the project's data */
  canPlan: boolean;
  /** record progress task by task ('Registrar avance'; a Subcontratista, for its company's tasks) */
  canRecordProgress: boolean;
};

export function projectAbilitiesOf(role: ProjectRole | null | undefined): ProjectAbilities {
  const may = (need: ProjectCapability) => role === undefined || role === null || roleAllows(role, need);
  return { role, canPlan: may('plan'), canRecordProgress: may('taskProgress') };
}

export function useProjectAbilities(projectId: string): ProjectAbilities {
  return projectAbilitiesOf(useMyProjectRole(projectId));
}
