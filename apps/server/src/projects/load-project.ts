import { loadProjectContract } from '@cimiento/domain';
import { loadProject, projectStamp, readProjectStamp } from './project-queries';
import { defineStampedHandler } from '../core/define-handler';

/**
 * One project by `_id` with its EDP items in order; unknown → NOT_FOUND. Its answer is remembered at
 * the project's and the EDP's versions (readProjectStamp).
 */
export const handleLoadProject = defineStampedHandler(loadProjectContract, {
  stamp: async ({ id }, { db }) => readProjectStamp(db, id),
  build: async ({ id }, { db }) => {
    const project = await loadProject(db, id);
    return {
      result: { project, message: 'Proyecto cargado' },
      stamp: projectStamp(id, project.version, project.edp.version),
    };
  },
});
