import type { GanttOutput } from '@cimiento/domain';
import { call } from '@/lib/api-client';

/** How long a boot's early answer may wait for the screen: older, the screen asks again. */
export const EARLY_GANTT_TTL_MS = 30_000;

type EarlyGantt = { projectId: string; sentAt: number; answer: Promise<GanttOutput | undefined> };

let early: EarlyGantt | null = null;
/** the projects whose Gantt query has asked already: an early request for them would come too late */
const asked = new Set<string>();

/**
 * issue 18: a boot on /projects/{id}/gantt sends loadGantt as soon as the screen's chunk is in
 * (route-prefetch.ts), whatever the session check says by then, instead of once the screen has
 * rendered behind its route gate. The request is quiet: its failure (a signed-out
 * visitor's UNAUTHENTICATED, anything else) reaches no handler, toast or query; the screen then
 * asks again as it always did, and shows what that answer says.
 */
export function sendEarlyGantt(projectId: string): void {
  // the screen was quicker (it asked the server itself): an answer now would never be taken fresh
  if (asked.has(projectId)) return;
  early = {
    projectId,
    sentAt: Date.now(),
    answer: call('loadGantt', { id: projectId }, { quiet: true }).catch(() => undefined),
  };
}

/**
 * The boot's early loadGantt for this project, once: the first query of the Gantt takes it, and
 * every later one (another visit, 'Reintentar') asks the server afresh, as the Gantt's query has no
 * cache. Undefined when there is none, it was for another project, or it is older than the TTL.
 */
export function takeEarlyGantt(projectId: string): Promise<GanttOutput | undefined> | undefined {
  asked.add(projectId);
  const taken = early;
  early = null;
  if (taken === null || taken.projectId !== projectId || Date.now() - taken.sentAt > EARLY_GANTT_TTL_MS) {
    return undefined;
  }
  return taken.answer;
}

/** Forgets any early request and which Gantts have asked (a fresh page load, for tests). */
export function forgetEarlyGantt(): void {
  early = null;
  asked.clear();
}
