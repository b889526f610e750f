import { formatNumber, loadGanttContract } from '@cimiento/domain';
import { readBaselineDates } from './gantt-queries';
import { defineStampedHandler } from '../core/define-handler';
import type { GanttOutput } from '@cimiento/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { loadMerged } from './gantt-merge';
import { readGanttAnswerStamp } from './gantt-answer-stamps';
import { toOutput } from './gantt-schedule';
import { readItemAmounts } from '../edp/edp-queries';

/**
 * loadGantt: the project's Gantt, merged with its current EDP and EDC and its generated links
 * reconciled with the sequencing's (written when that changed it), scheduled. At a sources stamp
 * whose full merge already found nothing to change, the stored Gantt is read and scheduled without
 * reading the EDP and EDC again; `fullMerge` always merges (tests compare the two answers).
 */
export async function loadGantt(
  db: Kysely<Database>,
  projectId: string,
  options: { fullMerge?: boolean } = {},
): Promise<GanttOutput> {
  return (await loadStampedGantt(db, projectId, options)).output;
}

/**
 * loadGantt's answer and its stamp (readGanttAnswerStamp as it stood in the load's snapshot);
 * no stamp when the load wrote the Gantt.
 */
export async function loadStampedGantt(
  db: Kysely<Database>,
  projectId: string,
  options: { fullMerge?: boolean } = {},
): Promise<{ output: GanttOutput; stamp: string | undefined }> {
  const state = await loadMerged(db, projectId, false, options.fullMerge === true);
  const count = state.tasks.length;
  const output = toOutput(
    state,
    state.scheduled,
    `Gantt cargado: ${formatNumber(count)} ${count === 1 ? 'tarea' : 'tareas'}`,
    await readBaselineDates(db, state.project.baselineId),
    await readItemAmounts(db, projectId),
  );
  return { output, stamp: state.answerStamp };
}

/**
 * The project's Gantt: built from the EDP and EDC on the first load, merged on later ones, scheduled.
 * Its answer is remembered at the stamp of what it was built from (readGanttAnswerStamp).
 */
export const handleLoadGantt = defineStampedHandler(loadGanttContract, {
  stamp: async ({ id }, { db }) => readGanttAnswerStamp(db, id),
  build: async ({ id }, { db }) => {
    const { output, stamp } = await loadStampedGantt(db, id);
    return { result: output, stamp };
  },
});
