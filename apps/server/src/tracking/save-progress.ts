import { saveProgressContract } from '@cimiento/domain';
import { saveProgress } from './progress-queries';
import { defineHandler } from '../core/define-handler';

/** Records progress at a cut-off date and answers the Gantt rescheduled from it (issue 15). */
export const handleSaveProgress = defineHandler(
  saveProgressContract,
  async ({ id, cutoff, entries, version }, { db, caller }) =>
    saveProgress(db, id, { cutoff, entries, version }, { userId: caller.userId, name: caller.name }),
);
