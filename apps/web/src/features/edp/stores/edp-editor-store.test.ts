import type { EdpItem, PricedEdpItem } from '@cimiento/domain';
import { describe, expect, it } from 'vitest';
import { createEdpEditorStore, selectIsDirty } from './edp-editor-store';

const items: EdpItem[] = [
  { id: 1, code: 'P01', name: 'Proyecto' },
  { id: 2, parentId: 1, code: 'P01.1', name: 'Torre A' },
  { id: 3, parentId: 2, code: 'P01.1.1', name: 'Piso 1' },
  { id: 4, parentId: 2, code: 'P01.1.2', name: 'Piso 2' },
  { id: 5, parentId: 1, code: 'P01.2', name: 'Torre B' },
];

function editor() {
  return createEdpEditorStore({ items, version: 3 });
}

describe('EDP editor store', () => {
  it('issue 36: read-only (a role that may not change the plan) refuses every edit and keeps what is on screen', () => {
    const store = editor();
    store.getState().select(3);
    expect(store.getState().startEdit(3)).toBe(true);
    store.getState().setDraft('name', 'Piso uno');
    // turning read-only takes back the open row's typing
    store.getState().setReadOnly(true);
    const { items: before } = store.getState();
    expect(store.getState().editing).toBeNull();
    expect(store.getState().startEdit(3)).toBe(false);
    expect(store.getState().add('Nuevo ítem').ok).toBe(false);
    expect(store.getState().indent().ok).toBe(false);
    expect(store.getState().outdent().ok).toBe(false);
    expect(store.getState().remove(3).ok).toBe(false);
    expect(store.getState().renumber().ok).toBe(false);
    expect(store.getState().undo()).toBe(false);
    expect(store.getState().items).toBe(before);
    expect(selectIsDirty(store.getState())).toBe(false);
    // selecting still works, and the edits come back when the role may
    store.getState().select(4);
    expect(store.getState().selectedId).toBe(4);
    store.getState().setReadOnly(false);
    expect(store.getState().startEdit(4)).toBe(true);
  });

  it('starts with the root selected and no unsaved changes', () => {
    const store = editor();
    expect(store.getState()).toMatchObject({ selectedId: 1, version: 3, editing: null, staleMessage: null });
    expect(selectIsDirty(store.getState())).toBe(false);
  });

  it("adds 'Nuevo ítem' with id highest + 1 after the selected item, with a free code, open for editing", () => {
    const store = editor();
    store.getState().select(3);
    expect(store.getState().add('Nuevo ítem').ok).toBe(true);
    const state = store.getState();
    expect(state.items.map((item) => item.id)).toEqual([1, 2, 3, 6, 4, 5]);
    expect(state.items.find((item) => item.id === 6)).toEqual({
      id: 6,
      parentId: 2,
      code: 'P01.1.3',
      name: 'Nuevo ítem',
    });
    expect(state.editing).toMatchObject({ id: 6, code: 'P01.1.3', name: 'Nuevo ítem' });
    expect(state.selectedId).toBe(6);
    expect(selectIsDirty(state)).toBe(true);
  });

  it('cancelling a just-added row takes it away again, leaving no unsaved changes', () => {
    const store = editor();
    store.getState().add('Nuevo ítem');
    store.getState().cancelEdit();
    expect(store.getState().items).toBe(items);
    expect(selectIsDirty(store.getState())).toBe(false);
  });

  it('refuses an empty code or name and a duplicate code (any case), keeping the row open', () => {
    const store = editor();
    store.getState().startEdit(4);
    store.getState().setDraft('code', '  ');
    store.getState().setDraft('name', '');
    expect(store.getState().commitEdit()).toBe(false);
    expect(store.getState().editing?.errors).toEqual({ code: { kind: 'required' }, name: { kind: 'required' } });
    store.getState().setDraft('code', 'p01.1.1');
    expect(store.getState().editing?.errors).toEqual({ name: { kind: 'required' } });
    store.getState().setDraft('name', 'Piso dos');
    expect(store.getState().commitEdit()).toBe(false);
    expect(store.getState().editing?.errors).toEqual({ code: { kind: 'duplicate', code: 'P01.1.1', id: 3 } });
    expect(store.getState().items).toBe(items);
  });

  it('commits a valid row trimmed, and keeping its own code is not a clash', () => {
    const store = editor();
    store.getState().startEdit(4);
    store.getState().setDraft('name', '  Piso dos ');
    expect(store.getState().commitEdit()).toBe(true);
    expect(store.getState().editing).toBeNull();
    expect(store.getState().items.find((item) => item.id === 4)).toEqual({
      id: 4,
      parentId: 2,
      code: 'P01.1.2',
      name: 'Piso dos',
    });
    expect(selectIsDirty(store.getState())).toBe(true);
  });

  it("indents under the previous sibling and outdents back; at the edges it answers the domain's message", () => {
    const store = editor();
    store.getState().select(5);
    expect(store.getState().indent().ok).toBe(true);
    expect(store.getState().items.find((item) => item.id === 5)?.parentId).toBe(2);
    expect(store.getState().outdent().ok).toBe(true);
    expect(store.getState().items.find((item) => item.id === 5)?.parentId).toBe(1);
    store.getState().select(3);
    expect(store.getState().indent()).toEqual({
      ok: false,
      error: 'P01.1.1 no tiene un ítem anterior en su nivel bajo el cual indentarlo',
    });
    store.getState().select(2);
    expect(store.getState().outdent()).toMatchObject({ ok: false });
  });

  it('deletes a subtree and selects the row above; the root stays', () => {
    const store = editor();
    expect(store.getState().remove(2).ok).toBe(true);
    expect(store.getState().items.map((item) => item.id)).toEqual([1, 5]);
    expect(store.getState().selectedId).toBe(1);
    expect(store.getState().remove(1)).toEqual({ ok: false, error: 'La raíz del EDP no se puede eliminar' });
  });

  it('never gives a new item the id of one deleted since the last save (its stored row and EDC would carry over)', () => {
    const store = editor();
    store.getState().remove(5);
    store.getState().select(2);
    store.getState().add('Nuevo ítem');
    expect(store.getState().items.map((item) => item.id)).toEqual([1, 2, 3, 4, 6]);
  });

  it('a stale save keeps the edits; a successful one takes the new version and clears the changes', () => {
    const store = editor();
    store.getState().remove(5);
    store.getState().markStale('El EDP fue modificado por otra persona; recarga para ver los cambios');
    expect(store.getState().items.map((item) => item.id)).toEqual([1, 2, 3, 4]);
    expect(selectIsDirty(store.getState())).toBe(true);
    const saved = store.getState().items;
    store.getState().markSaved({ items: saved, version: 4 });
    expect(store.getState()).toMatchObject({ version: 4, staleMessage: null });
    expect(selectIsDirty(store.getState())).toBe(false);
  });

  it("loading the server's EDP (Recargar) drops the local edits and starts a new generation", () => {
    const store = editor();
    store.getState().remove(5);
    store.getState().markStale('El EDP fue modificado por otra persona; recarga para ver los cambios');
    const theirs = [...items, { id: 6, parentId: 1, code: 'P01.3', name: 'Casino' }];
    store.getState().load({ items: theirs, version: 9 });
    expect(store.getState()).toMatchObject({ items: theirs, version: 9, staleMessage: null, generation: 1 });
    expect(selectIsDirty(store.getState())).toBe(false);
  });
});

