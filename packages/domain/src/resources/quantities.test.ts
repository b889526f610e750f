import { describe, expect, it } from 'vitest';
import {
  durationByHand,
  effectiveQuantity,
  formulaDuration,
  formulaText,
  quantityError,
  taskCrews,
  taskFormulaDays,
} from './quantities';
import { validateEdcList } from '../edc/validate-edc';
import { ganttSources, mergeGanttTasks } from '../gantt/build-gantt';
import type { EdcItem } from '../edc/generate-edc';
import type { GanttTaskRecord } from '../gantt/build-gantt';

describe('an EDC activity quantity (issue 35)', () => {
  it('quantityError: greater than 0, at most 1.000.000.000, at most 4 decimals', () => {
    expect(quantityError('120')).toBeUndefined();
    expect(quantityError('0.0001')).toBeUndefined();
    expect(quantityError(12.5)).toBeUndefined();
    expect(quantityError('1000000000')).toBeUndefined();
    expect(quantityError('0')).toBe('debe ser mayor que 0');
    expect(quantityError('1000000000.5')).toBe('debe ser como máximo 1.000.000.000');
    expect(quantityError('1.23456')).toBe('admite como máximo 4 decimales');
    expect(quantityError('-3')).toBe('no puede ser negativo');
    expect(quantityError('doce')).toMatch(/debe ser un número decimal/);
  });

  it('effectiveQuantity: the typed one wins; else the EDP item’s when its unit is the activity’s unit of work', () => {
    expect(effectiveQuantity({ quantity: '50', workUnit: 'm2' }, { unit: 'm²', quantity: '120' })).toEqual({
      quantity: '50',
      inherited: false,
    });
    expect(effectiveQuantity({ workUnit: 'm2' }, { unit: 'M2 ', quantity: '120' })).toEqual({
      quantity: '120',
      inherited: true,
    });
    // m³ of concrete on an item priced by m²: no quantity
    expect(effectiveQuantity({ workUnit: 'm3' }, { unit: 'm²', quantity: '120' })).toBeUndefined();
    expect(effectiveQuantity({ workUnit: 'm2' }, { unit: 'gl', quantity: '1' })).toBeUndefined();
    expect(effectiveQuantity({}, { unit: 'm2', quantity: '120' })).toBeUndefined();
    expect(effectiveQuantity({ workUnit: 'm2' }, { unit: 'm2' })).toBeUndefined();
    expect(effectiveQuantity({ workUnit: 'm2' }, { unit: 'm2', quantity: '0' })).toBeUndefined();
  });

  it('validateEdcList names the row of a bad quantity, and refuses one on a component', () => {
    const items: EdcItem[] = [
      { code: 'C.1', name: 'Muros', parentCode: 'P01.1', kind: 'main' },
      { code: 'C.1.1', name: 'Moldaje', parentCode: 'C.1', kind: 'sub' },
      { code: 'ACT1', name: 'Moldar', parentCode: 'C.1.1', kind: 'activity', quantity: '0' },
      { code: 'ACT2', name: 'Hormigonar', parentCode: 'C.1.1', kind: 'activity', quantity: '12,5' },
      { code: 'ACT3', name: 'Descimbrar', parentCode: 'C.1.1', kind: 'activity', quantity: '12.5' },
    ];
    expect(validateEdcList(items, 'P01.1')).toEqual([
      'La actividad ACT1 del EDC: Cantidad debe ser mayor que 0',
      'La actividad ACT2 del EDC: Cantidad debe ser un número decimal, por ejemplo 1234567.89',
    ]);
    const onComponent = [{ ...(items[0] as EdcItem), quantity: '3' }];
    expect(validateEdcList(onComponent, 'P01.1')).toEqual([
      'El ítem C.1 del EDC no es una actividad: solo las actividades llevan cantidad',
    ]);
  });
});

