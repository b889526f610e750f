import { addDecimals, compareDecimals } from '../format/money-math';
import { parseGanttSourceKey } from './source-keys';
import type { EdpItem } from './generate-edp';

/**
 * What deleting EDP items takes with it (issue 12: "Deleting an EDP item, leaf or not, asks with
 * the numbers"). An item's EDC hangs from it (ON DELETE CASCADE); its Gantt task and the tasks of
 * its EDC items are built from it by source key (source-keys.ts: `edp:{itemId}`,
 * `edc:{itemId}:{code}`), so the deleting save drops them with every link touching them. Tasks
 * the user added under them stay (they move up to the nearest surviving parent), but their links
 * to dropped tasks go. Pure: the server counts stored rows with `countEdpUsage`, the editor adds up
 * any group of items with `edpUsageTotals`.
 */

/** Issue 33: what an approved EP paid on an item's line: EP N° `number`, its period amount (exact decimal). */
export type EdpPaid = { number: number; amount: string };

/** One saved EDP item that carries something; items that carry nothing are left out. */
export type EdpItemUsage = {
  id: number;
  /** its EDC rows */
  edcCount: number;
  /** stored Gantt tasks built from it: its own and its EDC items' */
  ganttTaskCount: number;
  /** stored Gantt links touching one of those tasks, each counted once */
  ganttLinkCount: number;
  /** issue 33: the progress recorded under its Gantt task at the latest cut-off, % to 2 decimals (absent: none) */
  progress?: string;
  /** issue 33: what approved EPs paid on its line, by EP N° (absent: nothing) */
  paid?: EdpPaid[];
  /** issue 33: the baselines holding its Gantt task, oldest first (absent: none) */
  baselines?: string[];
};

/** Issue 33: what the server read of the money per item, for countEdpUsage. */
export type EdpMoneyUsage = {
  progress?: ReadonlyMap<number, string>;
  paid?: ReadonlyMap<number, readonly EdpPaid[]>;
  baselines?: ReadonlyMap<number, readonly string[]>;
};

/** Links between the tasks of two different items `a` < `b`: counted in both items' ganttLinkCount. */
export type EdpCrossLinks = { a: number; b: number; count: number };

export type EdpUsageCounts = { items: EdpItemUsage[]; crossLinks: EdpCrossLinks[] };

export type EdpUsageTotals = { items: number; edcCount: number; ganttTaskCount: number; ganttLinkCount: number };

function usageOf(byId: Map<number, EdpItemUsage>, id: number): EdpItemUsage {
  let usage = byId.get(id);
  if (!usage) {
    usage = { id, edcCount: 0, ganttTaskCount: 0, ganttLinkCount: 0 };
    byId.set(id, usage);
  }
  return usage;
}

/**
 * Per item: its EDC rows, its stored Gantt tasks (by source key) and the links touching them; one
 * pass over each input, so a 20,000-item EDP with 100,000 tasks costs three reads and a few maps.
 */
export function countEdpUsage(input: {
  edcCounts: Iterable<{ edpItemId: number; count: number }>;
  tasks: Iterable<{ id: number; sourceKey: string | null }>;
  links: Iterable<{ from: number; to: number }>;
  /** issue 33: progress above 0, payments and baselines per item; empty ones are left out */
  money?: EdpMoneyUsage;
}): EdpUsageCounts {
  const byId = new Map<number, EdpItemUsage>();
  for (const { edpItemId, count } of input.edcCounts) if (count > 0) usageOf(byId, edpItemId).edcCount += count;
  const itemOfTask = new Map<number, number>();
  for (const task of input.tasks) {
    // the EDP item the task comes from (none: a user's task), read as the purge of deleted items'
    // tasks reads it, so the counts are what a deletion takes
    const itemId = parseGanttSourceKey(task.sourceKey)?.edpItemId;
    if (itemId === undefined) continue;
    itemOfTask.set(task.id, itemId);
    usageOf(byId, itemId).ganttTaskCount += 1;
  }
  const cross = new Map<string, EdpCrossLinks>();
  for (const link of input.links) {
    const from = itemOfTask.get(link.from);
    const to = itemOfTask.get(link.to);
    if (from !== undefined) usageOf(byId, from).ganttLinkCount += 1;
    if (to !== undefined && to !== from) usageOf(byId, to).ganttLinkCount += 1;
    if (from === undefined || to === undefined || from === to) continue;
    const a = Math.min(from, to);
    const b = Math.max(from, to);
    const key = `${a}:${b}`;
    const pair = cross.get(key);
    if (pair) pair.count += 1;
    else cross.set(key, { a, b, count: 1 });
  }
  for (const [id, progress] of input.money?.progress ?? []) {
    if (compareDecimals(progress, '0') > 0) usageOf(byId, id).progress = progress;
  }
  for (const [id, paid] of input.money?.paid ?? []) if (paid.length > 0) usageOf(byId, id).paid = [...paid];
  for (const [id, names] of input.money?.baselines ?? [])
    if (names.length > 0) usageOf(byId, id).baselines = [...names];
  const byNumber = (left: { id: number }, right: { id: number }) => left.id - right.id;
  return {
    items: [...byId.values()].sort(byNumber),
    crossLinks: [...cross.values()].sort((left, right) => left.a - right.a || left.b - right.b),
  };
}

/** The usage looked up by item, ready to add up groups of items. */
export type EdpUsageIndex = { byId: Map<number, EdpItemUsage>; cross: Map<number, { other: number; count: number }[]> };

