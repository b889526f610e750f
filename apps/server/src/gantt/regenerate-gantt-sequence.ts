import { regenerateGanttSequenceContract } from '@cimiento/domain';
import { regenerateGanttSequence } from './gantt-store';
import { defineHandler } from '../core/define-handler';

/** 'Regenerar secuencia': the project's sequencing option and the Gantt's generated links anew, on the version the screen loaded (stale → ABORTED). */
export const handleRegenerateGanttSequence = defineHandler(
  regenerateGanttSequenceContract,
  async ({ id, sequencing, version }, { db, caller }) =>
    regenerateGanttSequence(db, id, sequencing, version, { caller, functionName: 'regenerateGanttSequence' }),
);
