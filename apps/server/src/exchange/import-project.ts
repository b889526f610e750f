import { importProjectContract } from '@cimiento/domain';
import { importProject } from './mspdi-exchange';
import { defineHandler } from '../core/define-handler';

/**
 * 'Importar desde MS Project' (issue 14): a new project from an MS Project or ProjectLibre XML file,
 * or (dryRun) its preview and warnings without writing. Open to every signed-in user, like saveProject.
 */
export const handleImportProject = defineHandler(importProjectContract, async (input, { db, caller }) =>
  importProject(db, input, caller),
);