describe("EDP editor store: 'Deshacer' (issue 12)", () => {
  const ids = (store: ReturnType<typeof editor>) => store.getState().items.map((item) => `${item.id}:${item.code}`);

  it('brings a deleted subtree back with its ids, selected, and has nothing more to undo', () => {
    const store = editor();
    store.getState().select(2);
    store.getState().remove(2);
    expect(ids(store)).toEqual(['1:P01', '5:P01.2']);
    expect(store.getState().undo()).toBe(true);
    expect(store.getState().items).toBe(items);
    expect(store.getState().selectedId).toBe(2);
    expect(selectIsDirty(store.getState())).toBe(false);
    expect(store.getState().undo()).toBe(false);
  });

  it('goes back through add, edit, indent, outdent, delete and renumber one step at a time', () => {
    const store = editor();
    const history: string[][] = [ids(store)];
    store.getState().select(3);
    store.getState().add('Nuevo ítem');
    store.getState().setDraft('name', 'Piso 3');
    expect(store.getState().commitEdit()).toBe(true);
    history.push(ids(store));
    store.getState().startEdit(5);
    store.getState().setDraft('code', 'P01.9');
    store.getState().commitEdit();
    history.push(ids(store));
    store.getState().select(5);
    store.getState().indent();
    history.push(ids(store));
    store.getState().outdent();
    history.push(ids(store));
    store.getState().indent();
    history.push(ids(store));
    store.getState().remove(4);
    history.push(ids(store));
    expect(store.getState().renumber(2).ok).toBe(true);
    expect(ids(store)).toEqual(['1:P01', '2:P01.1', '3:P01.1.1', '6:P01.1.2', '5:P01.1.3']);
    expect(store.getState().undoStack).toHaveLength(history.length);
    for (const expected of history.reverse()) {
      expect(store.getState().undo()).toBe(true);
      expect(ids(store)).toEqual(expected);
    }
    expect(store.getState().items).toBe(items);
    expect(store.getState().undo()).toBe(false);
  });

  it('an add cancelled leaves no step; undo while a row is open cancels that edit as one step', () => {
    const store = editor();
    store.getState().add('Nuevo ítem');
    store.getState().cancelEdit();
    expect(store.getState().undoStack).toEqual([]);
    store.getState().remove(5);
    store.getState().add('Nuevo ítem');
    expect(store.getState().undo()).toBe(true);
    expect(store.getState().editing).toBeNull();
    expect(ids(store)).toEqual(['1:P01', '2:P01.1', '3:P01.1.1', '4:P01.1.2']);
    expect(store.getState().undo()).toBe(true);
    expect(store.getState().items).toBe(items);
  });

  it('a renumber that changes nothing, a refused operation and an unchanged edit leave no step', () => {
    const store = editor();
    expect(store.getState().renumber()).toMatchObject({ ok: true, changed: 0 });
    store.getState().select(3);
    expect(store.getState().indent().ok).toBe(false);
    store.getState().startEdit(3);
    store.getState().commitEdit();
    expect(store.getState().undoStack).toEqual([]);
    expect(store.getState().items).toBe(items);
  });

  it('is cleared by a save and by a reload', () => {
    const store = editor();
    store.getState().remove(5);
    store.getState().markSaved({ items: store.getState().items, version: 4 });
    expect(store.getState().undoStack).toEqual([]);
    store.getState().remove(4);
    store.getState().load({ items, version: 5 });
    expect(store.getState().undoStack).toEqual([]);
    expect(store.getState().undo()).toBe(false);
  });

  it('a refused commit shows the row where it is: a reveal that focuses the field with the error', () => {
    const store = editor();
    store.getState().startEdit(4);
    store.getState().setDraft('code', 'p01.1.1');
    expect(store.getState().commitEdit()).toBe(false);
    expect(store.getState().reveal).toMatchObject({ id: 4, focus: 'code' });
    store.getState().setDraft('code', 'P01.1.7');
    store.getState().setDraft('name', ' ');
    expect(store.getState().commitEdit()).toBe(false);
    expect(store.getState().reveal).toMatchObject({ id: 4, focus: 'name' });
  });
});

