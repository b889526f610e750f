import { loadBaselinesContract } from '@cimiento/domain';
import { loadBaselines } from './baseline-queries';
import { defineHandler } from '../core/define-handler';

/** The project's baselines, newest first, and the chosen one. */
export const handleLoadBaselines = defineHandler(loadBaselinesContract, async ({ id }, { db }) =>
  loadBaselines(db, id),
);
