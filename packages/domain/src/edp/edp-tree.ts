import { formatNumber } from '../format/money';
import { MAX_EDP_CODE } from '../functions/edp-contracts';
import { MAX_EDP_ITEMS } from '../functions/project-contracts';
import type { EdpItem } from './generate-edp';
import { flattenForest, forestOf, siblingsOf, withParent } from '../tree/ordered-forest';

/**
 * The EDP editor's tree operations (domain.md "EDP editing"), pure: each takes the item list and
 * answers a new one, never changing its input. The list's order is the tree's order: depth-first,
 * a parent before its children, siblings in their order. Operations that cannot apply (indenting
 * the first child, outdenting a level-1 item, deleting the root) answer `{ ok: false, error }`
 * with a Spanish message and no list.
 */

export type EdpChange = { ok: true; items: EdpItem[] } | { ok: false; error: string };

/** A new item's id: the highest id + 1 (1 for an empty list). */
export function nextEdpId(items: readonly EdpItem[]): number {
  let highest = 0;
  for (const item of items) if (item.id > highest) highest = item.id;
  return highest + 1;
}

/** The item and every item below it, the item first. */
export function edpSubtreeIds(items: readonly EdpItem[], id: number): number[] {
  const forest = forestOf(items);
  if (!forest.byId.has(id)) return [];
  const result: number[] = [];
  const stack = [id];
  while (stack.length > 0) {
    const current = stack.pop() as number;
    result.push(current);
    const kids = forest.children.get(current);
    if (kids) for (let index = kids.length - 1; index >= 0; index -= 1) stack.push(kids[index] as number);
  }
  return result;
}

/** How deep an item sits: 0 for the root. */
export function edpDepth(items: readonly EdpItem[], id: number): number {
  const byId = new Map(items.map((item) => [item.id, item]));
  let depth = 0;
  let current = byId.get(id);
  const seen = new Set<number>();
  while (current?.parentId !== undefined && byId.has(current.parentId) && !seen.has(current.id)) {
    seen.add(current.id);
    depth += 1;
    current = byId.get(current.parentId);
  }
  return depth;
}

/**
 * Adds an item (id = highest + 1, or `id`) under the selected item's parent, right after the selected
 * item's subtree; with no selection, or with the root selected, as the root's last child.
 */
export function addEdpItem(
  items: readonly EdpItem[],
  options: { selectedId?: number; code: string; name: string; id?: number },
): EdpChange {
  const forest = forestOf(items);
  // an editor passes its own id when ids of items deleted since the last save must not come back
  const id = options.id ?? nextEdpId(items);
  if (forest.byId.has(id)) return { ok: false, error: `El id ${id} ya existe en el EDP` };
  const selected = options.selectedId === undefined ? undefined : forest.byId.get(options.selectedId);
  const root = forest.roots[0];
  if (root === undefined) return { ok: true, items: [{ id, code: options.code, name: options.name }] };
  const parentId = selected?.parentId ?? root;
  const item: EdpItem = { id, parentId, code: options.code, name: options.name };
  forest.byId.set(id, item);
  const siblings = forest.children.get(parentId) ?? [];
  const at = selected?.parentId === undefined ? -1 : siblings.indexOf(selected.id);
  if (at === -1) siblings.push(id);
  else siblings.splice(at + 1, 0, id);
  forest.children.set(parentId, siblings);
  return { ok: true, items: flattenForest(forest) };
}

/** Adds an item (id = highest + 1) as the last child of `parentId`. */
export function appendEdpChild(
  items: readonly EdpItem[],
  parentId: number,
  options: { code: string; name: string },
): EdpChange {
  const forest = forestOf(items);
  if (!forest.byId.has(parentId)) return { ok: false, error: `El padre ${parentId} no existe en el EDP` };
  const id = nextEdpId(items);
  forest.byId.set(id, { id, parentId, code: options.code, name: options.name });
  forest.children.set(parentId, [...(forest.children.get(parentId) ?? []), id]);
  return { ok: true, items: flattenForest(forest) };
}

/** Moves an item, with its subtree, to be the last child of `parentId`; never under itself. */
export function moveEdpItem(items: readonly EdpItem[], id: number, parentId: number): EdpChange {
  const forest = forestOf(items);
  const item = forest.byId.get(id);
  if (!item) return { ok: false, error: 'El ítem no existe' };
  if (item.parentId === undefined) return { ok: false, error: 'La raíz del EDP no se puede mover' };
  if (!forest.byId.has(parentId)) return { ok: false, error: `El padre ${parentId} no existe en el EDP` };
  if (edpSubtreeIds(items, id).includes(parentId)) {
    return { ok: false, error: `${item.code} no se puede mover bajo sí mismo ni bajo sus ítems` };
  }
  const siblings = siblingsOf(forest, item);
  siblings.splice(siblings.indexOf(id), 1);
  forest.children.set(parentId, [...(forest.children.get(parentId) ?? []), id]);
  forest.byId.set(id, withParent(item, parentId));
  return { ok: true, items: flattenForest(forest) };
}

