import { formatNumber } from '@cimiento/domain';
import type { EdpUsageTotals } from '@cimiento/domain';
import type { TFunction } from 'i18next';
import { joinList, moneyNotice } from '@/lib/deletion-money';

/**
 * What a deletion takes, in words (issue 12): "1 ítem, 13 componentes del EDC y 14 tareas del Gantt
 * con sus vínculos". Parts that are zero are left out; the items always count.
 */
export function edpUsageParts(t: TFunction, totals: EdpUsageTotals): string[] {
  const part = (key: 'edp.itemCount' | 'edp.deleteEdc' | 'edp.deleteTasks', count: number) =>
    t(key, { count, formatted: formatNumber(count) });
  const parts = [part('edp.itemCount', totals.items)];
  if (totals.edcCount > 0) parts.push(part('edp.deleteEdc', totals.edcCount));
  if (totals.ganttTaskCount > 0) parts.push(part('edp.deleteTasks', totals.ganttTaskCount));
  return parts;
}

/** "a", "a y b", "a, b y c": the list every deletion question writes (lib/deletion-money.ts). */
export const joinParts = joinList;

/**
 * "Se eliminarán 1 ítem, 13 componentes del EDC y 14 tareas del Gantt con sus vínculos." — the verb
 * is singular only for a single thing ("Se eliminará 1 ítem.").
 */
export function edpDeletionSentence(t: TFunction, totals: EdpUsageTotals): string {
  const parts = edpUsageParts(t, totals);
  const isOne = parts.length === 1 && totals.items === 1;
  return t('edp.deleteSentence', { count: isOne ? 1 : 2, parts: joinParts(t, parts) });
}

/** "Entre ellas se pierden 3 vínculos del Gantt.", or null when no link goes. */
export function edpLinksSentence(t: TFunction, totals: EdpUsageTotals): string | null {
  const count = totals.ganttLinkCount;
  return count > 0 ? t('edp.deleteLinks', { count, formatted: formatNumber(count) }) : null;
}

/**
 * Issue 33: 'Ten en cuenta: 9,45 % de avance registrado; pagado en EP N°2: UF 1.234,56; en la línea
 * base «LB Contrato».', then, when something was paid, that the next EP keeps it as a partida
 * removed; null when the deletion touches no money.
 */
export function moneyNote(t: TFunction, facts: string | null, isPaid: boolean): string | null {
  if (facts === null) return null;
  const notice = moneyNotice(t, facts);
  return isPaid ? `${notice} ${t('deletionMoney.paidStays')}` : notice;
}
