import { weekOf } from '@cimiento/domain/last-planner';
import type { ProgressBase, QueuedClose, QueuedEntry, QueuedProgress, WeeklyPlan } from './field-queue';

/**
 * Issue 36: sends what the field screen queued, under the Gantt's version rules (saveProgress
 * refuses a stale version; closeCommitment a stale commitment). Before sending, each progress entry
 * is compared with what the server has now: the same as the phone saw → sent; already what the
 * phone recorded → done; changed by someone else → a conflict the person resolves on the screen,
 * with both values. A refusal keeps the entry with the server's Spanish message; no connection stops
 * the run and keeps everything. Nothing is dropped without the server having it or the person saying so.
 */

/** The calls the sync makes (the api client's `call`, or a test's). */
export type SyncCall = (name: string, input: Record<string, unknown>) => Promise<unknown>;

export type SyncDeps = {
  call: SyncCall;
  entries: () => Promise<QueuedEntry[]>;
  update: (entry: QueuedEntry) => Promise<void>;
  remove: (clientId: string) => Promise<void>;
  /** YYYY-MM-DD in America/Santiago */
  today: string;
};

export type SyncResult = { sent: number; conflicts: number; errors: number; offline: boolean };

/** How the api client reports a failed call: its HTTP status (0: no connection) and Spanish message. */
type CallFailure = { httpStatus?: number; code?: string; message: string };

function failure(error: unknown): CallFailure {
  const record = (typeof error === 'object' && error !== null ? error : {}) as Partial<CallFailure>;
  return {
    ...(typeof record.httpStatus === 'number' ? { httpStatus: record.httpStatus } : {}),
    ...(typeof record.code === 'string' ? { code: record.code } : {}),
    message: error instanceof Error ? error.message : String(error),
  };
}

function isOffline(error: unknown): boolean {
  const status = failure(error).httpStatus;
  return status === 0 || status === undefined || status >= 500;
}

function isStale(error: unknown): boolean {
  return failure(error).httpStatus === 409;
}

const MAX_ROUNDS = 3;

export function sameProgress(a: ProgressBase, b: ProgressBase): boolean {
  return a.progress === b.progress && a.actualStart === b.actualStart && a.actualFinish === b.actualFinish;
}

function serverBase(task: WeeklyPlan['candidates'][number]): ProgressBase {
  return { progress: task.progress, actualStart: task.actualStart, actualFinish: task.actualFinish };
}

function ownValue(entry: QueuedProgress): ProgressBase {
  return { progress: entry.progress, actualStart: entry.actualStart, actualFinish: entry.actualFinish };
}

