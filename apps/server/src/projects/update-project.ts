import { updateProjectContract } from '@cimiento/domain';
import { updateProject } from './project-queries';
import { defineHandler } from '../core/define-handler';

/**
 * 'Editar proyecto': the project's own fields and work week, on the version the dialog loaded
 * (stale → ABORTED, unknown → NOT_FOUND). Open to every signed-in user, like saveProject.
 */
export const handleUpdateProject = defineHandler(
  updateProjectContract,
  async ({ id, project, version }, { db, caller }) => {
    const saved = await updateProject(db, id, project, version, { caller, functionName: 'updateProject' });
    return { project: saved, message: `Proyecto «${saved.name}» actualizado` };
  },
);
