import type { EstadoPagoLine, EstadoPagoSettings, EstadoPagoTotals } from '../functions/cost-contracts';
import type { MoneyCurrency } from '../format/money-math';
import {
  addDecimals,
  compareDecimals,
  divideDecimals,
  multiplyDecimals,
  percentOf,
  ratioPercent,
  roundClp,
  roundDecimal,
  roundDocument,
  subtractDecimals,
} from '../format/money-math';
import type { CostTask, PricedEdpItem, ProgressAmounts } from './edp-amounts';
import { edpItemAmount, edpItemEarned, itemLeaves, spreadAmounts } from './edp-amounts';

/**
 * The estado de pago (EP, issue 16; docs/COSTS.md, 'Estado de pago'): what the owner pays at a
 * cut-off, partida by partida, then the contract's terms (retention with its cap, repayment of the
 * advance, IVA). Every line is rounded as the document prints it (roundDocument) before anything
 * is added, so the totals are the sums of the lines shown. A previous EP is read as it was
 * approved: whatever changed since (a price, progress, a deleted item) shows as a difference in
 * this EP's period. Pure.
 */

/** An EDP item as an EP reads it: its price fields and its depth (1 = a root). */
export type EstadoPagoItem = PricedEdpItem & { level: number };

/** The UF value an EP converts at (CLP per UF on `date`). */
export type EstadoPagoUfValue = { date: string; value: string };

export type EstadoPagoInput = {
  currency: MoneyCurrency;
  /** the EDP's items in tree order */
  items: readonly EstadoPagoItem[];
  /** each item's accumulated physical progress at the cut-off, % with 2 decimals (absent: 0) */
  progress: ReadonlyMap<number, string>;
  /**
   * issue 33, to the peso: each priced item's earned value at the cut-off (edpItemEarned, the
   * S-curve's EV of the item), unrounded. A line's accumulated amount is it, rounded as the
   * currency stores it; without it (an item absent), the amount is its budget × its progress.
   */
  earned?: ReadonlyMap<number, string>;
  /** the previous EP as approved; absent for N°1 */
  previous?: { lines: readonly EstadoPagoLine[]; totals: EstadoPagoTotals };
  settings: EstadoPagoSettings;
  /** UF contracts: the UF value of the cut-off's date */
  uf?: EstadoPagoUfValue;
};

export type EstadoPagoUf = EstadoPagoUfValue & { netClp: string; vatClp: string; totalClp: string };

export type EstadoPagoResult = { lines: EstadoPagoLine[]; totals: EstadoPagoTotals; uf?: EstadoPagoUf };

/** A progress (0–100, a JS number as stored) as plain decimal text, without an exponent. */
function progressText(progress: number): string {
  if (!Number.isFinite(progress) || progress <= 0) return '0';
  return roundDecimal(progress.toFixed(6), 6);
}

/**
 * Each EDP item's accumulated physical progress at a cut-off: its leaves' progress (itemLeaves:
 * the leaves its amount is spread on) weighted by their working days, Σ weight × progress /
 * Σ weight, rounded to 2 decimals. An item without leaves (no Gantt task) is absent (0 %).
 */
export function edpItemProgress(
  leaves: ReadonlyMap<number, ReadonlyArray<{ taskId: number; weight: number }>>,
  leafProgress: ReadonlyMap<number, number>,
): Map<number, string> {
  const out = new Map<number, string>();
  for (const [itemId, itemLeaves] of leaves) {
    let weights = '0';
    let weighted = '0';
    for (const leaf of itemLeaves) {
      const weight = String(leaf.weight);
      weights = addDecimals(weights, weight);
      weighted = addDecimals(weighted, multiplyDecimals(weight, progressText(leafProgress.get(leaf.taskId) ?? 0)));
    }
    out.set(itemId, compareDecimals(weights, '0') === 0 ? '0' : roundDecimal(divideDecimals(weighted, weights), 2));
  }
  return out;
}

/**
 * Each EDP item's accumulated % as its estado de pago line shows it (issue 33, one measure): a
 * priced item's earned value over its amount (edpItemEarned on the spread of `amounts`), exact,
 * then 2 decimals; an unpriced one's, edpItemProgress. For the screens that name a partida's
 * progress outside the EP (the deletion questions).
 */
