import type { GanttTask, GanttTaskInput } from '../functions/gantt-contracts';
import type { GanttDraftTask } from './gantt-edits';
import { formatPredecessors, parsePredecessors } from './predecessors';

/**
 * The Gantt screen's draft (gantt-edits.ts) read from loadGantt's activities and written back as
 * saveGantt's, pure.
 */

/**
 * The loaded activities as draft tasks (a Predecessor the server wrote always parses). A task's
 * `start` is its stored "no earlier than" (StartNoEarlierThan), not the computed StartDate, so
 * removing a link lets the task move back.
 */
export function draftFromActivities(activities: readonly GanttTask[]): GanttDraftTask[] {
  return activities.map((activity) => {
    const parsed = parsePredecessors(activity.Predecessor);
    const generated = new Set(activity.generatedPredecessors ?? []);
    const task: GanttDraftTask = {
      id: activity.TaskID,
      code: activity.TaskCode,
      name: activity.TaskName,
      start: activity.StartNoEarlierThan ?? activity.StartDate,
      duration: activity.Duration,
      progress: activity.Progress,
      predecessors: parsed.ok
        ? parsed.links.map((link) => (generated.has(link.predecessorId) ? { ...link, generated: true } : link))
        : [],
    };
    if (activity.ParentId !== undefined) task.parentId = activity.ParentId;
    if (activity.sourceKey !== undefined) task.sourceKey = activity.sourceKey;
    if (activity.ActualStart !== undefined) task.actualStart = activity.ActualStart;
    if (activity.ActualFinish !== undefined) task.actualFinish = activity.ActualFinish;
    if (activity.RemainingDuration !== undefined) task.remaining = activity.RemainingDuration;
    if (activity.Notes !== undefined) task.notes = activity.Notes;
    if (activity.Deadline !== undefined) task.deadline = activity.Deadline;
    if (activity.MustStartOn === true) task.mustStartOn = true;
    if (activity.Resume !== undefined) task.resume = activity.Resume;
    if (activity.Resources !== undefined && activity.Resources.length > 0) {
      task.resources = activity.Resources.map((item) => ({ resourceId: item.resourceId, units: item.units }));
    }
    if (activity.LevelingDelay !== undefined && activity.LeveledFrom !== undefined) {
      task.levelingDelay = activity.LevelingDelay;
      task.leveledFrom = activity.LeveledFrom;
    }
    if (activity.DurationFormula !== undefined) task.formula = { ...activity.DurationFormula };
    if (activity.DurationByHand === true) task.durationByHand = true;
    return task;
  });
}

/**
 * What saveGantt takes: the draft's `start` is the task's "no earlier than", sent as
 * StartNoEarlierThan (issue 32: the name loadGantt answers it under) and, for a server before issue
 * 32, as StartDate too.
 */
export function activitiesFromDraft(tasks: readonly GanttDraftTask[]): GanttTaskInput[] {
  return tasks.map((task) => ({
    TaskID: task.id,
    TaskCode: task.code,
    TaskName: task.name,
    StartNoEarlierThan: task.start,
    StartDate: task.start,
    Duration: task.duration,
    Progress: task.progress,
    ParentId: task.parentId ?? null,
    Predecessor: formatPredecessors(task.predecessors),
    generatedPredecessors: task.predecessors.filter((link) => link.generated).map((link) => link.predecessorId),
    ActualStart: task.actualStart ?? null,
    ActualFinish: task.actualFinish ?? null,
    RemainingDuration: task.remaining ?? null,
    Notes: task.notes ?? null,
    Deadline: task.deadline ?? null,
    MustStartOn: task.mustStartOn === true,
    Resume: task.resume ?? null,
    Resources: task.resources ?? [],
    LevelingDelay: task.levelingDelay ?? null,
    LeveledFrom: task.leveledFrom ?? null,
    // issue 35: said only of a task sized by its quantity (false: the formula sizes it)
    ...(task.formula === undefined ? {} : { DurationByHand: task.durationByHand === true }),
  }));
}
