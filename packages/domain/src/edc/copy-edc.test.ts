import { describe, expect, it } from 'vitest';
import type { Component } from '../functions/catalogue-contracts';
import { copiedMainCode, copyEdcItems } from './copy-edc';
import { generateEdc } from './generate-edc';
import type { EdcItem } from './generate-edc';
import { validateEdcList, validateEdcStructure } from './validate-edc';

const activity = (code: string, name: string, priority: number, duration: number) => ({
  _id: `act-${code}`,
  id: `act-${code}`,
  code,
  name,
  priority,
  duration,
});

const ascensor: Component = {
  _id: 'comp-asc',
  id: 'comp-asc',
  code: 'ASC',
  name: 'Ascensor',
  priority: 3,
  subcomponents: [
    {
      id: 1,
      code: 'MOT',
      name: 'Motor',
      priority: 1,
      actividades: [activity('SUM', 'Suministro', 1, 2), activity('MON', 'Montaje', 2, 0)],
    },
    { id: 2, code: 'CAB', name: 'Cabina', priority: 2, actividades: [activity('PIN', 'Pintura', 1, 4)] },
  ],
};

const bomba: Component = {
  _id: 'comp-bom',
  id: 'comp-bom',
  code: 'BOM',
  name: 'Bomba',
  priority: 1,
  subcomponents: [{ id: 1, code: 'EQ', name: 'Equipo', priority: 1, actividades: [activity('MON', 'Montaje', 1, 3)] }],
};

/** Drops the components one after another on item `edpCode`, as the EDC screen would. */
function dropAll(edpCode: string, drops: [Component, string][], existing: EdcItem[] = []): EdcItem[] {
  let list = [...existing];
  for (const [component, system] of drops) {
    const result = generateEdc({
      edpItem: { code: edpCode },
      system: { code: system },
      components: [component],
      existing: list,
    });
    if (!result.ok) throw new Error(result.error);
    list = [...list, ...result.items];
  }
  return list;
}

describe('copiedMainCode', () => {
  it("puts the target's EDP suffix in place of the source's after the catalogue code", () => {
    expect(copiedMainCode({ code: 'ASC.1.2.ELE.3', sourceCode: 'ASC' }, 'P01.1.2', 'P01.2.1')).toBe('ASC.2.1.ELE.3');
    // a deeper or shallower target
    expect(copiedMainCode({ code: 'ASC.1.2.ELE.3', sourceCode: 'ASC' }, 'P01.1.2', 'P01.3')).toBe('ASC.3.ELE.3');
    // the root has an empty suffix, on either side
    expect(copiedMainCode({ code: 'ASC.ELE.3', sourceCode: 'ASC' }, 'P01', 'P01.4')).toBe('ASC.4.ELE.3');
    expect(copiedMainCode({ code: 'ASC.4.ELE.3', sourceCode: 'ASC' }, 'P01.4', 'P01')).toBe('ASC.ELE.3');
  });

  it('keeps a code that does not start with the catalogue code and the source suffix, or has no catalogue code', () => {
    expect(copiedMainCode({ code: 'MANUAL', sourceCode: 'ASC' }, 'P01.1', 'P01.2')).toBe('MANUAL');
    expect(copiedMainCode({ code: 'ASC.9.ELE.3', sourceCode: 'ASC' }, 'P01.1', 'P01.2')).toBe('ASC.9.ELE.3');
    expect(copiedMainCode({ code: 'ASC.1.ELE.3' }, 'P01.1', 'P01.2')).toBe('ASC.1.ELE.3');
    // "ASC.10" does not start with the suffix "1"
    expect(copiedMainCode({ code: 'ASC.10.ELE.3', sourceCode: 'ASC' }, 'P01.1', 'P01.2')).toBe('ASC.10.ELE.3');
  });
});