export function partidaProgress(
  tasks: readonly CostTask[],
  leafProgress: ReadonlyMap<number, number>,
  amounts: ProgressAmounts | undefined,
): Map<number, string> {
  const progress = edpItemProgress(itemLeaves(tasks), leafProgress);
  if (amounts === undefined || amounts.items.length === 0) return progress;
  const earned = edpItemEarned(spreadAmounts(amounts.items, tasks, amounts.currency).parts, leafProgress);
  for (const { edpItemId, amount } of amounts.items) {
    const value = earned.get(edpItemId);
    if (value === undefined || compareDecimals(amount, '0') <= 0) continue;
    progress.set(edpItemId, ratioPercent(value, amount));
  }
  return progress;
}

/** Each item's depth in the EDP (1 = a root; an item whose parent is missing counts as a root). */
export function edpItemLevels(items: readonly PricedEdpItem[]): EstadoPagoItem[] {
  const byId = new Map(items.map((item) => [item.id, item]));
  const levels = new Map<number, number>();
  const levelOf = (item: PricedEdpItem): number => {
    const known = levels.get(item.id);
    if (known !== undefined) return known;
    // walk up iteratively (a deep EDP must not overflow the stack), then fill the path
    const path: PricedEdpItem[] = [];
    const seen = new Set<number>();
    let current: PricedEdpItem | undefined = item;
    let base = 0;
    while (current !== undefined && !seen.has(current.id)) {
      const cached = levels.get(current.id);
      if (cached !== undefined) {
        base = cached;
        break;
      }
      seen.add(current.id);
      path.push(current);
      current = current.parentId === undefined ? undefined : byId.get(current.parentId);
    }
    for (let index = path.length - 1; index >= 0; index -= 1) {
      base += 1;
      levels.set((path[index] as PricedEdpItem).id, base);
    }
    return levels.get(item.id) as number;
  };
  return items.map((item) => ({ ...item, level: levelOf(item) }));
}

function min(a: string, b: string): string {
  return compareDecimals(a, b) <= 0 ? a : b;
}

/**
 * The EP at a cut-off (the rules: docs/COSTS.md, 'Estado de pago'):
 * - lines: every EDP item with a price and every EDP leaf (unpriced: budget 0, its progress
 *   shown), in tree order, then every partida of the previous EP that is no longer in the EDP;
 * - budget = the item's amount rounded as the document prints it; accumulated amount =
 *   budget × accumulated % rounded; previous = the previous EP's line; period = accumulated −
 *   previous (a price or progress changed since the previous EP shows here). A partida deleted
 *   since keeps its previous figures, and nothing more is paid on it;
 * - totals = sums of the rounded lines; retention = min(retention % × accumulated, cap % ×
 *   contract) (cap 0: none); advance repaid = min(advance × accumulated / contract, advance);
 *   each 'period' figure = accumulated − the previous EP's; net = period − retention − advance;
 *   IVA = net × IVA %; total = net + IVA; for UF, net in CLP at the UF value, IVA on that, total.
 */
