import { describe, expect, it } from 'vitest';
import { toRows } from '../utils/grid-rows';
import { newSubcomponentRow } from './componentes-screen';

describe('newSubcomponentRow', () => {
  it('gives a new basic component the highest id + 1 and the highest priority + 1, with no activities', () => {
    const rows = toRows([
      { id: 1, code: 'A', name: 'Zapatas', priority: 7, actividades: [] },
      { id: 5, code: 'B', name: 'Vigas', priority: 3, actividades: [] },
    ]);
    expect(newSubcomponentRow(rows)).toMatchObject({
      id: 6,
      priority: 8,
      code: '',
      name: '',
      actividades: [],
      isNew: true,
    });
  });

  it('starts an empty grid at id 1, priority 1', () => {
    expect(newSubcomponentRow([])).toMatchObject({ id: 1, priority: 1 });
  });
});