export function indexEdpUsage(counts: EdpUsageCounts): EdpUsageIndex {
  const byId = new Map(counts.items.map((usage) => [usage.id, usage]));
  const cross = new Map<number, { other: number; count: number }[]>();
  for (const { a, b, count } of counts.crossLinks) {
    const list = cross.get(a);
    if (list) list.push({ other: b, count });
    else cross.set(a, [{ other: b, count }]);
  }
  return { byId, cross };
}

export const NO_EDP_USAGE: EdpUsageIndex = { byId: new Map(), cross: new Map() };

/** What deleting these items takes: the items, their EDC rows, Gantt tasks and links (a link between two of them once). */
export function edpUsageTotals(ids: Iterable<number>, index: EdpUsageIndex): EdpUsageTotals {
  const set = new Set(ids);
  const totals: EdpUsageTotals = { items: set.size, edcCount: 0, ganttTaskCount: 0, ganttLinkCount: 0 };
  for (const id of set) {
    const usage = index.byId.get(id);
    if (usage) {
      totals.edcCount += usage.edcCount;
      totals.ganttTaskCount += usage.ganttTaskCount;
      totals.ganttLinkCount += usage.ganttLinkCount;
    }
    // a link between two items of the group was counted by both
    for (const { other, count } of index.cross.get(id) ?? []) if (set.has(other)) totals.ganttLinkCount -= count;
  }
  return totals;
}

/** Whether deleting takes anything beyond the EDP items themselves. */
export function carriesEdpUsage(totals: EdpUsageTotals): boolean {
  return totals.edcCount > 0 || totals.ganttTaskCount > 0 || totals.ganttLinkCount > 0;
}

/**
 * Issue 33, deletions that touch money say so: what a deletion takes that was measured or paid.
 * `progress`: the progress recorded under the deleted item's task (the top one of the group);
 * `paid`: per approved EP, what it paid on the group's lines (summed; EPs that paid 0 left out);
 * `baselines`: the baselines holding any of its tasks.
 */
export type EdpMoneyFacts = { progress?: string; paid: EdpPaid[]; baselines: string[] };

/** Per EP N°, the amounts added up; sums of 0 left out; EP N° order. */
export function sumPaid(lists: Iterable<readonly EdpPaid[]>): EdpPaid[] {
  const byNumber = new Map<number, string>();
  for (const list of lists) {
    for (const { number, amount } of list) byNumber.set(number, addDecimals(byNumber.get(number) ?? '0', amount));
  }
  return [...byNumber]
    .filter(([, amount]) => compareDecimals(amount, '0') !== 0)
    .sort(([left], [right]) => left - right)
    .map(([number, amount]) => ({ number, amount }));
}

/** Names in their first order, each once. */
function unique(lists: Iterable<readonly string[]>): string[] {
  const seen = new Set<string>();
  for (const list of lists) for (const name of list) seen.add(name);
  return [...seen];
}

/** What deleting `top` and the items `ids` under it (top included) touches of the money. */
export function edpMoneyFacts(top: number, ids: Iterable<number>, index: EdpUsageIndex): EdpMoneyFacts {
  const usages = [...new Set(ids)].map((id) => index.byId.get(id)).filter((usage) => usage !== undefined);
  const facts: EdpMoneyFacts = {
    paid: sumPaid(usages.map((usage) => usage.paid ?? [])),
    baselines: unique(usages.map((usage) => usage.baselines ?? [])),
  };
  const progress = index.byId.get(top)?.progress;
  if (progress !== undefined) facts.progress = progress;
  return facts;
}

/** Whether the facts name anything (progress above 0, a payment or a baseline). */
export function touchesMoney(facts: EdpMoneyFacts): boolean {
  return facts.progress !== undefined || facts.paid.length > 0 || facts.baselines.length > 0;
}

export type EdpDeletion = { item: EdpItem; totals: EdpUsageTotals; facts: EdpMoneyFacts };

/**
 * The saved items a save of `next` deletes, one deletion per top-most deleted item of the saved
 * tree (its deleted descendants counted with it), in saved order; `totals` adds up all of them.
 */
export function edpDeletions(
  saved: readonly EdpItem[],
  next: readonly EdpItem[],
  index: EdpUsageIndex,
): { deletions: EdpDeletion[]; totals: EdpUsageTotals } {
  const kept = new Set(next.map((item) => item.id));
  const byId = new Map(saved.map((item) => [item.id, item]));
  const deleted = saved.filter((item) => !kept.has(item.id));
  const groupOf = new Map<number, number>();
  const findGroup = (item: EdpItem): number => {
    const path: number[] = [];
    const onPath = new Set<number>();
    let current = item;
    let group: number | undefined;
    for (;;) {
      group = groupOf.get(current.id);
      if (group !== undefined) break;
      path.push(current.id);
      onPath.add(current.id);
      const parent = current.parentId === undefined ? undefined : byId.get(current.parentId);
      // a parent seen on this path means a loop in corrupt data: stop there
      if (!parent || kept.has(parent.id) || onPath.has(parent.id)) {
        group = current.id;
        break;
      }
      current = parent;
    }
    for (const id of path) groupOf.set(id, group);
    return group;
  };
  const members = new Map<number, number[]>();
  for (const item of deleted) {
    const group = findGroup(item);
    const list = members.get(group);
    if (list) list.push(item.id);
    else members.set(group, [item.id]);
  }
  const deletions = [...members].map(([group, ids]) => ({
    item: byId.get(group) as EdpItem,
    totals: edpUsageTotals(ids, index),
    facts: edpMoneyFacts(group, ids, index),
  }));
  return {
    deletions,
    totals: edpUsageTotals(
      deleted.map((item) => item.id),
      index,
    ),
  };
}
