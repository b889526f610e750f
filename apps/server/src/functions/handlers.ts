import {
  closeCommitmentContract,
  exportLastPlannerContract,
  loadLookAheadContract,
  loadPpcContract,
  loadTaskPhotosContract,
  loadWeeklyPlanContract,
  removeCommitmentContract,
  removeConstraintContract,
  saveCommitmentContract,
  saveConstraintContract,
  saveLastPlannerSettingsContract,
  saveTaskCompanyContract,
  transferCommitmentsContract,
  uploadTaskPhotoContract,
} from '@cimiento/domain/last-planner';
import {
  approveEstadoPagoContract,
  chooseBaselineContract,
  exportEdpContract,
  exportEstadoPagoContract,
  exportGanttContract,
  exportProgressContract,
  exportSCurveContract,
  importEdpContract,
  importGanttContract,
  importProgressContract,
  importProjectContract,
  importUfValuesContract,
  loadBaselinesContract,
  loadDashboardContract,
  loadEstadosPagoContract,
  loadGanttContract,
  loadProgressHistoryContract,
  loadSCurveContract,
  regenerateGanttSequenceContract,
  removeBaselineContract,
  removeEstadoPagoContract,
  saveActualCostContract,
  saveBaselineContract,
  saveEstadoPagoContract,
  saveEstadoPagoSettingsContract,
  saveGanttContract,
  saveProgressContract,
  updateAsScheduledContract,
} from '@cimiento/domain';
import {
  exportResourceHistogramContract,
  levelResourcesContract,
  loadResourceHistogramContract,
} from '@cimiento/domain/resources';
import { lazyHandler } from '../core/define-handler';
import { handleLoadMembers } from '../members/load-members';
import { handleRemoveCompany } from '../members/remove-company';
import { handleRemoveMember } from '../members/remove-member';
import { handleSaveCompany } from '../members/save-company';
import { handleSaveMember } from '../members/save-member';
import type { RegisteredHandler } from '../core/define-handler';
import { handleAssignEdc } from '../edc/assign-edc';
import { handleCheckProjectCode } from '../projects/check-project-code';
import { handleCopyEdc } from '../edc/copy-edc';
import { handleLoadEdc } from '../edc/load-edc';
import { handleLoadEdpUsage } from '../edp/load-edp-usage';
import { handleLoadObjects } from '../catalogues/load-objects';
import { handleLoadProfile } from '../users/load-profile';
import { handleLoadProject } from '../projects/load-project';
import { handleLoadProjects } from '../projects/load-projects';
import { handleLoadUsers } from '../users/load-users';
import { handleRemoveObject } from '../catalogues/remove-object';
import { handleRemoveProject } from '../projects/remove-project';
import { handleSaveEdc } from '../edc/save-edc';
import { handleSaveEdp } from '../edp/save-edp';
import { handleSaveObject } from '../catalogues/save-object';
import { handleSaveProfile } from '../users/save-profile';
import { handleSaveProject } from '../projects/save-project';
import { handleSaveUser } from '../users/save-user';
import { handleSeedCatalogues } from '../catalogues/seed-catalogues';
import { handleUnassignEdc } from '../edc/unassign-edc';
import { handleUpdateItemEdp } from '../edp/update-item-edp';
import { handleUpdateProject } from '../projects/update-project';
import { handleUploadFile } from '../users/upload-file';
// issue 16: UF values
import { handleLoadUfValues } from '../costs/load-uf-values';
import { handleSaveUfValues } from '../costs/save-uf-values';
// issue 19: working together
import { handleFollowProject } from '../projects/follow-project';
import { handleLoadHistoryEntry } from '../collab/load-history-entry';
import { handleLoadNotifications } from '../collab/load-notifications';
import { handleLoadProjectHistory } from '../collab/load-project-history';
import { handleMarkNotificationsRead } from '../collab/mark-notifications-read';
// issue 30: the 'Registro de cambios'
import { handleLoadChangeLog } from '../collab/load-change-log';
// issue 30: the 'Papelera'
import { handleEmptyTrash } from '../projects/empty-trash';
import { handleLoadProjectHoldings } from '../projects/load-project-holdings';
import { handleLoadTrash } from '../projects/load-trash';
import { handlePurgeProject } from '../projects/purge-project';
import { handleRestoreProject } from '../projects/restore-project';

