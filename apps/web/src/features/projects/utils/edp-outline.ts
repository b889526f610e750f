import type { LoadedProject } from '@cimiento/domain';

type EdpItem = LoadedProject['edp']['items'][number];

export type OutlineRow = { item: EdpItem; depth: number };

/**
 * The EDP as an indented outline: each item after its parent, siblings in id order, depth 0 for
 * the root. An item whose parent is missing is shown as a root, and a parent cycle cannot loop.
 * Stops after `limit` rows (the read-only preview shows the first 500).
 */
export function edpOutline(items: readonly EdpItem[], limit = Number.POSITIVE_INFINITY): OutlineRow[] {
  const ids = new Set(items.map((item) => item.id));
  const childrenOf = new Map<number | null, EdpItem[]>();
  for (const item of [...items].sort((a, b) => a.id - b.id)) {
    const parent =
      item.parentId !== undefined && ids.has(item.parentId) && item.parentId !== item.id ? item.parentId : null;
    const siblings = childrenOf.get(parent) ?? [];
    siblings.push(item);
    childrenOf.set(parent, siblings);
  }
  const rows: OutlineRow[] = [];
  const visited = new Set<number>();
  // an explicit stack: a 50,000-item EDP may be deep enough to overflow recursion
  const stack: OutlineRow[] = (childrenOf.get(null) ?? []).map((item) => ({ item, depth: 0 })).reverse();
  while (stack.length > 0 && rows.length < limit) {
    const row = stack.pop() as OutlineRow;
    if (visited.has(row.item.id)) continue;
    visited.add(row.item.id);
    rows.push(row);
    const children = childrenOf.get(row.item.id) ?? [];
    for (let index = children.length - 1; index >= 0; index -= 1) {
      stack.push({ item: children[index] as EdpItem, depth: row.depth + 1 });
    }
  }
  return rows;
}
