/**
 * Issue 36: a project's members and what each role may do (docs/MEMBERS.md). An administrator (the
 * instance's admin flag) may do everything on every project; anyone else, only what their role on
 * that project allows. The server checks it on every call (functions/access.ts names what each
 * callable function needs); the web hides what the caller's role cannot do.
 */

export const projectRoles = ['planificador', 'terreno', 'subcontratista', 'lector'] as const;
export type ProjectRole = (typeof projectRoles)[number];

export const projectRoleLabels: Record<ProjectRole, string> = {
  planificador: 'Planificador',
  terreno: 'Terreno',
  subcontratista: 'Subcontratista',
  lector: 'Lector',
};

/** What the roles are for, as the 'Miembros' screen explains them. */
export const projectRoleDescriptions: Record<ProjectRole, string> = {
  planificador: 'Todo en el proyecto: EDP, EDC, Gantt, avance, costos y miembros',
  terreno: 'Registra avance y trabaja el Last Planner; lee el resto',
  subcontratista: 'Pertenece a una empresa del proyecto; ve el proyecto',
  lector: 'Solo lee',
};

/**
 * What a call may need of a project:
 * - 'read': see it (every member);
 * - 'progress': record progress at a cut-off for the whole project: import it, update it as
 *   scheduled ('Planificador', 'Terreno');
 * - 'taskProgress': record progress task by task ('Registrar avance', the field screen):
 *   'Planificador', 'Terreno', and a 'Subcontratista' for its company's tasks (task-scope.ts);
 * - 'commitments': take a commitment of the weekly plan ('Plan semanal') for a task
 *   ('Planificador', 'Terreno', and a 'Subcontratista' for its company's tasks: task-scope.ts);
 * - 'lastPlanner': run the Last Planner screens: the look-ahead, the constraints, closing the
 *   week's commitments, 'Pasar al avance' ('Planificador', 'Terreno'; docs/LAST-PLANNER.md);
 * - 'plan': change the plan, its prices, baselines and estados de pago, or delete it ('Planificador');
 * - 'members': manage its members and companies ('Planificador').
 */
export const projectCapabilities = [
  'read',
  'taskProgress',
  'progress',
  'commitments',
  'lastPlanner',
  'plan',
  'members',
] as const;
export type ProjectCapability = (typeof projectCapabilities)[number];

const allowed: Record<ProjectCapability, readonly ProjectRole[]> = {
  read: projectRoles,
  taskProgress: ['planificador', 'terreno', 'subcontratista'],
  progress: ['planificador', 'terreno'],
  commitments: ['planificador', 'terreno', 'subcontratista'],
  lastPlanner: ['planificador', 'terreno'],
  plan: ['planificador'],
  members: ['planificador'],
};

/** Whether a text is one of the role ids (a stored or sent value). */
export function isProjectRole(value: string): value is ProjectRole {
  return (projectRoles as readonly string[]).includes(value);
}

export function roleAllows(role: ProjectRole, need: ProjectCapability): boolean {
  return allowed[need].includes(role);
}

/** The roles that may do `need`, as a refusal names them: 'Planificador o Terreno'. */
export function rolesThatMay(need: ProjectCapability): string {
  const labels = allowed[need].map((role) => projectRoleLabels[role]);
  return labels.length <= 1 ? (labels[0] ?? '') : `${labels.slice(0, -1).join(', ')} o ${labels.at(-1) ?? ''}`;
}

const needText: Record<ProjectCapability, string> = {
  read: 'ver este proyecto',
  taskProgress: 'registrar avance en este proyecto',
  progress: 'registrar el avance de todo este proyecto',
  commitments: 'tomar compromisos del plan semanal de este proyecto',
  lastPlanner: 'trabajar el Last Planner de este proyecto',
  plan: 'cambiar la planificación de este proyecto',
  members: 'administrar los miembros de este proyecto',
};

/** The refusal (PERMISSION_DENIED) to someone who is not a member of the project. */
export const NOT_A_MEMBER_MESSAGE =
  'No eres miembro de este proyecto: pide a un Planificador del proyecto que te agregue';

/** The refusal (PERMISSION_DENIED) to a member whose role does not allow the call. */
export function roleRefusalMessage(role: ProjectRole, need: ProjectCapability): string {
  return `Tu rol en este proyecto es ${projectRoleLabels[role]}: para ${needText[need]} se necesita el rol ${rolesThatMay(need)}`;
}

/** The refusal (PERMISSION_DENIED) of a function only an administrator may call. */
export const ADMIN_ONLY_MESSAGE = 'Solo un administrador puede hacer esto';
