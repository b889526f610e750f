import { describe, expect, it } from 'vitest';
import {
  addEdpItem,
  appendEdpChild,
  deleteEdpSubtree,
  edpDepth,
  edpSubtreeIds,
  findEdpCodeClash,
  findEdpCycles,
  indentEdpItem,
  moveEdpItem,
  nextEdpId,
  outdentEdpItem,
  renumberEdpSubtree,
  validateEdp,
} from './edp-tree';
import type { EdpChange } from './edp-tree';
import type { EdpItem } from './generate-edp';
import { MAX_EDP_ITEMS } from '../functions/project-contracts';

/**
 * P01
 * ├─ P01.1 (2)
 * │  ├─ P01.1.1 (3)
 * │  └─ P01.1.2 (4)
 * ├─ P01.2 (5)
 * └─ P01.3 (6)
 */
const sample: EdpItem[] = [
  { id: 1, code: 'P01', name: 'Proyecto' },
  { id: 2, parentId: 1, code: 'P01.1', name: 'Torre A' },
  { id: 3, parentId: 2, code: 'P01.1.1', name: 'Piso 1' },
  { id: 4, parentId: 2, code: 'P01.1.2', name: 'Piso 2' },
  { id: 5, parentId: 1, code: 'P01.2', name: 'Torre B' },
  { id: 6, parentId: 1, code: 'P01.3', name: 'Patio' },
];

/** [id, parentId] in list order: the tree's shape and order at a glance. */
const shape = (change: EdpChange) => {
  if (!change.ok) throw new Error(change.error);
  return change.items.map((item) => [item.id, item.parentId]);
};

describe('nextEdpId (domain.md "Ids": a new one is the highest existing id + 1)', () => {
  it('is the highest id + 1, even when ids have gaps or are out of order', () => {
    expect(nextEdpId(sample)).toBe(7);
    expect(
      nextEdpId([
        { id: 40, code: 'A', name: 'A' },
        { id: 3, parentId: 40, code: 'B', name: 'B' },
      ]),
    ).toBe(41);
  });

  it('is 1 for an empty EDP', () => {
    expect(nextEdpId([])).toBe(1);
  });
});

describe("addEdpItem (issue 5: under the selected item's parent, or under the root)", () => {
  it("adds under the selected item's parent, right after the selected item's subtree", () => {
    expect(shape(addEdpItem(sample, { selectedId: 2, code: 'P01.4', name: 'Nuevo' }))).toEqual([
      [1, undefined],
      [2, 1],
      [3, 2],
      [4, 2],
      [7, 1],
      [5, 1],
      [6, 1],
    ]);
  });

  it('adds a sibling of a deeper item at its level', () => {
    const change = addEdpItem(sample, { selectedId: 3, code: 'P01.1.3', name: 'Piso 3' });
    expect(shape(change)).toEqual([
      [1, undefined],
      [2, 1],
      [3, 2],
      [7, 2],
      [4, 2],
      [5, 1],
      [6, 1],
    ]);
  });

  it('adds as the last child of the root when nothing is selected or the root is selected', () => {
    for (const selectedId of [undefined, 1]) {
      const change = addEdpItem(sample, { selectedId, code: 'X', name: 'X' });
      expect(shape(change).at(-1)).toEqual([7, 1]);
    }
  });

  it('takes an id the caller chooses (an editor skipping ids deleted since its last save), never a used one', () => {
    const change = addEdpItem(sample, { code: 'X', name: 'X', id: 12 });
    expect(change.ok && change.items.at(-1)?.id).toBe(12);
    expect(addEdpItem(sample, { code: 'X', name: 'X', id: 4 })).toEqual({
      ok: false,
      error: 'El id 4 ya existe en el EDP',
    });
  });

  it('keeps the code and name given and leaves the input list as it was', () => {
    const before = JSON.parse(JSON.stringify(sample)) as EdpItem[];
    const change = addEdpItem(sample, { code: 'P01.9', name: 'Bodega' });
    expect(change.ok && change.items.at(-1)).toEqual({ id: 7, parentId: 1, code: 'P01.9', name: 'Bodega' });
    expect(sample).toEqual(before);
  });
});