/** Indent: the item becomes the last child of its previous sibling. */
export function indentEdpItem(items: readonly EdpItem[], id: number): EdpChange {
  const forest = forestOf(items);
  const item = forest.byId.get(id);
  if (!item) return { ok: false, error: 'El ítem no existe' };
  if (item.parentId === undefined) return { ok: false, error: 'La raíz del EDP no se puede indentar' };
  const siblings = siblingsOf(forest, item);
  const at = siblings.indexOf(id);
  const previous = at > 0 ? siblings[at - 1] : undefined;
  if (previous === undefined) {
    return { ok: false, error: `${item.code} no tiene un ítem anterior en su nivel bajo el cual indentarlo` };
  }
  siblings.splice(at, 1);
  const newSiblings = forest.children.get(previous) ?? [];
  newSiblings.push(id);
  forest.children.set(previous, newSiblings);
  forest.byId.set(id, withParent(item, previous));
  return { ok: true, items: flattenForest(forest) };
}

/** Outdent: the item becomes the next sibling of its parent. Level-1 items stay under the root. */
export function outdentEdpItem(items: readonly EdpItem[], id: number): EdpChange {
  const forest = forestOf(items);
  const item = forest.byId.get(id);
  if (!item) return { ok: false, error: 'El ítem no existe' };
  const parent = item.parentId === undefined ? undefined : forest.byId.get(item.parentId);
  if (!parent) return { ok: false, error: 'La raíz del EDP no se puede desindentar' };
  if (parent.parentId === undefined) {
    return { ok: false, error: `${item.code} ya está en el primer nivel: el EDP tiene una sola raíz` };
  }
  const siblings = forest.children.get(parent.id) ?? [];
  siblings.splice(siblings.indexOf(id), 1);
  const parentSiblings = siblingsOf(forest, parent);
  parentSiblings.splice(parentSiblings.indexOf(parent.id) + 1, 0, id);
  forest.byId.set(id, withParent(item, parent.parentId));
  return { ok: true, items: flattenForest(forest) };
}

/** Deletes the item and its subtree; the root cannot be deleted. */
export function deleteEdpSubtree(items: readonly EdpItem[], id: number): EdpChange {
  const item = items.find((candidate) => candidate.id === id);
  if (!item) return { ok: false, error: 'El ítem no existe' };
  if (item.parentId === undefined) return { ok: false, error: 'La raíz del EDP no se puede eliminar' };
  const gone = new Set(edpSubtreeIds(items, id));
  return { ok: true, items: items.filter((candidate) => !gone.has(candidate.id)) };
}

export type EdpRenumber =
  | {
      ok: true;
      items: EdpItem[];
      /** The item whose subtree was re-coded (the root when the whole EDP was). */
      rootId: number;
      /** How many codes change (0: the subtree's codes already follow its positions). */
      changed: number;
    }
  | { ok: false; error: string };

/**
 * 'Renumerar códigos' (issue 12): below `id` (the whole EDP from its root when absent), every
 * item's code becomes its parent's code + '.' + its 1-based place among its siblings, so codes
 * follow the tree again after indent, outdent or moves. `id`'s own code, every id, parentId, name
 * and the list's order stay; an item whose code does not change keeps its object. Refused (and
 * nothing changes) when a new code would clash with a code outside the subtree (codes are unique
 * within a project, domain.md) or grow past the code's length limit.
 */
export function renumberEdpSubtree(items: readonly EdpItem[], id?: number): EdpRenumber {
  const forest = forestOf(items);
  const rootId = id ?? forest.roots[0];
  const top = rootId === undefined ? undefined : forest.byId.get(rootId);
  if (!top) return { ok: false, error: 'El ítem no existe' };
  const codes = new Map<number, string>([[top.id, top.code]]);
  const stack = [top.id];
  while (stack.length > 0) {
    const current = stack.pop() as number;
    const prefix = codes.get(current) as string;
    const kids = forest.children.get(current) ?? [];
    kids.forEach((kid, index) => {
      codes.set(kid, `${prefix}.${index + 1}`);
      stack.push(kid);
    });
  }
  const outside = new Map<string, EdpItem>();
  for (const item of items) if (!codes.has(item.id)) outside.set(edpCodeKey(item.code), item);
  let changed = 0;
  for (const [itemId, code] of codes) {
    const item = forest.byId.get(itemId) as EdpItem;
    if (code === item.code) continue;
    changed += 1;
    if (code.length > MAX_EDP_CODE) {
      return {
        ok: false,
        error: `No se puede renumerar ${top.code}: el código ${code.slice(0, 40)}… tendría más de ${MAX_EDP_CODE} caracteres`,
      };
    }
    const clash = outside.get(edpCodeKey(code));
    if (clash) {
      return {
        ok: false,
        error: `No se puede renumerar ${top.code}: el código ${code} ya lo usa el ítem ${clash.code} «${clash.name}», que está fuera de ${top.code}`,
      };
    }
  }
  if (changed === 0) return { ok: true, items: [...items], rootId: top.id, changed };
  const next = items.map((item) => {
    const code = codes.get(item.id);
    return code === undefined || code === item.code ? item : { ...item, code };
  });
  return { ok: true, items: next, rootId: top.id, changed };
}

