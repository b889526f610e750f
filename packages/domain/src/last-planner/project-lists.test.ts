import { describe, expect, it } from 'vitest';
import { DEFAULT_CONSTRAINT_TYPES } from './constraints';
import { MAX_PROJECT_LIST_ITEMS, findListItem, listItemKey, projectListErrors } from './project-lists';
import { DEFAULT_NONCOMPLIANCE_CAUSES } from './weekly-plan';

describe("the project's lists (issue 36)", () => {
  it('the default lists pass their own check', () => {
    expect(projectListErrors(DEFAULT_CONSTRAINT_TYPES, 'Tipos de restricción')).toEqual([]);
    expect(projectListErrors(DEFAULT_NONCOMPLIANCE_CAUSES, 'Causas de no cumplimiento')).toEqual([]);
  });

  it('refuses an empty list, empty and long items and an item twice, naming the rows', () => {
    expect(projectListErrors([], 'Tipos de restricción')).toEqual([
      'Tipos de restricción: la lista necesita al menos un elemento',
    ]);
    expect(projectListErrors(['Diseño', ' ', 'x'.repeat(61), 'diseno', 'Otra'], 'Tipos de restricción')).toEqual([
      'Tipos de restricción, fila 2: no puede estar vacío',
      'Tipos de restricción, fila 3: debe tener como máximo 60 caracteres',
      'Tipos de restricción, fila 4: «diseno» ya está en la fila 1',
    ]);
    const many = Array.from({ length: MAX_PROJECT_LIST_ITEMS + 1 }, (_, i) => `Causa ${i + 1}`);
    expect(projectListErrors(many, 'Causas')).toEqual(['Causas: la lista puede tener como máximo 30 elementos']);
  });

  it('findListItem answers the list’s spelling, case and accents aside', () => {
    expect(listItemKey(' Mano de Obra ')).toBe('mano de obra');
    expect(findListItem(DEFAULT_CONSTRAINT_TYPES, 'diseno')).toBe('Diseño');
    expect(findListItem(DEFAULT_CONSTRAINT_TYPES, 'PERMISOS ')).toBe('Permisos');
    expect(findListItem(DEFAULT_CONSTRAINT_TYPES, 'Clima')).toBeUndefined();
    expect(findListItem(DEFAULT_CONSTRAINT_TYPES, '  ')).toBeUndefined();
  });
});
