import { loadGanttContract } from '@cimiento/domain';
import { loadGantt } from '../../projects/gantt-store';
import { defineHandler } from '../define-handler';

/** The project's Gantt: built from the EDP and EDC on the first load, merged on later ones, scheduled. */
export const handleLoadGantt = defineHandler(loadGanttContract, async ({ id }, { db }) => loadGantt(db, id));
