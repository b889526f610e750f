import {
  loadObjectsContract,
  removeObjectContract,
  saveObjectContract,
  seedCataloguesContract,
} from './catalogue-contracts';
import {
  assignEdcContract,
  copyEdcContract,
  loadEdcContract,
  saveEdcContract,
  unassignEdcContract,
} from './edc-contracts';
import {
  approveEstadoPagoContract,
  exportEstadoPagoContract,
  exportSCurveContract,
  importUfValuesContract,
  loadEstadosPagoContract,
  loadSCurveContract,
  loadUfValuesContract,
  removeEstadoPagoContract,
  saveActualCostContract,
  saveEstadoPagoContract,
  saveEstadoPagoSettingsContract,
  saveUfValuesContract,
} from './cost-contracts';
import { loadEdpUsageContract, saveEdpContract, updateItemEdpContract } from './edp-contracts';
import {
  exportEdpContract,
  exportGanttContract,
  importEdpContract,
  importGanttContract,
  importProjectContract,
} from './exchange-contracts';
import { loadGanttContract, regenerateGanttSequenceContract, saveGanttContract } from './gantt-contracts';
import {
  exportResourceHistogramContract,
  levelResourcesContract,
  loadResourceHistogramContract,
} from './workload-contracts';
import {
  checkProjectCodeContract,
  loadProjectContract,
  loadProjectsContract,
  removeProjectContract,
  saveProjectContract,
  updateProjectContract,
} from './project-contracts';
import {
  chooseBaselineContract,
  exportProgressContract,
  importProgressContract,
  loadBaselinesContract,
  loadProgressHistoryContract,
  removeBaselineContract,
  saveBaselineContract,
  saveProgressContract,
  updateAsScheduledContract,
} from './tracking-contracts';
import { loadProfileContract, saveProfileContract, uploadFileContract } from './profile-contracts';
import { loadUsersContract, saveUserContract } from './user-contracts';
import {
  followProjectContract,
  loadDashboardContract,
  loadHistoryEntryContract,
  loadNotificationsContract,
  loadProjectHistoryContract,
  markNotificationsReadContract,
} from './collaboration-contracts';
import { loadChangeLogContract } from './change-log-contracts';
import {
  loadMembersContract,
  removeCompanyContract,
  removeMemberContract,
  saveCompanyContract,
  saveMemberContract,
} from './member-contracts';
import {
  closeCommitmentContract,
  exportLastPlannerContract,
  loadLookAheadContract,
  loadPpcContract,
  loadWeeklyPlanContract,
  removeCommitmentContract,
  removeConstraintContract,
  saveCommitmentContract,
  saveConstraintContract,
  saveLastPlannerSettingsContract,
  saveTaskCompanyContract,
  transferCommitmentsContract,
} from './last-planner-contracts';
import { loadTaskPhotosContract, uploadTaskPhotoContract } from './field-contracts';
import {
  emptyTrashContract,
  loadProjectHoldingsContract,
  loadTrashContract,
  purgeProjectContract,
  restoreProjectContract,
} from './trash-contracts';

/** Every callable function. The server mounts one route per entry; the web client is typed from it. */
export const functionContracts = [
  loadProfileContract,
  saveProfileContract,
  uploadFileContract,
  loadUsersContract,
  saveUserContract,
  saveObjectContract,
  removeObjectContract,
  loadObjectsContract,
  seedCataloguesContract,
  saveProjectContract,
  loadProjectsContract,
  loadProjectContract,
  removeProjectContract,
  updateProjectContract,
  checkProjectCodeContract,
  saveEdpContract,
  updateItemEdpContract,
  loadEdpUsageContract,
  loadEdcContract,
  saveEdcContract,
  assignEdcContract,
  copyEdcContract,
  unassignEdcContract,
  loadGanttContract,
  saveGanttContract,
  regenerateGanttSequenceContract,
  importProjectContract,
  exportGanttContract,
  exportEdpContract,
  importEdpContract,
  importGanttContract,
  saveBaselineContract,
  loadBaselinesContract,
  removeBaselineContract,
  chooseBaselineContract,
  saveProgressContract,
  updateAsScheduledContract,
  loadProgressHistoryContract,
  exportProgressContract,
  importProgressContract,
  saveUfValuesContract,
  loadUfValuesContract,
  importUfValuesContract,
  loadSCurveContract,
  exportSCurveContract,
  saveActualCostContract,
  loadEstadosPagoContract,
  saveEstadoPagoSettingsContract,
  saveEstadoPagoContract,
  approveEstadoPagoContract,
  removeEstadoPagoContract,
  exportEstadoPagoContract,
  loadProjectHistoryContract,
  loadHistoryEntryContract,
  loadNotificationsContract,
  markNotificationsReadContract,
  followProjectContract,
  loadDashboardContract,
  // issue 30: the 'Registro de cambios'
  loadChangeLogContract,
  // issue 30: the 'Papelera'
  loadTrashContract,
  restoreProjectContract,
  purgeProjectContract,
  emptyTrashContract,
  loadProjectHoldingsContract,
  // issue 35: the resources' load
  loadResourceHistogramContract,
  levelResourcesContract,
  exportResourceHistogramContract,
  // issue 36: members and companies
  loadMembersContract,
  saveMemberContract,
  removeMemberContract,
  saveCompanyContract,
  removeCompanyContract,
  // issue 36: the Last Planner System
  loadLookAheadContract,
  saveLastPlannerSettingsContract,
  saveTaskCompanyContract,
  saveConstraintContract,
  removeConstraintContract,
  loadWeeklyPlanContract,
  saveCommitmentContract,
  removeCommitmentContract,
  closeCommitmentContract,
  loadPpcContract,
  transferCommitmentsContract,
  exportLastPlannerContract,
  // issue 36: the site's photos
  uploadTaskPhotoContract,
  loadTaskPhotosContract,
] as const;

export type AnyFunctionContract = (typeof functionContracts)[number];
export type FunctionName = AnyFunctionContract['name'];
export type ContractByName<N extends FunctionName> = Extract<AnyFunctionContract, { name: N }>;