describe('the duration from a quantity (issue 35)', () => {
  it('hand-worked: 120 m² at 8 m²/día with 2 crews is 8 days; with 1, 15; with half a crew, 30', () => {
    expect(formulaDuration('120', '8', 2)).toBe(8);
    expect(formulaDuration('120', '8', 1)).toBe(15);
    expect(formulaDuration('120', '8', 0.5)).toBe(30);
    // 100 ÷ (8 × 3) = 4,1666… → 5 working days
    expect(formulaDuration('100', '8', 3)).toBe(5);
    // exact decimals: 1,1 m³ at 0,1 m³ a day is 11 days, not 12
    expect(formulaDuration('1.1', '0.1', 1)).toBe(11);
    expect(formulaDuration('0.5', '100', 1)).toBe(1);
    expect(formulaDuration('1000000000', '0.0001', 1)).toBe(10_000);
    expect(formulaDuration('120', '8', 0)).toBeUndefined();
    expect(formulaDuration('120', '0', 1)).toBeUndefined();
  });

  it('the crews are the task’s units of its activity’s resource, else the catalogue’s crews, else 1', () => {
    const resources = [
      { resourceId: 'GRUA', units: 1 },
      { resourceId: 'CMOL', units: 3 },
    ];
    expect(taskCrews(resources, 'CMOL', 2)).toBe(3);
    expect(taskCrews([{ resourceId: 'GRUA', units: 1 }], 'CMOL', 2)).toBe(2);
    expect(taskCrews(undefined, 'CMOL', undefined)).toBe(1);
    expect(taskCrews(resources, undefined, 4)).toBe(4);
  });

  it('effort-driven: more crews, fewer days (120 m² at 8: 1 → 15, 2 → 8, 3 → 5, 4 → 4)', () => {
    const formula = { quantity: '120', workUnit: 'm2' as const, productivity: '8', resourceId: 'CMOL' };
    const days = [1, 2, 3, 4].map((units) => taskFormulaDays(formula, [{ resourceId: 'CMOL', units }]));
    expect(days).toEqual([15, 8, 5, 4]);
  });

  it('formulaText reads as the task editor shows it', () => {
    const formula = { quantity: '120', workUnit: 'm2' as const, productivity: '8', resourceId: 'CMOL' };
    expect(formulaText(formula, [{ resourceId: 'CMOL', units: 2 }])).toBe(
      '120 m² ÷ (8 m²/día × 2 cuadrillas) = 8 días',
    );
    expect(formulaText({ ...formula, quantity: '1200.5', productivity: '12.5' }, [])).toBe(
      '1.200,5 m² ÷ (12,5 m²/día × 1 cuadrilla) = 97 días',
    );
    expect(formulaText({ ...formula, quantity: '5' }, [{ resourceId: 'CMOL', units: 1.5 }])).toBe(
      '5 m² ÷ (8 m²/día × 1,5 cuadrillas) = 1 día',
    );
  });

  it('durationByHand: what the save says; else a duration other than the formula’s is typed by hand', () => {
    expect(durationByHand({ formulaDays: 8, duration: 10, byHand: undefined, storedByHand: undefined })).toBe(true);
    expect(durationByHand({ formulaDays: 8, duration: 8, byHand: undefined, storedByHand: undefined })).toBe(false);
    expect(durationByHand({ formulaDays: 8, duration: 8, byHand: undefined, storedByHand: true })).toBe(true);
    expect(durationByHand({ formulaDays: 8, duration: 10, byHand: false, storedByHand: true })).toBe(false);
    expect(durationByHand({ formulaDays: 8, duration: 8, byHand: true, storedByHand: undefined })).toBe(true);
    expect(durationByHand({ formulaDays: undefined, duration: 3, byHand: undefined, storedByHand: true })).toBe(true);
    expect(durationByHand({ formulaDays: undefined, duration: 3, byHand: null, storedByHand: undefined })).toBe(false);
  });
});

describe('the Gantt built from quantities (issue 35)', () => {
  const edpItems = [
    { id: 1, code: 'P01', name: 'Edificio' },
    { id: 2, parentId: 1, code: 'P01.1', name: 'Losa piso 1', unit: 'm2', quantity: '120' },
  ];
  const edc = (extra: Partial<EdcItem>): Map<number, EdcItem[]> =>
    new Map([
      [
        2,
        [
          { code: 'C.1', name: 'Losa', parentCode: 'P01.1', kind: 'main' },
          { code: 'C.1.1', name: 'Moldaje', parentCode: 'C.1', kind: 'sub' },
          {
            code: 'ACT1',
            name: 'Moldar losa',
            parentCode: 'C.1.1',
            kind: 'activity',
            duration: 5,
            workUnit: 'm2',
            productivity: '8',
            resourceId: 'CMOL',
            crews: 2,
            ...extra,
          },
        ],
      ],
    ]);
  const leaf = (tasks: readonly GanttTaskRecord[]) => tasks.find((task) => task.code === 'ACT1') as GanttTaskRecord;

  it('a new task lasts the formula’s days on its default crew: 120 m² ÷ (8 × 2) = 8', () => {
    const merged = mergeGanttTasks([], [], ganttSources(edpItems, edc({})), '2026-01-05');
    expect(leaf(merged.tasks).duration).toBe(8);
    expect(leaf(merged.tasks).resources).toEqual([{ resourceId: 'CMOL', units: 2 }]);
    expect(leaf(merged.tasks).formula).toEqual({
      quantity: '120',
      workUnit: 'm2',
      productivity: '8',
      resourceId: 'CMOL',
      catalogueCrews: 2,
    });
  });

  it('without a quantity in the same unit, the catalogue duration as before', () => {
    const merged = mergeGanttTasks([], [], ganttSources(edpItems, edc({ workUnit: 'm3' })), '2026-01-05');
    expect(leaf(merged.tasks).duration).toBe(5);
    expect(leaf(merged.tasks).formula).toBeUndefined();
  });

  it('a later load follows a new quantity and the task’s crews, but a duration typed by hand wins', () => {
    const first = mergeGanttTasks([], [], ganttSources(edpItems, edc({})), '2026-01-05');
    // the quantity typed in the EDC grid: 200 m² ÷ (8 × 2) = 12,5 → 13
    const typed = mergeGanttTasks(first.tasks, [], ganttSources(edpItems, edc({ quantity: '200' })), '2026-01-05');
    expect(leaf(typed.tasks).duration).toBe(13);
    expect(typed.resized).toBe(1);
    // the task given a third crew in the Gantt: 200 ÷ 24 = 8,33 → 9
    const tasks = typed.tasks.map((task) =>
      task.code === 'ACT1' ? { ...task, resources: [{ resourceId: 'CMOL', units: 3 }] } : task,
    );
    expect(
      leaf(mergeGanttTasks(tasks, [], ganttSources(edpItems, edc({ quantity: '200' })), '2026-01-05').tasks).duration,
    ).toBe(9);
    const byHand = typed.tasks.map((task) =>
      task.code === 'ACT1' ? { ...task, duration: 20, durationByHand: true } : task,
    );
    const reloaded = mergeGanttTasks(byHand, [], ganttSources(edpItems, edc({ quantity: '300' })), '2026-01-05');
    expect(leaf(reloaded.tasks).duration).toBe(20);
    expect(reloaded.resized).toBe(0);
  });
});
