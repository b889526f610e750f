import type { Sector } from '@cimiento/domain';
import { describe, expect, it } from 'vitest';
import { fromRows, rowsDiffer, toRows } from './grid-rows';

const saved: Sector[] = [
  { id: 1, code: 'DOR', name: 'Dormitorio', quantity: 2, priority: 1 },
  { id: 4, code: 'BAN', name: 'Baño', quantity: 1, priority: 2 },
];

describe('grid rows', () => {
  it('sends saved rows with their id and new rows without one, for the server to number', () => {
    const rows = [
      ...toRows(saved),
      { key: 'new-1', isNew: true, id: 5, code: 'COC', name: 'Cocina', quantity: 1, priority: 3 },
    ];
    expect(fromRows(rows)).toEqual([...saved, { code: 'COC', name: 'Cocina', quantity: 1, priority: 3 }]);
  });

  it('tells whether the batch differs from the saved rows', () => {
    const rows = toRows(saved);
    expect(rowsDiffer(rows, saved)).toBe(false);
    expect(rowsDiffer(rows.slice(1), saved)).toBe(true);
    expect(
      rowsDiffer(
        rows.map((row) => ({ ...row, quantity: row.quantity + 1 })),
        saved,
      ),
    ).toBe(true);
  });
});
