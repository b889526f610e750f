import type { AreaType } from '@cimiento/domain';
import { describe, expect, it } from 'vitest';
import { emptyDraft } from '../stores/project-wizard-store';
import type { ProjectDraft } from '../stores/project-wizard-store';
import {
  chosenAreaTypes,
  generatedEdpCount,
  isAreaPlanValid,
  sectorQuantitiesOf,
  sectorQuantityError,
  sectorsSummary,
} from './area-plan';
import { canLeaveBasicStep, canOpenStep, toProjectInput } from './wizard-rules';

const torre: AreaType = {
  _id: 'tor',
  id: 'tor',
  code: 'TOR',
  name: 'Torre',
  priority: 1,
  sectores: [
    { id: 11, code: 'SUB', name: 'Subterráneo', quantity: 1, priority: 1 },
    { id: 12, code: 'PT', name: 'Piso tipo', quantity: 1, priority: 2 },
    { id: 13, code: 'CUB', name: 'Cubierta', quantity: 1, priority: 3 },
  ],
};
const patio: AreaType = { _id: 'pat', id: 'pat', code: 'PAT', name: 'Patio', priority: 2, sectores: [] };
const areaTypes = [torre, patio];

const draft = (changes: Partial<ProjectDraft> = {}): ProjectDraft => ({
  ...emptyDraft,
  name: 'Dos torres',
  code: 'DT',
  quantities: { tor: 2 },
  ...changes,
});

describe("issue 35: the wizard's sub-areas per area", () => {
  it("'2 torres, cada una 1 subterráneo + 12 pisos tipo + cubierta' is 31 EDP items", () => {
    const typed = draft({ sectorQuantities: { tor: { 12: '12' } } });
    expect(sectorQuantitiesOf(typed, torre)).toEqual([
      { id: 11, quantity: 1 },
      { id: 12, quantity: 12 },
      { id: 13, quantity: 1 },
    ]);
    expect(generatedEdpCount(typed, areaTypes)).toBe(31);
    expect(sectorsSummary(typed, torre)).toBe('Subterráneo × 1, Piso tipo × 12, Cubierta × 1');
    expect(isAreaPlanValid(typed, areaTypes)).toBe(true);
    // a patio too: 1 more
    expect(generatedEdpCount({ ...typed, quantities: { tor: 2, pat: 1 } }, areaTypes)).toBe(32);
  });

  it('untyped sub-areas are the catalogue’s; only area types with a quantity count; other templates ignore them', () => {
    expect(generatedEdpCount(draft(), areaTypes)).toBe(9);
    expect(chosenAreaTypes(draft(), areaTypes)).toEqual([torre]);
    expect(chosenAreaTypes(draft({ template: 'plantilla-1' }), areaTypes)).toEqual([]);
    expect(generatedEdpCount(draft({ quantities: {} }), areaTypes)).toBe(1);
  });

  it('a field that does not read is an error and stops step 1; so does an EDP over 50.000 items', () => {
    const empty = draft({ sectorQuantities: { tor: { 12: '' } } });
    expect(sectorQuantityError(empty, torre, torre.sectores[1] as AreaType['sectores'][number])).toBe(
      'Escribe una cantidad (0 si no tiene)',
    );
    expect(isAreaPlanValid(empty, areaTypes)).toBe(false);
    expect(canLeaveBasicStep(empty, { status: 'idle' }, areaTypes)).toBe(false);
    expect(canOpenStep(2, empty, { status: 'idle' }, areaTypes)).toBe(false);
    const tooMany = draft({ sectorQuantities: { tor: { 12: '1000' } } });
    expect(sectorQuantityError(tooMany, torre, torre.sectores[1] as AreaType['sectores'][number])).toBe(
      'Debe ser un número entero de 0 a 999',
    );
    // the error of an area type the EDP does not get is not shown and does not stop the wizard
    expect(isAreaPlanValid({ ...tooMany, quantities: {} }, areaTypes)).toBe(true);
    // 999 towers × (1 + 1 + 60 + 1) + 1 = 62.938
    const typo = draft({ quantities: { tor: 999 }, sectorQuantities: { tor: { 12: '60' } } });
    expect(generatedEdpCount(typo, areaTypes)).toBe(62_938);
    expect(isAreaPlanValid(typo, areaTypes)).toBe(false);
    expect(canLeaveBasicStep(typo, { status: 'idle' }, areaTypes)).toBe(false);
  });

  it('sends every sub-area quantity of the area types the EDP gets, none for the others', () => {
    const input = toProjectInput(draft({ sectorQuantities: { tor: { 12: '12', 11: '0' } } }), areaTypes);
    expect(input.tiposArea).toEqual([
      {
        ...torre,
        quantity: 2,
        sectorQuantities: [
          { id: 11, quantity: 0 },
          { id: 12, quantity: 12 },
          { id: 13, quantity: 1 },
        ],
      },
      { ...patio, quantity: 0 },
    ]);
  });
});
