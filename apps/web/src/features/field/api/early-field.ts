import { santiagoToday } from '@cimiento/domain';
import { weekOf } from '@cimiento/domain/last-planner';
import { call } from '@/lib/api-client';
import type { FunctionOutput } from '@/lib/api-client';

/** How long a boot's early answers may wait for the screen: older, the screen asks again. */
export const EARLY_FIELD_TTL_MS = 30_000;

export type FieldAnswers = {
  plan: FunctionOutput<'loadWeeklyPlan'>;
  members: FunctionOutput<'loadMembers'>;
};

type EarlyField = { projectId: string; week: string; sentAt: number; answer: Promise<FieldAnswers | undefined> };

let early: EarlyField | null = null;

/** The week's plan and the members, both at once (the screen's first two questions). */
export function askField(projectId: string, week: string, quiet = false): Promise<FieldAnswers> {
  return Promise.all([
    call('loadWeeklyPlan', { id: projectId, week }, { quiet }),
    call('loadMembers', { id: projectId }, { quiet }),
  ]).then(([plan, members]) => ({ plan, members }));
}

/**
 * issue 36: a boot on /projects/{id}/terreno sends the field screen's first questions (this week's
 * plan and the members) beside the session check (route-prefetch.ts), instead of once the shell and
 * the screen have drawn: on a phone that was most of a second. The requests are quiet: a failure (a
 * signed-out visitor's UNAUTHENTICATED, no connection) reaches no handler, toast or query; the screen
 * then asks again as it always does (and offline, falls back to the phone's copy).
 */
export function sendEarlyField(projectId: string): void {
  const week = weekOf(santiagoToday());
  early = {
    projectId,
    week,
    sentAt: Date.now(),
    answer: askField(projectId, week, true).catch(() => undefined),
  };
}

/**
 * The boot's early answers for this project and week, once: the screen's first load takes them,
 * every later one (another week, a reload after a sync) asks the server afresh. Undefined when there
 * are none, they were for another project or week, or they are older than the TTL.
 */
export function takeEarlyField(projectId: string, week: string): Promise<FieldAnswers | undefined> | undefined {
  const taken = early;
  early = null;
  if (
    taken === null ||
    taken.projectId !== projectId ||
    taken.week !== week ||
    Date.now() - taken.sentAt > EARLY_FIELD_TTL_MS
  ) {
    return undefined;
  }
  return taken.answer;
}
