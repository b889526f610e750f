import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { EdcItem } from '../edc/generate-edc';
import { generateEdc } from '../edc/generate-edc';
import { generateEdp } from '../edp/generate-edp';
import type { AreaType, Component } from '../functions/catalogue-contracts';
import { ganttSources, mergeGanttTasks } from './build-gantt';
import type { GanttTaskRecord } from './build-gantt';
import { ganttOutlineOrder, ganttParentPaths, ganttRowIds } from './row-ids';
import { ganttTaskCodes } from './task-codes';
import type { CodedTask } from './task-codes';

/** A component with `subs` subcomponents of `activities` activities each. */
function component(code: string, priority: number, subs: number, activities: number): Component {
  return {
    _id: `comp-${code}`,
    id: `comp-${code}`,
    code,
    name: `Componente ${code}`,
    priority,
    subcomponents: Array.from({ length: subs }, (_, s) => ({
      id: s + 1,
      code: `${code}S${s + 1}`,
      name: `Sub ${s + 1}`,
      priority: s + 1,
      actividades: Array.from({ length: activities }, (_, a) => ({
        _id: `act-${code}-${s}-${a}`,
        id: `act-${code}-${s}-${a}`,
        code: `A${a + 1}`,
        name: ['Instalación de cañerías', 'Relleno y compactación', 'Hormigonado', 'Moldaje'][a % 4] as string,
        priority: a + 1,
        duration: 3,
      })),
    })),
  };
}

/** The Gantt tasks of a generated building: `towers` towers of `floors` floors, two components on every item. */
function building(towers: number, floors: number): GanttTaskRecord[] {
  const torre: AreaType & { quantity: number } = {
    _id: 'torre',
    id: 'torre',
    code: 'TOR',
    name: 'Torre',
    priority: 1,
    sectores: [{ code: 'PIS', name: 'Piso', quantity: floors, priority: 1 }],
    quantity: towers,
  } as AreaType & { quantity: number };
  const edp = generateEdp({ projectCode: 'ELA', projectName: 'Edificio', template: 'generica', tiposArea: [torre] });
  const edc = new Map<number, EdcItem[]>();
  for (const item of edp) {
    if (item.parentId === undefined) continue;
    let items: EdcItem[] = [];
    for (const [index, comp] of [component('EST', 1, 2, 4), component('INS', 2, 1, 3)].entries()) {
      const result = generateEdc({
        edpItem: item,
        system: { code: `S${index + 1}` },
        components: [comp],
        existing: items,
      });
      if (!result.ok) throw new Error(result.error);
      items = [...items, ...result.items];
    }
    edc.set(item.id, items);
  }
  return mergeGanttTasks([], [], ganttSources(edp, edc), '2026-01-05').tasks;
}

const lower = (codes: Iterable<string>) => [...codes].map((code) => code.toLowerCase());

