import { describe, expect, it } from 'vitest';
import type { Component } from '../functions/catalogue-contracts';
import type { EdcItem } from './generate-edc';
import { edcMainCode, edcSuffix, generateEdc, nextActivityNumber } from './generate-edc';

const activity = (code: string, name: string, priority: number) => ({
  _id: `act-${code}`,
  id: `act-${code}`,
  code,
  name,
  priority,
  duration: 3,
});

const ascensor: Component = {
  _id: 'comp-asc',
  id: 'comp-asc',
  code: 'ASC',
  name: 'Ascensor',
  priority: 3,
  subcomponents: [
    // listed out of priority order on purpose
    { id: 2, code: 'CAB', name: 'Cabina', priority: 2, actividades: [activity('PIN', 'Pintura', 5)] },
    {
      id: 1,
      code: 'MOT',
      name: 'Motor',
      priority: 1,
      actividades: [activity('MON', 'Montaje', 2), activity('SUM', 'Suministro', 1)],
    },
  ],
};

const bomba: Component = {
  _id: 'comp-bom',
  id: 'comp-bom',
  code: 'BOM',
  name: 'Bomba',
  priority: 1,
  subcomponents: [
    { id: 1, code: 'IMP', name: 'Impulsor', priority: 1, actividades: [activity('INS', 'Instalación', 1)] },
  ],
};

const codes = (items: EdcItem[]) => items.map((item) => [item.code, item.name, item.parentCode, item.kind]);

describe("edcSuffix (domain.md: E's code without its first segment)", () => {
  it('drops the first segment', () => {
    expect(edcSuffix('P01.2.3')).toBe('2.3');
    expect(edcSuffix('P01.2')).toBe('2');
  });

  it("is empty for the root item's code", () => {
    expect(edcSuffix('P01')).toBe('');
  });
});

describe('edcMainCode (join of C.code, suffix, S.code and C.priority; empty parts left out)', () => {
  it('joins the four parts with dots', () => {
    expect(edcMainCode(ascensor, 'P01.2.3', 'ELE')).toBe('ASC.2.3.ELE.3');
  });

  it("leaves the root's empty suffix out", () => {
    expect(edcMainCode(ascensor, 'P01', 'ELE')).toBe('ASC.ELE.3');
  });

  it('leaves an empty system code out', () => {
    expect(edcMainCode(ascensor, 'P01.4', ' ')).toBe('ASC.4.3');
  });
});

