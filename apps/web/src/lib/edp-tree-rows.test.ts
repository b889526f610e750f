import type { EdpItem } from '@cimiento/domain';
import { describe, expect, it } from 'vitest';
import {
  EDP_EXPAND_ALL_LIMIT,
  buildEdpTree,
  edpAddParent,
  edpAncestorIds,
  edpParentIds,
  edpTreeRows,
  initialEdpExpanded,
  suggestEdpCode,
} from './edp-tree-rows';

const items: EdpItem[] = [
  { id: 1, code: 'P01', name: 'Proyecto' },
  { id: 2, parentId: 1, code: 'P01.1', name: 'Torre A' },
  { id: 3, parentId: 2, code: 'P01.1.1', name: 'Piso 1' },
  { id: 6, parentId: 1, code: 'P01.3', name: 'Patio' },
  { id: 4, parentId: 2, code: 'P01.1.2', name: 'Piso 2' },
  { id: 5, parentId: 1, code: 'P01.2', name: 'Torre B' },
];

describe('EDP tree rows', () => {
  it('nests each item under its parent, siblings in the list order (not by id)', () => {
    const tree = buildEdpTree(items);
    expect(tree).toHaveLength(1);
    const root = tree[0];
    expect(root?.subRows.map((node) => node.code)).toEqual(['P01.1', 'P01.3', 'P01.2']);
    expect(root?.subRows[0]?.subRows.map((node) => node.code)).toEqual(['P01.1.1', 'P01.1.2']);
    expect(root?.subRows[1]?.subRows).toEqual([]);
  });

  it('shows an item whose parent is missing, or is itself, as a root instead of losing it', () => {
    const tree = buildEdpTree([...items, { id: 9, parentId: 99, code: 'X', name: 'Huérfano' }]);
    expect(tree.map((node) => node.code)).toEqual(['P01', 'X']);
    expect(buildEdpTree([{ id: 1, parentId: 1, code: 'A', name: 'A' }]).map((node) => node.code)).toEqual(['A']);
  });

  it('lists every item depth-first with its depth, the root at 0', () => {
    expect(edpTreeRows(items).map(({ item, depth }) => `${depth} ${item.code}`)).toEqual([
      '0 P01',
      '1 P01.1',
      '2 P01.1.1',
      '2 P01.1.2',
      '1 P01.3',
      '1 P01.2',
    ]);
  });

  it('walks a 50,000-level chain without overflowing the stack', () => {
    const chain: EdpItem[] = Array.from({ length: 50_000 }, (_, index) => ({
      id: index + 1,
      ...(index === 0 ? {} : { parentId: index }),
      code: `C${index + 1}`,
      name: 'x',
    }));
    const rows = edpTreeRows(chain);
    expect(rows).toHaveLength(50_000);
    expect(rows.at(-1)?.depth).toBe(49_999);
  });

  it("adds under the selected item's parent, or under the root when the root or nothing is selected", () => {
    expect(edpAddParent(items, 3)?.id).toBe(2);
    expect(edpAddParent(items, 5)?.id).toBe(1);
    expect(edpAddParent(items, 1)?.id).toBe(1);
    expect(edpAddParent(items, null)?.id).toBe(1);
  });

  it("suggests the parent's code and the next free number, skipping codes already used in any case", () => {
    const root = items[0];
    // three children: P01.4 is next
    expect(suggestEdpCode(items, root)).toBe('P01.4');
    expect(suggestEdpCode([...items, { id: 7, parentId: 3, code: 'p01.4', name: 'Otro' }], root)).toBe('P01.5');
    expect(suggestEdpCode(items, items[1])).toBe('P01.1.3');
    expect(suggestEdpCode([], undefined)).toBe('1');
  });

  it('expands every parent of a small EDP, and only the root of a large one', () => {
    expect(initialEdpExpanded(items)).toEqual({ '1': true, '2': true });
    expect(edpParentIds(items).sort()).toEqual([1, 2]);
    const large: EdpItem[] = [
      { id: 1, code: 'R', name: 'Raíz' },
      ...Array.from({ length: EDP_EXPAND_ALL_LIMIT }, (_, index) => ({
        id: index + 2,
        parentId: index === 0 ? 1 : 2,
        code: `R.${index}`,
        name: 'x',
      })),
    ];
    expect(initialEdpExpanded(large)).toEqual({ '1': true });
  });

  it('names the ancestors of an item, nearest first', () => {
    const byId = new Map(items.map((item) => [item.id, item]));
    expect(edpAncestorIds(byId, 4)).toEqual([2, 1]);
    expect(edpAncestorIds(byId, 1)).toEqual([]);
  });
});