describe('ganttTaskCodes (issue 32: a code unique in the project)', () => {
  const tasks = building(2, 10);

  it('gives every task of a generated 2-tower building a different code, while ACT codes repeat on every floor', () => {
    const own = tasks.map((task) => task.code);
    expect(own.filter((code) => code === 'ACT3').length).toBeGreaterThan(20);
    const codes = ganttTaskCodes(tasks);
    expect(codes.size).toBe(tasks.length);
    expect(new Set(lower(codes.values())).size).toBe(tasks.length);
    expect([...codes.values()].every((code) => code !== '')).toBe(true);
  });

  it('names an activity by its EDP item and its own code; EDP items and generated main codes stay as they are', () => {
    const codes = ganttTaskCodes(tasks);
    const floor = tasks.find((task) => task.code === 'ELA.2.3') as GanttTaskRecord;
    const under = tasks.filter((task) => task.sourceKey?.startsWith(`edc:${floor.sourceKey?.slice(4)}:`));
    expect(codes.get(floor.id)).toBe('ELA.2.3');
    const act3 = under.find((task) => task.code === 'ACT3') as GanttTaskRecord;
    expect(codes.get(act3.id)).toBe('ELA.2.3.ACT3');
    const main = under.find((task) => task.code.startsWith('EST.')) as GanttTaskRecord;
    expect(codes.get(main.id)).toBe(`ELA.2.3.${main.code}`);
  });

  it("is the same whatever the rest of the project holds (a task's code reads only its own item)", () => {
    const small = building(1, 2);
    const big = ganttTaskCodes(tasks);
    const codesOf = (list: GanttTaskRecord[], codes: Map<number, string>) =>
      new Map(list.map((task) => [task.sourceKey, codes.get(task.id)]));
    const inBig = codesOf(tasks, big);
    for (const [key, code] of codesOf(small, ganttTaskCodes(small))) expect(inBig.get(key)).toBe(code);
  });

  it("keeps imported and user tasks' own codes, and makes colliding ones unique in list order", () => {
    const list: CodedTask[] = [
      { id: 1, code: 'NUN', sourceKey: 'edp:1' },
      { id: 2, parentId: 1, code: 'NUN.1', sourceKey: 'edp:2' },
      { id: 3, parentId: 2, code: 'X', sourceKey: null },
      { id: 4, parentId: 2, code: 'x', sourceKey: null },
      { id: 5, parentId: 2, code: 'X-2', sourceKey: null },
      { id: 6, parentId: 2, code: 'NUN.1', sourceKey: null },
      { id: 7, parentId: 2, code: '', sourceKey: null },
      { id: 8, parentId: 2, code: '  Y  ' },
    ];
    expect([...ganttTaskCodes(list).values()]).toEqual(['NUN', 'NUN.1', 'X', 'x-3', 'X-2', 'NUN.1-2', '', 'Y']);
  });

  it("qualifies an EDC task by the nearest EDP item above it when its item's own task is gone, and never twice", () => {
    const list: CodedTask[] = [
      { id: 1, code: 'P', sourceKey: 'edp:1' },
      { id: 3, parentId: 1, code: 'ACT1', sourceKey: 'edc:2:act1' },
      { id: 4, parentId: 1, code: 'P.ACT9', sourceKey: 'edc:1:p.act9' },
    ];
    expect([...ganttTaskCodes(list).values()]).toEqual(['P', 'P.ACT1', 'P.ACT9']);
  });

  it('always answers distinct codes (property: random codes, sources and duplicates)', () => {
    const taskArb = fc.record({
      code: fc.constantFrom('', 'A', 'a', 'A-2', 'B', 'P', 'P.A', 'ACT1', 'act1'),
      source: fc.constantFrom<string | null>(null, 'edp:1', 'edp:2', 'edc:1:act1', 'edc:2:act1', 'edc:1:a'),
    });
    fc.assert(
      fc.property(fc.array(taskArb, { maxLength: 30 }), (entries) => {
        const list: CodedTask[] = entries.map((entry, index) => ({
          id: index + 1,
          ...(index > 0 ? { parentId: 1 } : {}),
          code: entry.code,
          sourceKey: entry.source,
        }));
        const codes = [...ganttTaskCodes(list).values()].filter((code) => code !== '');
        expect(new Set(lower(codes)).size).toBe(codes.length);
        expect(ganttTaskCodes(list)).toEqual(ganttTaskCodes(list));
      }),
    );
  });
});

describe("ganttRowIds (issue 32: the row number, MS Project's Id)", () => {
  it('numbers the tasks 1…n in outline order, and back', () => {
    const tasks = [
      { id: 10 },
      { id: 30, parentId: 20 },
      { id: 20, parentId: 10 },
      { id: 40 },
      { id: 50, parentId: 10 },
    ];
    const { rowOf, taskAt } = ganttRowIds(tasks);
    expect([...rowOf.entries()]).toEqual([
      [10, 1],
      [20, 2],
      [30, 3],
      [50, 4],
      [40, 5],
    ]);
    expect(taskAt.get(3)).toBe(30);
    expect(ganttOutlineOrder(tasks).map((task) => task.id)).toEqual([10, 20, 30, 50, 40]);
  });

  it("is the list position for a building's tasks in tree order", () => {
    const tasks = building(2, 3);
    const { rowOf } = ganttRowIds(tasks);
    expect(tasks.map((task) => rowOf.get(task.id))).toEqual(tasks.map((_, index) => index + 1));
  });
});

describe("ganttParentPaths (issue 32: the row's tower, floor and component in words)", () => {
  it("names each task's summaries from the top down, without the project's own row", () => {
    const tasks = building(2, 2);
    const paths = ganttParentPaths(tasks);
    const floor = tasks.find((task) => task.code === 'ELA.2.2') as GanttTaskRecord;
    const act = tasks.find((task) => task.sourceKey === `edc:${floor.sourceKey?.slice(4)}:act3`) as GanttTaskRecord;
    expect(paths.get(act.id)).toBe('Torre 2 › Piso 2 › Componente EST › Sub 1');
    expect(paths.get(floor.id)).toBe('Torre 2');
    expect(paths.get(tasks[0]?.id as number)).toBe('');
  });

  it('keeps every top-level task when there are several', () => {
    const paths = ganttParentPaths([
      { id: 1, name: 'Obra gruesa' },
      { id: 2, parentId: 1, name: 'Excavación' },
      { id: 3, name: 'Entrega' },
    ]);
    expect([...paths.values()]).toEqual(['', 'Obra gruesa', '']);
  });
});
