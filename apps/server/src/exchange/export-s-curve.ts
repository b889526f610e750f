import { exportSCurveContract } from '@cimiento/domain';
import { exportSCurve } from './s-curve-workbook';
import { defineHandler } from '../core/define-handler';

/** 'Descargar Excel' of the 'Curva S' screen (issue 16): the curve's table as a workbook. */
export const handleExportSCurve = defineHandler(exportSCurveContract, async ({ id, baselineId, edpItemId }, { db }) =>
  exportSCurve(db, id, { baselineId, edpItemId }),
);
