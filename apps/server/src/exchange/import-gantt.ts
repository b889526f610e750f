import { GANTT_SHEET_NAME, ganttUpdatesFromRows } from '@cimiento/domain/workbook';
import type { GanttImportCounts } from '@cimiento/domain/workbook';
import { GANTT_STALE_MESSAGE, MAX_GANTT_TASKS, formatNumber, importGanttContract } from '@cimiento/domain';
import { readWorkbookSheet, rowErrorsMessage } from './workbooks';
import { HttpsError } from '../core/https-error';
import { defineHandler } from '../core/define-handler';
import { saveGantt } from '../gantt/save-gantt';
import { loadGantt } from '../gantt/load-gantt';
import { loadNamedResources } from '../catalogues/resource-queries';

function countsText(counts: GanttImportCounts): string {
  return [
    `${formatNumber(counts.updated)} ${counts.updated === 1 ? 'actualizada' : 'actualizadas'}`,
    `${formatNumber(counts.added)} ${counts.added === 1 ? 'nueva' : 'nuevas'}`,
    `${formatNumber(counts.unchanged)} sin cambios`,
  ].join(', ');
}

/**
 * importGantt: the task table exportGantt 'xlsx' writes, read back (domain ganttUpdatesFromRows):
 * rows update their task by Código (duration, predecessors, start; issue 15: not Avance, each task
 * keeps its stored progress and actual dates; issue 35: Recursos, by the catalogue's names or codes,
 * when the sheet has the column) and unknown codes become new tasks. Every row is checked before anything is written; a dry run answers the
 * preview with the errors; a stale version → ABORTED. The write is saveGantt's, so its checks,
 * version claim, generated-link rules and scheduling are the same as a save on the screen.
 */
export const handleImportGantt = defineHandler(
  importGanttContract,
  async ({ id, content, version, dryRun }, { db, caller }) => {
    const current = await loadGantt(db, id);
    if (current.version !== version) throw new HttpsError('ABORTED', GANTT_STALE_MESSAGE);
    const sheet = await readWorkbookSheet(content, {
      sheetName: GANTT_SHEET_NAME,
      maxRows: MAX_GANTT_TASKS,
      what: 'el Gantt',
    });
    const result = ganttUpdatesFromRows(sheet.rows, current.activities, {
      defaultStart: current.projectStart,
      resources: await loadNamedResources(db),
    });
    const preview = { rows: result.rows, errors: result.errors, ...result.counts };
    if (dryRun) {
      const message =
        result.errors.length > 0
          ? `El libro tiene ${formatNumber(result.errors.length)} ${result.errors.length === 1 ? 'error' : 'errores'}; corrígelo y vuelve a cargarlo`
          : `Vista previa del Gantt: ${formatNumber(result.rows)} filas (${countsText(result.counts)})`;
      return { preview, message };
    }
    if (result.errors.length > 0) throw new HttpsError('INVALID_ARGUMENT', rowErrorsMessage(result.errors, 'el Gantt'));
    const saved = await saveGantt(db, id, { activities: result.activities }, version, {
      caller,
      functionName: 'importGantt',
    });
    const { message: _saved, ...gantt } = saved;
    return { preview, gantt, message: `Gantt importado desde Excel: ${countsText(result.counts)}` };
  },
);
