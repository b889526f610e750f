import { createStore, del, get, set, values } from 'idb-keyval';
import type { FunctionOutput } from '@/lib/api-client';

/**
 * Issue 36, the field screen offline: what the phone records waits here, in IndexedDB, until it
 * reaches the server (field-sync.ts), and the last week's plan the screen loaded is kept so it opens
 * without a connection. Nothing is removed until the server has it, or the person discards it.
 */

export type WeeklyPlan = FunctionOutput<'loadWeeklyPlan'>;

/** A task's progress as the phone saw it when the entry was made (what a conflict compares with). */
export type ProgressBase = { progress: number; actualStart: string | null; actualFinish: string | null };

type QueuedBase = {
  /** the phone's own id for the entry (a photo's is the server's clientId) */
  clientId: string;
  projectId: string;
  taskId: number;
  taskCode: string;
  taskName: string;
  /** ISO timestamp of when it was recorded */
  recordedAt: string;
  /** 'pending': to send; 'conflict': the server changed the same thing meanwhile; 'error': refused */
  status: 'pending' | 'conflict' | 'error';
  /** the server's refusal, or the conflict's explanation */
  message?: string;
};

export type QueuedProgress = QueuedBase & {
  kind: 'progress';
  /** YYYY-MM-DD, America/Santiago: the day it was recorded (its cut-off at the earliest) */
  day: string;
  progress: number;
  actualStart: string;
  actualFinish: string | null;
  base: ProgressBase;
  /** with status 'conflict': what the server has now */
  server?: ProgressBase;
};

export type QueuedPhoto = QueuedBase & { kind: 'photo'; dataUrl: string; caption: string };

export type QueuedClose = QueuedBase & {
  kind: 'close';
  commitmentId: string;
  version: number;
  outcome: 'cumplido' | 'no-cumplido';
  cause: string | null;
  /** with status 'conflict': the outcome the server has now */
  serverOutcome?: string | null;
};

export type QueuedEntry = QueuedProgress | QueuedPhoto | QueuedClose;

const queueStore = () => createStore('cimiento-field-queue', 'entries');
const planStore = () => createStore('cimiento-field-plans', 'plans');

export async function queueEntry(entry: QueuedEntry): Promise<void> {
  await set(entry.clientId, entry, queueStore());
}

export async function updateEntry(entry: QueuedEntry): Promise<void> {
  await set(entry.clientId, entry, queueStore());
}

export async function removeEntry(clientId: string): Promise<void> {
  await del(clientId, queueStore());
}

/** The project's queued entries, oldest first. */
export async function queuedEntries(projectId: string): Promise<QueuedEntry[]> {
  const all = (await values(queueStore())) as QueuedEntry[];
  return all
    .filter((entry) => entry.projectId === projectId)
    .sort((a, b) => a.recordedAt.localeCompare(b.recordedAt) || a.clientId.localeCompare(b.clientId));
}

/** The last plan loaded for this project and week, for opening offline. */
export async function savePlan(projectId: string, plan: WeeklyPlan): Promise<void> {
  await set(`${projectId}|${plan.week}`, plan, planStore());
  await set(`${projectId}|latest`, plan.week, planStore());
}

export async function cachedPlan(projectId: string, week?: string): Promise<WeeklyPlan | undefined> {
  const key = week ?? ((await get(`${projectId}|latest`, planStore())) as string | undefined);
  if (key === undefined) return undefined;
  return (await get(`${projectId}|${key}`, planStore())) as WeeklyPlan | undefined;
}

/** A new client id (a UUID where the browser has one). */
export function newClientId(): string {
  return typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}
