import {
  addEdpItem,
  deleteEdpSubtree,
  findEdpCodeClash,
  indentEdpItem,
  nextEdpId,
  outdentEdpItem,
  renumberEdpSubtree,
} from '@cimiento/domain';
import type { EdpChange, EdpItem, EdpRenumber, LoadedEdp, PricedEdpItem } from '@cimiento/domain';
import { createContext, useContext } from 'react';
import { createStore, useStore } from 'zustand';
import type { StoreApi } from 'zustand';
import { edpAddParent, suggestEdpCode } from '@/lib/edp-tree-rows';
import { decimalText, parsePriceText, parseUnitText } from '../utils/edp-price-text';

/**
 * Why a field of the row being edited cannot be committed (translated by the grid; `invalid`
 * carries the price parser's Spanish message).
 */
export type EdpFieldError =
  { kind: 'required' } | { kind: 'duplicate'; code: string; id: number } | { kind: 'invalid'; message: string };

/** The fields of a row being edited: its code and name, and (issue 16) its price as typed. */
export type EdpEditField = 'code' | 'name' | 'unit' | 'quantity' | 'unitPrice';
export const EDP_EDIT_FIELDS: readonly EdpEditField[] = ['code', 'name', 'unit', 'quantity', 'unitPrice'];

export type EdpRowErrors = Partial<Record<EdpEditField, EdpFieldError>>;

export type EdpRowEdit = {
  id: number;
  code: string;
  name: string;
  /** issue 16: the unit, quantity and unit price as typed ('1.234,5'); '' = not set */
  unit: string;
  quantity: string;
  unitPrice: string;
  errors: EdpRowErrors;
  /** For a row just added: the list before it, so Cancelar takes the new row away again. */
  itemsBefore: EdpItem[] | null;
};

/**
 * Ask the grid to show this item (expand its ancestors, turn to its page, scroll it into view);
 * `focus` also moves the keyboard focus there: the row itself, or a field of the row being edited
 * (the one with an error). `seq` repeats a request.
 */
export type EdpRevealRequest = { id: number; seq: number; focus?: 'row' | EdpEditField };

/** One step 'Deshacer' goes back: the list and the selection before a local edit. */
export type EdpUndoEntry = { items: PricedEdpItem[]; selectedId: number | null };

/** How many local edits 'Deshacer' can go back. */
export const EDP_UNDO_LIMIT = 100;

/**
 * The EDP editor (product-spec.md §4 "EDP editing": add, edit and delete change the local list;
 * saving happens only on 'Grabar EDP'). `saved` is the list as the server last gave it; the
 * editor has unsaved changes while `items` is another list. Tree operations are the domain's.
 */
export type EdpEditorState = {
  /** issue 16: each item with its price fields (unit, quantity, unitPrice) when set */
  saved: PricedEdpItem[];
  items: PricedEdpItem[];
  /** The EDP version the edits are based on; saveEdp sends it back. */
  version: number;
  selectedId: number | null;
  editing: EdpRowEdit | null;
  /** The server refused a save as stale (ABORTED): its message, until the EDP is reloaded. */
  staleMessage: string | null;
  reveal: EdpRevealRequest | null;
  /** Grows each time a server EDP replaces the list (reload), so the grid starts over with it. */
  generation: number;
  /** The local edits since the last load or save, oldest first ('Deshacer' takes the last). */
  undoStack: EdpUndoEntry[];
  /**
   * Issue 36: the caller's role may not change the plan (a Lector, Terreno or Subcontratista): every
   * edit (startEdit, add, indent, outdent, remove, renumber, undo) refuses, whatever key or button
   * asked for it; reading, selecting, printing and exporting go on.
   */
  readOnly: boolean;
  setReadOnly: (readOnly: boolean) => void;
  load: (edp: LoadedEdp) => void;
  select: (id: number | null) => void;
  /** Opens a row for editing; false when another row's edit cannot be committed first. */
  startEdit: (id: number) => boolean;
  setDraft: (field: EdpEditField, value: string) => void;
  /** Commits the row being edited: true when it was valid (or nothing was being edited). */
  commitEdit: () => boolean;
  cancelEdit: () => void;
  /** Adds 'Nuevo ítem' (or the given name) under the selected item's parent and opens it for editing. */
  add: (name: string) => EdpChange;
  indent: () => EdpChange;
  outdent: () => EdpChange;
  remove: (id: number) => EdpChange;
  /** 'Renumerar códigos' below `id` (the whole EDP when undefined); a change only when some code changes. */
  renumber: (id?: number) => EdpRenumber;
  /** Goes back one local edit (a row being edited is cancelled first, as one step); false when there is none. */
  undo: () => boolean;
  /** Asks the grid to focus the selected row (after Enter or Escape in a row's editor). */
  focusSelectedRow: () => void;
  markSaved: (edp: LoadedEdp) => void;
  markStale: (message: string) => void;
  /**
   * A kept draft (issue 12) on screen as unsaved edits, based on `version`: its own base version
   * (a stale save is then refused as usual) or the stored one (applied on top of it).
   */
  restoreDraft: (draft: { items: PricedEdpItem[]; version: number }) => void;
};

