import type { AreaType } from '@cimiento/domain';
import { describe, expect, it } from 'vitest';
import { emptyDraft } from '../stores/project-wizard-store';
import {
  areaTypeLabel,
  canLeaveBasicStep,
  canLeaveFinancialStep,
  canOpenStep,
  draftSequencing,
  isCodeCheckPassable,
  isEndBeforeStart,
  isNonZeroNumber,
  readBudget,
  toProjectInput,
  toQuantity,
} from './wizard-rules';
import type { CodeCheck } from './wizard-rules';

function areaType(overrides: Partial<AreaType> & { _id: string; name: string; priority: number }): AreaType {
  return { id: overrides._id, code: overrides._id.toUpperCase(), sectores: [], ...overrides };
}

describe('wizard rules (spec §5)', () => {
  const available: CodeCheck = { status: 'available', message: 'El código «HT» está disponible' };

  it('step 1 Next needs a name and a code that are not blank', () => {
    expect(canLeaveBasicStep({ ...emptyDraft, name: 'Hospital', code: '' }, { status: 'idle' })).toBe(false);
    expect(canLeaveBasicStep({ ...emptyDraft, name: '   ', code: 'HT' }, available)).toBe(false);
    expect(canLeaveBasicStep({ ...emptyDraft, name: 'Hospital', code: 'HT' }, available)).toBe(true);
  });

  it('step 1 Next waits for the code check and stops at a taken or refused code; a check that failed does not stop it', () => {
    const draft = { ...emptyDraft, name: 'Hospital', code: 'HT' };
    const message = 'Ya existe un proyecto con el código «HT»';
    expect(canLeaveBasicStep(draft, { status: 'checking' })).toBe(false);
    expect(canLeaveBasicStep(draft, { status: 'taken', message })).toBe(false);
    expect(canLeaveBasicStep(draft, { status: 'invalid', message: 'Debe tener como máximo 50 caracteres' })).toBe(
      false,
    );
    expect(canLeaveBasicStep(draft, { status: 'unknown' })).toBe(true);
    // a malformed code is not asked about: the field shows its error and saveProject refuses it
    expect(canLeaveBasicStep({ ...draft, code: 'H T' }, { status: 'idle' })).toBe(true);
    expect(isCodeCheckPassable({ status: 'taken', message })).toBe(false);
    // the progress bar follows the same rule
    expect(canOpenStep(1, draft, { status: 'taken', message })).toBe(false);
    expect(canOpenStep(2, draft, { status: 'checking' })).toBe(false);
    expect(canOpenStep(0, draft, { status: 'taken', message })).toBe(true);
  });

  it('step 2 Next needs both years filled, from 2000 to 2100, the end not before the start (issue 35)', () => {
    expect(canLeaveFinancialStep({ ...emptyDraft, startYear: '' })).toBe(false);
    expect(canLeaveFinancialStep({ ...emptyDraft, endYear: ' ' })).toBe(false);
    expect(canLeaveFinancialStep(emptyDraft)).toBe(true);
    expect(canLeaveFinancialStep({ ...emptyDraft, startYear: '1999', endYear: '2001' })).toBe(false);
    expect(canLeaveFinancialStep({ ...emptyDraft, startYear: '2026', endYear: '2101' })).toBe(false);
    expect(canLeaveFinancialStep({ ...emptyDraft, startYear: '2027', endYear: '2026' })).toBe(false);
    expect(canLeaveFinancialStep({ ...emptyDraft, startYear: '2000', endYear: '2100' })).toBe(true);
    expect(canLeaveFinancialStep({ ...emptyDraft, startYear: '20266', endYear: '2027' })).toBe(false);
  });

  it('a step opens from the progress bar only when every step before it passes its Next rule', () => {
    const filled = { ...emptyDraft, name: 'Hospital', code: 'HT' };
    expect(canOpenStep(0, emptyDraft, { status: 'idle' })).toBe(true);
    expect(canOpenStep(1, emptyDraft, { status: 'idle' })).toBe(false);
    expect(canOpenStep(1, filled, available)).toBe(true);
    expect(canOpenStep(2, filled, available)).toBe(true);
    expect(canOpenStep(2, { ...filled, endYear: '' }, available)).toBe(false);
  });

  it('priority and years are in the error state when empty or 0', () => {
    expect(isNonZeroNumber('')).toBe(false);
    expect(isNonZeroNumber('0')).toBe(false);
    expect(isNonZeroNumber('2023')).toBe(true);
  });

  it('reads a budget typed the Chilean way and formats it in the chosen currency', () => {
    expect(readBudget('1.234.567,89', 'UF')).toEqual({
      kind: 'valid',
      value: '1234567.89',
      formatted: 'UF 1.234.567,89',
    });
    expect(readBudget('1.234.567', 'CLP')).toMatchObject({ kind: 'valid', formatted: '$1.234.567' });
    expect(readBudget('0', 'USD')).toMatchObject({ kind: 'zero', value: '0' });
    expect(readBudget('', 'USD')).toEqual({ kind: 'invalid', error: 'Es obligatorio' });
    expect(readBudget('doce', 'USD')).toEqual({
      kind: 'invalid',
      error: 'Debe ser un monto, por ejemplo 1.234.567,89',
    });
  });

  it('flags a closing year before the start year', () => {
    expect(isEndBeforeStart({ startYear: '2024', endYear: '2023' })).toBe(true);
    expect(isEndBeforeStart({ startYear: '2023', endYear: '2023' })).toBe(false);
    expect(isEndBeforeStart({ startYear: '', endYear: '2023' })).toBe(false);
  });

  it('keeps a quantity a whole number in 0..999', () => {
    expect(toQuantity('')).toBe(0);
    expect(toQuantity('-4')).toBe(0);
    expect(toQuantity('12')).toBe(12);
    expect(toQuantity('2.7')).toBe(2);
    expect(toQuantity('5000')).toBe(999);
  });

  it("labels an area type '{priority}. {name}'", () => {
    expect(areaTypeLabel({ priority: 2, name: 'Pabellones' })).toBe('2. Pabellones');
  });

  it('sends the generica draft with the canonical budget and every area type with its quantity, by priority', () => {
    const areaTypes = [
      areaType({ _id: 'b', name: 'Urgencia', priority: 2 }),
      areaType({ _id: 'a', name: 'Pabellones', priority: 1 }),
    ];
    const input = toProjectInput(
      {
        ...emptyDraft,
        name: ' Hospital de Talca ',
        code: 'HT',
        currency: 'CLP',
        budget: '1.500.000',
        quantities: { b: 2 },
      },
      areaTypes,
    );
    expect(input).toEqual({
      name: 'Hospital de Talca',
      code: 'HT',
      priority: '0',
      template: 'generica',
      sequencing: 'train',
      startYear: '2023',
      endYear: '2023',
      currency: 'CLP',
      budget: '1500000',
      tiposArea: [
        { ...areaTypes[1], quantity: 0 },
        { ...areaTypes[0], quantity: 2 },
      ],
    });
  });

  it('sends no area types for a fixed template, and the defaults for an emptied priority or budget', () => {
    const input = toProjectInput(
      { ...emptyDraft, name: 'Puente', code: 'PM', template: 'plantilla-1', priority: '', budget: '' },
      [areaType({ _id: 'a', name: 'Pabellones', priority: 1 })],
    );
    expect(input).toMatchObject({ template: 'plantilla-1', tiposArea: [], priority: '0', budget: '0' });
  });

  it("sends the chosen 'Secuencia del Gantt'; a draft without one (kept from before the option) sends the default, 'train'", () => {
    const draft = { ...emptyDraft, name: 'Torre', code: 'T1' };
    expect(toProjectInput({ ...draft, sequencing: 'priority' }, []).sequencing).toBe('priority');
    expect(toProjectInput({ ...draft, sequencing: 'none' }, []).sequencing).toBe('none');
    const { sequencing: _dropped, ...oldDraft } = draft;
    expect(draftSequencing({})).toBe('train');
    expect(toProjectInput(oldDraft as typeof draft, []).sequencing).toBe('train');
    expect(draftSequencing({ sequencing: 'tren' as never })).toBe('train');
  });
});
