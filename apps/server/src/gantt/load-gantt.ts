import { loadGanttContract } from '@cimiento/domain';
import { loadStampedGantt, readGanttAnswerStamp } from './gantt-store';
import { defineStampedHandler } from '../core/define-handler';

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
