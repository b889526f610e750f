import { remainingAfterEntry, resumeAfterEntry } from '@cimiento/domain/progress';
import { ganttChange } from '@cimiento/domain/history';
import {
  GANTT_STALE_MESSAGE,
  ganttActivityError,
  checkActivities,
  formatIsoDate,
  formatNumber,
  ganttParentIds,
  linkPairKey,
  saveGanttContract,
  weekdaysOfWorkWeek,
} from '@cimiento/domain';
import { defineHandler } from '../core/define-handler';
import type {
  GanttActivityInput,
  GanttLinkRecord,
  GanttOutput,
  GanttTaskInput,
  GanttTaskRecord,
  ProjectCalendar,
  WorkWeek,
} from '@cimiento/domain';
import type { Kysely, Transaction } from 'kysely';
import { chunks } from '../db/db-helpers';
import { recordChange } from '../collab/history-queries';
import type { ChangeAuthor } from '../collab/history-queries';
import type { Database } from '../db/schema';
import { HttpsError } from '../core/https-error';
import { calendarColumns, sameCalendar } from '../db/project-columns';
import { checkProgressChanges, rewriteCutoff } from './cutoff-rewrite';
import { readProject, readTasks, readLinks, writeGantt, readBaselineDates } from './gantt-queries';
import type { ProjectGanttRow } from './gantt-queries';
import type { Scheduled } from './gantt-schedule';
import { scheduledOrThrow, scheduleGantt, toOutput } from './gantt-schedule';
import { horizonDate } from './gantt-horizon';
import { claimVersionOrRefuse } from './gantt-version';
import { readItemAmounts } from '../edp/edp-queries';
import { readResourceNames } from '../catalogues/resource-queries';
import { readSourceFormulas, sizeByFormula } from './gantt-formulas';

/** A task's broken rule, refused as INVALID_ARGUMENT with the task's label (the domain's ganttActivityError). */
function refuse(task: Pick<GanttActivityInput, 'TaskID' | 'TaskCode'>, what: string): HttpsError {
  return new HttpsError('INVALID_ARGUMENT', ganttActivityError(task, what).message);
}

/** The saved list as records and links (the domain's checkActivities); its first broken rule → INVALID_ARGUMENT, word for word. */
function checkedActivities(activities: readonly GanttActivityInput[]): {
  tasks: GanttTaskRecord[];
  links: GanttLinkRecord[];
} {
  const result = checkActivities(activities);
  if (!result.ok) throw new HttpsError('INVALID_ARGUMENT', result.error.message);
  return { tasks: result.tasks, links: result.links };
}

/**
 * The saved links with their generated flag (issue 13): a link stays generated only when the
 * stored link between the same two tasks was generated with the same type and lag and, when the
 * task sends `generatedPredecessors`, its predecessor is listed there. Every other link is the user's.
 */
function savedLinks(
  activities: readonly GanttActivityInput[],
  links: readonly GanttLinkRecord[],
  storedLinks: readonly GanttLinkRecord[],
): GanttLinkRecord[] {
  const storedGenerated = new Map<string, GanttLinkRecord>();
  for (const link of storedLinks) if (link.generated === true) storedGenerated.set(`${link.from}>${link.to}`, link);
  if (storedGenerated.size === 0) return [...links];
  const listed = new Map<number, Set<number>>();
  for (const task of activities) {
    if (task.generatedPredecessors !== undefined) listed.set(task.TaskID, new Set(task.generatedPredecessors));
  }
  return links.map((link) => {
    const stored = storedGenerated.get(`${link.from}>${link.to}`);
    const generated =
      stored !== undefined &&
      stored.type === link.type &&
      stored.lag === link.lag &&
      (listed.get(link.to)?.has(link.from) ?? !listed.has(link.to));
    return generated ? { ...link, generated: true } : link;
  });
}

/**
 * A stored generated link that the save leaves out while both its tasks stay is recorded by its
 * tasks' source keys in `gantt_removed_link`, so later loads do not make it again.
 */
