import { expect } from 'vitest';
import { callFunction } from './factories';
import type { CallResult } from './factories';
import type { WireGantt } from './gantt';
import type { TestApp } from './test-app';

/** issue 15: one leaf's progress as saveProgress takes it. */
export type WireProgressEntry = {
  TaskID: number;
  ActualStart?: string | null;
  ActualFinish?: string | null;
  Progress: number;
  /** issue 34 */
  RemainingDuration?: number | null;
};

/** What the answers of saveProgress carry besides WireGantt's fields. */
export type TrackedGantt = Omit<WireGantt, 'activities'> & {
  cutoff?: string;
  baselineId?: string;
  activities: (WireGantt['activities'][number] & {
    ActualStart?: string;
    ActualFinish?: string;
    status?: 'done' | 'started';
    RemainingDuration?: number;
    BaselineStart?: string;
    BaselineFinish?: string;
  })[];
};

/** saveProgress as 'Registrar avance' calls it; the raw response. */
export function saveProgress(
  t: Pick<TestApp, 'app'>,
  cookie: string,
  input: { id: string; cutoff: string; entries: WireProgressEntry[]; version: number },
): Promise<CallResult> {
  return callFunction(t.app, 'saveProgress', input, cookie);
}

/** saveProgress that must succeed; the rescheduled Gantt. */
export async function saveProgressOk(
  t: Pick<TestApp, 'app'>,
  cookie: string,
  input: { id: string; cutoff: string; entries: WireProgressEntry[]; version: number },
): Promise<TrackedGantt> {
  const response = await saveProgress(t, cookie, input);
  expect(response.statusCode, JSON.stringify(response.body).slice(0, 500)).toBe(200);
  return response.body.result as TrackedGantt;
}

/** loadProgressHistory ('Cortes de avance'); the raw response. */
export function loadProgressHistory(
  t: Pick<TestApp, 'app'>,
  cookie: string,
  input: { id: string; cutoff?: string },
): Promise<CallResult> {
  return callFunction(t.app, 'loadProgressHistory', input, cookie);
}

/** What the history tables hold for a project, read directly, cut-offs by date and tasks by id. */
export async function storedHistory(t: Pick<TestApp, 'db'>, projectId: string) {
  const cutoffs = await t.db
    .selectFrom('gantt_cutoff')
    .select(['_id', 'cutoff', 'recorded_by', 'recorded_by_name', 'progress'])
    .where('project_id', '=', projectId)
    .orderBy('cutoff')
    .execute();
  const result = [];
  for (const row of cutoffs) {
    const tasks = await t.db
      .selectFrom('gantt_cutoff_task')
      .select(['task_id', 'code', 'progress', 'actual_start', 'actual_finish'])
      .where('cutoff_id', '=', row._id)
      .orderBy('task_id')
      .execute();
    result.push({
      cutoff: row.cutoff,
      recordedBy: row.recorded_by,
      recordedByName: row.recorded_by_name,
      progress: Number(row.progress),
      tasks: tasks.map((task) => ({
        id: Number(task.task_id),
        code: task.code,
        progress: Number(task.progress),
        actualStart: task.actual_start,
        actualFinish: task.actual_finish,
      })),
    });
  }
  return result;
}

/** Each task's progress and actual dates as stored, by id. */
export async function storedProgress(t: Pick<TestApp, 'db'>, projectId: string) {
  const rows = await t.db
    .selectFrom('gantt_task')
    .select(['id', 'progress', 'actual_start', 'actual_finish', 'remaining_duration'])
    .where('project_id', '=', projectId)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    progress: Number(row.progress),
    actualStart: row.actual_start,
    actualFinish: row.actual_finish,
    remaining: row.remaining_duration === null ? null : Number(row.remaining_duration),
  }));
}
