import { formatCount } from '@cimiento/domain';
import { exportResourceHistogramContract } from '@cimiento/domain/resources';
import type { ExportedFile } from '@cimiento/domain';
import type { HistogramGroupBy, HistogramPeriod } from '@cimiento/domain/workload';
import type { Kysely } from 'kysely';
import { defineHandler } from '../core/define-handler';
import type { Database } from '../db/schema';
import { loadResourceHistogram } from '../workload/load-resource-histogram';
import { exportedProject } from './export-project';
import { resourceHistogramWorkbook } from './resource-histogram-workbook';

/** exportResourceHistogram (issue 35): loadResourceHistogram's answer as the histogram's workbook. */
export async function exportResourceHistogram(
  db: Kysely<Database>,
  projectId: string,
  request: { groupBy: HistogramGroupBy; period: HistogramPeriod; baselineId?: string | undefined },
): Promise<ExportedFile & { message: string }> {
  const histogram = await loadResourceHistogram(db, projectId, request);
  const project = await exportedProject(db, projectId);
  const file = await resourceHistogramWorkbook({ ...request, ...histogram }, project);
  const what = request.groupBy === 'trade' ? 'Histograma de mano de obra' : 'Histograma de recursos';
  return {
    ...file,
    message: `${what} exportado a Excel: ${formatCount(histogram.series.length, 'serie', 'series')}`,
  };
}

/** 'Descargar Excel' of the 'Histograma de recursos' screen (issue 35). */
export const handleExportResourceHistogram = defineHandler(
  exportResourceHistogramContract,
  async ({ id, groupBy, period, baselineId }, { db }) =>
    exportResourceHistogram(db, id, { groupBy, period, baselineId }),
);
