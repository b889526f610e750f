import { exportSCurveContract, formatCount } from '@cimiento/domain';
import { defineHandler } from '../core/define-handler';
import type { ExportedFile } from '@cimiento/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { readCostProject } from '../costs/cost-basis';
import type { SCurveRequest } from '../costs/s-curve-queries';
import { loadSCurve } from '../costs/load-s-curve';
import { sCurveWorkbook } from './s-curve-workbook';

/** exportSCurve: loadSCurve's curve as the 'Curva S' workbook. */
export async function exportSCurve(
  db: Kysely<Database>,
  projectId: string,
  request: SCurveRequest,
): Promise<ExportedFile & { message: string }> {
  const curve = await loadSCurve(db, projectId, request);
  const project = await readCostProject(db, projectId);
  let itemLabel: string | undefined;
  if (request.edpItemId !== undefined) {
    const item = await db
      .selectFrom('edp_item')
      .select(['code', 'name'])
      .where('project_id', '=', projectId)
      .where('id', '=', request.edpItemId)
      .executeTakeFirst();
    if (item) itemLabel = `${item.code} ${item.name}`;
  }
  const file = await sCurveWorkbook(curve, project, itemLabel);
  return { ...file, message: `Curva S exportada a Excel: ${formatCount(curve.points.length, 'fecha', 'fechas')}` };
}

/** 'Descargar Excel' of the 'Curva S' screen (issue 16): the curve's table as a workbook. */
export const handleExportSCurve = defineHandler(exportSCurveContract, async ({ id, baselineId, edpItemId }, { db }) =>
  exportSCurve(db, id, { baselineId, edpItemId }),
);
