import type { Kysely, SelectQueryBuilder, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import type { ProjectGanttRow } from './gantt-queries';
import { projectNotFound, selectProjectGanttColumns, toProjectGanttRow } from './gantt-queries';

/** The columns of the sources stamp beside readProject's (readSourcesStamp): the EDP's version, the EDC lists. */
function selectSourcesColumns<O>(query: SelectQueryBuilder<Database, 'project', O>) {
  return query.select([
    'edp_version',
    (eb) =>
      eb
        .selectFrom('edc_list')
        .select((inner) => inner.fn.countAll().as('lists'))
        .whereRef('edc_list.project_id', '=', 'project._id')
        .as('lists'),
    (eb) =>
      eb
        .selectFrom('edc_list')
        .select((inner) => inner.fn.sum('edc_list.version').as('versions'))
        .whereRef('edc_list.project_id', '=', 'project._id')
        .as('versions'),
    // issue 35: the activities' productivities and crews the quantities' formulas read (every
    // catalogue write sets updated_at; a deletion lowers the count)
    (eb) =>
      eb
        .selectFrom('catalogue_activity')
        .select((inner) => inner.fn.max('catalogue_activity.updated_at').as('activities_at'))
        .as('activities_at'),
    (eb) =>
      eb
        .selectFrom('catalogue_activity')
        .select((inner) => inner.fn.countAll().as('activities'))
        .as('activities'),
  ]);
}

/**
 * Everything loadGantt's merge and sequencing read besides the Gantt's own rows, as one text read
 * in the load's snapshot (issue 18). Every write they depend on moves one of these on, and none of
 * them ever comes back to an earlier value: the Gantt's version (every write of its tasks, links,
 * removed sources and removed links claims it, and so does a change of the calendar or the start
 * year), the EDP's version (every EDP save; deleting an item deletes its EDC list), the number of
 * EDC lists and the sum of their versions (every EDC save claims its list's version; lists go only
 * with their EDP item), and the project's own options the merge and the sequencing read.
 */
export async function readSourcesStamp(
  trx: Transaction<Database>,
  projectId: string,
  project: ProjectGanttRow,
): Promise<string> {
  const row = await trx
    .selectFrom('project')
    .$call(selectSourcesColumns)
    .where('_id', '=', projectId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw projectNotFound();
  return sourcesStampOf(project, row);
}

type SourcesColumns = {
  edp_version: number | string;
  lists: unknown;
  versions: unknown;
  activities_at: unknown;
  activities: unknown;
};

function sourcesStampOf(project: ProjectGanttRow, row: SourcesColumns): string {
  return JSON.stringify([
    project.version,
    Number(row.edp_version),
    Number(row.lists ?? 0),
    Number(row.versions ?? 0),
    String(row.activities_at ?? ''),
    Number(row.activities ?? 0),
    project.sequencing,
    project.startYear,
    project.calendar,
    project.cutoff ?? null,
  ]);
}

/**
 * The stamp of loadGantt's answer (issue 18: functions/answer-cache.ts): the project, the sources
 * stamp (readSourcesStamp) and what else the answer shows of the project, its end year and its
 * chosen baseline (a baseline's dates are written once, with it). A load that wrote (the merge or
 * the sequencing changed the Gantt) moved the Gantt's version on and names no stamp.
 */
export function answerStampOf(projectId: string, project: ProjectGanttRow, sourcesStamp: string): string {
  return JSON.stringify([projectId, sourcesStamp, project.endYear, project.baselineId ?? null]);
}

/**
 * loadGantt's answer stamp as the project stands now, in one read (readProject's and
 * readSourcesStamp's columns together); undefined when the project is gone.
 */
export async function readGanttAnswerStamp(db: Kysely<Database>, projectId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('project')
    .$call(selectProjectGanttColumns)
    .$call(selectSourcesColumns)
    .where('_id', '=', projectId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) return undefined;
  const project = toProjectGanttRow(row);
  return answerStampOf(projectId, project, sourcesStampOf(project, row));
}
