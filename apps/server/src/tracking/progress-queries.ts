import {
  GANTT_STALE_MESSAGE,
  cutoffError,
  formatIsoDate,
  formatNumber,
  progressChange,
  progressEntryErrors,
} from '@cimiento/domain';
import type { CutoffRecord, CutoffTask, GanttOutput, GanttTaskRecord, ProgressEntry } from '@cimiento/domain';
import type { Kysely } from 'kysely';
import { recordChange } from '../collab/history-queries';
import type { Database } from '../db/schema';
import { HttpsError } from '../core/https-error';
import { progressRefusal, progressTaskInfo, recordCutoff } from '../gantt/cutoff-history';
import {
  HORIZON_YEARS,
  claimVersionOrRefuse,
  horizonDate,
  readBaselineDates,
  readLinks,
  readProject,
  readTasks,
  scheduleGantt,
  scheduledOrThrow,
  toOutput,
  writeGantt,
} from '../gantt/gantt-store';
import type { ProjectGanttRow } from '../gantt/gantt-store';
import { sameCalendar } from '../db/project-columns';

/**
 * Progress at a cut-off date (issue 15): saveProgress records leaves' actual dates and physical
 * progress at a cut-off (P6's data date), keeps the cut-off in the history ('Cortes de avance') and
 * answers the Gantt rescheduled from it; loadProgressHistory lists that history.
 */

export type ProgressEntryInputRecord = {
  TaskID: number;
  ActualStart?: string | null | undefined;
  ActualFinish?: string | null | undefined;
  Progress: number;
};

/** The cut-off's own rules: not before the latest recorded, and within the calendar's years. */
export function checkCutoff(cutoff: string, project: Pick<ProjectGanttRow, 'startYear' | 'cutoff'>): void {
  const previous = cutoffError(cutoff, project.cutoff);
  if (previous !== undefined) throw new HttpsError('INVALID_ARGUMENT', previous);
  const lastYear = project.startYear + HORIZON_YEARS - 1;
  if (Number(cutoff.slice(0, 4)) < project.startYear || cutoff >= horizonDate(project.startYear)) {
    throw new HttpsError(
      'INVALID_ARGUMENT',
      `La fecha de corte debe estar entre los años ${project.startYear} y ${lastYear} (el calendario del proyecto)`,
    );
  }
}

function toEntry(entry: ProgressEntryInputRecord): ProgressEntry {
  return {
    TaskID: entry.TaskID,
    Progress: entry.Progress,
    ...(typeof entry.ActualStart === 'string' ? { ActualStart: entry.ActualStart } : {}),
    ...(typeof entry.ActualFinish === 'string' ? { ActualFinish: entry.ActualFinish } : {}),
  };
}

/** `tasks` with the entries' progress and actual dates (an entry is the task's whole record: absent dates are none). */
function withEntries(tasks: readonly GanttTaskRecord[], entries: readonly ProgressEntry[]): GanttTaskRecord[] {
  const byId = new Map(entries.map((entry) => [entry.TaskID, entry]));
  return tasks.map((task) => {
    const entry = byId.get(task.id);
    if (!entry) return task;
    const { actualStart: _start, actualFinish: _finish, ...rest } = task;
    const next: GanttTaskRecord = { ...rest, progress: entry.Progress };
    if (entry.ActualStart !== undefined) next.actualStart = entry.ActualStart;
    if (entry.ActualFinish !== undefined) next.actualFinish = entry.ActualFinish;
    return next;
  });
}

/**
 * saveProgress: checks the cut-off and every entry before writing anything (INVALID_ARGUMENT naming
 * the refused tasks); then, in one transaction on the version the screen loaded (stale → ABORTED),
 * writes the changed tasks, records the cut-off (the same date again replaces its record) with the
 * caller's name and the leaves' progress, and answers the Gantt rescheduled from it.
 */
