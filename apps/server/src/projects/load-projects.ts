import { canonicalDecimal, loadProjectsContract, projectsLoadedMessage } from '@cimiento/domain';
import { defineHandler } from '../core/define-handler';
import type { ProjectSummary } from '@cimiento/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { toWorkWeekOption } from '../db/project-columns';
import { seconds } from './project-queries';

const nameCollator = new Intl.Collator('es-CL', { numeric: true, sensitivity: 'base' });

/** loadProjects: every project (anyone's) but those in the trash, sorted by name then code (es-CL, numeric-aware); one query. */
export async function listProjects(db: Kysely<Database>, callerId: string): Promise<ProjectSummary[]> {
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
    }))
    .sort((a, b) => nameCollator.compare(a.name, b.name) || nameCollator.compare(a.code, b.code));
}

/** Every project (roles are not distinguished), sorted by name, each marked `mine` when the caller created it. */
export const handleLoadProjects = defineHandler(loadProjectsContract, async (_input, { db, caller }) => ({
  projects: await listProjects(db, caller.userId),
  message: projectsLoadedMessage,
}));
