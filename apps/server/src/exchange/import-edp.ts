import { EDP_SHEET_NAME, edpItemsFromRows } from '@cimiento/domain/workbook';
import type { EdpImportCounts } from '@cimiento/domain/workbook';
import { EDP_STALE_MESSAGE, MAX_EDP_ITEMS, formatNumber, importEdpContract } from '@cimiento/domain';
import type { Kysely } from 'kysely';
import { chunks } from '../db/db-helpers';
import type { Database } from '../db/schema';
import { readWorkbookSheet, rowErrorsMessage } from './workbooks';
import { loadProject } from '../projects/project-queries';
import { HttpsError } from '../core/https-error';
import { defineHandler } from '../core/define-handler';
import { saveEdp } from '../edp/save-edp';

/** How many of the removed items carry an EDC list with at least one item. */
async function countEdcLists(db: Kysely<Database>, projectId: string, edpItemIds: readonly number[]): Promise<number> {
  let count = 0;
  for (const part of chunks([...edpItemIds])) {
    const rows = await db
      .selectFrom('edc_item')
      .select('edp_item_id')
      .distinct()
      .where('project_id', '=', projectId)
      .where('edp_item_id', 'in', part)
      .execute();
    count += rows.length;
  }
  return count;
}

function countsText(counts: EdpImportCounts): string {
  const parts = [
    `${formatNumber(counts.added)} ${counts.added === 1 ? 'nuevo' : 'nuevos'}`,
    `${formatNumber(counts.renamed)} ${counts.renamed === 1 ? 'renombrado' : 'renombrados'}`,
    `${formatNumber(counts.removed)} ${counts.removed === 1 ? 'eliminado' : 'eliminados'}`,
  ];
  return parts.join(', ');
}

/**
 * importEdp: the EDP replaced by a workbook's rows (Código, Nombre, Nivel), as 'Exportar a Excel'
 * writes them. Every row is checked before anything is written (domain edpItemsFromRows); a dry
 * run answers the preview with the errors; a write with errors is refused naming the first ones;
 * a stale version → ABORTED. The write is saveEdp's: items that keep their code keep their id,
 * EDC and Gantt tasks; removed items lose theirs, exactly as a save in the editor. Issue 16: the
 * prices in Unidad, Cantidad and Precio unitario are written with them (a missing column keeps the
 * stored values, an empty cell clears them; Monto is ignored).
 */
export const handleImportEdp = defineHandler(
  importEdpContract,
  async ({ id, content, version, dryRun }, { db, caller }) => {
    const project = await loadProject(db, id);
    if (project.edp.version !== version) throw new HttpsError('ABORTED', EDP_STALE_MESSAGE);
    const sheet = await readWorkbookSheet(content, {
      sheetName: EDP_SHEET_NAME,
      maxRows: MAX_EDP_ITEMS,
      what: 'el EDP',
    });
    const result = edpItemsFromRows(sheet.rows, project.edp.items, project.code);
    const preview = {
      rows: result.rows,
      errors: result.errors,
      ...result.counts,
      removedEdcLists: result.errors.length > 0 ? 0 : await countEdcLists(db, id, result.removedIds),
    };
    if (dryRun) {
      const message =
        result.errors.length > 0
          ? `El libro tiene ${formatNumber(result.errors.length)} ${result.errors.length === 1 ? 'error' : 'errores'}; corrígelo y vuelve a cargarlo`
          : `Vista previa del EDP: ${formatNumber(result.items.length)} ítems (${countsText(result.counts)})`;
      return { preview, message };
    }
    if (result.errors.length > 0) throw new HttpsError('INVALID_ARGUMENT', rowErrorsMessage(result.errors, 'el EDP'));
    const edp = await saveEdp(db, id, { items: result.items, version }, { caller, functionName: 'importEdp' });
    return {
      preview,
      edp,
      message: `EDP importado desde Excel: ${formatNumber(edp.items.length)} ítems (${countsText(result.counts)})`,
    };
  },
);