export async function saveProgress(
  db: Kysely<Database>,
  projectId: string,
  input: { cutoff: string; entries: readonly ProgressEntryInputRecord[]; version: number },
  caller: { userId: string; name: string },
  functionName: 'saveProgress' | 'importProgress' = 'saveProgress',
): Promise<GanttOutput> {
  const { cutoff, version } = input;
  const current = await readProject(db, projectId);
  checkCutoff(cutoff, current);
  const stored = { tasks: await readTasks(db, projectId), links: await readLinks(db, projectId) };
  const entries = input.entries.map(toEntry);
  const errors = progressEntryErrors(cutoff, entries, progressTaskInfo(stored.tasks));
  if (errors.length > 0) throw progressRefusal(errors);
  if (current.version !== version) throw new HttpsError('ABORTED', GANTT_STALE_MESSAGE);

  const project: ProjectGanttRow = { ...current, cutoff };
  const updated = withEntries(stored.tasks, entries);
  const scheduled = scheduledOrThrow(scheduleGantt(updated, stored.links, project));
  // as saveGantt stores them: a summary's start and duration rolled up
  const tasks = updated.map((task, index) => {
    const result = scheduled.tasks[index] as (typeof scheduled.tasks)[number];
    return result.isSummary ? { ...task, start: result.start, duration: result.duration } : task;
  });

  await db.transaction().execute(async (trx) => {
    await claimVersionOrRefuse(trx, projectId, version);
    // every Gantt write claims the version, so the tasks read above are still the stored ones; an
    // edit of the project's calendar or start year in between makes the schedule stale
    const now = await readProject(trx, projectId);
    if (
      now.startYear !== current.startYear ||
      !sameCalendar(now.calendar, current.calendar) ||
      now.cutoff !== current.cutoff
    ) {
      throw new HttpsError('ABORTED', GANTT_STALE_MESSAGE);
    }
    await writeGantt(trx, projectId, stored, { tasks, links: stored.links });
    await recordCutoff(trx, projectId, cutoff, tasks, caller);
    // issue 19: the history entry, from the tasks read and written here
    const history = progressChange(stored.tasks, tasks, cutoff, functionName === 'importProgress');
    await recordChange(trx, projectId, { caller, functionName }, 'tracking', history);
  });

  const count = entries.length;
  return toOutput(
    { project: { ...project, version: version + 1 }, tasks, links: stored.links },
    scheduled,
    `Avance registrado al ${formatIsoDate(cutoff)}: ${formatNumber(count)} ${count === 1 ? 'tarea' : 'tareas'}`,
    await readBaselineDates(db, project.baselineId),
  );
}

/**
 * loadProgressHistory: the project's cut-offs, newest first, with who recorded each, when, the
 * project's progress and how many leaves had progress; with `cutoff`, that cut-off's leaves in
 * Gantt order (an unknown date → NOT_FOUND).
 */
export async function loadProgressHistory(
  db: Kysely<Database>,
  projectId: string,
  cutoff?: string,
): Promise<{ cutoffs: CutoffRecord[]; tasks?: CutoffTask[]; message: string }> {
  const project = await db
    .selectFrom('project')
    .select('_id')
    .where('_id', '=', projectId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!project) throw new HttpsError('NOT_FOUND', 'Proyecto no encontrado');
  const rows = await db
    .selectFrom('gantt_cutoff')
    .leftJoin('gantt_cutoff_task', 'gantt_cutoff_task.cutoff_id', 'gantt_cutoff._id')
    .select((eb) => [
      'gantt_cutoff._id',
      'gantt_cutoff.cutoff',
      'gantt_cutoff.recorded_at',
      'gantt_cutoff.recorded_by_name',
      'gantt_cutoff.progress',
      eb.fn.count<number | string | bigint>('gantt_cutoff_task.task_id').as('task_count'),
    ])
    .where('gantt_cutoff.project_id', '=', projectId)
    .groupBy([
      'gantt_cutoff._id',
      'gantt_cutoff.cutoff',
      'gantt_cutoff.recorded_at',
      'gantt_cutoff.recorded_by_name',
      'gantt_cutoff.progress',
    ])
    .orderBy('gantt_cutoff.cutoff', 'desc')
    .execute();
  const cutoffs = rows.map((row): CutoffRecord => ({
    cutoff: row.cutoff,
    recordedAt: row.recorded_at,
    recordedBy: row.recorded_by_name,
    progress: Number(row.progress),
    taskCount: Number(row.task_count),
  }));
  if (cutoff === undefined) {
    const count = cutoffs.length;
    return {
      cutoffs,
      message:
        count === 0
          ? 'No hay cortes de avance registrados'
          : `${formatNumber(count)} ${count === 1 ? 'corte de avance' : 'cortes de avance'}`,
    };
  }

  const chosen = rows.find((row) => row.cutoff === cutoff);
  if (!chosen) throw new HttpsError('NOT_FOUND', `No hay un corte de avance al ${formatIsoDate(cutoff)}`);
  const taskRows = await db
    .selectFrom('gantt_cutoff_task')
    .select(['task_id', 'code', 'name', 'progress', 'actual_start', 'actual_finish'])
    .where('cutoff_id', '=', chosen._id)
    .execute();
  // Gantt order; a task deleted since then goes last, by id
  const positions = new Map(
    (await db.selectFrom('gantt_task').select(['id', 'position']).where('project_id', '=', projectId).execute()).map(
      (row) => [Number(row.id), Number(row.position)],
    ),
  );
  const rank = (id: number) => positions.get(id) ?? Number.MAX_SAFE_INTEGER;
  const tasks = taskRows
    .map((row): CutoffTask => ({
      TaskID: Number(row.task_id),
      TaskCode: row.code,
      TaskName: row.name,
      Progress: Number(row.progress),
      ...(row.actual_start === null ? {} : { ActualStart: row.actual_start }),
      ...(row.actual_finish === null ? {} : { ActualFinish: row.actual_finish }),
    }))
    .sort((a, b) => rank(a.TaskID) - rank(b.TaskID) || a.TaskID - b.TaskID);
  const count = tasks.length;
  return {
    cutoffs,
    tasks,
    message: `Corte al ${formatIsoDate(cutoff)}: ${formatNumber(count)} ${count === 1 ? 'tarea con avance' : 'tareas con avance'}`,
  };
}