describe('copyEdcItems', () => {
  it('gives the target the codes a drop on it would make, keeping the catalogue copies', () => {
    const source = dropAll('P01.1.1', [
      [ascensor, 'ELE'],
      [bomba, 'AP'],
    ]);
    const { items, skipped } = copyEdcItems({
      source: { code: 'P01.1.1' },
      target: { code: 'P01.2.1' },
      items: source,
      existing: [],
    });
    expect(skipped).toEqual([]);
    // exactly what dropping the same components on the target makes
    expect(items).toEqual(
      dropAll('P01.2.1', [
        [ascensor, 'ELE'],
        [bomba, 'AP'],
      ]),
    );
    expect(items.map((item) => [item.code, item.parentCode])).toEqual([
      ['ASC.2.1.ELE.3', 'P01.2.1'],
      ['ASC.2.1.ELE.3.1', 'ASC.2.1.ELE.3'],
      ['ACT1', 'ASC.2.1.ELE.3.1'],
      ['ACT2', 'ASC.2.1.ELE.3.1'],
      ['ASC.2.1.ELE.3.2', 'ASC.2.1.ELE.3'],
      ['ACT3', 'ASC.2.1.ELE.3.2'],
      ['BOM.2.1.AP.1', 'P01.2.1'],
      ['BOM.2.1.AP.1.1', 'BOM.2.1.AP.1'],
      ['ACT4', 'BOM.2.1.AP.1.1'],
    ]);
    expect(items[3]).toMatchObject({
      sourceId: 'act-MON',
      sourceCode: 'MON',
      sourceName: 'Montaje',
      priority: 2,
      duration: 0,
    });
    expect(items[0]).toMatchObject({ sourceId: 'comp-asc', sourceCode: 'ASC', priority: 3 });
    expect(items[1]).toMatchObject({ sourceCode: 'MOT', priority: 1 });
  });

  it("renumbers activities from the target's own highest ACT number, and the result is a valid list", () => {
    const source = dropAll('P01.1', [[ascensor, 'ELE']]);
    const existing = dropAll(
      'P01.2',
      [[bomba, 'AP']],
      [
        { code: 'M', name: 'A mano', parentCode: 'P01.2', kind: 'main' },
        { code: 'M.1', name: 'Básico', parentCode: 'M', kind: 'sub' },
        { code: 'ACT7', name: 'Suelta', parentCode: 'M.1', kind: 'activity' },
      ],
    );
    const { items } = copyEdcItems({ source: { code: 'P01.1' }, target: { code: 'P01.2' }, items: source, existing });
    expect(items.filter((item) => item.kind === 'activity').map((item) => item.code)).toEqual([
      'ACT9',
      'ACT10',
      'ACT11',
    ]);
    const list = [...existing, ...items];
    expect(validateEdcList(list, 'P01.2')).toEqual([]);
    expect(validateEdcStructure(list, 'P01.2')).toEqual([]);
  });

  it('skips a main component the target already has (case-insensitive) with everything under it, and says why', () => {
    const source = dropAll('P01.1', [
      [ascensor, 'ELE'],
      [bomba, 'AP'],
    ]);
    const existing = dropAll('P01.2', [[bomba, 'ap']]).map((item) => ({ ...item, code: item.code.toLowerCase() }));
    const { items, skipped } = copyEdcItems({
      source: { code: 'P01.1' },
      target: { code: 'P01.2' },
      items: source,
      existing,
    });
    expect(skipped).toEqual([{ code: 'BOM.2.AP.1', reason: 'ya tiene el componente BOM.2.AP.1' }]);
    expect(items.map((item) => item.code)).toEqual([
      'ASC.2.ELE.3',
      'ASC.2.ELE.3.1',
      'ACT2',
      'ACT3',
      'ASC.2.ELE.3.2',
      'ACT4',
    ]);
  });

  it('skips a main whose subtree would repeat a code the target has', () => {
    const source = dropAll('P01.1', [[bomba, 'AP']]);
    const existing: EdcItem[] = [
      { code: 'X', name: 'A mano', parentCode: 'P01.2', kind: 'main' },
      { code: 'BOM.2.AP.1.1', name: 'Tomado', parentCode: 'X', kind: 'sub' },
    ];
    const result = copyEdcItems({ source: { code: 'P01.1' }, target: { code: 'P01.2' }, items: source, existing });
    expect(result).toEqual({
      items: [],
      skipped: [{ code: 'BOM.2.AP.1', reason: 'el código BOM.2.AP.1.1 del componente BOM.2.AP.1 ya existe en su EDC' }],
    });
  });

  it('keeps the codes of items typed by hand, their subcomponents following their main', () => {
    const source: EdcItem[] = [
      { code: 'Manual', name: 'A mano', parentCode: 'P01.1', kind: 'main' },
      { code: 'Manual.1', name: 'Básico', parentCode: 'Manual', kind: 'sub' },
      { code: 'Otro', name: 'Otro básico', parentCode: 'Manual', kind: 'sub' },
      { code: 'ACT4', name: 'Tarea', parentCode: 'Otro', kind: 'activity', duration: 2 },
    ];
    const { items } = copyEdcItems({
      source: { code: 'P01.1' },
      target: { code: 'P01.2' },
      items: source,
      existing: [],
    });
    expect(items).toEqual([
      { code: 'Manual', name: 'A mano', parentCode: 'P01.2', kind: 'main' },
      { code: 'Manual.1', name: 'Básico', parentCode: 'Manual', kind: 'sub' },
      { code: 'Otro', name: 'Otro básico', parentCode: 'Manual', kind: 'sub' },
      { code: 'ACT1', name: 'Tarea', parentCode: 'Otro', kind: 'activity', duration: 2 },
    ]);
  });

  it('follows the source list order, even when a subcomponent was added to an earlier main later', () => {
    const source = dropAll('P01.1', [
      [bomba, 'AP'],
      [ascensor, 'ELE'],
    ]);
    source.push({ code: 'BOM.1.AP.1.2', name: 'Agregado', parentCode: 'BOM.1.AP.1', kind: 'sub' });
    const { items } = copyEdcItems({
      source: { code: 'P01.1' },
      target: { code: 'P01.3' },
      items: source,
      existing: [],
    });
    expect(items.at(-1)).toEqual({ code: 'BOM.3.AP.1.2', name: 'Agregado', parentCode: 'BOM.3.AP.1', kind: 'sub' });
    expect(validateEdcStructure(items, 'P01.3')).toEqual([]);
  });

  it('copies nothing from an empty list, and leaves its inputs as they were', () => {
    expect(copyEdcItems({ source: { code: 'P01.1' }, target: { code: 'P01.2' }, items: [], existing: [] })).toEqual({
      items: [],
      skipped: [],
    });
    const source = dropAll('P01.1', [[ascensor, 'ELE']]);
    const frozen = JSON.parse(JSON.stringify(source)) as EdcItem[];
    copyEdcItems({ source: { code: 'P01.1' }, target: { code: 'P01.2' }, items: source, existing: [] });
    expect(source).toEqual(frozen);
  });
});
