import type { EdpItem } from '../edp/generate-edp';
import type { MoneyCurrency } from '../format/money-math';
import {
  MONEY_DECIMALS,
  addDecimals,
  divideDecimals,
  multiplyDecimals,
  roundMoney,
  spreadAmount,
  subtractDecimals,
} from '../format/money-math';

/**
 * Prices on EDP items and where their money goes (issue 16; docs/COSTS.md). Pure.
 *
 * - An item is priced when it has a quantity and a unit price; its amount is quantity × unit price
 *   rounded as the project's currency stores it (MONEY_DECIMALS).
 * - Totals roll up the tree: an item's total is its own amount plus its descendants' totals.
 * - Cost follows the schedule: an item's amount is spread over the Gantt leaves built from it
 *   (those whose nearest EDP task, themselves included, is the item's task), by working days
 *   (largest remainder, so the shares add up to the amount exactly; all milestones: equal shares).
 *   A task the user added under the item's task is built from it too. An item whose task has no
 *   leaf of its own (every leaf under it belongs to a sub-item) spreads over all the leaves under
 *   it; an item with no Gantt task at all (deleted in the Gantt) is `unplaced`.
 */

/** An EDP item with its price fields (decimal strings; absent: not set). */
export type PricedEdpItem = EdpItem & { unit?: string; quantity?: string; unitPrice?: string };

/** quantity × unit price rounded as `currency` stores it; undefined unless both are set. */
export function edpItemAmount(
  item: Pick<PricedEdpItem, 'quantity' | 'unitPrice'>,
  currency: MoneyCurrency,
): string | undefined {
  if (item.quantity === undefined || item.unitPrice === undefined) return undefined;
  return roundMoney(multiplyDecimals(item.quantity, item.unitPrice), currency);
}

/**
 * Each item's total (own amount + its descendants' totals), for the items whose subtree has any
 * priced item. The items come in any order; an item whose parent is missing counts as a root.
 */
export function rollUpEdpAmounts(items: readonly PricedEdpItem[], currency: MoneyCurrency): Map<number, string> {
  const children = new Map<number, number[]>();
  const byId = new Map(items.map((item) => [item.id, item]));
  const roots: number[] = [];
  for (const item of items) {
    if (item.parentId !== undefined && byId.has(item.parentId)) {
      const list = children.get(item.parentId) ?? [];
      list.push(item.id);
      children.set(item.parentId, list);
    } else {
      roots.push(item.id);
    }
  }
  const totals = new Map<number, string>();
  // post-order without recursion (an EDP can be 100,000 items deep in the worst case)
  const stack: Array<{ id: number; expanded: boolean }> = roots.map((id) => ({ id, expanded: false }));
  while (stack.length > 0) {
    const top = stack.pop() as { id: number; expanded: boolean };
    const kids = children.get(top.id) ?? [];
    if (!top.expanded) {
      stack.push({ id: top.id, expanded: true });
      for (const kid of kids) stack.push({ id: kid, expanded: false });
      continue;
    }
    const parts: string[] = [];
    const own = edpItemAmount(byId.get(top.id) as PricedEdpItem, currency);
    if (own !== undefined) parts.push(own);
    for (const kid of kids) {
      const total = totals.get(kid);
      if (total !== undefined) parts.push(total);
    }
    if (parts.length > 0) totals.set(top.id, addDecimals(...parts));
  }
  return totals;
}

/** The EDP's priced total beside the project's budget: difference = budget − total. */
export function edpBudgetSummary(
  items: readonly PricedEdpItem[],
  budget: string,
  currency: MoneyCurrency,
): { total: string; budget: string; difference: string; priced: number } {
  const amounts = items.map((item) => edpItemAmount(item, currency)).filter((amount) => amount !== undefined);
  const total = amounts.length === 0 ? '0' : addDecimals(...amounts);
  return { total, budget, difference: subtractDecimals(budget, total), priced: amounts.length };
}

