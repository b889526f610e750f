import { describe, expect, it } from 'vitest';
import { edpOutline } from './edp-outline';

describe('edpOutline', () => {
  it('puts each item after its parent, siblings in id order, with its depth', () => {
    const rows = edpOutline([
      { id: 1, code: 'HT', name: 'Hospital' },
      { id: 2, parentId: 1, code: 'HT.1', name: 'Pabellón' },
      { id: 5, parentId: 2, code: 'HT.1.2', name: 'Quirófano 2' },
      { id: 3, parentId: 1, code: 'HT.2', name: 'Urgencia' },
      { id: 4, parentId: 2, code: 'HT.1.1', name: 'Quirófano 1' },
    ]);
    expect(rows.map((row) => [row.item.code, row.depth])).toEqual([
      ['HT', 0],
      ['HT.1', 1],
      ['HT.1.1', 2],
      ['HT.1.2', 2],
      ['HT.2', 1],
    ]);
  });

  it('shows an item whose parent is missing as a root, and stops at the limit', () => {
    const items = [
      { id: 1, code: 'A', name: 'A' },
      { id: 2, parentId: 99, code: 'B', name: 'B' },
      { id: 3, parentId: 1, code: 'A.1', name: 'A.1' },
    ];
    expect(edpOutline(items).map((row) => [row.item.code, row.depth])).toEqual([
      ['A', 0],
      ['A.1', 1],
      ['B', 0],
    ]);
    expect(edpOutline(items, 2)).toHaveLength(2);
  });
});
