import { describe, expect, it } from 'vitest';
import type { EdcItem } from './generate-edc';
import { MAX_EDC_LIST_ITEMS } from '../functions/edc-contracts';
import { validateEdcList, validateEdcStructure } from './validate-edc';

const list: EdcItem[] = [
  { code: 'ASC.2.ELE.3', name: 'Ascensor', parentCode: 'P01.2', kind: 'main', sourceId: 'c1' },
  { code: 'ASC.2.ELE.3.1', name: 'Motor', parentCode: 'ASC.2.ELE.3', kind: 'sub' },
  { code: 'ACT1', name: 'Montaje', parentCode: 'ASC.2.ELE.3.1', kind: 'activity', sourceId: 'a1' },
];

describe('validateEdcList (issue 6 server-side rules)', () => {
  it('accepts a generated list and an empty one', () => {
    expect(validateEdcList(list, 'P01.2')).toEqual([]);
    expect(validateEdcList([], 'P01.2')).toEqual([]);
  });

  it.each<[string, EdcItem[], string]>([
    [
      'an empty code',
      [...list, { code: ' ', name: 'X', parentCode: 'P01.2', kind: 'main' }],
      'El ítem 4 del EDC no tiene código',
    ],
    [
      'an empty name',
      [...list, { code: 'X', name: '', parentCode: 'P01.2', kind: 'main' }],
      'El ítem X del EDC no tiene nombre',
    ],
    [
      'a repeated code in another case',
      [...list, { code: 'act1', name: 'Otra', parentCode: 'ASC.2.ELE.3.1', kind: 'activity' }],
      'El código act1 está repetido en el EDC',
    ],
    [
      'a parentCode outside the list',
      [...list, { code: 'ACT2', name: 'Huérfana', parentCode: 'NO.EXISTE', kind: 'activity' }],
      'El padre NO.EXISTE del ítem ACT2 no está en el EDC ni es el ítem P01.2',
    ],
    [
      'an item that is its own parent',
      [...list, { code: 'Z', name: 'Z', parentCode: 'Z', kind: 'main' }],
      'El ítem Z no puede ser su propio padre',
    ],
  ])('refuses %s', (_label, items, message) => {
    expect(validateEdcList(items, 'P01.2')).toContain(message);
  });

  it('refuses more than 10,000 items', () => {
    const many: EdcItem[] = Array.from({ length: MAX_EDC_LIST_ITEMS + 1 }, (_, index) => ({
      code: `C${index}`,
      name: 'x',
      parentCode: 'P01',
      kind: 'main',
    }));
    expect(validateEdcList(many, 'P01')).toEqual(['El EDC tiene 10.001 ítems; el máximo es 10.000']);
  });
});

describe('validateEdcStructure (the server re-validates generated codes)', () => {
  it('accepts a generated list, parents matched without regard to case, and an empty one', () => {
    expect(validateEdcStructure(list, 'P01.2')).toEqual([]);
    expect(validateEdcStructure(list, 'p01.2')).toEqual([]);
    expect(validateEdcStructure([], 'P01.2')).toEqual([]);
  });

  it.each<[string, EdcItem[], string]>([
    [
      'an activity not coded ACT{r}',
      [...list, { code: 'MONTAJE', name: 'Montaje', parentCode: 'ASC.2.ELE.3.1', kind: 'activity' }],
      'La actividad MONTAJE debe tener un código ACT seguido de un número',
    ],
    [
      'a main component under another item than the EDP item',
      [...list, { code: 'OTRO', name: 'Otro', parentCode: 'ASC.2.ELE.3', kind: 'main' }],
      'El componente principal OTRO debe colgar del ítem P01.2, no de ASC.2.ELE.3',
    ],
    [
      'a subcomponent under the EDP item',
      [...list, { code: 'SUB', name: 'Suelto', parentCode: 'P01.2', kind: 'sub' }],
      'El subcomponente SUB debe colgar de un componente principal, no de P01.2',
    ],
    [
      'a subcomponent under a subcomponent',
      [...list, { code: 'SUB', name: 'Nieto', parentCode: 'ASC.2.ELE.3.1', kind: 'sub' }],
      'El subcomponente SUB debe colgar de un componente principal, no de ASC.2.ELE.3.1',
    ],
    [
      'an activity under a main component',
      [...list, { code: 'ACT2', name: 'Directa', parentCode: 'ASC.2.ELE.3', kind: 'activity' }],
      'La actividad ACT2 debe colgar de un subcomponente, no de ASC.2.ELE.3',
    ],
  ])('refuses %s', (_label, items, message) => {
    expect(validateEdcStructure(items, 'P01.2')).toEqual([message]);
  });
});
