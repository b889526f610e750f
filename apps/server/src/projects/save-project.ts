import { formatNumber, saveProjectContract } from '@cimiento/domain';
import { createProject } from './project-queries';
import { defineHandler } from '../core/define-handler';

/** Creates a project with copies of the chosen area types and its generated EDP; open to every signed-in user. */
export const handleSaveProject = defineHandler(saveProjectContract, async (input, { db, caller }) => {
  const project = await createProject(db, input.project, { caller, functionName: 'saveProject' });
  const count = project.edpItemCount;
  return {
    project,
    message: `Proyecto «${project.name}» creado con ${formatNumber(count)} ${count === 1 ? 'ítem' : 'ítems'} en su EDP`,
  };
});