describe('indentEdpItem (domain.md: the item becomes the last child of its previous sibling)', () => {
  it('moves the item, with its subtree, under its previous sibling as the last child', () => {
    expect(shape(indentEdpItem(sample, 5))).toEqual([
      [1, undefined],
      [2, 1],
      [3, 2],
      [4, 2],
      [5, 2],
      [6, 1],
    ]);
  });

  it('carries the subtree along', () => {
    const withChild: EdpItem[] = [
      ...sample.slice(0, 5),
      { id: 7, parentId: 5, code: 'P01.2.1', name: 'Piso 1' },
      sample[5] as EdpItem,
    ];
    expect(shape(indentEdpItem(withChild, 5))).toEqual([
      [1, undefined],
      [2, 1],
      [3, 2],
      [4, 2],
      [5, 2],
      [7, 5],
      [6, 1],
    ]);
  });

  it('refuses the first child (no previous sibling) at the edge, and the root', () => {
    expect(indentEdpItem(sample, 3)).toEqual({
      ok: false,
      error: 'P01.1.1 no tiene un ítem anterior en su nivel bajo el cual indentarlo',
    });
    expect(indentEdpItem(sample, 1)).toEqual({ ok: false, error: 'La raíz del EDP no se puede indentar' });
    expect(indentEdpItem(sample, 99)).toEqual({ ok: false, error: 'El ítem no existe' });
  });
});

describe('outdentEdpItem (domain.md: the item becomes the next sibling of its parent)', () => {
  it('moves the item right after its parent, taking its own subtree', () => {
    expect(shape(outdentEdpItem(sample, 3))).toEqual([
      [1, undefined],
      [2, 1],
      [4, 2],
      [3, 1],
      [5, 1],
      [6, 1],
    ]);
  });

  it('is the inverse of indent for a last child', () => {
    const indented = indentEdpItem(sample, 5);
    if (!indented.ok) throw new Error(indented.error);
    const back = outdentEdpItem(indented.items, 5);
    expect(back.ok && back.items).toEqual(sample);
  });

  it('refuses a level-1 item (the EDP keeps one root) and the root, at the edges', () => {
    expect(outdentEdpItem(sample, 2)).toEqual({
      ok: false,
      error: 'P01.1 ya está en el primer nivel: el EDP tiene una sola raíz',
    });
    expect(outdentEdpItem(sample, 1)).toEqual({ ok: false, error: 'La raíz del EDP no se puede desindentar' });
  });
});

