import type { SCurvePoint } from '../functions/cost-contracts';
import type { MoneyCurrency } from '../format/money-math';
import { addDecimals, compareDecimals, ratioPercent, roundDocument } from '../format/money-math';

/**
 * What was reported stays put (issue 33; docs/COSTS.md 'Reported figures'). Pure.
 *
 * An approved estado de pago froze, per partida, the progress and the amount it paid. At its
 * cut-off the S-curve shows that EP's figures: its accumulated amount (the sum of its lines, as
 * approved) and its % (accumulated over the lines' budgets). When the project's data now gives
 * another figure there (a price, the EDP, the EDC or progress changed since), the point carries both:
 * `earned` as reported and `recalculated` as the curve computes it now. Nothing else moves: PV, the
 * months, SPI and CPI stay the curve's own.
 */

/** An approved EP's lines as the S-curve reads them. */
export type ReportedEstadoPago = {
  number: number;
  /** YYYY-MM-DD */
  cutoff: string;
  lines: ReadonlyArray<{ edpItemId: number; budget: string; accumulatedAmount: string }>;
};

/**
 * The curve's points with each approved EP's figures at its cut-off (see the module's comment).
 * `liveEarned(cutoff)` answers each priced item's earned value there now, unrounded
 * (edpItemEarned); it is rounded as the EP rounds a line before comparing. With `scope` (the curve
 * of an EDP item's subtree), only the lines of the items in it count.
 */
export function withReportedFigures(
  points: readonly SCurvePoint[],
  approved: readonly ReportedEstadoPago[],
  liveEarned: (cutoff: string) => ReadonlyMap<number, string>,
  currency: MoneyCurrency,
  scope?: ReadonlySet<number>,
): SCurvePoint[] {
  const byCutoff = new Map<string, ReportedEstadoPago>();
  for (const ep of approved) {
    // one EP per cut-off; should two share it, the later one's figures are the reported ones
    const known = byCutoff.get(ep.cutoff);
    if (known === undefined || known.number < ep.number) byCutoff.set(ep.cutoff, ep);
  }
  return points.map((point) => {
    const ep = point.cutoff ? byCutoff.get(point.date) : undefined;
    if (ep === undefined || point.earned === null) return point;
    const lines = ep.lines.filter((line) => scope === undefined || scope.has(line.edpItemId));
    const earned = addDecimals('0', ...lines.map((line) => line.accumulatedAmount));
    const budget = addDecimals('0', ...lines.map((line) => line.budget));
    const earnedPercent =
      compareDecimals(budget, '0') > 0 ? ratioPercent(earned, budget) : (point.earnedPercent ?? '0');
    // changed: a line now earns another rounded amount, or an item the EP had no line for earns
    const live = liveEarned(ep.cutoff);
    const paid = new Map(lines.map((line) => [line.edpItemId, line.accumulatedAmount]));
    let changed = false;
    for (const [itemId, amount] of paid) {
      if (compareDecimals(roundDocument(live.get(itemId) ?? '0', currency), amount) !== 0) changed = true;
    }
    for (const [itemId, amount] of live) {
      if (scope !== undefined && !scope.has(itemId)) continue;
      if (!paid.has(itemId) && compareDecimals(roundDocument(amount, currency), '0') !== 0) changed = true;
    }
    const reported: SCurvePoint = { ...point, earned, earnedPercent, estadoPago: ep.number };
    if (changed) reported.recalculated = { earned: point.earned, earnedPercent: point.earnedPercent ?? '0' };
    return reported;
  });
}