/** A Gantt task as the cost spread reads it: `duration` in working days (its planned one). */
export type CostTask = { id: number; parentId?: number; sourceKey: string | null; duration: number };

/** One share of an item's amount on a Gantt leaf; `weight` is what the share is in proportion to. */
export type CostPart = { taskId: number; edpItemId: number; amount: string; weight: number };

export type TaskCosts = {
  parts: CostPart[];
  /** priced items with no Gantt task to carry their amount */
  unplaced: Array<{ edpItemId: number; amount: string }>;
};

/**
 * Each wanted task's nearest EDP item (itself or an ancestor whose task is built from one, `edp:N`),
 * walking up; a parent chain that loops stops the walk. For the cost spread (the leaves) and the
 * deletion questions (the tasks asked about, issue 33).
 */
export function nearestEdpItems(tasks: readonly CostTask[], isWanted: (id: number) => boolean): Map<number, number> {
  const byId = new Map(tasks.map((task) => [task.id, task]));
  const itemOfTask = new Map<number, number>();
  for (const task of tasks) {
    const match = task.sourceKey === null ? null : /^edp:(\d+)$/.exec(task.sourceKey);
    if (match) itemOfTask.set(task.id, Number(match[1]));
  }
  const owners = new Map<number, number>();
  for (const task of tasks) {
    if (!isWanted(task.id)) continue;
    let current: CostTask | undefined = task;
    const seen = new Set<number>();
    while (current && !seen.has(current.id)) {
      seen.add(current.id);
      const item = itemOfTask.get(current.id);
      if (item !== undefined) {
        owners.set(task.id, item);
        break;
      }
      current = current.parentId === undefined ? undefined : byId.get(current.parentId);
    }
  }
  return owners;
}

/** Each EDP item's leaves (its own, else all under its task), for every item with a Gantt task. */
function leavesByItem(tasks: readonly CostTask[]): Map<number, CostTask[]> {
  const byId = new Map(tasks.map((task) => [task.id, task]));
  const childrenOf = new Map<number, number[]>();
  for (const task of tasks) {
    if (task.parentId === undefined) continue;
    const list = childrenOf.get(task.parentId) ?? [];
    list.push(task.id);
    childrenOf.set(task.parentId, list);
  }
  const owners = nearestEdpItems(tasks, (id) => !childrenOf.has(id));
  const own = new Map<number, CostTask[]>();
  for (const task of tasks) {
    const owner = owners.get(task.id);
    if (owner === undefined) continue;
    const list = own.get(owner) ?? [];
    list.push(task);
    own.set(owner, list);
  }
  const leavesUnder = (id: number): CostTask[] => {
    const out: CostTask[] = [];
    const stack = [id];
    const seen = new Set<number>();
    while (stack.length > 0) {
      const current = stack.pop() as number;
      if (seen.has(current)) continue;
      seen.add(current);
      const kids = childrenOf.get(current);
      if (kids === undefined) {
        const task = byId.get(current);
        if (task) out.push(task);
      } else {
        for (let index = kids.length - 1; index >= 0; index -= 1) stack.push(kids[index] as number);
      }
    }
    return out;
  };
  const out = new Map<number, CostTask[]>();
  for (const task of tasks) {
    const match = task.sourceKey === null ? null : /^edp:(\d+)$/.exec(task.sourceKey);
    if (!match) continue;
    const item = Number(match[1]);
    out.set(item, own.get(item) ?? leavesUnder(task.id));
  }
  return out;
}

/** Working days as weights; all zero (milestones) → 1 each. */
export function leafWeights(leaves: readonly CostTask[]): number[] {
  const weights = leaves.map((leaf) => Math.max(0, leaf.duration));
  return weights.every((weight) => weight === 0) ? weights.map(() => 1) : weights;
}

/**
 * Every priced item's amount spread over its Gantt leaves by working days (see the module's
 * comment). `items` carry their price fields; `tasks` are the stored Gantt's, any order.
 */
