import type { ProjectCapability } from '../members/roles';
import type { FunctionName } from './registry';
import { TRASH_ADMIN_ONLY_MESSAGE } from './trash-contracts';

/**
 * Issue 36: what each callable function needs of its caller, checked by the server's functions
 * routes on the raw payload, before its schema and the function (apps/server/src/members/
 * project-access.ts). A Record over every function name: a new function does not compile until it
 * says what it needs.
 * - 'signed-in': any signed-in user; the function answers only what is the caller's (their
 *   profile, their notifications) or what they are a member of (loadProjects, loadDashboard);
 * - 'admin': an administrator only, refused with `message`;
 * - 'project': the project named by the input's `field` ('id', or loadEdc's 'projectId'), with the
 *   capability the caller's role there must allow (roles.ts); an administrator passes.
 */
export type FunctionAccess =
  | { kind: 'signed-in' }
  | { kind: 'admin'; message: string }
  | { kind: 'project'; field: 'id' | 'projectId'; need: ProjectCapability };

const signedIn: FunctionAccess = { kind: 'signed-in' };
/** Issue 30: what a user who is not an administrator is told when trying to change the UF values. */
export const UF_ADMIN_ONLY_MESSAGE =
  'Solo un administrador puede cambiar los valores UF: los estados de pago de todos los proyectos en UF dependen de ellos';

const admin = (message: string): FunctionAccess => ({ kind: 'admin', message });
const catalogueAdmin = admin('Solo un administrador puede modificar los catálogos');
const trashAdmin = admin(TRASH_ADMIN_ONLY_MESSAGE);
const ufAdmin = admin(UF_ADMIN_ONLY_MESSAGE);
const read: FunctionAccess = { kind: 'project', field: 'id', need: 'read' };
const progress: FunctionAccess = { kind: 'project', field: 'id', need: 'progress' };
const plan: FunctionAccess = { kind: 'project', field: 'id', need: 'plan' };
const members: FunctionAccess = { kind: 'project', field: 'id', need: 'members' };
const commitments: FunctionAccess = { kind: 'project', field: 'id', need: 'commitments' };
const lastPlanner: FunctionAccess = { kind: 'project', field: 'id', need: 'lastPlanner' };

export const functionAccess: Record<FunctionName, FunctionAccess> = {
  // the caller's own account
  loadProfile: signedIn,
  saveProfile: signedIn,
  uploadFile: signedIn,
  // users: the list is open (to add members), the changes are the administrators' (saveUser says so)
  loadUsers: signedIn,
  saveUser: admin('Solo un administrador puede crear o modificar usuarios'),
  // the catalogues: everyone reads them, an administrator keeps them
  loadObjects: signedIn,
  saveObject: catalogueAdmin,
  removeObject: catalogueAdmin,
  seedCatalogues: admin('Solo un administrador puede cargar los catálogos de ejemplo'),
  loadChangeLog: signedIn,
  // projects: anyone creates one and becomes its Planificador; the list is the caller's
  saveProject: signedIn,
  importProject: signedIn,
  checkProjectCode: signedIn,
  loadProjects: signedIn,
  loadDashboard: signedIn,
  loadProject: read,
  updateProject: plan,
  removeProject: plan,
  loadProjectHoldings: plan,
  // the Papelera
  loadTrash: trashAdmin,
  restoreProject: trashAdmin,
  purgeProject: trashAdmin,
  emptyTrash: trashAdmin,
  // EDP and EDC
  saveEdp: plan,
  updateItemEdp: plan,
  loadEdpUsage: read,
  loadEdc: { kind: 'project', field: 'projectId', need: 'read' },
  saveEdc: plan,
  assignEdc: plan,
  copyEdc: plan,
  unassignEdc: plan,
  exportEdp: read,
  importEdp: plan,
  // the Gantt
  loadGantt: read,
  saveGantt: plan,
  regenerateGanttSequence: plan,
  exportGantt: read,
  importGantt: plan,
  levelResources: plan,
  loadResourceHistogram: read,
  exportResourceHistogram: read,
  // baselines and progress
  saveBaseline: plan,
  loadBaselines: read,
  removeBaseline: plan,
  chooseBaseline: plan,
  saveProgress: { kind: 'project', field: 'id', need: 'taskProgress' },
  updateAsScheduled: progress,
  loadProgressHistory: read,
  exportProgress: read,
  importProgress: progress,
  // money
  saveUfValues: ufAdmin,
  importUfValues: ufAdmin,
  loadUfValues: signedIn,
  loadSCurve: read,
  exportSCurve: read,
  saveActualCost: plan,
  loadEstadosPago: read,
  saveEstadoPagoSettings: plan,
  saveEstadoPago: plan,
  approveEstadoPago: plan,
  removeEstadoPago: plan,
  exportEstadoPago: read,
  // working together
  loadProjectHistory: read,
  loadHistoryEntry: read,
  loadNotifications: signedIn,
  markNotificationsRead: signedIn,
  followProject: read,
  // members
  loadMembers: read,
  saveMember: members,
  removeMember: members,
  saveCompany: members,
  removeCompany: members,
  // the Last Planner System (docs/LAST-PLANNER.md): every member reads it; Planificador and Terreno
  // run it; a Subcontratista takes and withdraws its company's commitments (checked task by task)
  loadLookAhead: read,
  loadWeeklyPlan: read,
  loadPpc: read,
  saveLastPlannerSettings: lastPlanner,
  saveTaskCompany: plan,
  saveConstraint: lastPlanner,
  removeConstraint: lastPlanner,
  saveCommitment: commitments,
  removeCommitment: commitments,
  closeCommitment: lastPlanner,
  transferCommitments: lastPlanner,
  exportLastPlanner: read,
  // the site's photos: whoever records a task's progress (a Subcontratista, its company's tasks)
  uploadTaskPhoto: { kind: 'project', field: 'id', need: 'taskProgress' },
  loadTaskPhotos: read,
};
