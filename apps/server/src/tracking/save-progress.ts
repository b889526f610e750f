import { remainingAfterEntry, resumeAfterEntry } from '@cimiento/domain/progress';
import { progressChange } from '@cimiento/domain/history';
import {
  GANTT_STALE_MESSAGE,
  formatIsoDate,
  formatNumber,
  progressEntryErrors,
  saveProgressContract,
} from '@cimiento/domain';
import { defineHandler } from '../core/define-handler';
import type { GanttOutput, GanttTaskRecord, ProgressEntry } from '@cimiento/domain';
import type { Kysely, Transaction } from 'kysely';
import { recordChange } from '../collab/history-queries';
import type { Database } from '../db/schema';
import { HttpsError } from '../core/https-error';
import { progressRefusal, progressTaskInfo, recordCutoff } from '../gantt/cutoff-history';
import { readBaselineDates, readLinks, readProject, readTasks, writeGantt } from '../gantt/gantt-queries';
import type { ProjectGanttRow } from '../gantt/gantt-queries';
import { sameCalendar } from '../db/project-columns';
import type { ProgressEntryInputRecord } from './progress-queries';
import { checkCutoff } from './progress-queries';
import { scheduleGantt, scheduledOrThrow, toOutput } from '../gantt/gantt-schedule';
import { claimVersionOrRefuse } from '../gantt/gantt-version';
import { readItemAmounts } from '../edp/edp-queries';
import type { Caller } from '../core/context';
import { readTaskCompanyIds, subcontractorCompany } from '../members/member-queries';

function toEntry(entry: ProgressEntryInputRecord): ProgressEntry {
  return {
    TaskID: entry.TaskID,
    Progress: entry.Progress,
    ...(typeof entry.ActualStart === 'string' ? { ActualStart: entry.ActualStart } : {}),
    ...(typeof entry.ActualFinish === 'string' ? { ActualFinish: entry.ActualFinish } : {}),
    ...(entry.RemainingDuration === undefined ? {} : { RemainingDuration: entry.RemainingDuration }),
  };
}

/** `tasks` with the entries' progress and actual dates (an entry is the task's whole record: absent dates are none). */
function withEntries(tasks: readonly GanttTaskRecord[], entries: readonly ProgressEntry[]): GanttTaskRecord[] {
  const byId = new Map(entries.map((entry) => [entry.TaskID, entry]));
  return tasks.map((task) => {
    const entry = byId.get(task.id);
    if (!entry) return task;
    const { actualStart: _start, actualFinish: _finish, remaining: _remaining, resume: _resume, ...rest } = task;
    const next: GanttTaskRecord = { ...rest, progress: entry.Progress };
    if (entry.ActualStart !== undefined) next.actualStart = entry.ActualStart;
    if (entry.ActualFinish !== undefined) next.actualFinish = entry.ActualFinish;
    // issue 34: the entry's remaining duration, else the stored one while the progress stays as stored
    const after = {
      progress: entry.Progress,
      ...(entry.ActualStart === undefined ? {} : { actualStart: entry.ActualStart }),
      ...(entry.ActualFinish === undefined ? {} : { actualFinish: entry.ActualFinish }),
    };
    const remaining = remainingAfterEntry(task, {
      ...after,
      ...(entry.RemainingDuration === undefined ? {} : { remaining: entry.RemainingDuration }),
    });
    if (remaining !== undefined) next.remaining = remaining;
    // issue 34: a Resume stays while the progress does (saveProgress sends none)
    const resume = resumeAfterEntry(task, after);
    if (resume !== undefined) next.resume = resume;
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
  functionName: 'saveProgress' | 'importProgress' | 'updateAsScheduled' | 'transferCommitments' = 'saveProgress',
  /** issue 36: more writes in the save's own transaction ('Pasar al avance' marks its commitments) */
  inside?: (trx: Transaction<Database>) => Promise<void>,
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

  // issue 33: what progress is weighted by, read in the save's snapshot and answered with it
  const amounts = await db.transaction().execute(async (trx) => {
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
    const itemAmounts = await readItemAmounts(trx, projectId);
    await recordCutoff(trx, projectId, cutoff, tasks, caller, itemAmounts);
    // issue 19: the history entry, from the tasks read and written here
    const history = progressChange(stored.tasks, tasks, cutoff, functionName === 'importProgress');
    await recordChange(trx, projectId, { caller, functionName }, 'tracking', history);
    if (inside !== undefined) await inside(trx);
    return itemAmounts;
  });

  const count = entries.length;
  return toOutput(
    { project: { ...project, version: version + 1 }, tasks, links: stored.links },
    scheduled,
    `Avance registrado al ${formatIsoDate(cutoff)}: ${formatNumber(count)} ${count === 1 ? 'tarea' : 'tareas'}`,
    await readBaselineDates(db, project.baselineId),
    amounts,
  );
}

/**
 * Issue 36: a Subcontratista records the progress of its company's tasks only: an entry that
 * changes another task (its progress, actual dates or remaining duration) is refused, naming it.
 * The screen sends every row; the unchanged ones pass.
 */
async function checkCompanyScope(
  db: Kysely<Database>,
  projectId: string,
  caller: Caller,
  entries: readonly ProgressEntryInputRecord[],
): Promise<void> {
  const company = await subcontractorCompany(db, projectId, caller);
  if (company === undefined) return;
  const [tasks, companies] = await Promise.all([readTasks(db, projectId), readTaskCompanyIds(db, projectId)]);
  const byId = new Map(tasks.map((task) => [task.id, task]));
  const others = entries.flatMap((entry) => {
    const task = byId.get(entry.TaskID);
    if (task === undefined || (company !== null && companies.get(task.id) === company)) return [];
    const same =
      entry.Progress === task.progress &&
      (entry.ActualStart ?? undefined) === task.actualStart &&
      (entry.ActualFinish ?? undefined) === task.actualFinish &&
      (entry.RemainingDuration === undefined || (entry.RemainingDuration ?? undefined) === task.remaining);
    return same ? [] : [`${task.code} «${task.name}»`];
  });
  if (others.length > 0) {
    throw new HttpsError(
      'PERMISSION_DENIED',
      `Tu rol en este proyecto es Subcontratista: registras avance solo en las tareas de tu empresa; ${others.length === 1 ? 'no lo es' : 'no lo son'} ${others.slice(0, 5).join(', ')}${others.length > 5 ? ` y ${others.length - 5} más` : ''}`,
    );
  }
}

/** Records progress at a cut-off date and answers the Gantt rescheduled from it (issue 15). */
export const handleSaveProgress = defineHandler(
  saveProgressContract,
  async ({ id, cutoff, entries, version }, { db, caller }) => {
    await checkCompanyScope(db, id, caller, entries);
    return saveProgress(db, id, { cutoff, entries, version }, { userId: caller.userId, name: caller.name });
  },
);
