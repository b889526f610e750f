import type { RegisteredHandler } from './define-handler';
import { handleAssignEdc } from './handlers/assign-edc';
import { handleCheckProjectCode } from './handlers/check-project-code';
import { handleCopyEdc } from './handlers/copy-edc';
import { handleExportEdp } from './handlers/export-edp';
import { handleExportGantt } from './handlers/export-gantt';
import { handleImportEdp } from './handlers/import-edp';
import { handleImportGantt } from './handlers/import-gantt';
import { handleSaveBaseline } from './handlers/save-baseline';
import { handleLoadBaselines } from './handlers/load-baselines';
import { handleRemoveBaseline } from './handlers/remove-baseline';
import { handleChooseBaseline } from './handlers/choose-baseline';
import { handleImportProject } from './handlers/import-project';
import { handleLoadEdc } from './handlers/load-edc';
import { handleLoadEdpUsage } from './handlers/load-edp-usage';
import { handleLoadGantt } from './handlers/load-gantt';
import { handleLoadObjects } from './handlers/load-objects';
import { handleLoadProfile } from './handlers/load-profile';
import { handleLoadProject } from './handlers/load-project';
import { handleLoadProjects } from './handlers/load-projects';
import { handleLoadUsers } from './handlers/load-users';
import { handleRemoveObject } from './handlers/remove-object';
import { handleRegenerateGanttSequence } from './handlers/regenerate-gantt-sequence';
import { handleRemoveProject } from './handlers/remove-project';
import { handleSaveEdc } from './handlers/save-edc';
import { handleSaveEdp } from './handlers/save-edp';
import { handleSaveGantt } from './handlers/save-gantt';
import { handleSaveObject } from './handlers/save-object';
import { handleSaveProfile } from './handlers/save-profile';
import { handleSaveProject } from './handlers/save-project';
import { handleSaveUser } from './handlers/save-user';
import { handleSeedCatalogues } from './handlers/seed-catalogues';
import { handleUnassignEdc } from './handlers/unassign-edc';
import { handleUpdateItemEdp } from './handlers/update-item-edp';
import { handleUpdateProject } from './handlers/update-project';
import { handleUploadFile } from './handlers/upload-file';
// issue 15: progress at a cut-off
import { handleLoadProgressHistory } from './handlers/load-progress-history';
import { handleSaveProgress } from './handlers/save-progress';
// issue 15: progress by Excel
import { handleExportProgress } from './handlers/export-progress';
import { handleImportProgress } from './handlers/import-progress';
// issue 16: the estado de pago's documents
import { handleExportEstadoPago } from './handlers/export-estado-pago';
// issue 16: UF values
import { handleImportUfValues } from './handlers/import-uf-values';
import { handleLoadUfValues } from './handlers/load-uf-values';
import { handleSaveUfValues } from './handlers/save-uf-values';
// issue 16: estados de pago
import { handleApproveEstadoPago } from './handlers/approve-estado-pago';
import { handleLoadEstadosPago } from './handlers/load-estados-pago';
import { handleRemoveEstadoPago } from './handlers/remove-estado-pago';
import { handleSaveEstadoPago } from './handlers/save-estado-pago';
import { handleSaveEstadoPagoSettings } from './handlers/save-estado-pago-settings';
// issue 16: the S-curve
import { handleExportSCurve } from './handlers/export-s-curve';
import { handleLoadSCurve } from './handlers/load-s-curve';
import { handleSaveActualCost } from './handlers/save-actual-cost';

/** One handler per contract in @cimiento/domain's functionContracts; handlers.test.ts checks none is missing. */
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
  handleLoadGantt,
  handleSaveGantt,
  handleRegenerateGanttSequence,
  handleImportProject,
  handleExportEdp,
  handleExportGantt,
  handleImportEdp,
  handleImportGantt,
  handleSaveBaseline,
  handleLoadBaselines,
  handleRemoveBaseline,
  handleChooseBaseline,
  // issue 15: progress at a cut-off
  handleSaveProgress,
  handleLoadProgressHistory,
  // issue 15: progress by Excel
  handleExportProgress,
  handleImportProgress,
  // issue 16: the estado de pago's documents
  handleExportEstadoPago,
  // issue 16: UF values
  handleSaveUfValues,
  handleLoadUfValues,
  handleImportUfValues,
  // issue 16: estados de pago
  handleLoadEstadosPago,
  handleSaveEstadoPagoSettings,
  handleSaveEstadoPago,
  handleApproveEstadoPago,
  handleRemoveEstadoPago,
  // issue 16: the S-curve
  handleLoadSCurve,
  handleExportSCurve,
  handleSaveActualCost,
];