export type EdpEditorStore = StoreApi<EdpEditorState>;

/**
 * Checks the row being edited: code and name required, code unique in the EDP (spec §5 EDP grid);
 * issue 16: the unit at most 20 characters, quantity and unit price empty or Chilean decimals.
 */
export function edpRowErrors(
  items: readonly EdpItem[],
  edit: Pick<EdpRowEdit, 'id' | 'code' | 'name'> & Partial<Pick<EdpRowEdit, 'unit' | 'quantity' | 'unitPrice'>>,
): EdpRowErrors {
  const errors: EdpRowErrors = {};
  const code = edit.code.trim();
  if (code === '') errors.code = { kind: 'required' };
  else {
    const clash = findEdpCodeClash(items, code, edit.id);
    if (clash) errors.code = { kind: 'duplicate', code: clash.code, id: clash.id };
  }
  if (edit.name.trim() === '') errors.name = { kind: 'required' };
  const unit = parseUnitText(edit.unit ?? '');
  if (!unit.ok) errors.unit = { kind: 'invalid', message: unit.error };
  for (const field of ['quantity', 'unitPrice'] as const) {
    const parsed = parsePriceText(edit[field] ?? '');
    if (!parsed.ok) errors[field] = { kind: 'invalid', message: parsed.error };
  }
  return errors;
}

function hasErrors(errors: EdpRowErrors): boolean {
  return EDP_EDIT_FIELDS.some((field) => errors[field] !== undefined);
}

function errorField(errors: EdpRowErrors): EdpEditField {
  return EDP_EDIT_FIELDS.find((field) => errors[field] !== undefined) ?? 'code';
}

function editOf(item: PricedEdpItem, itemsBefore: PricedEdpItem[] | null = null): EdpRowEdit {
  return {
    id: item.id,
    code: item.code,
    name: item.name,
    unit: item.unit ?? '',
    quantity: decimalText(item.quantity),
    unitPrice: decimalText(item.unitPrice),
    errors: {},
    itemsBefore,
  };
}

/** The item with the row's committed fields; the price fields absent when not set (its stale `amount` dropped). */
function committedItem(item: PricedEdpItem, edit: EdpRowEdit): PricedEdpItem {
  const next: PricedEdpItem & { amount?: string } = { ...item, code: edit.code.trim(), name: edit.name.trim() };
  delete next.unit;
  delete next.quantity;
  delete next.unitPrice;
  delete next.amount;
  const unit = parseUnitText(edit.unit);
  const quantity = parsePriceText(edit.quantity);
  const unitPrice = parsePriceText(edit.unitPrice);
  if (unit.ok && unit.value !== undefined) next.unit = unit.value;
  if (quantity.ok && quantity.value !== undefined) next.quantity = quantity.value;
  if (unitPrice.ok && unitPrice.value !== undefined) next.unitPrice = unitPrice.value;
  return next;
}

/** Whether two items carry the same code, name and price fields. */
function sameFields(a: PricedEdpItem, b: PricedEdpItem): boolean {
  return (
    a.code === b.code &&
    a.name === b.name &&
    a.unit === b.unit &&
    a.quantity === b.quantity &&
    a.unitPrice === b.unitPrice
  );
}

