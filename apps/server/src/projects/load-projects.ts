import { canonicalDecimal, loadProjectsContract, projectsLoadedMessage } from '@cimiento/domain';
import { defineHandler } from '../core/define-handler';
import type { ProjectSummary } from '@cimiento/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { toWorkWeekOption } from '../db/project-columns';
import { seconds } from './project-queries';
import { inScope, readProjectScope } from '../members/project-access';
import type { ProjectScope } from '../members/project-access';

const nameCollator = new Intl.Collator('es-CL', { numeric: true, sensitivity: 'base' });

/**
 * loadProjects: the projects the caller sees (issue 36: a member's, or every one for an
 * administrator) but those in the trash, sorted by name then code (es-CL, numeric-aware), each with
 * the caller's role (null: an administrator who is not a member).
 */
export async function listProjects(
  db: Kysely<Database>,
  callerId: string,
  scope: ProjectScope,
): Promise<ProjectSummary[]> {
  const rows = await db
    .selectFrom('project')
    .select([
      '_id',
      'code',
      'name',
      'currency',
      'budget',
      'priority',
      'start_year',
      'end_year',
      'gantt_work_week',
      'version',
      'created_by',
      'created_at',
    ])
    .where('deleted_at', 'is', null)
    .execute();
  return rows
    .filter((row) => inScope(scope, row._id))
    .map((row): ProjectSummary => ({
      _id: row._id,
      id: row._id,
      name: row.name,
      code: row.code,
      currency: row.currency as ProjectSummary['currency'],
      budget: canonicalDecimal(row.budget),
      date: seconds(row.created_at),
      mine: row.created_by === callerId,
      priority: String(row.priority),
      startYear: String(row.start_year),
      endYear: String(row.end_year),
      workWeek: toWorkWeekOption(row.gantt_work_week),
      version: Number(row.version),
      role: scope.roles.get(row._id) ?? null,
    }))
    .sort((a, b) => nameCollator.compare(a.name, b.name) || nameCollator.compare(a.code, b.code));
}

/** The caller's projects, sorted by name, each marked `mine` when the caller created it and with the caller's role. */
export const handleLoadProjects = defineHandler(loadProjectsContract, async (_input, { db, caller }) => ({
  projects: await listProjects(db, caller.userId, await readProjectScope(db, caller)),
  message: projectsLoadedMessage,
}));
