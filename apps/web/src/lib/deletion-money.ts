import { formatMoney, formatNumber } from '@cimiento/domain';
import type { Currency, EdpMoneyFacts, EdpPaid, EdpUsage, TaskMoveEffects, TaskSelectionUsage } from '@cimiento/domain';
import type { TFunction } from 'i18next';
import { call, describeError } from '@/lib/api-client';

/**
 * Issue 33, deletions that touch money say so: the words every deletion question (EDP, EDC, Gantt)
 * adds after its own when what it deletes has recorded progress, was paid in an approved estado de
 * pago or is in a baseline: '9,45 % de avance registrado; pagado en EP N°2: UF 1.234,56; en la
 * línea base «LB Contrato»'. Percentages with 2 decimals and amounts as the EP prints them
 * (formatMoney in the project's currency), es-CL.
 */

/** "a", "a y b", "a, b y c". */
export function joinList(t: TFunction, parts: readonly string[]): string {
  if (parts.length <= 1) return parts.join('');
  return `${parts.slice(0, -1).join(', ')}${t('deletionMoney.listAnd')}${parts.at(-1) as string}`;
}

/** "EP N°1: $2.500 y EP N°2: $5.000". */
function paidList(t: TFunction, paid: readonly EdpPaid[], currency: Currency): string {
  return joinList(
    t,
    paid.map(({ number, amount }) => t('deletionMoney.paidEp', { number, amount: formatMoney(amount, currency) })),
  );
}

function progressPart(t: TFunction, progress: string | undefined): string[] {
  return progress === undefined ? [] : [t('deletionMoney.progress', { percent: formatNumber(progress, 2) })];
}

function baselinesPart(t: TFunction, baselines: readonly string[]): string[] {
  if (baselines.length === 0) return [];
  const names = joinList(
    t,
    baselines.map((name) => t('deletionMoney.baselineName', { name })),
  );
  return [t('deletionMoney.baselines', { count: baselines.length, names })];
}

/**
 * What deleting an EDP item (and its subtree) touches: '9,45 % de avance registrado; pagado en EP
 * N°2: UF 1.234,56; en la línea base «LB Contrato»'; null when it touches nothing.
 */
export function edpMoneyText(t: TFunction, facts: EdpMoneyFacts, currency: Currency): string | null {
  const parts = [
    ...progressPart(t, facts.progress),
    ...(facts.paid.length > 0 ? [t('deletionMoney.paid', { list: paidList(t, facts.paid, currency) })] : []),
    ...baselinesPart(t, facts.baselines),
  ];
  return parts.length === 0 ? null : parts.join('; ');
}

/**
 * What deleting Gantt tasks or EDC rows touches: their recorded progress, the partidas they belong
 * to with what approved EPs paid for them, and the baselines holding them: '50,00 % de avance
 * registrado; la partida P.1.1 Losa, pagada en EP N°1: $2.500; en la línea base «LB Contrato»'.
 */
export function taskMoneyText(t: TFunction, selection: TaskSelectionUsage, currency: Currency): string | null {
  const parts = [
    ...progressPart(t, selection.progress),
    ...selection.partidas.map((partida) =>
      t('deletionMoney.partidaPaid', {
        item: `${partida.code} ${partida.name}`,
        list: paidList(t, partida.paid, currency),
      }),
    ),
    ...baselinesPart(t, selection.baselines),
  ];
  return parts.length === 0 ? null : parts.join('; ');
}

/** 'Ten en cuenta: …' around a text of edpMoneyText or taskMoneyText. */
export function moneyNotice(t: TFunction, facts: string): string {
  return t('deletionMoney.notice', { facts });
}

/**
 * The tasks a question is about: by id (the Gantt), by source key (the EDC's rows), or those an
 * unassignEdc of these would delete ('Quitar de los seleccionados').
 */
export type TaskSelection =
  | { taskIds: number[] }
  | { taskKeys: string[] }
  | { unassign: { itemIds: number[]; componentId: string; systemId: string } };

/** What deleting exactly these tasks touches, with the project's currency. */
export async function loadTaskMoney(
  projectId: string,
  tasks: TaskSelection,
): Promise<{ selection: TaskSelectionUsage; currency: Currency }> {
  const { usage }: { usage: EdpUsage } = await call('loadEdpUsage', { id: projectId, ...tasks });
  return { selection: usage.selection ?? { baselines: [], partidas: [] }, currency: usage.currency };
}

/**
 * The note of a question deleting Gantt tasks or EDC rows: 'Ten en cuenta: …', and, when a partida
 * they belong to was paid, that the next EP measures it without them; null when they touch nothing,
 * and the reason when it cannot be known (the question is still asked).
 */
export async function taskDeletionNote(t: TFunction, projectId: string, tasks: TaskSelection): Promise<string | null> {
  try {
    const { selection, currency } = await loadTaskMoney(projectId, tasks);
    const facts = taskMoneyText(t, selection, currency);
    if (facts === null) return null;
    const notice = moneyNotice(t, facts);
    return selection.partidas.length > 0 ? `${notice} ${t('deletionMoney.remeasured')}` : notice;
  } catch (error) {
    return t('deletionMoney.failed', { error: describeError(error) });
  }
}

/**
 * Issue 33, moving a Gantt task in the tree (indent, outdent): 'Ten en cuenta: …' for the tasks the
 * move touches, then the partida it leaves or joins and that the next EP measures those partidas
 * again; null when the tasks touch no money (no question is asked).
 */
export function taskMoveText(
  t: TFunction,
  selection: TaskSelectionUsage,
  currency: Currency,
  effects: Pick<TaskMoveEffects, 'from' | 'to'>,
  partidaName: (edpItemId: number) => string,
): string | null {
  const facts = taskMoneyText(t, selection, currency);
  if (facts === null) return null;
  const lines = [moneyNotice(t, facts)];
  const { from, to } = effects;
  if (from !== null && to !== null && from !== to)
    lines.push(t('deletionMoney.movePartida', { from: partidaName(from), to: partidaName(to) }));
  else if (from === null && to !== null) lines.push(t('deletionMoney.moveIntoPartida', { to: partidaName(to) }));
  else if (from !== null && to === null) lines.push(t('deletionMoney.moveOutOfPartida', { from: partidaName(from) }));
  const partidas = [...new Set([from, to].filter((id) => id !== null))].map(partidaName);
  if (partidas.length > 0)
    lines.push(t('deletionMoney.moveRemeasured', { count: partidas.length, list: joinList(t, partidas) }));
  return lines.join(' ');
}

/** taskMoveText over what the server says of the tasks the move touches; the reason when it cannot be known. */
export async function taskMoveNote(
  t: TFunction,
  projectId: string,
  effects: TaskMoveEffects,
  partidaName: (edpItemId: number) => string,
): Promise<string | null> {
  try {
    const { selection, currency } = await loadTaskMoney(projectId, { taskIds: effects.taskIds });
    return taskMoveText(t, selection, currency, effects, partidaName);
  } catch (error) {
    return t('deletionMoney.moveFailed', { error: describeError(error) });
  }
}