describe('generateEdc', () => {
  it('makes the main item, subcomponents in priority order with running k, and activities as ACT{r} in priority order', () => {
    const result = generateEdc({
      edpItem: { code: 'P01.2' },
      system: { code: 'ELE' },
      components: [ascensor],
      existing: [],
    });
    expect(result.ok && codes(result.items)).toEqual([
      ['ASC.2.ELE.3', 'Ascensor', 'P01.2', 'main'],
      ['ASC.2.ELE.3.1', 'Motor', 'ASC.2.ELE.3', 'sub'],
      ['ACT1', 'Suministro', 'ASC.2.ELE.3.1', 'activity'],
      ['ACT2', 'Montaje', 'ASC.2.ELE.3.1', 'activity'],
      ['ASC.2.ELE.3.2', 'Cabina', 'ASC.2.ELE.3', 'sub'],
      ['ACT3', 'Pintura', 'ASC.2.ELE.3.2', 'activity'],
    ]);
  });

  it("keeps the component's and each activity's _id as the source", () => {
    const result = generateEdc({
      edpItem: { code: 'P01.2' },
      system: { code: 'ELE' },
      components: [ascensor],
      existing: [],
    });
    if (!result.ok) throw new Error(result.error);
    expect(result.items.filter((item) => item.kind !== 'sub').map((item) => item.sourceId)).toEqual([
      'comp-asc',
      'act-SUM',
      'act-MON',
      'act-PIN',
    ]);
  });

  it("carries each row's catalogue code and name (component, subcomponent, activity) beside the spec's generated code", () => {
    const result = generateEdc({
      edpItem: { code: 'P01.2' },
      system: { code: 'ELE' },
      components: [ascensor],
      existing: [],
    });
    if (!result.ok) throw new Error(result.error);
    expect(result.items.map((item) => [item.code, item.kind, item.sourceCode, item.sourceName])).toEqual([
      ['ASC.2.ELE.3', 'main', 'ASC', 'Ascensor'],
      ['ASC.2.ELE.3.1', 'sub', 'MOT', 'Motor'],
      ['ACT1', 'activity', 'SUM', 'Suministro'],
      ['ACT2', 'activity', 'MON', 'Montaje'],
      ['ASC.2.ELE.3.2', 'sub', 'CAB', 'Cabina'],
      ['ACT3', 'activity', 'PIN', 'Pintura'],
    ]);
  });

  it('keeps the generated codes as the spec defines them, whatever the catalogue codes are', () => {
    // two subcomponents with the same name and an activity coded like an EDC activity: only the
    // catalogue columns tell them apart; the generated codes still run {main}.k and ACT{r}
    const tricky: Component = {
      ...bomba,
      subcomponents: [
        { id: 1, code: 'IMP-A', name: 'Impulsor', priority: 1, actividades: [activity('ACT9', 'Soldadura', 1)] },
        { id: 2, code: 'IMP-B', name: 'Impulsor', priority: 2, actividades: [] },
      ],
    };
    const result = generateEdc({
      edpItem: { code: 'P01' },
      system: { code: 'AP' },
      components: [tricky],
      existing: [],
    });
    if (!result.ok) throw new Error(result.error);
    expect(result.items.map((item) => [item.code, item.name, item.sourceCode])).toEqual([
      ['BOM.AP.1', 'Bomba', 'BOM'],
      ['BOM.AP.1.1', 'Impulsor', 'IMP-A'],
      ['ACT1', 'Soldadura', 'ACT9'],
      ['BOM.AP.1.2', 'Impulsor', 'IMP-B'],
    ]);
  });

  it("continues ACT numbers after those already in the item's EDC list, so they stay unique within it", () => {
    const first = generateEdc({
      edpItem: { code: 'P01.2' },
      system: { code: 'ELE' },
      components: [ascensor],
      existing: [],
    });
    if (!first.ok) throw new Error(first.error);
    const second = generateEdc({
      edpItem: { code: 'P01.2' },
      system: { code: 'AP' },
      components: [bomba],
      existing: first.items,
    });
    expect(second.ok && codes(second.items)).toEqual([
      ['BOM.2.AP.1', 'Bomba', 'P01.2', 'main'],
      ['BOM.2.AP.1.1', 'Impulsor', 'BOM.2.AP.1', 'sub'],
      ['ACT4', 'Instalación', 'BOM.2.AP.1.1', 'activity'],
    ]);
  });

  it('uses only the first main component of a drop', () => {
    const result = generateEdc({
      edpItem: { code: 'P01' },
      system: { code: 'AP' },
      components: [bomba, ascensor],
      existing: [],
    });
    expect(result.ok && result.items.filter((item) => item.kind === 'main').map((item) => item.code)).toEqual([
      'BOM.AP.1',
    ]);
  });

  it('refuses a main code already in the list and generates nothing', () => {
    const first = generateEdc({
      edpItem: { code: 'P01.2' },
      system: { code: 'ELE' },
      components: [ascensor],
      existing: [],
    });
    if (!first.ok) throw new Error(first.error);
    expect(
      generateEdc({
        edpItem: { code: 'P01.2' },
        system: { code: 'ELE' },
        components: [ascensor],
        existing: first.items,
      }),
    ).toEqual({ ok: false, error: 'El componente ASC.2.ELE.3 ya está asignado a P01.2; no se agrega dos veces' });
  });

  it('refuses a drop without a component', () => {
    expect(generateEdc({ edpItem: { code: 'P01' }, system: { code: 'AP' }, components: [], existing: [] })).toEqual({
      ok: false,
      error: 'No se indicó un componente principal',
    });
  });

  it('leaves its inputs as they were', () => {
    const before = JSON.stringify(ascensor);
    generateEdc({ edpItem: { code: 'P01.2' }, system: { code: 'ELE' }, components: [ascensor], existing: [] });
    expect(JSON.stringify(ascensor)).toBe(before);
  });
});

describe('nextActivityNumber', () => {
  it('is one more than the highest ACT number, ignoring other codes and gaps', () => {
    expect(nextActivityNumber([])).toBe(1);
    expect(nextActivityNumber([{ code: 'ACT2' }, { code: 'ACT10' }, { code: 'ASC.1' }, { code: 'ACTX' }])).toBe(11);
  });
});

describe('generateEdc and quantities (issue 35)', () => {
  it("an activity's unit of work and productivity come along, for the grid's 'Cantidad'", () => {
    const losa: Component = {
      ...bomba,
      subcomponents: [
        {
          id: 1,
          code: 'MOL',
          name: 'Moldaje',
          priority: 1,
          actividades: [{ ...activity('MOL', 'Moldar', 1), workUnit: 'm2', productivity: '8' }],
        },
      ],
    };
    const result = generateEdc({ edpItem: { code: 'P.1' }, system: { code: 'EST' }, components: [losa], existing: [] });
    expect(result.ok && result.items.find((item) => item.kind === 'activity')).toMatchObject({
      code: 'ACT1',
      workUnit: 'm2',
      productivity: '8',
    });
    expect(result.ok && result.items.find((item) => item.kind === 'main')).not.toHaveProperty('workUnit');
  });
});