describe('deleteEdpSubtree (domain.md: deleting an item deletes its subtree)', () => {
  it('removes the item and everything below it, nothing else', () => {
    expect(shape(deleteEdpSubtree(sample, 2))).toEqual([
      [1, undefined],
      [5, 1],
      [6, 1],
    ]);
    expect(shape(deleteEdpSubtree(sample, 4)).map(([id]) => id)).toEqual([1, 2, 3, 5, 6]);
  });

  it('refuses the root and an unknown id', () => {
    expect(deleteEdpSubtree(sample, 1)).toEqual({ ok: false, error: 'La raíz del EDP no se puede eliminar' });
    expect(deleteEdpSubtree(sample, 42)).toEqual({ ok: false, error: 'El ítem no existe' });
  });

  it('lists a subtree item first, then its descendants depth-first', () => {
    expect(edpSubtreeIds(sample, 2)).toEqual([2, 3, 4]);
    expect(edpSubtreeIds(sample, 1)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(edpSubtreeIds(sample, 77)).toEqual([]);
  });
});

describe('edpDepth', () => {
  it('is 0 for the root and grows by level', () => {
    expect([1, 2, 3, 6].map((id) => edpDepth(sample, id))).toEqual([0, 1, 2, 1]);
  });
});

describe('code uniqueness (domain.md: codes are unique within a project)', () => {
  it('finds the item already using a code, ignoring case and spaces, except the item being edited', () => {
    expect(findEdpCodeClash(sample, ' p01.2 ')?.id).toBe(5);
    expect(findEdpCodeClash(sample, 'P01.2', 5)).toBeUndefined();
    expect(findEdpCodeClash(sample, 'P01.9')).toBeUndefined();
  });
});

describe('cycle detection', () => {
  it('finds the items whose parent chain loops, and none in a tree', () => {
    expect(findEdpCycles(sample)).toEqual([]);
    const looped: EdpItem[] = [
      { id: 1, code: 'R', name: 'R' },
      { id: 2, parentId: 4, code: 'A', name: 'A' },
      { id: 3, parentId: 2, code: 'B', name: 'B' },
      { id: 4, parentId: 3, code: 'C', name: 'C' },
      { id: 5, parentId: 4, code: 'D', name: 'D' },
    ];
    // 5 hangs from the cycle but is not part of it
    expect(findEdpCycles(looped)).toEqual([2, 3, 4]);
  });

  it('handles a 50,000-deep chain without recursion', () => {
    const chain: EdpItem[] = Array.from({ length: 50_000 }, (_, index) => ({
      id: index + 1,
      ...(index === 0 ? {} : { parentId: index }),
      code: `C${index}`,
      name: 'x',
    }));
    expect(findEdpCycles(chain)).toEqual([]);
    expect(edpSubtreeIds(chain, 1)).toHaveLength(50_000);
  });
});

describe('validateEdp (issue 5 server-side rules)', () => {
  it('accepts a well-formed EDP', () => {
    expect(validateEdp(sample)).toEqual([]);
  });

  it.each<[string, EdpItem[], string]>([
    ['repeated ids', [...sample, { id: 6, parentId: 1, code: 'P01.4', name: 'Otro' }], 'El id 6 está repetido'],
    [
      'a missing parent',
      [...sample, { id: 7, parentId: 70, code: 'P01.7', name: 'Huérfano' }],
      'El padre 70 del ítem P01.7 no existe',
    ],
    [
      'two roots',
      [...sample, { id: 7, code: 'OTRA', name: 'Otra raíz' }],
      'El EDP debe tener una sola raíz y tiene 2: P01, OTRA',
    ],
    [
      'no root',
      [
        { id: 1, parentId: 2, code: 'A', name: 'A' },
        { id: 2, parentId: 1, code: 'B', name: 'B' },
      ],
      'El EDP debe tener una raíz (un ítem sin padre)',
    ],
    [
      'a cycle',
      [
        { id: 1, code: 'R', name: 'R' },
        { id: 2, parentId: 3, code: 'A', name: 'A' },
        { id: 3, parentId: 2, code: 'B', name: 'B' },
      ],
      'Los ítems A, B forman un ciclo',
    ],
    [
      'an item that is its own parent',
      [...sample, { id: 7, parentId: 7, code: 'S', name: 'S' }],
      'El ítem S no puede ser su propio padre',
    ],
    ['an empty code', [...sample, { id: 7, parentId: 1, code: '  ', name: 'Sin código' }], 'El ítem 7 no tiene código'],
    ['an empty name', [...sample, { id: 7, parentId: 1, code: 'P01.7', name: '' }], 'El ítem P01.7 no tiene nombre'],
    [
      'a repeated code in another case',
      [...sample, { id: 7, parentId: 1, code: 'p01.2', name: 'Copia' }],
      'El código p01.2 está repetido (ítems 5 y 7)',
    ],
    ['an empty EDP', [], 'El EDP debe tener una raíz'],
  ])('refuses %s', (_label, items, message) => {
    expect(validateEdp(items)).toContain(message);
  });

  it('refuses more than 50,000 items with the count in es-CL', () => {
    const many: EdpItem[] = Array.from({ length: MAX_EDP_ITEMS + 1 }, (_, index) => ({
      id: index + 1,
      ...(index === 0 ? {} : { parentId: 1 }),
      code: `C${index}`,
      name: 'x',
    }));
    expect(validateEdp(many)).toEqual(['El EDP tiene 50.001 ítems; el máximo es 50.000']);
  });

  it('stops at the given number of messages', () => {
    const bad: EdpItem[] = Array.from({ length: 100 }, (_, index) => ({ id: index + 1, code: '', name: '' }));
    expect(validateEdp(bad, 5)).toHaveLength(5);
  });
});

describe('appendEdpChild and moveEdpItem (updateItemEdp with an explicit parent)', () => {
  it('appends a new item (highest id + 1) as the last child of the parent, after its subtree', () => {
    expect(shape(appendEdpChild(sample, 2, { code: 'P01.1.3', name: 'Piso 3' }))).toEqual([
      [1, undefined],
      [2, 1],
      [3, 2],
      [4, 2],
      [7, 2],
      [5, 1],
      [6, 1],
    ]);
    expect(shape(appendEdpChild(sample, 6, { code: 'P01.3.1', name: 'Jardín' })).at(-1)).toEqual([7, 6]);
  });

  it('refuses an unknown parent', () => {
    expect(appendEdpChild(sample, 99, { code: 'X', name: 'X' })).toEqual({
      ok: false,
      error: 'El padre 99 no existe en el EDP',
    });
  });

  it('moves an item with its subtree to the end of another parent', () => {
    expect(shape(moveEdpItem(sample, 2, 6))).toEqual([
      [1, undefined],
      [5, 1],
      [6, 1],
      [2, 6],
      [3, 2],
      [4, 2],
    ]);
  });

  it('refuses moving an item under itself or its own subtree, the root, or to an unknown parent', () => {
    expect(moveEdpItem(sample, 2, 3)).toEqual({
      ok: false,
      error: 'P01.1 no se puede mover bajo sí mismo ni bajo sus ítems',
    });
    expect(moveEdpItem(sample, 2, 2)).toEqual({
      ok: false,
      error: 'P01.1 no se puede mover bajo sí mismo ni bajo sus ítems',
    });
    expect(moveEdpItem(sample, 1, 2)).toEqual({ ok: false, error: 'La raíz del EDP no se puede mover' });
    expect(moveEdpItem(sample, 2, 50)).toEqual({ ok: false, error: 'El padre 50 no existe en el EDP' });
  });
});

describe("renumberEdpSubtree (issue 12: 'Renumerar códigos' re-codes a subtree by position)", () => {
  const codes = (items: readonly EdpItem[]) => items.map((item) => `${item.id}:${item.code}`);

  it('gives each item below the chosen one its parent code + "." + its place among siblings, keeping the chosen code', () => {
    // P01.3 indented under P01.2 keeps its old code until renumbered
    const indented = indentEdpItem(sample, 6);
    if (!indented.ok) throw new Error(indented.error);
    const change = renumberEdpSubtree(indented.items, 5);
    expect(change).toMatchObject({ ok: true, rootId: 5, changed: 1 });
    if (!change.ok) return;
    expect(codes(change.items)).toEqual(['1:P01', '2:P01.1', '3:P01.1.1', '4:P01.1.2', '5:P01.2', '6:P01.2.1']);
  });

  it('keeps ids, parentIds, names and the order; items whose code stays keep their object', () => {
    const shuffled: EdpItem[] = [
      { id: 1, code: 'R', name: 'Raíz' },
      { id: 9, parentId: 1, code: 'R.7', name: 'Norte' },
      { id: 4, parentId: 9, code: 'X', name: 'Hall' },
      { id: 3, parentId: 9, code: 'R.7.2', name: 'Patio' },
      { id: 2, parentId: 1, code: 'R.2', name: 'Sur' },
    ];
    const change = renumberEdpSubtree(shuffled);
    if (!change.ok) throw new Error(change.error);
    expect(change.items).toEqual([
      { id: 1, code: 'R', name: 'Raíz' },
      { id: 9, parentId: 1, code: 'R.1', name: 'Norte' },
      { id: 4, parentId: 9, code: 'R.1.1', name: 'Hall' },
      { id: 3, parentId: 9, code: 'R.1.2', name: 'Patio' },
      { id: 2, parentId: 1, code: 'R.2', name: 'Sur' },
    ]);
    expect(change.changed).toBe(3);
    expect(change.rootId).toBe(1);
    expect(change.items[0]).toBe(shuffled[0]);
    expect(change.items[4]).toBe(shuffled[4]);
    expect(shuffled[1]?.code).toBe('R.7');
  });

  it('renumbers the whole EDP from the root when no item is given, the root keeping its code', () => {
    const change = renumberEdpSubtree(sample);
    expect(change).toMatchObject({ ok: true, rootId: 1, changed: 0 });
  });

  it('answers 0 changes when the codes already follow the positions', () => {
    const change = renumberEdpSubtree(sample, 2);
    expect(change.ok && change.changed).toBe(0);
    expect(change.ok && codes(change.items)).toEqual(codes(sample));
  });

  it('refuses, naming the item, when a new code is already used outside the subtree (case-insensitive)', () => {
    const items: EdpItem[] = [
      { id: 1, code: 'P', name: 'Proyecto' },
      { id: 2, parentId: 1, code: 'P.1', name: 'Torre A' },
      { id: 3, parentId: 2, code: 'A', name: 'Piso' },
      { id: 4, parentId: 1, code: 'p.1.1', name: 'Bodega' },
    ];
    expect(renumberEdpSubtree(items, 2)).toEqual({
      ok: false,
      error: 'No se puede renumerar P.1: el código P.1.1 ya lo usa el ítem p.1.1 «Bodega», que está fuera de P.1',
    });
    // the whole EDP has nothing outside it: P.1.1 → Bodega becomes P.2
    const whole = renumberEdpSubtree(items);
    expect(whole.ok && codes(whole.items)).toEqual(['1:P', '2:P.1', '3:P.1.1', '4:P.2']);
  });

  it('refuses codes longer than the limit, and an unknown item', () => {
    const long = 'L'.repeat(99);
    const items: EdpItem[] = [
      { id: 1, code: long, name: 'Raíz' },
      { id: 2, parentId: 1, code: 'X', name: 'Hijo' },
    ];
    const change = renumberEdpSubtree(items);
    expect(change.ok).toBe(false);
    expect(!change.ok && change.error).toMatch(/tendría más de 100 caracteres$/);
    expect(renumberEdpSubtree(sample, 99)).toEqual({ ok: false, error: 'El ítem no existe' });
  });

  it('renumbers a 20,000-item EDP', () => {
    const big: EdpItem[] = [{ id: 1, code: 'B', name: 'Raíz' }];
    for (let id = 2; id <= 20_000; id += 1) {
      big.push({ id, parentId: id <= 101 ? 1 : 2 + ((id - 102) % 100), code: `c${id}`, name: `n${id}` });
    }
    const change = renumberEdpSubtree(big);
    if (!change.ok) throw new Error(change.error);
    expect(change.changed).toBe(19_999);
    expect(validateEdp(change.items)).toEqual([]);
  });
});