export function createEdpEditorStore(edp: LoadedEdp): EdpEditorStore {
  let seq = 0;
  const reveal = (id: number, focus?: EdpRevealRequest['focus']): EdpRevealRequest =>
    focus === undefined ? { id, seq: ++seq } : { id, seq: ++seq, focus };
  const first = edp.items[0];
  // items keep the fields the domain's tree operations do not name (their prices) as they move
  const priced = (list: EdpItem[]) => list as PricedEdpItem[];
  return createStore<EdpEditorState>()((set, get) => {
    /** The undo stack with the state before an edit on top. */
    const pushed = (): EdpUndoEntry[] => {
      const { undoStack, items, selectedId } = get();
      return [...undoStack.slice(-(EDP_UNDO_LIMIT - 1)), { items, selectedId }];
    };
    return {
      saved: edp.items,
      items: edp.items,
      version: edp.version,
      selectedId: first ? first.id : null,
      editing: null,
      staleMessage: null,
      reveal: null,
      generation: 0,
      undoStack: [],
      readOnly: false,

      setReadOnly: (readOnly) => {
        if (readOnly) get().cancelEdit();
        set({ readOnly });
      },

      load: (next) =>
        set((state) => ({
          saved: next.items,
          items: next.items,
          version: next.version,
          selectedId: next.items[0]?.id ?? null,
          editing: null,
          staleMessage: null,
          reveal: null,
          generation: state.generation + 1,
          undoStack: [],
        })),

      select: (id) => set({ selectedId: id }),

      startEdit: (id) => {
        if (get().readOnly) return false;
        const { editing, commitEdit } = get();
        if (editing?.id === id) return true;
        if (editing && !commitEdit()) return false;
        const item = get().items.find((candidate) => candidate.id === id);
        if (!item) return false;
        set({ editing: editOf(item), selectedId: id, reveal: reveal(id) });
        return true;
      },

      setDraft: (field, value) => {
        const { editing } = get();
        if (!editing) return;
        // a field's error goes once the user changes that field; the rest are checked on commit
        const errors = { ...editing.errors };
        delete errors[field];
        set({ editing: { ...editing, [field]: value, errors } });
      },

      commitEdit: () => {
        const { editing, items } = get();
        if (!editing) return true;
        const errors = edpRowErrors(items, editing);
        if (hasErrors(errors)) {
          // shown where the row is: its page, scrolled into view, the field with the error focused
          set({ editing: { ...editing, errors }, reveal: reveal(editing.id, errorField(errors)) });
          return false;
        }
        const current = items.find((item) => item.id === editing.id);
        if (!current) {
          set({ editing: null });
          return true;
        }
        const updated = committedItem(current, editing);
        if (sameFields(current, updated)) {
          set({ editing: null });
          return true;
        }
        set({
          items: items.map((item) => (item.id === editing.id ? updated : item)),
          editing: null,
          // a row just added is already one step (its 'add'); an edit of a saved row is its own
          ...(editing.itemsBefore ? {} : { undoStack: pushed() }),
        });
        return true;
      },

      cancelEdit: () => {
        const { editing, items } = get();
        if (!editing) return;
        if (editing.itemsBefore) {
          const parentId = items.find((item) => item.id === editing.id)?.parentId ?? null;
          // the add is taken back, and so is its undo step
          const { undoStack } = get();
          const top = undoStack.at(-1);
          set({
            items: editing.itemsBefore,
            editing: null,
            selectedId: parentId,
            undoStack: top?.items === editing.itemsBefore ? undoStack.slice(0, -1) : undoStack,
          });
          return;
        }
        set({ editing: null });
      },

      add: (name) => {
        if (get().readOnly || !get().commitEdit()) return { ok: false, error: '' };
        const { items, selectedId } = get();
        const code = suggestEdpCode(items, edpAddParent(items, selectedId));
        // an id deleted since the last save must not come back: the server would keep that row (and
        // what hangs from it, such as its EDC) for the new item
        const id = Math.max(nextEdpId(items), nextEdpId(get().saved));
        const change = addEdpItem(items, { ...(selectedId === null ? {} : { selectedId }), code, name, id });
        if (!change.ok) return change;
        const added = change.items.find((item) => item.id === id);
        if (!added) return change;
        set({
          items: priced(change.items),
          selectedId: id,
          editing: editOf(added, items),
          reveal: reveal(id),
          undoStack: pushed(),
        });
        return change;
      },

      indent: () => {
        const { items, selectedId, readOnly } = get();
        if (selectedId === null || readOnly) return { ok: false, error: '' };
        const change = indentEdpItem(items, selectedId);
        if (change.ok) set({ items: priced(change.items), reveal: reveal(selectedId), undoStack: pushed() });
        return change;
      },

      outdent: () => {
        const { items, selectedId, readOnly } = get();
        if (selectedId === null || readOnly) return { ok: false, error: '' };
        const change = outdentEdpItem(items, selectedId);
        if (change.ok) set({ items: priced(change.items), reveal: reveal(selectedId), undoStack: pushed() });
        return change;
      },

      remove: (id) => {
        const { items, editing, readOnly } = get();
        if (readOnly) return { ok: false, error: '' };
        const change = deleteEdpSubtree(items, id);
        if (!change.ok) return change;
        // the row above the deleted one (its previous sibling's last item, or its parent) takes the selection
        const at = items.findIndex((item) => item.id === id);
        const survivors = new Set(change.items.map((item) => item.id));
        let next: number | null = null;
        for (let index = at - 1; index >= 0; index -= 1) {
          const candidate = items[index] as PricedEdpItem;
          if (survivors.has(candidate.id)) {
            next = candidate.id;
            break;
          }
        }
        set({
          items: priced(change.items),
          selectedId: next,
          editing: editing && survivors.has(editing.id) ? editing : null,
          reveal: next === null ? null : reveal(next),
          undoStack: pushed(),
        });
        return change;
      },

      renumber: (id) => {
        const { items, readOnly } = get();
        if (readOnly) return { ok: false, error: '' };
        const change = renumberEdpSubtree(items, id);
        if (change.ok && change.changed > 0) {
          set({ items: priced(change.items), reveal: reveal(change.rootId), undoStack: pushed() });
        }
        return change;
      },

      undo: () => {
        const { editing, undoStack, readOnly } = get();
        if (readOnly) return false;
        if (editing) {
          get().cancelEdit();
          return true;
        }
        const entry = undoStack.at(-1);
        if (!entry) return false;
        const selectedId =
          entry.selectedId !== null && entry.items.some((item) => item.id === entry.selectedId)
            ? entry.selectedId
            : null;
        set({
          items: entry.items,
          selectedId,
          undoStack: undoStack.slice(0, -1),
          reveal: selectedId === null ? null : reveal(selectedId),
        });
        return true;
      },

      focusSelectedRow: () => {
        const { selectedId } = get();
        if (selectedId !== null) set({ reveal: reveal(selectedId, 'row') });
      },

      markSaved: (saved) =>
        set((state) => ({
          saved: saved.items,
          items: saved.items,
          version: saved.version,
          staleMessage: null,
          undoStack: [],
          selectedId:
            state.selectedId !== null && saved.items.some((item) => item.id === state.selectedId)
              ? state.selectedId
              : (saved.items[0]?.id ?? null),
        })),

      markStale: (message) => set({ staleMessage: message }),

      restoreDraft: (draft) =>
        set((state) => ({
          items: draft.items,
          version: draft.version,
          selectedId: draft.items[0]?.id ?? null,
          editing: null,
          staleMessage: null,
          reveal: null,
          undoStack: [],
          generation: state.generation + 1,
        })),
    };
  });
}

export const EdpEditorContext = createContext<EdpEditorStore | null>(null);

/** A slice of the editor of the EDP on screen (inside its EdpEditorContext). */
export function useEdpEditor<T>(selector: (state: EdpEditorState) => T): T {
  const store = useContext(EdpEditorContext);
  if (!store) throw new Error('useEdpEditor outside an EDP editor');
  return useStore(store, selector);
}

export function useEdpEditorStore(): EdpEditorStore {
  const store = useContext(EdpEditorContext);
  if (!store) throw new Error('useEdpEditorStore outside an EDP editor');
  return store;
}

export function selectIsDirty(state: EdpEditorState): boolean {
  return state.items !== state.saved;
}