async function recordRemovedLinks(
  trx: Transaction<Database>,
  projectId: string,
  stored: { links: readonly GanttLinkRecord[] },
  links: readonly GanttLinkRecord[],
  savedIds: ReadonlySet<number>,
  storedKeys: ReadonlyMap<number, string | null>,
): Promise<void> {
  const savedPairs = new Set(links.map((link) => `${link.from}>${link.to}`));
  const rows = new Map<string, { project_id: string; from_key: string; to_key: string }>();
  for (const link of stored.links) {
    if (link.generated !== true || savedPairs.has(`${link.from}>${link.to}`)) continue;
    if (!savedIds.has(link.from) || !savedIds.has(link.to)) continue;
    const fromKey = storedKeys.get(link.from);
    const toKey = storedKeys.get(link.to);
    if (fromKey == null || toKey == null) continue;
    rows.set(linkPairKey(fromKey, toKey), { project_id: projectId, from_key: fromKey, to_key: toKey });
  }
  for (const part of chunks([...rows.values()])) {
    await trx
      .insertInto('gantt_removed_link')
      .values(part)
      .onConflict((conflict) => conflict.columns(['project_id', 'from_key', 'to_key']).doNothing())
      .execute();
  }
}

/**
 * issue 35: the names of the resources the saved and the stored tasks use; a resource sent that the
 * catalogue does not have refuses the save, naming the task ('Recursos: el recurso … no está…').
 */
async function checkedResourceNames(
  db: Kysely<Database>,
  activities: readonly GanttActivityInput[],
  tasks: readonly GanttTaskRecord[],
  stored: readonly GanttTaskRecord[],
): Promise<Map<string, string>> {
  const ids = new Set<string>();
  for (const task of tasks) for (const assignment of task.resources ?? []) ids.add(assignment.resourceId);
  for (const task of stored) for (const assignment of task.resources ?? []) ids.add(assignment.resourceId);
  if (ids.size === 0) return new Map();
  const names = await readResourceNames(db, ids);
  activities.forEach((input) => {
    for (const assignment of input.Resources ?? []) {
      if (!names.has(assignment.resourceId)) {
        throw refuse(input, `Recursos: el recurso ${assignment.resourceId} no está en el catálogo de recursos`);
      }
    }
  });
  return names;
}

/**
 * The calendar a save asks for (issue 14): its whole `calendar` when sent (it wins over
 * `workWeek`), else the stored one with the weekdays of `workWeek` (Chile's holidays option and
 * the exceptions kept), else the stored one.
 */
function savedCalendar(
  stored: ProjectCalendar,
  gantt: { workWeek?: WorkWeek | undefined; calendar?: ProjectCalendar | undefined },
): ProjectCalendar {
  if (gantt.calendar !== undefined) {
    return {
      workingWeekdays: [...gantt.calendar.workingWeekdays],
      chileHolidays: gantt.calendar.chileHolidays,
      exceptions: gantt.calendar.exceptions.map((exception) => ({ ...exception })),
    };
  }
  if (gantt.workWeek !== undefined) return { ...stored, workingWeekdays: weekdaysOfWorkWeek(gantt.workWeek) };
  return stored;
}

/**
 * saveGantt: the whole task list, checked completely (ids, parents, predecessors, cycles) before
 * the first write, then stored with each leaf's StartNoEarlierThan (or, when that is not sent, its
 * StartDate; issue 32) as its "no earlier than" (a reload schedules it again to the same dates; a
 * summary keeps its rolled-up start and duration) on
 * the version the screen loaded (stale → ABORTED). A built task left out of the list is
 * remembered, so the next load does not build it again. The project's calendar (issue 14: sent
 * whole as `calendar`, or its weekdays as the old `workWeek`) is scheduled on and stored in the
 * same transaction, under the same version check.
 */
