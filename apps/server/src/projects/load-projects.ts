import { loadProjectsContract, projectsLoadedMessage } from '@cimiento/domain';
import { listProjects } from './project-queries';
import { defineHandler } from '../core/define-handler';

/** Every project (roles are not distinguished), sorted by name, each marked `mine` when the caller created it. */
export const handleLoadProjects = defineHandler(loadProjectsContract, async (_input, { db, caller }) => ({
  projects: await listProjects(db, caller.userId),
  message: projectsLoadedMessage,
}));
