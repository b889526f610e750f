import { saveGanttContract } from '@cimiento/domain';
import { saveGantt } from './gantt-store';
import { defineHandler } from '../core/define-handler';

/** Replaces the project's Gantt (tasks and links), based on the version the screen loaded (stale → ABORTED). */
export const handleSaveGantt = defineHandler(saveGanttContract, async ({ id, gantt, version }, { db, caller }) =>
  saveGantt(db, id, gantt, version, { caller, functionName: 'saveGantt' }),
);
