import { formatCount, loadTrashContract } from '@cimiento/domain';
import { loadTrash } from './trash-queries';
import { defineHandler } from '../core/define-handler';
import { refuseUnlessAdmin } from './trash-admin';

/** The 'Papelera' (issue 30): the projects in the trash with who deleted them, when, and what they hold; administrators only. */
export const handleLoadTrash = defineHandler(loadTrashContract, async (_input, { db, caller }) => {
  refuseUnlessAdmin(caller);
  const projects = await loadTrash(db);
  return {
    projects,
    message:
      projects.length === 0
        ? 'La Papelera está vacía'
        : `Papelera: ${formatCount(projects.length, 'proyecto', 'proyectos')}`,
  };
});
