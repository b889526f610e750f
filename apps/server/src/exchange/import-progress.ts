import { chileanDate } from '@cimiento/domain/workbook';
import type { ProgressImportCounts } from '@cimiento/domain/workbook';
import {
  GANTT_STALE_MESSAGE,
  MAX_GANTT_TASKS,
  PROGRESS_SHEET_NAME,
  formatNumber,
  importProgressContract,
  progressEntriesFromRows,
} from '@cimiento/domain';
import { readWorkbookSheet, rowErrorsMessage } from './workbooks';
import { readProject } from '../gantt/gantt-queries';
import { checkCutoff } from '../tracking/progress-queries';
import { HttpsError } from '../core/https-error';
import { defineHandler } from '../core/define-handler';
import { saveProgress } from '../tracking/save-progress';
import { loadGantt } from '../gantt/load-gantt';

function countsText(counts: ProgressImportCounts): string {
  return [
    `${formatNumber(counts.updated)} ${counts.updated === 1 ? 'tarea actualizada' : 'tareas actualizadas'}`,
    `${formatNumber(counts.unchanged)} sin cambios`,
  ].join(', ');
}

/**
 * importProgress (issue 15): the sheet exportProgress writes, filled and read back (domain
 * progressEntriesFromRows): Código, Avance %, Inicio real and Fin real per leaf. The version and
 * the cut-off are checked first (stale → ABORTED; a cut-off before the latest or outside the
 * calendar's years → INVALID_ARGUMENT), then every row; a dry run answers the preview with the row
 * errors; otherwise any error refuses the whole file and nothing is written. The write is
 * saveProgress's with the rows that change a task: the cut-off is recorded in the history (even when
 * no row changes, as moving the cut-off reschedules the remaining work) and the Gantt answered
 * rescheduled from it.
 */
export const handleImportProgress = defineHandler(
  importProgressContract,
  async ({ id, cutoff, content, version, dryRun }, { db, caller }) => {
    const current = await loadGantt(db, id);
    if (current.version !== version) throw new HttpsError('ABORTED', GANTT_STALE_MESSAGE);
    checkCutoff(cutoff, await readProject(db, id));
    const sheet = await readWorkbookSheet(content, {
      sheetName: PROGRESS_SHEET_NAME,
      maxRows: MAX_GANTT_TASKS,
      what: 'el avance',
    });
    const result = progressEntriesFromRows(sheet.rows, current.activities, cutoff);
    const preview = { rows: result.rows, errors: result.errors, ...result.counts };
    const at = chileanDate(cutoff);
    if (dryRun) {
      const message =
        result.errors.length > 0
          ? `El libro tiene ${formatNumber(result.errors.length)} ${result.errors.length === 1 ? 'error' : 'errores'}; corrígelo y vuelve a cargarlo`
          : `Vista previa del avance al ${at}: ${formatNumber(result.rows)} ${result.rows === 1 ? 'fila' : 'filas'} (${countsText(result.counts)})`;
      return { preview, message };
    }
    if (result.errors.length > 0)
      throw new HttpsError('INVALID_ARGUMENT', rowErrorsMessage(result.errors, 'el avance'));
    const gantt = await saveProgress(
      db,
      id,
      { cutoff, entries: result.entries, version },
      { userId: caller.userId, name: caller.name },
      'importProgress',
    );
    return { preview, gantt, message: `Avance importado desde Excel al ${at}: ${countsText(result.counts)}` };
  },
);
