import { formatDecimal, generateEdc, nextActivityNumber, parseChileanDecimal } from '@cimiento/domain';
import { WORK_UNIT_LABELS, effectiveQuantity, quantityError } from '@cimiento/domain/resources';
import type { CatalogueSystem, Component, EdcItem, EdpItem } from '@cimiento/domain';
import { edpAncestorIds } from '@/lib/edp-tree-rows';

/** One node of the EDC screen's EDP tree (MUI X RichTreeView items). */
export type EdpTreeItem = { id: string; label: string; children: EdpTreeItem[] };

/**
 * The EDP items as RichTreeView items, in one pass over a Map (parents before or after their
 * children alike). An item whose parent is missing shows at the top level, so nothing is lost.
 */
export function buildEdpTreeItems(items: readonly EdpItem[]): EdpTreeItem[] {
  const nodes = new Map<number, EdpTreeItem>();
  for (const item of items) {
    nodes.set(item.id, { id: String(item.id), label: `${item.code} ${item.name}`, children: [] });
  }
  const roots: EdpTreeItem[] = [];
  for (const item of items) {
    const node = nodes.get(item.id);
    if (!node) continue;
    const parent = item.parentId === undefined ? undefined : nodes.get(item.parentId);
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

/**
 * The tree's branches open at first: only the top level, so a 5,000-item EDP renders a handful of
 * rows, and the ancestors of `revealId` (the remembered selection), so that item shows.
 */
export function initialEdpTreeExpanded(items: readonly EdpItem[], revealId: number | null = null): string[] {
  const open = items.filter((item) => item.parentId === undefined).map((item) => item.id);
  if (revealId !== null) {
    const byId = new Map(items.map((item) => [item.id, item]));
    for (const id of edpAncestorIds(byId, revealId)) if (!open.includes(id)) open.push(id);
  }
  return open.map(String);
}

/** One row of the EDC grid: the item, its depth under the EDP item (0 = main) and whether it has children. */
export type EdcGridRow = { item: EdcItem; depth: number; hasChildren: boolean };

/**
 * The EDC list as grid rows in tree order by parentCode (codes compared without regard to case):
 * each item followed by its children, in list order. Items whose parent is not in the list (the
 * main items, which hang from the EDP item) start at depth 0.
 */
export function edcGridRows(list: readonly EdcItem[]): EdcGridRow[] {
  const keys = new Set(list.map((item) => item.code.trim().toLowerCase()));
  const children = new Map<string, EdcItem[]>();
  const tops: EdcItem[] = [];
  for (const item of list) {
    const parentKey = item.parentCode.trim().toLowerCase();
    if (parentKey !== item.code.trim().toLowerCase() && keys.has(parentKey)) {
      const siblings = children.get(parentKey);
      if (siblings) siblings.push(item);
      else children.set(parentKey, [item]);
    } else tops.push(item);
  }
  const rows: EdcGridRow[] = [];
  const seen = new Set<EdcItem>();
  const visit = (item: EdcItem, depth: number) => {
    if (seen.has(item)) return;
    seen.add(item);
    const own = children.get(item.code.trim().toLowerCase()) ?? [];
    rows.push({ item, depth, hasChildren: own.length > 0 });
    for (const child of own) visit(child, depth + 1);
  };
  for (const item of tops) visit(item, 0);
  // a cycle of parents (never generated) would otherwise hide its items
  for (const item of list) visit(item, 0);
  return rows;
}

/** The codes of an item and everything under it (its subcomponents and their activities). */
export function edcSubtreeCodes(list: readonly EdcItem[], code: string): Set<string> {
  const removed = new Set([code.trim().toLowerCase()]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const item of list) {
      const key = item.code.trim().toLowerCase();
      if (!removed.has(key) && removed.has(item.parentCode.trim().toLowerCase())) {
        removed.add(key);
        grew = true;
      }
    }
  }
  return removed;
}

/** The list without the item `code` and its subcomponent and activity items. */
export function removeEdcItem(list: readonly EdcItem[], code: string): EdcItem[] {
  const removed = edcSubtreeCodes(list, code);
  return list.filter((item) => !removed.has(item.code.trim().toLowerCase()));
}

/** A row edit: code and name, and (issue 35) an activity's quantity as typed ('' or absent: none). */
export type EdcDraft = { code: string; name: string; quantity?: string };
export type EdcDraftErrors = {
  code?: 'required' | 'duplicate' | 'activity';
  name?: 'required';
  /** the domain's Spanish rule ('debe ser mayor que 0') */
  quantity?: string;
};

/**
 * Issue 35: an activity's quantity as typed in the grid, in Chilean notation ('1.200,5'): its
 * canonical decimal ('1200.5'; undefined when blank: none), or why it cannot be one (greater than
 * 0, at most 1.000.000.000, 4 decimals; the server checks the same, naming the row).
 */
export function readQuantityDraft(
  text: string | undefined,
): { ok: true; value?: string } | { ok: false; error: string } {
  if (text === undefined || text.trim() === '') return { ok: true };
  const parsed = parseChileanDecimal(text);
  if (!parsed.ok) {
    const error = parsed.error.startsWith('debe ser un monto')
      ? 'debe ser un número, por ejemplo 120 o 12,5'
      : parsed.error;
    return { ok: false, error };
  }
  const error = quantityError(parsed.value);
  return error === undefined ? { ok: true, value: parsed.value } : { ok: false, error };
}

/** A stored quantity as the field shows it to edit ('1200.5' → '1200,5'). */
export function quantityDraftText(quantity: string | undefined): string {
  return quantity === undefined ? '' : quantity.replace('.', ',');
}

/**
 * Issue 35: what the 'Cantidad' column shows for a row: an activity's typed quantity with its unit
 * of work ('40 m²'), else its EDP item's quantity when the units match, marked inherited; nothing
 * for components and activities without either.
 */
export function edcQuantityCell(
  item: EdcItem,
  edpItem: { unit?: string; quantity?: string } | undefined,
): { text: string; inherited: boolean } | null {
  if (item.kind !== 'activity') return null;
  const quantity = effectiveQuantity(item, edpItem ?? {});
  if (quantity === undefined) return null;
  const unit = item.workUnit === undefined ? '' : ` ${WORK_UNIT_LABELS[item.workUnit]}`;
  return { text: `${formatDecimal(quantity.quantity)}${unit}`, inherited: quantity.inherited };
}

const ACTIVITY_CODE = /^ACT\d+$/;

/**
 * Code and name required; the code unique within the item's EDC (without regard to case) except for
 * the row itself; an activity keeps an `ACT{r}` code (the structure the server re-validates).
 */
export function validateEdcDraft(list: readonly EdcItem[], draft: EdcDraft, ownIndex: number | null): EdcDraftErrors {
  const errors: EdcDraftErrors = {};
  const code = draft.code.trim();
  if (code === '') errors.code = 'required';
  else if (list.some((item, index) => index !== ownIndex && item.code.trim().toLowerCase() === code.toLowerCase())) {
    errors.code = 'duplicate';
  } else if (ownIndex !== null && list[ownIndex]?.kind === 'activity' && !ACTIVITY_CODE.test(code)) {
    errors.code = 'activity';
  }
  if (draft.name.trim() === '') errors.name = 'required';
  const quantity = readQuantityDraft(draft.quantity);
  if (!quantity.ok) errors.quantity = quantity.error;
  return errors;
}

/** The row at `index` with the draft's code and name; its children follow a new code. */
export function updateEdcItem(list: readonly EdcItem[], index: number, draft: EdcDraft): EdcItem[] {
  const old = list[index];
  if (!old) return [...list];
  const code = draft.code.trim();
  const name = draft.name.trim();
  const oldKey = old.code.trim().toLowerCase();
  const renamed = oldKey !== code.toLowerCase() || old.code !== code;
  const quantity = readQuantityDraft(draft.quantity);
  return list.map((item, position) => {
    if (position === index) {
      const next: EdcItem = { ...item, code, name };
      // issue 35: only an activity carries a quantity; blank clears it; a draft without one keeps it
      if (draft.quantity === undefined) return next;
      delete next.quantity;
      if (item.kind === 'activity' && quantity.ok && quantity.value !== undefined) next.quantity = quantity.value;
      return next;
    }
    if (renamed && item.parentCode.trim().toLowerCase() === oldKey) return { ...item, parentCode: code };
    return item;
  });
}

/**
 * 'Agregar': the new row that fits under the selected row (the structure the server checks): no
 * row selected → a main component under the EDP item (its code typed by the user); a main item → a
 * subcomponent `{main}.{k}`; a subcomponent → an activity `ACT{r}`; an activity → another activity of
 * the same subcomponent. It goes right after the parent's last descendant.
 */
export function newEdcItem(
  list: readonly EdcItem[],
  edpCode: string,
  selected: EdcItem | null,
  name: string,
): { list: EdcItem[]; index: number } {
  let item: EdcItem;
  if (!selected) item = { code: '', name, parentCode: edpCode, kind: 'main' };
  else if (selected.kind === 'main') {
    const siblings = list.filter(
      (candidate) => candidate.parentCode.trim().toLowerCase() === selected.code.trim().toLowerCase(),
    ).length;
    let k = siblings + 1;
    const taken = new Set(list.map((candidate) => candidate.code.trim().toLowerCase()));
    while (taken.has(`${selected.code}.${k}`.toLowerCase())) k += 1;
    item = { code: `${selected.code}.${k}`, name, parentCode: selected.code, kind: 'sub' };
  } else {
    const parentCode = selected.kind === 'sub' ? selected.code : selected.parentCode;
    item = { code: `ACT${nextActivityNumber(list)}`, name, parentCode, kind: 'activity' };
  }
  // after the parent's subtree, so the grid shows it at the end of its siblings
  const parentKey = item.kind === 'main' ? null : item.parentCode.trim().toLowerCase();
  let index = list.length;
  if (parentKey !== null) {
    const subtree = edcSubtreeCodes(list, parentKey);
    let last = -1;
    list.forEach((candidate, position) => {
      if (subtree.has(candidate.code.trim().toLowerCase())) last = position;
    });
    if (last !== -1) index = last + 1;
  }
  return { list: [...list.slice(0, index), item, ...list.slice(index)], index };
}

export type SelectedEdpItem = { id: number; code: string; name: string };

export type AssignResult = { ok: true; list: EdcItem[]; added: EdcItem[] } | { ok: false; error: string };

/**
 * Dropping a main component on a system (or 'Asignar'): the selected EDP item's list with the
 * generated items appended (domain.md "EDC generated by dropping…"). Refused, with the list left as
 * it was, when no EDP item is selected (id 0) or when the domain refuses (a duplicate main code).
 */
export function assignComponent(options: {
  edpItem: SelectedEdpItem;
  system: Pick<CatalogueSystem, 'code'>;
  component: Component;
  list: readonly EdcItem[];
  noItemMessage: string;
}): AssignResult {
  const { edpItem, system, component, list, noItemMessage } = options;
  if (edpItem.id === 0) return { ok: false, error: noItemMessage };
  const generated = generateEdc({ edpItem, system, components: [component], existing: list });
  if (!generated.ok) return generated;
  return { ok: true, list: [...list, ...generated.items], added: generated.items };
}
