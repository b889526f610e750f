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
} from '@cimiento/domain';
import { lazyHandler } from '../core/define-handler';
import type { RegisteredHandler } from '../core/define-handler';
import { handleAssignEdc } from './handlers/assign-edc';
import { handleCheckProjectCode } from './handlers/check-project-code';
import { handleCopyEdc } from './handlers/copy-edc';
import { handleLoadEdc } from './handlers/load-edc';
import { handleLoadEdpUsage } from './handlers/load-edp-usage';
import { handleLoadObjects } from './handlers/load-objects';
import { handleLoadProfile } from './handlers/load-profile';
import { handleLoadProject } from './handlers/load-project';
import { handleLoadProjects } from './handlers/load-projects';
import { handleLoadUsers } from './handlers/load-users';
import { handleRemoveObject } from './handlers/remove-object';
import { handleRemoveProject } from './handlers/remove-project';
import { handleSaveEdc } from './handlers/save-edc';
import { handleSaveEdp } from './handlers/save-edp';
import { handleSaveObject } from './handlers/save-object';
import { handleSaveProfile } from './handlers/save-profile';
import { handleSaveProject } from './handlers/save-project';
import { handleSaveUser } from './handlers/save-user';
import { handleSeedCatalogues } from './handlers/seed-catalogues';
import { handleUnassignEdc } from './handlers/unassign-edc';
import { handleUpdateItemEdp } from './handlers/update-item-edp';
import { handleUpdateProject } from './handlers/update-project';
import { handleUploadFile } from './handlers/upload-file';
// issue 16: UF values
import { handleLoadUfValues } from './handlers/load-uf-values';
import { handleSaveUfValues } from './handlers/save-uf-values';
// issue 19: working together
import { handleFollowProject } from './handlers/follow-project';
import { handleLoadHistoryEntry } from './handlers/load-history-entry';
import { handleLoadNotifications } from './handlers/load-notifications';
import { handleLoadProjectHistory } from './handlers/load-project-history';
import { handleMarkNotificationsRead } from './handlers/mark-notifications-read';
// issue 30: the 'Registro de cambios'
import { handleLoadChangeLog } from './handlers/load-change-log';
// issue 30: the 'Papelera'
import { handleEmptyTrash } from './handlers/empty-trash';
import { handleLoadProjectHoldings } from './handlers/load-project-holdings';
import { handleLoadTrash } from './handlers/load-trash';
import { handlePurgeProject } from './handlers/purge-project';
import { handleRestoreProject } from './handlers/restore-project';

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
  lazyHandler(loadGanttContract, async () => (await import('./handlers/load-gantt')).handleLoadGantt, {
    stamped: true,
  }),
  lazyHandler(saveGanttContract, async () => (await import('./handlers/save-gantt')).handleSaveGantt),
  lazyHandler(
    regenerateGanttSequenceContract,
    async () => (await import('./handlers/regenerate-gantt-sequence')).handleRegenerateGanttSequence,
  ),
  lazyHandler(importProjectContract, async () => (await import('./handlers/import-project')).handleImportProject),
  lazyHandler(exportEdpContract, async () => (await import('./handlers/export-edp')).handleExportEdp),
  lazyHandler(exportGanttContract, async () => (await import('./handlers/export-gantt')).handleExportGantt),
  lazyHandler(importEdpContract, async () => (await import('./handlers/import-edp')).handleImportEdp),
  lazyHandler(importGanttContract, async () => (await import('./handlers/import-gantt')).handleImportGantt),
  lazyHandler(saveBaselineContract, async () => (await import('./handlers/save-baseline')).handleSaveBaseline),
  lazyHandler(loadBaselinesContract, async () => (await import('./handlers/load-baselines')).handleLoadBaselines),
  lazyHandler(removeBaselineContract, async () => (await import('./handlers/remove-baseline')).handleRemoveBaseline),
  lazyHandler(chooseBaselineContract, async () => (await import('./handlers/choose-baseline')).handleChooseBaseline),
  // issue 15: progress at a cut-off
  lazyHandler(saveProgressContract, async () => (await import('./handlers/save-progress')).handleSaveProgress),
  lazyHandler(
    loadProgressHistoryContract,
    async () => (await import('./handlers/load-progress-history')).handleLoadProgressHistory,
  ),
  // issue 15: progress by Excel
  lazyHandler(exportProgressContract, async () => (await import('./handlers/export-progress')).handleExportProgress),
  lazyHandler(importProgressContract, async () => (await import('./handlers/import-progress')).handleImportProgress),
  // issue 16: the estado de pago's documents
  lazyHandler(
    exportEstadoPagoContract,
    async () => (await import('./handlers/export-estado-pago')).handleExportEstadoPago,
  ),
  // issue 16: UF values
  handleSaveUfValues,
  handleLoadUfValues,
  lazyHandler(importUfValuesContract, async () => (await import('./handlers/import-uf-values')).handleImportUfValues),
  // issue 16: estados de pago
  lazyHandler(
    loadEstadosPagoContract,
    async () => (await import('./handlers/load-estados-pago')).handleLoadEstadosPago,
  ),
  lazyHandler(
    saveEstadoPagoSettingsContract,
    async () => (await import('./handlers/save-estado-pago-settings')).handleSaveEstadoPagoSettings,
  ),
  lazyHandler(saveEstadoPagoContract, async () => (await import('./handlers/save-estado-pago')).handleSaveEstadoPago),
  lazyHandler(
    approveEstadoPagoContract,
    async () => (await import('./handlers/approve-estado-pago')).handleApproveEstadoPago,
  ),
  lazyHandler(
    removeEstadoPagoContract,
    async () => (await import('./handlers/remove-estado-pago')).handleRemoveEstadoPago,
  ),
  // issue 16: the S-curve
  lazyHandler(loadSCurveContract, async () => (await import('./handlers/load-s-curve')).handleLoadSCurve),
  lazyHandler(exportSCurveContract, async () => (await import('./handlers/export-s-curve')).handleExportSCurve),
  lazyHandler(saveActualCostContract, async () => (await import('./handlers/save-actual-cost')).handleSaveActualCost),
  // issue 19: working together
  handleLoadProjectHistory,
  handleLoadHistoryEntry,
  handleLoadNotifications,
  handleMarkNotificationsRead,
  handleFollowProject,
  lazyHandler(loadDashboardContract, async () => (await import('./handlers/load-dashboard')).handleLoadDashboard, {
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
];