describe('EDP editor store: prices (issue 16)', () => {
  const priced: PricedEdpItem[] = [
    { id: 1, code: 'P01', name: 'Proyecto' },
    { id: 2, parentId: 1, code: 'P01.1', name: 'Torre A', unit: 'm2', quantity: '1234.5', unitPrice: '1000' },
    { id: 3, parentId: 1, code: 'P01.2', name: 'Torre B' },
  ];

  it('opens a row with its price as typed the Chilean way, and commits the typed price as exact decimals', () => {
    const store = createEdpEditorStore({ items: priced, version: 1 });
    store.getState().startEdit(2);
    expect(store.getState().editing).toMatchObject({ unit: 'm2', quantity: '1.234,5', unitPrice: '1.000' });
    store.getState().startEdit(3);
    store.getState().setDraft('unit', ' ml ');
    store.getState().setDraft('quantity', '12,5');
    store.getState().setDraft('unitPrice', '2.500,25');
    expect(store.getState().commitEdit()).toBe(true);
    expect(store.getState().items[2]).toEqual({
      id: 3,
      parentId: 1,
      code: 'P01.2',
      name: 'Torre B',
      unit: 'ml',
      quantity: '12.5',
      unitPrice: '2500.25',
    });
    expect(selectIsDirty(store.getState())).toBe(true);
    // one undo step takes the price back
    expect(store.getState().undo()).toBe(true);
    expect(store.getState().items).toBe(priced);
  });

  it('refuses a bad quantity or unit price with its message and keeps the row open; emptied fields clear the price', () => {
    const store = createEdpEditorStore({ items: priced, version: 1 });
    store.getState().startEdit(2);
    store.getState().setDraft('quantity', 'doce');
    store.getState().setDraft('unitPrice', '-1');
    expect(store.getState().commitEdit()).toBe(false);
    expect(store.getState().editing?.errors).toEqual({
      quantity: { kind: 'invalid', message: 'debe ser un número, por ejemplo 1.234,5' },
      unitPrice: { kind: 'invalid', message: 'no puede ser negativo' },
    });
    expect(store.getState().reveal).toMatchObject({ id: 2, focus: 'quantity' });
    store.getState().setDraft('quantity', '');
    store.getState().setDraft('unitPrice', '');
    store.getState().setDraft('unit', '');
    expect(store.getState().commitEdit()).toBe(true);
    expect(store.getState().items[1]).toEqual({ id: 2, parentId: 1, code: 'P01.1', name: 'Torre A' });
  });

  it('keeps the price through a rename, an indent and a renumbering; an unchanged row is no edit', () => {
    const store = createEdpEditorStore({ items: priced, version: 1 });
    store.getState().startEdit(2);
    expect(store.getState().commitEdit()).toBe(true);
    expect(selectIsDirty(store.getState())).toBe(false);
    store.getState().startEdit(2);
    store.getState().setDraft('name', 'Torre Alta');
    store.getState().commitEdit();
    store.getState().select(3);
    expect(store.getState().indent().ok).toBe(true);
    store.getState().renumber();
    const torre = store.getState().items.find((item) => item.id === 2);
    expect(torre).toMatchObject({ name: 'Torre Alta', unit: 'm2', quantity: '1234.5', unitPrice: '1000' });
  });
});