export function computeEstadoPago(input: EstadoPagoInput): EstadoPagoResult {
  const { currency, items, progress, previous, settings } = input;
  const round = (value: string) => roundDocument(value, currency);
  const previousLines = new Map((previous?.lines ?? []).map((line) => [line.edpItemId, line]));
  const hasChildren = new Set<number>();
  const present = new Set<number>();
  for (const item of items) {
    present.add(item.id);
    if (item.parentId !== undefined) hasChildren.add(item.parentId);
  }

  const lines: EstadoPagoLine[] = [];
  for (const item of items) {
    const amount = edpItemAmount(item, currency);
    const before = previousLines.get(item.id);
    // a partida the previous EP paid stays a line, so its payment is accounted for
    if (amount === undefined && hasChildren.has(item.id) && before === undefined) continue;
    const budget = amount === undefined ? '0' : round(amount);
    const earned = amount === undefined ? undefined : input.earned?.get(item.id);
    // issue 33, one measure: a priced partida's % is its earned value over its amount (exact, then
    // rounded for display), the figure the S-curve and the Gantt's summary show for it
    const accumulatedPercent =
      earned !== undefined && amount !== undefined && compareDecimals(amount, '0') > 0
        ? ratioPercent(earned, amount)
        : (progress.get(item.id) ?? '0');
    const accumulatedAmount = round(earned ?? percentOf(budget, accumulatedPercent));
    const previousPercent = before?.accumulatedPercent ?? '0';
    const previousAmount = before?.accumulatedAmount ?? '0';
    const line: EstadoPagoLine = {
      edpItemId: item.id,
      code: item.code,
      name: item.name,
      level: item.level,
      budget,
      previousPercent,
      periodPercent: subtractDecimals(accumulatedPercent, previousPercent),
      accumulatedPercent,
      previousAmount,
      periodAmount: subtractDecimals(accumulatedAmount, previousAmount),
      accumulatedAmount,
    };
    if (item.unit !== undefined) line.unit = item.unit;
    if (amount !== undefined) {
      line.quantity = item.quantity as string;
      line.unitPrice = item.unitPrice as string;
    }
    lines.push(line);
  }
  // deleted since the previous EP: its figures as approved, nothing more
  for (const before of previous?.lines ?? []) {
    if (present.has(before.edpItemId)) continue;
    lines.push({
      ...before,
      previousPercent: before.accumulatedPercent,
      periodPercent: '0',
      previousAmount: before.accumulatedAmount,
      periodAmount: '0',
    });
  }

  const sum = (pick: (line: EstadoPagoLine) => string) => addDecimals('0', ...lines.map(pick));
  const contractAmount = sum((line) => line.budget);
  const accumulatedAmount = sum((line) => line.accumulatedAmount);
  const previousAmount = sum((line) => line.previousAmount);
  const periodAmount = sum((line) => line.periodAmount);
  const hasContract = compareDecimals(contractAmount, '0') > 0;

  const retentionUncapped = round(percentOf(accumulatedAmount, settings.retentionPercent));
  const hasCap = compareDecimals(settings.retentionCapPercent, '0') > 0;
  const retentionCap = round(percentOf(contractAmount, settings.retentionCapPercent));
  const retentionAccumulated = hasCap ? min(retentionUncapped, retentionCap) : retentionUncapped;
  const retentionCapped =
    hasCap && compareDecimals(retentionUncapped, '0') > 0 && compareDecimals(retentionUncapped, retentionCap) >= 0;

  const advance = round(settings.advanceAmount);
  const advanceRepaymentAccumulated = hasContract
    ? min(round(divideDecimals(multiplyDecimals(advance, accumulatedAmount), contractAmount)), advance)
    : '0';

  const retentionPeriod = subtractDecimals(retentionAccumulated, previous?.totals.retentionAccumulated ?? '0');
  const advanceRepaymentPeriod = subtractDecimals(
    advanceRepaymentAccumulated,
    previous?.totals.advanceRepaymentAccumulated ?? '0',
  );
  const net = subtractDecimals(subtractDecimals(periodAmount, retentionPeriod), advanceRepaymentPeriod);
  const vat = round(percentOf(net, settings.vatPercent));

  const totals: EstadoPagoTotals = {
    contractAmount,
    previousAmount,
    periodAmount,
    accumulatedAmount,
    accumulatedPercent: hasContract ? ratioPercent(accumulatedAmount, contractAmount) : '0',
    retentionAccumulated,
    retentionPeriod,
    retentionCapped,
    advanceRepaymentAccumulated,
    advanceRepaymentPeriod,
    net,
    vat,
    total: addDecimals(net, vat),
  };
  if (currency !== 'UF' || input.uf === undefined) return { lines, totals };
  const netClp = roundClp(multiplyDecimals(net, input.uf.value));
  const vatClp = roundClp(percentOf(netClp, settings.vatPercent));
  return {
    lines,
    totals,
    uf: { date: input.uf.date, value: input.uf.value, netClp, vatClp, totalClp: addDecimals(netClp, vatClp) },
  };
}
