import type { LinkType } from './schedule-types';

/**
 * The Gantt task's `Predecessor` text (issue 7): the one way the API writes a task's incoming
 * links, as planners write them: `12FS+2,15SS,20FF-1` — the predecessor's TaskID, the link type
 * (FS when left out) and the lag in working days (negative = lead). Spaces, lower case and a
 * trailing "d" on the lag are accepted; the canonical form has none of them and leaves out a
 * zero lag.
 */

export type PredecessorLink = {
  predecessorId: number;
  type: LinkType;
  lag: number;
  /** issue 13: a link the sequencing generated (the Gantt's draft keeps it; the text does not show it) */
  generated?: true;
};

export type PredecessorParseResult = { ok: true; links: PredecessorLink[] } | { ok: false; error: string };

const ENTRY = /^(\d{1,15})\s*(FS|SS|FF|SF)?\s*(?:([+-])\s*(\d{1,5})\s*(?:d|días|dias)?)?$/i;

export const MAX_LAG = 10_000;

/** Reads a Predecessor text; the error names the faulty entry (the caller adds the task). */
export function parsePredecessors(text: string): PredecessorParseResult {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: true, links: [] };
  const links: PredecessorLink[] = [];
  const seen = new Set<number>();
  for (const raw of trimmed.split(/[,;]/)) {
    const entry = raw.trim();
    const match = ENTRY.exec(entry);
    if (!match) {
      return {
        ok: false,
        error: `«${entry}» no es un predecesor válido (ejemplos: 12, 12FS+2, 15SS, 20FF-1)`,
      };
    }
    const predecessorId = Number(match[1]);
    const type = (match[2]?.toUpperCase() ?? 'FS') as LinkType;
    const lag = match[3] === undefined ? 0 : (match[3] === '-' ? -1 : 1) * Number(match[4]);
    if (Math.abs(lag) > MAX_LAG) {
      return { ok: false, error: `«${entry}»: el desfase debe estar entre -${MAX_LAG} y ${MAX_LAG} días` };
    }
    if (seen.has(predecessorId)) return { ok: false, error: `la tarea ${predecessorId} aparece dos veces` };
    seen.add(predecessorId);
    links.push({ predecessorId, type, lag: lag === 0 ? 0 : lag });
  }
  return { ok: true, links };
}

/** The canonical text: `12FS+2,15SS,20FF-1`. */
export function formatPredecessors(links: readonly PredecessorLink[]): string {
  return links
    .map((link) => `${link.predecessorId}${link.type}${link.lag === 0 ? '' : link.lag > 0 ? `+${link.lag}` : link.lag}`)
    .join(',');
}