export function spreadItemAmounts(
  items: readonly PricedEdpItem[],
  tasks: readonly CostTask[],
  currency: MoneyCurrency,
): TaskCosts {
  const amounts: ItemAmount[] = [];
  for (const item of items) {
    const amount = edpItemAmount(item, currency);
    if (amount !== undefined) amounts.push({ edpItemId: item.id, amount });
  }
  return spreadAmounts(amounts, tasks, currency);
}

/** A priced item's amount (exact decimal, as edpItemAmount answers it). */
export type ItemAmount = { edpItemId: number; amount: string };

/** spreadItemAmounts from the items' amounts already computed (loadGantt sends them to the browser). */
export function spreadAmounts(
  amounts: readonly ItemAmount[],
  tasks: readonly CostTask[],
  currency: MoneyCurrency,
): TaskCosts {
  const parts: CostPart[] = [];
  const unplaced: TaskCosts['unplaced'] = [];
  if (amounts.length === 0) return { parts, unplaced };
  const leaves = leavesByItem(tasks);
  for (const { edpItemId, amount } of amounts) {
    const own = leaves.get(edpItemId);
    if (own === undefined || own.length === 0) {
      unplaced.push({ edpItemId, amount });
      continue;
    }
    const weights = leafWeights(own);
    const shares = spreadAmount(amount, weights, MONEY_DECIMALS[currency]);
    own.forEach((leaf, index) => {
      parts.push({
        taskId: leaf.id,
        edpItemId,
        amount: shares[index] as string,
        weight: weights[index] as number,
      });
    });
  }
  return { parts, unplaced };
}

/**
 * Each leaf's weight in the progress roll-up (issue 33, 'ponderado por monto'): the money spread on
 * it (Σ of its parts), as rollUpProgress reads it. Undefined when no leaf carries money: nothing is
 * priced, and progress is weighted by duration. The same parts as the S-curve's and the estado de
 * pago's, so a summary's figure is its items' earned value over their amount.
 */
export function progressWeights(parts: readonly CostPart[]): Map<number, number> | undefined {
  const out = new Map<number, number>();
  let any = false;
  for (const part of parts) {
    const amount = Number(part.amount);
    if (!(amount > 0)) continue;
    any = true;
    out.set(part.taskId, (out.get(part.taskId) ?? 0) + amount);
  }
  return any ? out : undefined;
}

/** The priced items' amounts in their currency, as loadGantt sends them (issue 33). */
export type ProgressAmounts = { currency: MoneyCurrency; items: readonly ItemAmount[] };

/** A task as the progress weights read it: the stored Gantt's or the browser's draft. */
export type WeighedTask = {
  id: number;
  parentId?: number | undefined;
  sourceKey?: string | null | undefined;
  duration: number;
};

/** A stored or draft task as the cost spread reads it. */
export function toCostTask(task: WeighedTask): CostTask {
  const cost: CostTask = { id: task.id, sourceKey: task.sourceKey ?? null, duration: task.duration };
  if (task.parentId !== undefined) cost.parentId = task.parentId;
  return cost;
}

/**
 * progressWeights of a task list (stored, or the Gantt's draft): the amounts spread on its leaves as
 * the costs spread them. Undefined when nothing is priced (weighted by duration).
 */
export function taskProgressWeights(
  tasks: readonly WeighedTask[],
  amounts: ProgressAmounts | undefined,
): Map<number, number> | undefined {
  return createProgressWeigher()(tasks, amounts);
}

/**
 * taskProgressWeights for a list that changes edit by edit (the Gantt's draft, issue 33), with the
 * same answer: which leaves carry each item is kept while no task is added, removed, moved or
 * rebuilt (ids, parents and sources as before), and each item's shares while its leaves' working
 * days are as before, so an edit of progress or dates spreads nothing and an edit of one duration
 * spreads one item. Each weigher keeps the last list's state: one per screen.
 */
