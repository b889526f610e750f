import { exportGanttContract, formatNumber } from '@cimiento/domain';
import { exportGanttMspdi } from './mspdi-exchange';
import { ganttWorkbook } from './workbooks';
import { defineHandler } from '../core/define-handler';
import { loadGantt } from '../gantt/load-gantt';
import { readResourceNames } from '../catalogues/resource-queries';

/**
 * The Gantt as a file: 'mspdi' → the MS Project XML (mspdi-exchange.ts); 'xlsx' → the task table
 * (Id, Código, Nombre, Inicio, Fin, Duración, Avance, Predecesoras, Holgura, Crítica) as loadGantt
 * schedules it now.
 */
export const handleExportGantt = defineHandler(exportGanttContract, async ({ id, format }, { db }) => {
  if (format === 'mspdi') {
    const file = await exportGanttMspdi(db, id);
    return { ...file, message: `Gantt exportado a MS Project (XML): ${file.fileName}` };
  }
  const gantt = await loadGantt(db, id);
  const project = await db
    .selectFrom('project')
    .select('code')
    .where('_id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  // issue 35: the names of the resources the tasks use
  const used = new Set(gantt.activities.flatMap((task) => (task.Resources ?? []).map((entry) => entry.resourceId)));
  const names = used.size === 0 ? new Map<string, string>() : await readResourceNames(db, used);
  const file = await ganttWorkbook(gantt.activities, project?.code ?? id, (resourceId) => names.get(resourceId));
  const count = gantt.activities.length;
  return { ...file, message: `Gantt exportado a Excel: ${formatNumber(count)} ${count === 1 ? 'tarea' : 'tareas'}` };
});