/**
 * One handler per contract in @cimiento/domain's functionContracts; functions.test.ts checks none is
 * missing. The Gantt, exchange, progress, estado de pago and S-curve functions are lazyHandler: their
 * modules (and exceljs, pdfkit, the XML parser, Chile's holidays) load on their first call (issue 18).
 */
export const functionHandlers: RegisteredHandler[] = [
  handleLoadProfile,
  handleSaveProfile,
  handleUploadFile,
  handleLoadUsers,
  handleSaveUser,
  handleSaveObject,
  handleRemoveObject,
  handleLoadObjects,
  handleSeedCatalogues,
  handleSaveProject,
  handleLoadProjects,
  handleLoadProject,
  handleRemoveProject,
  handleUpdateProject,
  handleCheckProjectCode,
  handleSaveEdp,
  handleUpdateItemEdp,
  handleLoadEdpUsage,
  handleLoadEdc,
  handleSaveEdc,
  handleAssignEdc,
  handleCopyEdc,
  handleUnassignEdc,
  lazyHandler(loadGanttContract, async () => (await import('../gantt/load-gantt')).handleLoadGantt, {
    stamped: true,
  }),
  lazyHandler(saveGanttContract, async () => (await import('../gantt/save-gantt')).handleSaveGantt),
  lazyHandler(
    regenerateGanttSequenceContract,
    async () => (await import('../gantt/regenerate-gantt-sequence')).handleRegenerateGanttSequence,
  ),
  lazyHandler(importProjectContract, async () => (await import('../exchange/import-project')).handleImportProject),
  lazyHandler(exportEdpContract, async () => (await import('../exchange/export-edp')).handleExportEdp),
  lazyHandler(exportGanttContract, async () => (await import('../exchange/export-gantt')).handleExportGantt),
  lazyHandler(importEdpContract, async () => (await import('../exchange/import-edp')).handleImportEdp),
  lazyHandler(importGanttContract, async () => (await import('../exchange/import-gantt')).handleImportGantt),
  lazyHandler(saveBaselineContract, async () => (await import('../tracking/save-baseline')).handleSaveBaseline),
  lazyHandler(loadBaselinesContract, async () => (await import('../tracking/load-baselines')).handleLoadBaselines),
  lazyHandler(removeBaselineContract, async () => (await import('../tracking/remove-baseline')).handleRemoveBaseline),
  lazyHandler(chooseBaselineContract, async () => (await import('../tracking/choose-baseline')).handleChooseBaseline),
  // issue 15: progress at a cut-off
  lazyHandler(saveProgressContract, async () => (await import('../tracking/save-progress')).handleSaveProgress),
  lazyHandler(
    loadProgressHistoryContract,
    async () => (await import('../tracking/load-progress-history')).handleLoadProgressHistory,
  ),
  // issue 32: 'Actualizar según lo programado'
  lazyHandler(
    updateAsScheduledContract,
    async () => (await import('../tracking/update-as-scheduled')).handleUpdateAsScheduled,
  ),
  // issue 15: progress by Excel
  lazyHandler(exportProgressContract, async () => (await import('../exchange/export-progress')).handleExportProgress),
  lazyHandler(importProgressContract, async () => (await import('../exchange/import-progress')).handleImportProgress),
  // issue 16: the estado de pago's documents
  lazyHandler(
    exportEstadoPagoContract,
    async () => (await import('../exchange/export-estado-pago')).handleExportEstadoPago,
  ),
  // issue 16: UF values
  handleSaveUfValues,
  handleLoadUfValues,
  lazyHandler(importUfValuesContract, async () => (await import('../exchange/import-uf-values')).handleImportUfValues),
  // issue 16: estados de pago
  lazyHandler(loadEstadosPagoContract, async () => (await import('../costs/load-estados-pago')).handleLoadEstadosPago),
  lazyHandler(
    saveEstadoPagoSettingsContract,
    async () => (await import('../costs/save-estado-pago-settings')).handleSaveEstadoPagoSettings,
  ),
  lazyHandler(saveEstadoPagoContract, async () => (await import('../costs/save-estado-pago')).handleSaveEstadoPago),
  lazyHandler(
    approveEstadoPagoContract,
    async () => (await import('../costs/approve-estado-pago')).handleApproveEstadoPago,
  ),
  lazyHandler(
    removeEstadoPagoContract,
    async () => (await import('../costs/remove-estado-pago')).handleRemoveEstadoPago,
  ),
  // issue 16: the S-curve
  lazyHandler(loadSCurveContract, async () => (await import('../costs/load-s-curve')).handleLoadSCurve),
  lazyHandler(exportSCurveContract, async () => (await import('../exchange/export-s-curve')).handleExportSCurve),
  lazyHandler(saveActualCostContract, async () => (await import('../costs/save-actual-cost')).handleSaveActualCost),
  // issue 19: working together
  handleLoadProjectHistory,
  handleLoadHistoryEntry,
  handleLoadNotifications,
  handleMarkNotificationsRead,
  handleFollowProject,
  lazyHandler(loadDashboardContract, async () => (await import('../projects/load-dashboard')).handleLoadDashboard, {
    stamped: true,
  }),
  // issue 30: the 'Registro de cambios'
  handleLoadChangeLog,
  // issue 30: the 'Papelera'
  handleLoadTrash,
  handleRestoreProject,
  handlePurgeProject,
  handleEmptyTrash,
  handleLoadProjectHoldings,
  // issue 35: the resources' load
  lazyHandler(
    loadResourceHistogramContract,
    async () => (await import('../workload/load-resource-histogram')).handleLoadResourceHistogram,
  ),
  lazyHandler(levelResourcesContract, async () => (await import('../workload/level-resources')).handleLevelResources),
  lazyHandler(
    exportResourceHistogramContract,
    async () => (await import('../exchange/export-resource-histogram')).handleExportResourceHistogram,
  ),
  // issue 36: members and companies
  handleLoadMembers,
  handleSaveMember,
  handleRemoveMember,
  handleSaveCompany,
  handleRemoveCompany,
  // issue 36: the Last Planner's documents
  lazyHandler(
    exportLastPlannerContract,
    async () => (await import('../exchange/export-last-planner')).handleExportLastPlanner,
  ),
  // issue 36: the site's photos
  lazyHandler(
    uploadTaskPhotoContract,
    async () => (await import('../tracking/upload-task-photo')).handleUploadTaskPhoto,
  ),
  lazyHandler(loadTaskPhotosContract, async () => (await import('../tracking/load-task-photos')).handleLoadTaskPhotos),
  // issue 36: the Last Planner System, a chunk of its own
  lazyHandler(loadLookAheadContract, async () => (await import('../last-planner/load-look-ahead')).handleLoadLookAhead),
  lazyHandler(
    saveLastPlannerSettingsContract,
    async () => (await import('../last-planner/save-last-planner-settings')).handleSaveLastPlannerSettings,
  ),
  lazyHandler(
    saveTaskCompanyContract,
    async () => (await import('../last-planner/save-task-company')).handleSaveTaskCompany,
  ),
  lazyHandler(
    saveConstraintContract,
    async () => (await import('../last-planner/save-constraint')).handleSaveConstraint,
  ),
  lazyHandler(
    removeConstraintContract,
    async () => (await import('../last-planner/remove-constraint')).handleRemoveConstraint,
  ),
  lazyHandler(
    loadWeeklyPlanContract,
    async () => (await import('../last-planner/load-weekly-plan')).handleLoadWeeklyPlan,
  ),
  lazyHandler(
    saveCommitmentContract,
    async () => (await import('../last-planner/save-commitment')).handleSaveCommitment,
  ),
  lazyHandler(
    removeCommitmentContract,
    async () => (await import('../last-planner/remove-commitment')).handleRemoveCommitment,
  ),
  lazyHandler(
    closeCommitmentContract,
    async () => (await import('../last-planner/close-commitment')).handleCloseCommitment,
  ),
  lazyHandler(loadPpcContract, async () => (await import('../last-planner/load-ppc')).handleLoadPpc),
  lazyHandler(
    transferCommitmentsContract,
    async () => (await import('../last-planner/transfer-commitments')).handleTransferCommitments,
  ),
];
