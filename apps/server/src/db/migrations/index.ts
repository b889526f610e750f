import type { Migration, MigrationProvider } from 'kysely';
import type { DatabaseDialect } from '../schema';
import { authMigration } from './0001-auth';
import { profilesAndFilesMigration } from './0002-profiles-files';
import { firstAccountClaimMigration } from './0003-first-account-claim';
import { cataloguesMigration } from './0004-catalogues';
import { projectsMigration } from './0005-projects';
import { edcMigration } from './0006-edc';
import { ganttMigration } from './0007-gantt';
import { projectVersionMigration } from './0008-project-version';
import { edcSourceMigration } from './0009-edc-source';
import { sequencingMigration } from './0010-sequencing';
import { projectCalendarMigration } from './0011-project-calendar';
import { trackingMigration } from './0012-tracking';
import { costsMigration } from './0013-costs';
import { fileContentMigration } from './0014-file-content';
import { collaborationMigration } from './0015-collaboration';
import { trashAndChangeLogMigration } from './0016-trash-change-log';
import { fileReleaseMigration } from './0017-file-release';
import { remainingDurationMigration } from './0018-remaining-duration';
import { taskNotesDeadlineMigration } from './0019-task-notes-deadline';
import { mustStartResumeMigration } from './0020-must-start-resume';
import { resourcesMigration } from './0021-resources';
import { taskResourcesMigration } from './0022-task-resources';
import { edcQuantityMigration } from './0023-edc-quantity';
import { projectMembersMigration } from './0024-project-members';
import { lastPlannerMigration } from './0025-last-planner';
import { taskPhotosMigration } from './0026-task-photos';
import { resourceCalendarMigration } from './0027-resource-calendar';
import { migrationTypes } from './types';

/** Migrations are listed in code (not read from a folder) so the bundled server carries them. */
export function migrationProvider(dialect: DatabaseDialect): MigrationProvider {
  const types = migrationTypes(dialect);
  const migrations: Record<string, Migration> = {
    '0001-auth': authMigration(types),
    '0002-profiles-files': profilesAndFilesMigration(),
    '0003-first-account-claim': firstAccountClaimMigration(),
    '0004-catalogues': cataloguesMigration(),
    '0005-projects': projectsMigration(types),
    '0006-edc': edcMigration(),
    '0007-gantt': ganttMigration(types),
    '0008-project-version': projectVersionMigration(),
    '0009-edc-source': edcSourceMigration(),
    '0010-sequencing': sequencingMigration(types),
    '0011-project-calendar': projectCalendarMigration(),
    '0012-tracking': trackingMigration(types),
    '0013-costs': costsMigration(types),
    '0014-file-content': fileContentMigration(types),
    '0015-collaboration': collaborationMigration(types),
    '0016-trash-change-log': trashAndChangeLogMigration(types),
    '0017-file-release': fileReleaseMigration(),
    '0018-remaining-duration': remainingDurationMigration(),
    '0019-task-notes-deadline': taskNotesDeadlineMigration(),
    '0020-must-start-resume': mustStartResumeMigration(),
    '0021-resources': resourcesMigration(),
    '0022-task-resources': taskResourcesMigration(types),
    '0023-edc-quantity': edcQuantityMigration(types),
    '0024-project-members': projectMembersMigration(),
    '0025-last-planner': lastPlannerMigration(types),
    '0026-task-photos': taskPhotosMigration(),
    '0027-resource-calendar': resourceCalendarMigration(),
  };
  return { getMigrations: async () => migrations };
}
