import { exportProgressContract, formatNumber } from '@cimiento/domain';
import { progressWorkbook } from './workbooks';
import { defineHandler } from '../core/define-handler';
import { loadGantt } from '../gantt/load-gantt';

/**
 * exportProgress (issue 15): the workbook 'Registrar avance' fills offline, sheet 'Avance': one row
 * per leaf in Gantt order with its scheduled dates, the chosen baseline's, and the progress and
 * actual dates recorded now, as loadGantt answers them.
 */
export const handleExportProgress = defineHandler(exportProgressContract, async ({ id }, { db }) => {
  const gantt = await loadGantt(db, id);
  const project = await db
    .selectFrom('project')
    .select('code')
    .where('_id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  const file = await progressWorkbook(gantt.activities, project?.code ?? id);
  const count = gantt.activities.filter((task) => !task.isSummary).length;
  return {
    ...file,
    message: `Avance exportado a Excel: ${formatNumber(count)} ${count === 1 ? 'tarea' : 'tareas'}`,
  };
});
