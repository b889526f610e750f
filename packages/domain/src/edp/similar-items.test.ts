import { describe, expect, it } from 'vitest';
import type { AreaType } from '../functions/catalogue-contracts';
import { generateEdp } from './generate-edp';
import type { EdpItem } from './generate-edp';
import { edpNameStem, similarEdpItems } from './similar-items';

const areaType = (
  code: string,
  name: string,
  priority: number,
  quantity: number,
  sectores: [name: string, quantity: number][],
): AreaType & { quantity: number } => ({
  _id: `at-${code}`,
  id: `at-${code}`,
  code,
  name,
  priority,
  quantity,
  sectores: sectores.map(([sectorName, sectorQuantity], index) => ({
    id: index + 1,
    code: `${code}${index + 1}`,
    name: sectorName,
    quantity: sectorQuantity,
    priority: index + 1,
  })),
});

// the hospital: two residential buildings, an office building, an urbanisation
const edp = generateEdp({
  projectCode: 'HOS',
  projectName: 'Hospital',
  template: 'generica',
  tiposArea: [
    areaType('EH', 'Edificio habitacional', 1, 2, [
      ['Subterráneo', 2],
      ['Primer piso', 1],
      ['Piso tipo', 8],
      ['Cubierta', 1],
    ]),
    areaType('EO', 'Edificio de oficinas', 2, 1, [
      ['Primer piso', 1],
      ['Piso tipo', 4],
    ]),
    areaType('UR', 'Urbanización', 3, 1, [['Calles', 1]]),
  ],
});
const byName = (name: string, parentName: string) => {
  const parent = edp.find((item) => item.name === parentName) as EdpItem;
  return (edp.find((item) => item.name === name && item.parentId === parent.id) as EdpItem).id;
};
const names = (ids: number[]) =>
  ids.map((id) => {
    const item = edp.find((candidate) => candidate.id === id) as EdpItem;
    const parent = edp.find((candidate) => candidate.id === item.parentId);
    return `${parent?.name ?? ''} / ${item.name}`;
  });

describe('similarEdpItems (Seleccionar similares)', () => {
  it('picks every Piso tipo of every residential building, and no office floor', () => {
    const similar = similarEdpItems(edp, byName('Piso tipo 3', 'Edificio habitacional 1'));
    expect(similar).toHaveLength(16);
    expect(names(similar).slice(0, 2)).toEqual([
      'Edificio habitacional 1 / Piso tipo 1',
      'Edificio habitacional 1 / Piso tipo 2',
    ]);
    expect(names(similar).at(-1)).toBe('Edificio habitacional 2 / Piso tipo 8');
    expect(names(similar).some((name) => name.startsWith('Edificio de oficinas'))).toBe(false);
  });

  it('picks the office building’s own floors from one of them', () => {
    expect(similarEdpItems(edp, byName('Piso tipo 1', 'Edificio de oficinas'))).toHaveLength(4);
  });

  it('picks an item that is one of a kind alone, with its twins in the other building', () => {
    expect(names(similarEdpItems(edp, byName('Cubierta', 'Edificio habitacional 2')))).toEqual([
      'Edificio habitacional 1 / Cubierta',
      'Edificio habitacional 2 / Cubierta',
    ]);
    expect(names(similarEdpItems(edp, byName('Calles', 'Urbanización')))).toEqual(['Urbanización / Calles']);
  });

  it('picks the level-1 items of one area type, and the root alone', () => {
    const first = edp.find((item) => item.name === 'Edificio habitacional 1') as EdpItem;
    expect(names(similarEdpItems(edp, first.id))).toEqual([
      'Hospital / Edificio habitacional 1',
      'Hospital / Edificio habitacional 2',
    ]);
    expect(similarEdpItems(edp, 1)).toEqual([1]);
  });

  it('answers nothing for an unknown item', () => {
    expect(similarEdpItems(edp, 9999)).toEqual([]);
  });

  it('compares names without case, accents, extra spaces or the running number', () => {
    expect(edpNameStem('  Piso  Tipo 12 ')).toBe('piso tipo');
    expect(edpNameStem('Subterráneo 2')).toBe('subterraneo');
    expect(edpNameStem('Torre 2B')).toBe('torre 2b');
    const items: EdpItem[] = [
      { id: 1, code: 'P', name: 'P' },
      { id: 2, parentId: 1, code: 'P.1', name: 'Torre 1' },
      { id: 3, parentId: 2, code: 'P.1.1', name: 'Subterráneo 1' },
      { id: 4, parentId: 1, code: 'P.2', name: 'torre 2' },
      { id: 5, parentId: 4, code: 'P.2.1', name: 'SUBTERRANEO 3' },
    ];
    expect(similarEdpItems(items, 3)).toEqual([3, 5]);
  });
});
