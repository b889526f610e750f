import { loadEdpUsageContract } from '@cimiento/domain';
import { loadEdpUsage } from './edp-usage-queries';
import { defineHandler } from '../core/define-handler';

/** What each saved EDP item carries (EDC rows, Gantt tasks and links), for the editor's deletion questions. */
export const handleLoadEdpUsage = defineHandler(loadEdpUsageContract, async ({ id }, { db }) => ({
  usage: await loadEdpUsage(db, id),
  message: 'Uso del EDP cargado',
}));
