/**
 * A list that is a tree in depth-first order (a parent before its children, siblings in their
 * order), as the EDP editor and the Gantt keep theirs: the forest it describes, and back. An item
 * whose parent is not in the list is a root. Iterative, so a 50,000-level chain does not blow the
 * stack. Shared by the EDP's and the Gantt's tree operations.
 */

export type TreeItem = { id: number; parentId?: number };

export type Forest<T extends TreeItem> = { roots: number[]; children: Map<number, number[]>; byId: Map<number, T> };

export function forestOf<T extends TreeItem>(items: readonly T[]): Forest<T> {
  const byId = new Map<number, T>();
  for (const item of items) byId.set(item.id, item);
  const roots: number[] = [];
  const children = new Map<number, number[]>();
  for (const item of items) {
    if (item.parentId === undefined || !byId.has(item.parentId)) {
      roots.push(item.id);
      continue;
    }
    const siblings = children.get(item.parentId);
    if (siblings) siblings.push(item.id);
    else children.set(item.parentId, [item.id]);
  }
  return { roots, children, byId };
}

/** Depth-first, parents before children. */
export function flattenForest<T extends TreeItem>(forest: Forest<T>): T[] {
  const result: T[] = [];
  const stack = [...forest.roots].reverse();
  while (stack.length > 0) {
    const id = stack.pop() as number;
    const item = forest.byId.get(id);
    if (item) result.push(item);
    const kids = forest.children.get(id);
    if (kids) for (let index = kids.length - 1; index >= 0; index -= 1) stack.push(kids[index] as number);
  }
  return result;
}

/** A copy of the item under another parent (none: a root). */
export function withParent<T extends TreeItem>(item: T, parentId: number | undefined): T {
  const { parentId: _old, ...rest } = item;
  return (parentId === undefined ? rest : { ...rest, parentId }) as T;
}

/** The ids of the item's siblings, itself included, in order (the live list inside the forest). */
export function siblingsOf<T extends TreeItem>(forest: Forest<T>, item: T): number[] {
  return item.parentId === undefined ? forest.roots : (forest.children.get(item.parentId) ?? forest.roots);
}
