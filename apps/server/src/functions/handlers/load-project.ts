import { loadProjectContract } from '@cimiento/domain';
import { loadProject } from '../../projects/project-store';
import { defineHandler } from '../define-handler';

/** One project by `_id` with its EDP items in order; unknown → NOT_FOUND. */
export const handleLoadProject = defineHandler(loadProjectContract, async ({ id }, { db }) => ({
  project: await loadProject(db, id),
  message: 'Proyecto cargado',
}));
