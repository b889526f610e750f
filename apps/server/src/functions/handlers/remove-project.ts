import { removeProjectContract } from '@cimiento/domain';
import { removeProject } from '../../projects/project-store';
import { defineHandler } from '../define-handler';

/** Deletes a project by `_id` with everything under it; unknown → NOT_FOUND. Open to every signed-in user. */
export const handleRemoveProject = defineHandler(removeProjectContract, async ({ id }, { db }) => ({
  message: `Proyecto «${await removeProject(db, id)}» eliminado`,
}));