/** Codes compare without regard to case or surrounding spaces ("P01.1" and "p01.1 " clash). */
export function edpCodeKey(code: string): string {
  return code.trim().toLowerCase();
}

/** The first item other than `exceptId` that already uses this code, if any. */
export function findEdpCodeClash(items: readonly EdpItem[], code: string, exceptId?: number): EdpItem | undefined {
  const key = edpCodeKey(code);
  return items.find((item) => item.id !== exceptId && edpCodeKey(item.code) === key);
}

/** Ids of the items whose parent chain loops back on itself (a cycle), in list order. */
export function findEdpCycles(items: readonly EdpItem[]): number[] {
  const parentOf = new Map<number, number | undefined>();
  for (const item of items) parentOf.set(item.id, item.parentId);
  // 0 unvisited, 1 on the current path, 2 known to reach a root (or a missing parent)
  const state = new Map<number, 0 | 1 | 2>();
  const inCycle = new Set<number>();
  for (const item of items) {
    if (state.get(item.id) === 2) continue;
    const path: number[] = [];
    let current: number | undefined = item.id;
    while (current !== undefined && parentOf.has(current) && (state.get(current) ?? 0) === 0) {
      state.set(current, 1);
      path.push(current);
      current = parentOf.get(current);
    }
    if (current !== undefined && state.get(current) === 1) {
      // the path from `current` onwards is the cycle
      for (let index = path.indexOf(current); index < path.length; index += 1) inCycle.add(path[index] as number);
    }
    for (const id of path) state.set(id, 2);
  }
  return items.filter((item) => inCycle.has(item.id)).map((item) => item.id);
}

/**
 * Everything wrong with an EDP as a whole (issue 5's server-side rules), in Spanish, at most
 * `limit` messages: ids unique, every parentId existing, no cycles, exactly one root, codes and
 * names non-empty and unique, at most 50,000 items. An empty list means the EDP is valid.
 */
export function validateEdp(items: readonly EdpItem[], limit = 20): string[] {
  const errors: string[] = [];
  const add = (message: string) => {
    if (errors.length < limit) errors.push(message);
  };
  if (items.length > MAX_EDP_ITEMS) {
    add(`El EDP tiene ${formatNumber(items.length)} ítems; el máximo es ${formatNumber(MAX_EDP_ITEMS)}`);
    return errors;
  }
  if (items.length === 0) {
    add('El EDP debe tener una raíz');
    return errors;
  }
  const ids = new Set<number>();
  for (const item of items) {
    if (ids.has(item.id)) add(`El id ${item.id} está repetido`);
    ids.add(item.id);
  }
  const roots = items.filter((item) => item.parentId === undefined);
  if (roots.length !== 1) {
    add(
      roots.length === 0
        ? 'El EDP debe tener una raíz (un ítem sin padre)'
        : `El EDP debe tener una sola raíz y tiene ${roots.length}: ${roots.map((item) => item.code).join(', ')}`,
    );
  }
  for (const item of items) {
    if (item.parentId !== undefined && !ids.has(item.parentId)) {
      add(`El padre ${item.parentId} del ítem ${item.code || item.id} no existe`);
    }
    if (item.parentId === item.id) add(`El ítem ${item.code || item.id} no puede ser su propio padre`);
  }
  // looked up by id, not with items.find per cycle member: a 50,000-item cycle took minutes
  const firstById = new Map<number, EdpItem>();
  for (const item of items) if (!firstById.has(item.id)) firstById.set(item.id, item);
  const cycle = findEdpCycles(items).filter((id) => firstById.get(id)?.parentId !== id);
  if (cycle.length > 0) {
    const codes = cycle.map((id) => firstById.get(id)?.code || String(id));
    add(`Los ítems ${codes.join(', ')} forman un ciclo`);
  }
  const seenCodes = new Map<string, EdpItem>();
  for (const item of items) {
    const code = item.code.trim();
    if (code === '') add(`El ítem ${item.id} no tiene código`);
    if (item.name.trim() === '') add(`El ítem ${code || item.id} no tiene nombre`);
    if (code === '') continue;
    const key = edpCodeKey(code);
    const first = seenCodes.get(key);
    if (first) add(`El código ${code} está repetido (ítems ${first.id} y ${item.id})`);
    else seenCodes.set(key, item);
  }
  return errors;
}
