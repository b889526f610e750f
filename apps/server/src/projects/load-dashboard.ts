import { loadDashboardContract, santiagoToday } from '@cimiento/domain';
import { buildDashboard, readDashboardStamp } from './dashboard-queries';
import { defineStampedHandler } from '../core/define-handler';

/**
 * The home dashboard (issue 19): every project with its span, task and critical counts and progress,
 * the next two weeks' tasks, recent changes and the catalogue counts. Remembered at the stamp of
 * everything it is built from (dashboard-queries.ts readDashboardStamp), which names the caller and today.
 */
export const handleLoadDashboard = defineStampedHandler(loadDashboardContract, {
  stamp: async (_input, { db, caller }) => readDashboardStamp(db, caller, santiagoToday()),
  build: async (_input, { db, caller }) => {
    const { answer, stamp } = await buildDashboard(db, caller, santiagoToday());
    return { result: { ...answer, message: 'Panel cargado' }, stamp };
  },
});