export async function saveGantt(
  db: Kysely<Database>,
  projectId: string,
  gantt: {
    activities: readonly GanttTaskInput[];
    workWeek?: WorkWeek | undefined;
    calendar?: ProjectCalendar | undefined;
  },
  version: number,
  author: ChangeAuthor,
): Promise<GanttOutput> {
  const activities = gantt.activities as readonly GanttActivityInput[];
  const checked = checkedActivities(activities);
  const current = await readProject(db, projectId);
  // past the horizon the calendar would take minutes to build (see BoundedCalendar)
  const horizon = horizonDate(current.startYear);
  const late = checked.tasks.findIndex((task) => task.start >= horizon);
  if (late >= 0) {
    const task = activities[late] as GanttActivityInput;
    const field = task.StartNoEarlierThan === undefined ? 'StartDate' : 'StartNoEarlierThan';
    throw refuse(task, `${field}: debe ser anterior al ${formatIsoDate(horizon)}`);
  }
  const calendar = savedCalendar(current.calendar, gantt);
  const project: ProjectGanttRow = { ...current, calendar };
  // issue 15: the stored tasks, read before scheduling: the actual dates a save leaves out (an older
  // screen, a script) stand as stored and are scheduled so, and a change of progress or actual dates
  // is checked against them
  const storedTasks = await readTasks(db, projectId);
  // issue 33: what progress is weighted by (the priced items' amounts)
  const amounts = await readItemAmounts(db, projectId);
  const storedById = new Map(storedTasks.map((task) => [task.id, task]));
  const summaries = ganttParentIds(checked.tasks);
  const effective = checked.tasks.map((task, index): GanttTaskRecord => {
    // a summary's progress is rolled up from its leaves on every answer, and it has no actual dates
    if (summaries.has(task.id)) {
      const {
        actualStart: _start,
        actualFinish: _finish,
        remaining: _remaining,
        mustStartOn: _mustStartOn,
        resume: _resume,
        levelingDelay: _levelingDelay,
        leveledFrom: _leveledFrom,
        ...summary
      } = task;
      return { ...summary, progress: 0 };
    }
    const input = activities[index] as GanttActivityInput;
    const before = storedById.get(task.id);
    const leaf = { ...task };
    if (input.ActualStart === undefined && before?.actualStart !== undefined) leaf.actualStart = before.actualStart;
    if (input.ActualFinish === undefined && before?.actualFinish !== undefined) leaf.actualFinish = before.actualFinish;
    // issue 34: the remaining duration and Resume sent, else the stored ones while the progress stays as stored
    const recorded = before ?? { progress: 0 };
    const after = {
      progress: leaf.progress,
      ...(leaf.actualStart === undefined ? {} : { actualStart: leaf.actualStart }),
      ...(leaf.actualFinish === undefined ? {} : { actualFinish: leaf.actualFinish }),
    };
    const remaining = remainingAfterEntry(recorded, {
      ...after,
      ...(input.RemainingDuration === undefined ? {} : { remaining: input.RemainingDuration }),
    });
    if (remaining !== undefined) leaf.remaining = remaining;
    delete leaf.resume;
    const resume = resumeAfterEntry(recorded, {
      ...after,
      ...(input.Resume === undefined ? {} : { resume: input.Resume }),
    });
    if (resume !== undefined) leaf.resume = resume;
    // issue 34: a must-start-on a save leaves out stands as stored
    if (input.MustStartOn === undefined && before?.mustStartOn === true) leaf.mustStartOn = true;
    return leaf;
  });
  // issue 35: the leaves sized by their EDC activity's quantity
  const formulas = await readSourceFormulas(db, projectId);
  // issue 34: notes and a deadline a save leaves out (an older screen, a script) stand as stored
  effective.forEach((task, index) => {
    const input = activities[index] as GanttActivityInput;
    const before = storedById.get(task.id);
    if (input.Notes === undefined && before?.notes !== undefined) task.notes = before.notes;
    if (input.Deadline === undefined && before?.deadline !== undefined) task.deadline = before.deadline;
    // issue 35: resources a save leaves out stand as stored
    if (input.Resources === undefined && before?.resources !== undefined) task.resources = before.resources;
    // issue 35: and the levelling, while the start stays where the levelling put it
    if (
      input.LevelingDelay === undefined &&
      !summaries.has(task.id) &&
      before?.levelingDelay !== undefined &&
      before.leveledFrom !== undefined &&
      before.start === task.start
    ) {
      task.levelingDelay = before.levelingDelay;
      task.leveledFrom = before.leveledFrom;
    }
    // issue 35: the quantity's formula sizes the leaf, unless its duration was typed by hand
    if (!summaries.has(task.id)) {
      const sourceKey = before?.sourceKey ?? null;
      sizeByFormula(task, sourceKey === null ? undefined : formulas.get(sourceKey), input.DurationByHand, before);
    }
  });
  // issue 35: every resource sent must be in the catalogue; the history names them
  const resourceNames = await checkedResourceNames(db, activities, effective, storedTasks);
  const progressChanged = checkProgressChanges(effective, storedTasks, summaries, current.cutoff, amounts);
  const scheduled = scheduledOrThrow(scheduleGantt(effective, checked.links, project));
  // what is stored: a leaf's own start (its "no earlier than", not where the links put it, so
  // removing a link lets it move back) and duration; a summary's start and duration rolled up
  const computed = effective.map((task, index) => {
    const result = scheduled.tasks[index] as Scheduled['tasks'][number];
    return result.isSummary ? { ...task, start: result.start, duration: result.duration } : task;
  });

  const saved = await db.transaction().execute(async (trx) => {
    await claimVersionOrRefuse(trx, projectId, version);
    // the schedule was computed on the project and tasks read before the claim: a write in between
    // (another save, an edit of the project's calendar or start year) makes it stale too
    const now = await readProject(trx, projectId);
    if (
      current.version !== version ||
      now.startYear !== current.startYear ||
      !sameCalendar(now.calendar, current.calendar)
    ) {
      throw new HttpsError('ABORTED', GANTT_STALE_MESSAGE);
    }
    // every Gantt write claims the version, so the tasks read before the claim are the stored ones
    const stored = { tasks: storedTasks, links: await readLinks(trx, projectId) };
    // a TaskID stored before keeps its source; a new one is a task the user added
    const storedKeys = new Map(stored.tasks.map((task) => [task.id, task.sourceKey]));
    const withKeys = computed.map((task) => ({ ...task, sourceKey: storedKeys.get(task.id) ?? null }));
    const savedIds = new Set(withKeys.map((task) => task.id));
    const links = savedLinks(activities, checked.links, stored.links);
    await recordRemovedLinks(trx, projectId, stored, links, savedIds, storedKeys);
    const removedKeys = stored.tasks
      .filter((task) => task.sourceKey !== null && !savedIds.has(task.id))
      .map((task) => ({ project_id: projectId, source_key: task.sourceKey as string }));
    for (const part of chunks(removedKeys)) {
      await trx
        .insertInto('gantt_removed_source')
        .values(part)
        .onConflict((conflict) => conflict.columns(['project_id', 'source_key']).doNothing())
        .execute();
    }
    await writeGantt(trx, projectId, stored, { tasks: withKeys, links });
    // issue 15: progress recorded in the task editor is recorded at the latest cut-off
    if (progressChanged && current.cutoff !== undefined)
      await rewriteCutoff(trx, projectId, current.cutoff, withKeys, amounts);
    if (!sameCalendar(calendar, current.calendar)) {
      // the work week is also the project's option ('Editar proyecto', issue 12), and so is the
      // calendar (issue 14): changing it moves the project's version on, so an edit of the project
      // based on the old one is refused as stale
      await trx
        .updateTable('project')
        .set((eb) => ({ ...calendarColumns(calendar), version: eb('version', '+', 1) }))
        .where('_id', '=', projectId)
        .execute();
    }
    // issue 19: the history entry, from what was read and written here (issue 32: ganttChange leaves
    // out what the engine derives and what the EDP/EDC decide)
    const calendarChanged = !sameCalendar(calendar, current.calendar);
    const history = ganttChange(
      stored,
      { tasks: withKeys, links },
      {
        prefix: author.functionName === 'importGantt' ? 'Gantt importado desde Excel' : 'Gantt',
        notes: calendarChanged ? ['Calendario del proyecto cambiado'] : [],
        // issue 32: only what the user changed; a built task's code and name follow its EDP/EDC item
        // (loadGantt answers them so without always writing them), summaries' dates are rolled up
        namesFollowSources: true,
        resourceName: (resourceId) => resourceNames.get(resourceId),
      },
    );
    await recordChange(trx, projectId, author, 'gantt', history);
    return { tasks: withKeys, links };
  });

  const count = saved.tasks.length;
  return toOutput(
    { project: { ...project, version: version + 1 }, tasks: saved.tasks, links: saved.links },
    scheduled,
    `Gantt grabado: ${formatNumber(count)} ${count === 1 ? 'tarea' : 'tareas'}`,
    await readBaselineDates(db, project.baselineId),
    amounts,
  );
}

/** Replaces the project's Gantt (tasks and links), based on the version the screen loaded (stale → ABORTED). */
export const handleSaveGantt = defineHandler(saveGanttContract, async ({ id, gantt, version }, { db, caller }) =>
  saveGantt(db, id, gantt, version, { caller, functionName: 'saveGantt' }),
);
