/**
 * The source key of a Gantt task built from an EDP item (`edp:{itemId}`) or from one of its EDC
 * items (`edc:{itemId}:{code}`, the code lower-cased); a user's task has none (null). The Gantt
 * (gantt/build-gantt.ts), the EDP's usage counts (edp-usage.ts) and the MSPDI import read and
 * write tasks by it.
 */

export function edpSourceKey(edpItemId: number): string {
  return `edp:${edpItemId}`;
}

export function edcSourceKey(edpItemId: number, code: string): string {
  return `edc:${edpItemId}:${code.toLowerCase()}`;
}

/** What a source key names: the EDP item, and for an EDC item's task its lower-cased code; undefined for a user's task. */
export function parseGanttSourceKey(key: string | null): { edpItemId: number; edcCode?: string } | undefined {
  if (key === null) return undefined;
  const match = /^(?:edp:(\d+)|edc:(\d+):([\s\S]*))$/.exec(key);
  if (!match) return undefined;
  const edpItemId = Number(match[1] ?? match[2]);
  if (!Number.isSafeInteger(edpItemId)) return undefined;
  return match[3] === undefined ? { edpItemId } : { edpItemId, edcCode: match[3] };
}