export function createProgressWeigher(): (
  tasks: readonly WeighedTask[],
  amounts: ProgressAmounts | undefined,
) => Map<number, number> | undefined {
  type Shape = { id: number; parentId: number | undefined; sourceKey: string | null };
  let shape: Shape[] = [];
  let shapeAmounts: ProgressAmounts | undefined;
  let placed: Array<{ edpItemId: number; amount: string; leafIds: number[] }> = [];
  const shares = new Map<number, { days: string; amounts: string[] }>();
  const sameShape = (tasks: readonly WeighedTask[]) => {
    if (tasks.length !== shape.length) return false;
    for (let index = 0; index < tasks.length; index += 1) {
      const task = tasks[index] as (typeof tasks)[number];
      const before = shape[index] as Shape;
      if (task.id !== before.id || task.parentId !== before.parentId || (task.sourceKey ?? null) !== before.sourceKey)
        return false;
    }
    return true;
  };
  return (tasks, amounts) => {
    if (amounts === undefined || amounts.items.length === 0) return undefined;
    if (amounts !== shapeAmounts || !sameShape(tasks)) {
      shape = tasks.map((task) => ({ id: task.id, parentId: task.parentId, sourceKey: task.sourceKey ?? null }));
      shapeAmounts = amounts;
      const leaves = leavesByItem(tasks.map(toCostTask));
      placed = [];
      for (const { edpItemId, amount } of amounts.items) {
        const own = leaves.get(edpItemId);
        if (own !== undefined && own.length > 0)
          placed.push({ edpItemId, amount, leafIds: own.map((leaf) => leaf.id) });
      }
      shares.clear();
    }
    const duration = new Map<number, number>();
    for (const task of tasks) duration.set(task.id, task.duration);
    const out = new Map<number, number>();
    let any = false;
    for (const item of placed) {
      const weights = leafWeights(item.leafIds.map((id) => ({ id, sourceKey: null, duration: duration.get(id) ?? 0 })));
      const days = weights.join(',');
      let kept = shares.get(item.edpItemId);
      if (kept === undefined || kept.days !== days) {
        kept = { days, amounts: spreadAmount(item.amount, weights, MONEY_DECIMALS[amounts.currency]) };
        shares.set(item.edpItemId, kept);
      }
      item.leafIds.forEach((id, index) => {
        const value = Number(kept.amounts[index]);
        if (!(value > 0)) return;
        any = true;
        out.set(id, (out.get(id) ?? 0) + value);
      });
    }
    return any ? out : undefined;
  };
}

/**
 * Each priced item's earned value at a cut-off (issue 33, to the peso): Σ over its spread shares
 * (spreadItemAmounts' parts) of share × the leaf's physical progress / 100, unrounded. The S-curve's
 * EV of the item is this same sum, so an estado de pago that pays round(earned) agrees with it
 * exactly; a percentage is rounded for display only, never before it multiplies an amount.
 */
export function edpItemEarned(
  parts: readonly CostPart[],
  leafProgress: ReadonlyMap<number, number>,
): Map<number, string> {
  const out = new Map<number, string>();
  for (const part of parts) {
    const progress = leafProgress.get(part.taskId) ?? 0;
    // as the S-curve's earnedAt: the amount times the percent, over 100, exact
    const earned = progress === 0 ? '0' : divideDecimals(multiplyDecimals(part.amount, String(progress)), '100');
    out.set(part.edpItemId, addDecimals(out.get(part.edpItemId) ?? '0', earned));
  }
  return out;
}

/**
 * The leaves each EDP item's work is measured on — the same leaves spreadItemAmounts puts its
 * amount on, for priced and unpriced items alike — weighted by working days (all milestones: 1
 * each). For an EP partida's physical progress.
 */
export function itemLeaves(tasks: readonly CostTask[]): Map<number, Array<{ taskId: number; weight: number }>> {
  const out = new Map<number, Array<{ taskId: number; weight: number }>>();
  for (const [item, leaves] of leavesByItem(tasks)) {
    const weights = leafWeights(leaves);
    out.set(
      item,
      leaves.map((leaf, index) => ({ taskId: leaf.id, weight: weights[index] as number })),
    );
  }
  return out;
}
