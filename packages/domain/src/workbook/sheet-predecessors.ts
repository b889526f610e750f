import { MAX_LAG } from '../gantt/predecessors';
import type { LinkType } from '../gantt/schedule-types';

/** The Gantt workbook's Predecesoras cell (gantt-workbook.ts): links by the sheet's Id. Pure. */

/** MS Project's Spanish link types: Fin-Comienzo, Comienzo-Comienzo, Fin-Fin, Comienzo-Fin. */
const SPANISH_TYPES: Record<string, LinkType> = { FC: 'FS', CC: 'SS', FF: 'FF', CF: 'SF' };

const SHEET_ENTRY = /^(\d{1,9})\s*(FS|SS|FF|SF|FC|CC|CF)?\s*(?:([+-])\s*(\d{1,6})\s*(?:d|días|dias|día|dia|dh)?\.?)?$/i;

export type SheetPredecessor = { sheetId: number; type: LinkType; lag: number };

/**
 * A Predecesoras cell: entries separated by ',' or ';', each the row's Id, a type (FS, SS, FF, SF
 * or MS Project's Spanish FC, CC, FF, CF; FS when left out) and a lag in working days ('+2',
 * '+2d', '+2 días', '-1'). The error names the faulty entry.
 */
export function parseSheetPredecessors(
  text: string,
): { ok: true; links: SheetPredecessor[] } | { ok: false; error: string } {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: true, links: [] };
  const links: SheetPredecessor[] = [];
  const seen = new Set<number>();
  for (const raw of trimmed.split(/[,;]/)) {
    const entry = raw.trim();
    if (entry === '') continue;
    const match = SHEET_ENTRY.exec(entry);
    if (!match) {
      return {
        ok: false,
        error: `la predecesora «${entry}» no es válida (ejemplos: 3, 3FS+2, 5CC, 7FF-1: el Id de la fila, el tipo y el desfase en días)`,
      };
    }
    const sheetId = Number(match[1]);
    const written = (match[2] ?? 'FS').toUpperCase();
    const type = (SPANISH_TYPES[written] ?? written) as LinkType;
    const lag = match[3] === undefined ? 0 : (match[3] === '-' ? -1 : 1) * Number(match[4]);
    if (Math.abs(lag) > MAX_LAG) {
      return { ok: false, error: `en «${entry}» el desfase debe estar entre -${MAX_LAG} y ${MAX_LAG} días` };
    }
    if (seen.has(sheetId)) return { ok: false, error: `la predecesora ${sheetId} aparece dos veces` };
    seen.add(sheetId);
    links.push({ sheetId, type, lag: lag === 0 ? 0 : lag });
  }
  return { ok: true, links };
}
