import { describe, expect, it } from 'vitest';
import { areaOfFilter, groupChanges } from './change-log';

describe('areaOfFilter', () => {
  it("asks every area for 'all', else the one chosen", () => {
    expect(areaOfFilter('all')).toBeUndefined();
    expect(areaOfFilter('uf')).toBe('uf');
    expect(areaOfFilter('catalogue')).toBe('catalogue');
  });
});

describe('groupChanges', () => {
  it('keeps the order and puts consecutive changes of the same part together', () => {
    const groups = groupChanges([
      { field: 'Nombre', from: 'A', to: 'B' },
      { item: 'Subárea P1 Piso 1', field: 'Nombre', from: 'Piso', to: 'Piso 1' },
      { item: 'Subárea P1 Piso 1', field: 'Cantidad', from: '1', to: '2' },
      { field: 'Subárea', from: '', to: 'P2 Piso 2' },
    ]);
    expect(groups.map((group) => [group.item, group.changes.length])).toEqual([
      [undefined, 1],
      ['Subárea P1 Piso 1', 2],
      [undefined, 1],
    ]);
  });

  it('answers no group for no change', () => {
    expect(groupChanges([])).toEqual([]);
  });
});
