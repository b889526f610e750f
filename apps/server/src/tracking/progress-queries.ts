import { cutoffError } from '@cimiento/domain';
import { HttpsError } from '../core/https-error';
import type { ProjectGanttRow } from '../gantt/gantt-queries';
import { HORIZON_YEARS, horizonDate } from '../gantt/gantt-horizon';

/**
 * Progress at a cut-off date (issue 15): saveProgress records leaves' actual dates and physical
 * progress at a cut-off (P6's data date), keeps the cut-off in the history ('Cortes de avance') and
 * answers the Gantt rescheduled from it; loadProgressHistory lists that history.
 */

export type ProgressEntryInputRecord = {
  TaskID: number;
  ActualStart?: string | null | undefined;
  ActualFinish?: string | null | undefined;
  Progress: number;
  /** issue 34: absent: as stored while the progress and actual dates are; null: none */
  RemainingDuration?: number | null | undefined;
};

/** The cut-off's own rules: not before the latest recorded, and within the calendar's years. */
export function checkCutoff(cutoff: string, project: Pick<ProjectGanttRow, 'startYear' | 'cutoff'>): void {
  const previous = cutoffError(cutoff, project.cutoff);
  if (previous !== undefined) throw new HttpsError('INVALID_ARGUMENT', previous);
  const lastYear = project.startYear + HORIZON_YEARS - 1;
  if (Number(cutoff.slice(0, 4)) < project.startYear || cutoff >= horizonDate(project.startYear)) {
    throw new HttpsError(
      'INVALID_ARGUMENT',
      `La fecha de corte debe estar entre los años ${project.startYear} y ${lastYear} (el calendario del proyecto)`,
    );
  }
}
