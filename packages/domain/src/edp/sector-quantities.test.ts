import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { AreaType, Sector } from '../functions/catalogue-contracts';
import { MAX_SECTOR_QUANTITY } from '../functions/project-contracts';
import { countGeneratedEdp, generateEdp } from './generate-edp';
import { readSectorQuantity, withSectorQuantities } from './sector-quantities';

const sector = (id: number, code: string, name: string, priority: number, quantity = 1): Sector => ({
  id,
  code,
  name,
  quantity,
  priority,
});

/** 'Torre' in the catalogue: Subterráneo, Piso tipo and Cubierta, one of each. */
const torre: AreaType = {
  _id: 'torre',
  id: 'torre',
  code: 'TOR',
  name: 'Torre',
  priority: 1,
  sectores: [sector(1, 'SUB', 'Subterráneo', 1), sector(2, 'PT', 'Piso tipo', 2), sector(3, 'CUB', 'Cubierta', 3)],
};

describe('issue 35: how many of each sub-area an area has (the wizard)', () => {
  it("'2 torres, cada una 1 subterráneo + 12 pisos tipo + cubierta': Piso tipo 1 … 12 between them, in each tower", () => {
    const counted = withSectorQuantities(torre, [
      { id: 1, quantity: 1 },
      { id: 2, quantity: 12 },
      { id: 3, quantity: 1 },
    ]);
    expect(counted.ok).toBe(true);
    if (!counted.ok) return;
    const tiposArea = [{ ...counted.areaType, quantity: 2 }];
    const items = generateEdp({ projectCode: 'P', projectName: 'Edificio', template: 'generica', tiposArea });
    const names = (parentCode: string) =>
      items.filter((item) => item.code.startsWith(`${parentCode}.`) && item.code.split('.').length === 3);
    expect(names('P.1').map((item) => `${item.code} ${item.name}`)).toEqual([
      'P.1.1 Subterráneo',
      ...Array.from({ length: 12 }, (_, index) => `P.1.${index + 2} Piso tipo ${index + 1}`),
      'P.1.14 Cubierta',
    ]);
    expect(names('P.2').map((item) => item.name)).toEqual(names('P.1').map((item) => item.name));
    expect(items.filter((item) => item.parentId === 1).map((item) => item.name)).toEqual(['Torre 1', 'Torre 2']);
    // 1 root + 2 × (1 tower + 14 sub-areas)
    expect(items).toHaveLength(31);
    expect(countGeneratedEdp('generica', tiposArea)).toBe(31);
  });

  it('a sub-area not listed keeps the catalogue’s quantity; 0 leaves it out; the input stays as it is', () => {
    const catalogue = { ...torre, sectores: torre.sectores.map((entry) => ({ ...entry, quantity: 2 })) };
    const counted = withSectorQuantities(catalogue, [{ id: 1, quantity: 0 }]);
    expect(counted).toEqual({
      ok: true,
      areaType: {
        ...catalogue,
        sectores: [
          { ...catalogue.sectores[0], quantity: 0 },
          { ...catalogue.sectores[1], quantity: 2 },
          { ...catalogue.sectores[2], quantity: 2 },
        ],
      },
    });
    expect(catalogue.sectores[0]?.quantity).toBe(2);
    if (!counted.ok) return;
    const items = generateEdp({
      projectCode: 'P',
      projectName: 'Edificio',
      template: 'generica',
      tiposArea: [{ ...counted.areaType, quantity: 1 }],
    });
    expect(items.map((item) => item.name)).toEqual([
      'Edificio',
      'Torre',
      'Piso tipo 1',
      'Piso tipo 2',
      'Cubierta 1',
      'Cubierta 2',
    ]);
    expect(withSectorQuantities(torre, undefined)).toEqual({ ok: true, areaType: torre });
  });

  it('refuses a sub-area the area type does not have, by its place in the list', () => {
    expect(
      withSectorQuantities(torre, [
        { id: 2, quantity: 3 },
        { id: 99, quantity: 1 },
      ]),
    ).toEqual({ ok: false, index: 1 });
  });

  it('reads the field: a whole number from 0 to 999, else the Spanish error', () => {
    expect(readSectorQuantity(' 12 ')).toEqual({ ok: true, quantity: 12 });
    expect(readSectorQuantity('0')).toEqual({ ok: true, quantity: 0 });
    expect(readSectorQuantity(String(MAX_SECTOR_QUANTITY))).toEqual({ ok: true, quantity: 999 });
    for (const text of ['1000', '-1', '1,5', '1.5', 'doce', '1e3']) {
      expect(readSectorQuantity(text)).toEqual({ ok: false, error: 'Debe ser un número entero de 0 a 999' });
    }
    expect(readSectorQuantity('  ')).toEqual({ ok: false, error: 'Escribe una cantidad (0 si no tiene)' });
  });

  it('countGeneratedEdp is the length of what generateEdp makes, for any quantities (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 6 }), { minLength: 3, maxLength: 3 }),
        fc.integer({ min: 0, max: 4 }),
        (quantities, towers) => {
          const counted = withSectorQuantities(
            torre,
            quantities.map((quantity, index) => ({ id: index + 1, quantity })),
          );
          if (!counted.ok) return false;
          const tiposArea = [{ ...counted.areaType, quantity: towers }];
          const items = generateEdp({ projectCode: 'P', projectName: 'E', template: 'generica', tiposArea });
          return countGeneratedEdp('generica', tiposArea) === items.length;
        },
      ),
    );
    expect(countGeneratedEdp('plantilla-1', [])).toBe(
      generateEdp({ projectCode: 'P', projectName: 'E', template: 'plantilla-1', tiposArea: [] }).length,
    );
  });
});