/** Sends the project's queued entries; answers what happened. */
export async function syncField(projectId: string, deps: SyncDeps): Promise<SyncResult> {
  const result: SyncResult = { sent: 0, conflicts: 0, errors: 0, offline: false };
  const plans = new Map<string, WeeklyPlan>();
  const planOf = async (week: string, fresh = false): Promise<WeeklyPlan> => {
    const known = plans.get(week);
    if (known !== undefined && !fresh) return known;
    const plan = (await deps.call('loadWeeklyPlan', { id: projectId, week })) as WeeklyPlan;
    plans.set(week, plan);
    return plan;
  };

  try {
    // 1. progress, one saveProgress a round; a stale version reads the plan again and compares again
    for (let round = 1; round <= MAX_ROUNDS; round += 1) {
      const pending = (await deps.entries()).filter(
        (entry): entry is QueuedProgress => entry.kind === 'progress' && entry.status === 'pending',
      );
      if (pending.length === 0) break;
      const week = weekOf(deps.today);
      const plan = await planOf(week, round > 1);
      const send: QueuedProgress[] = [];
      for (const entry of pending) {
        const task = plan.candidates.find((candidate) => candidate.id === entry.taskId);
        if (task === undefined) {
          if (entry.server !== undefined || entry.message === FORCED) send.push(entry);
          else {
            await deps.update({
              ...entry,
              status: 'conflict',
              message: 'La tarea ya no está entre las tareas de esta semana en el servidor (terminada o movida)',
            });
            result.conflicts += 1;
          }
          continue;
        }
        const now = serverBase(task);
        if (sameProgress(now, ownValue(entry))) {
          await deps.remove(entry.clientId);
          result.sent += 1;
        } else if (!sameProgress(now, entry.base)) {
          await deps.update({
            ...entry,
            status: 'conflict',
            server: now,
            message: 'Otra persona registró avance en esta tarea mientras tanto',
          });
          result.conflicts += 1;
        } else send.push(entry);
      }
      if (send.length === 0) break;
      // one entry per task: the last one recorded
      const byTask = new Map(send.map((entry) => [entry.taskId, entry]));
      const cutoff = [deps.today, plan.cutoff ?? ''].sort().at(-1) as string;
      try {
        await deps.call('saveProgress', {
          id: projectId,
          cutoff,
          version: plan.ganttVersion,
          entries: [...byTask.values()].map((entry) => ({
            TaskID: entry.taskId,
            Progress: entry.progress,
            ActualStart: entry.actualStart,
            ...(entry.actualFinish === null ? {} : { ActualFinish: entry.actualFinish }),
          })),
        });
        for (const entry of send) await deps.remove(entry.clientId);
        result.sent += send.length;
        break;
      } catch (error) {
        if (isStale(error) && round < MAX_ROUNDS) continue;
        if (isOffline(error)) throw error;
        for (const entry of send) await deps.update({ ...entry, status: 'error', message: failure(error).message });
        result.errors += send.length;
        break;
      }
    }

    // 2. photos: each once (the server keeps one per clientId)
    for (const entry of await deps.entries()) {
      if (entry.kind !== 'photo' || entry.status !== 'pending') continue;
      try {
        await deps.call('uploadTaskPhoto', {
          id: projectId,
          taskId: entry.taskId,
          clientId: entry.clientId,
          dataUrl: entry.dataUrl,
          ...(entry.caption === '' ? {} : { caption: entry.caption }),
        });
        await deps.remove(entry.clientId);
        result.sent += 1;
      } catch (error) {
        if (isOffline(error)) throw error;
        await deps.update({ ...entry, status: 'error', message: failure(error).message });
        result.errors += 1;
      }
    }

    // 3. closing commitments ('Cumplido' / 'No cumplido' with a cause)
    for (const entry of await deps.entries()) {
      if (entry.kind !== 'close' || entry.status !== 'pending') continue;
      try {
        await deps.call('closeCommitment', {
          id: projectId,
          commitmentId: entry.commitmentId,
          version: entry.version,
          outcome: entry.outcome,
          cause: entry.cause,
        });
        await deps.remove(entry.clientId);
        result.sent += 1;
      } catch (error) {
        if (isOffline(error)) throw error;
        if (isStale(error)) {
          const plan = await planOf(weekOf(deps.today), true);
          const now = plan.commitments.find((commitment) => commitment.id === entry.commitmentId);
          if (now !== undefined && now.outcome === entry.outcome && now.cause === entry.cause) {
            await deps.remove(entry.clientId);
            result.sent += 1;
            continue;
          }
          const conflict: QueuedClose = {
            ...entry,
            status: 'conflict',
            serverOutcome: now?.outcome ?? null,
            message: 'Otra persona cerró o cambió este compromiso mientras tanto',
            ...(now === undefined ? {} : { version: now.version }),
          };
          await deps.update(conflict);
          result.conflicts += 1;
          continue;
        }
        await deps.update({ ...entry, status: 'error', message: failure(error).message });
        result.errors += 1;
      }
    }
  } catch (error) {
    if (!isOffline(error)) throw error;
    result.offline = true;
  }
  return result;
}

/** The marker of a progress entry the person chose to send over a conflict with no server value. */
export const FORCED = 'forced';

/**
 * 'Grabar el mío': the entry goes again over what the server has now (its base becomes the server's
 * value, so the next sync sends it); 'Descartar el mío' is removeEntry.
 */
export function keepMine(entry: QueuedEntry): QueuedEntry {
  if (entry.kind === 'progress') {
    if (entry.server === undefined) return { ...entry, status: 'pending', message: FORCED };
    const { server, message: _message, ...rest } = entry;
    return { ...rest, status: 'pending', base: server };
  }
  const { message: _message, ...rest } = entry;
  return { ...rest, status: 'pending' } as QueuedEntry;
}
