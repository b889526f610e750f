import { formatCount } from '@cimiento/domain';
import { loadResourceHistogramContract } from '@cimiento/domain/resources';
import type { HistogramSeriesOutput } from '@cimiento/domain/resources';
import { resourceHistogram } from '@cimiento/domain/workload';
import type { HistogramGroupBy, HistogramPeriod, HistogramTask } from '@cimiento/domain/workload';
import type { Kysely } from 'kysely';
import { defineHandler } from '../core/define-handler';
import type { Database } from '../db/schema';
import { loadMergedGantt } from '../gantt/gantt-merge';
import { calendarFor } from '../gantt/gantt-horizon';
import { readBaselineDates } from '../gantt/gantt-queries';
import { readClpRates, readHistogramResources, readProjectBaseline } from './workload-queries';

/**
 * loadResourceHistogram (issue 35): the resources the Gantt's tasks use, loaded over the current
 * schedule (the dates loadGantt answers, actual dates and the remaining work from the cut-off
 * included) and, when asked, over a baseline's dates with the same assignments. The rules are the
 * domain's resourceHistogram (docs/RESOURCES.md "Histogram").
 */
export async function loadResourceHistogram(
  db: Kysely<Database>,
  projectId: string,
  request: { groupBy: HistogramGroupBy; period: HistogramPeriod; baselineId?: string | undefined },
) {
  const gantt = await loadMergedGantt(db, projectId);
  const baseline =
    request.baselineId === undefined ? undefined : await readProjectBaseline(db, projectId, request.baselineId);
  const [resources, toClp] = await Promise.all([readHistogramResources(db), readClpRates(db)]);
  const calendar = Object.assign(calendarFor(gantt.project), {
    workingWeekdays: gantt.project.calendar.workingWeekdays.length,
  });
  const tasks: HistogramTask[] = [];
  gantt.tasks.forEach((task, index) => {
    if (task.resources === undefined) return;
    const computed = gantt.scheduled.tasks[index];
    if (computed === undefined) return;
    tasks.push({ start: computed.start, end: computed.end, duration: computed.duration, resources: task.resources });
  });
  const options = {
    resources,
    calendar,
    groupBy: request.groupBy,
    period: request.period,
    cutoff: gantt.project.cutoff,
    toClp,
  };
  const series: HistogramSeriesOutput[] = resourceHistogram({ ...options, tasks });
  let baselineSeries: HistogramSeriesOutput[] | undefined;
  if (baseline !== undefined) {
    const dates = await readBaselineDates(db, baseline.id);
    const planned: HistogramTask[] = [];
    for (const task of gantt.tasks) {
      const inBaseline = dates.get(task.id);
      if (task.resources === undefined || inBaseline === undefined) continue;
      planned.push({
        start: inBaseline.start,
        end: inBaseline.finish,
        duration: inBaseline.duration,
        resources: task.resources,
      });
    }
    baselineSeries = resourceHistogram({ ...options, tasks: planned, cutoff: undefined });
  }
  const assigned = tasks.length;
  const message =
    assigned === 0
      ? 'Ninguna tarea tiene recursos asignados: asígnalos en la columna «Recursos» del Gantt'
      : `Histograma de ${formatCount(series.length, 'serie', 'series')} sobre ${formatCount(assigned, 'tarea con recursos', 'tareas con recursos')}`;
  return {
    series,
    ...(baseline === undefined || baselineSeries === undefined
      ? {}
      : { baseline: { baselineId: baseline.id, name: baseline.name, series: baselineSeries } }),
    ...(gantt.project.cutoff === undefined ? {} : { cutoff: gantt.project.cutoff }),
    message,
  };
}

/** 'Histograma de recursos' (issue 35). */
export const handleLoadResourceHistogram = defineHandler(
  loadResourceHistogramContract,
  async ({ id, groupBy, period, baselineId }, { db }) => loadResourceHistogram(db, id, { groupBy, period, baselineId }),
);
