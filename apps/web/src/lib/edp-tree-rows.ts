import { edpCodeKey } from '@cimiento/domain';
import type { EdpItem } from '@cimiento/domain';

/** A grid row: the item with its children as sub-rows (material-react-table's getSubRows). */
export type EdpNode = EdpItem & { subRows: EdpNode[] };

/** One line of the printed tree or of the Excel sheet: depth 0 is the root. */
export type EdpTreeRow = { item: EdpItem; depth: number };

function parentOf(item: EdpItem, ids: ReadonlySet<number>): number | undefined {
  return item.parentId !== undefined && item.parentId !== item.id && ids.has(item.parentId) ? item.parentId : undefined;
}

/**
 * The EDP as nested rows, in one pass over a Map: each item under its parent, siblings in the
 * list's order (the editor's order, which the domain's operations keep depth-first). An item
 * whose parent is missing is shown as a root; items caught in a parent cycle are never reached.
 */
export function buildEdpTree(items: readonly EdpItem[]): EdpNode[] {
  const ids = new Set<number>();
  for (const item of items) ids.add(item.id);
  const nodes = new Map<number, EdpNode>();
  for (const item of items) nodes.set(item.id, { ...item, subRows: [] });
  const roots: EdpNode[] = [];
  for (const item of items) {
    const node = nodes.get(item.id) as EdpNode;
    const parentId = parentOf(item, ids);
    if (parentId === undefined) roots.push(node);
    else (nodes.get(parentId) as EdpNode).subRows.push(node);
  }
  return roots;
}

/** Every item in tree order with its depth (root 0), for printing and the Excel sheet. */
export function edpTreeRows(items: readonly EdpItem[]): EdpTreeRow[] {
  const rows: EdpTreeRow[] = [];
  // an explicit stack: a 50,000-item EDP may be deep enough to overflow recursion
  const stack: { node: EdpNode; depth: number }[] = buildEdpTree(items)
    .reverse()
    .map((node) => ({ node, depth: 0 }));
  while (stack.length > 0) {
    const { node, depth } = stack.pop() as { node: EdpNode; depth: number };
    const { subRows, ...item } = node;
    rows.push({ item, depth });
    for (let index = subRows.length - 1; index >= 0; index -= 1) {
      stack.push({ node: subRows[index] as EdpNode, depth: depth + 1 });
    }
  }
  return rows;
}

/** The item a new one goes under (domain addEdpItem): the selected item's parent, or the root. */
export function edpAddParent(items: readonly EdpItem[], selectedId: number | null): EdpItem | undefined {
  const root = items.find((item) => item.parentId === undefined) ?? items[0];
  if (selectedId === null) return root;
  const selected = items.find((item) => item.id === selectedId);
  if (selected?.parentId === undefined) return root;
  return items.find((item) => item.id === selected.parentId) ?? root;
}

/**
 * A free code for a new child of `parent`: the parent's code, '.', and the first number from
 * (children + 1) on that no item uses yet (codes compare without case, as the domain does).
 */
export function suggestEdpCode(items: readonly EdpItem[], parent: EdpItem | undefined): string {
  if (!parent) return '1';
  const taken = new Set<string>();
  let children = 0;
  for (const item of items) {
    taken.add(edpCodeKey(item.code));
    if (item.parentId === parent.id) children += 1;
  }
  let number = children + 1;
  while (taken.has(edpCodeKey(`${parent.code}.${number}`))) number += 1;
  return `${parent.code}.${number}`;
}

/** The ids of the items that have children (what "expand all" opens). */
export function edpParentIds(items: readonly EdpItem[]): number[] {
  const ids = new Set<number>();
  for (const item of items) ids.add(item.id);
  const parents = new Set<number>();
  for (const item of items) {
    const parentId = parentOf(item, ids);
    if (parentId !== undefined) parents.add(parentId);
  }
  return [...parents];
}

/** Up to this many items the grid opens with every level expanded. */
export const EDP_EXPAND_ALL_LIMIT = 500;

/**
 * Which rows start expanded, as an id → true record (never material-react-table's `true`, whose
 * single-row collapse would close the rows of every other page): all of them for a small EDP;
 * for a large one only the roots, so the first page does not walk thousands of rows.
 */
export function initialEdpExpanded(items: readonly EdpItem[]): Record<string, boolean> {
  const expanded: Record<string, boolean> = {};
  if (items.length <= EDP_EXPAND_ALL_LIMIT) {
    for (const id of edpParentIds(items)) expanded[String(id)] = true;
    return expanded;
  }
  const ids = new Set(items.map((item) => item.id));
  for (const item of items) if (parentOf(item, ids) === undefined) expanded[String(item.id)] = true;
  return expanded;
}

/** The ids above an item, nearest first (to expand them so the item shows). */
export function edpAncestorIds(byId: ReadonlyMap<number, EdpItem>, id: number): number[] {
  const ancestors: number[] = [];
  const seen = new Set<number>([id]);
  let parentId = byId.get(id)?.parentId;
  while (parentId !== undefined && byId.has(parentId) && !seen.has(parentId)) {
    ancestors.push(parentId);
    seen.add(parentId);
    parentId = byId.get(parentId)?.parentId;
  }
  return ancestors;
}
