import { loadProgressHistoryContract } from '@cimiento/domain';
import { loadProgressHistory } from './progress-queries';
import { defineHandler } from '../core/define-handler';

/** The project's cut-offs ('Cortes de avance'), and with `cutoff` its leaves' progress (issue 15). */
export const handleLoadProgressHistory = defineHandler(loadProgressHistoryContract, async ({ id, cutoff }, { db }) =>
  loadProgressHistory(db, id, cutoff),
);
