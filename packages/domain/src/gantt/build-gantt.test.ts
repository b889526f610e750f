import { describe, expect, it } from 'vitest';
import type { EdcItem } from '../edc/generate-edc';
import type { EdpItem } from '../edp/generate-edp';
import type { GanttLinkRecord, GanttTaskRecord } from './build-gantt';
import { NEW_TASK_DURATION, edcSourceKey, edpSourceKey, ganttSources, mergeGanttTasks } from './build-gantt';

const edp: EdpItem[] = [
  { id: 1, code: 'P01', name: 'Proyecto' },
  { id: 2, parentId: 1, code: 'P01.1', name: 'Torre' },
  { id: 3, parentId: 2, code: 'P01.1.1', name: 'Piso 1' },
];
const edc: EdcItem[] = [
  { code: 'ASC.1.1.ELE.3', name: 'Ascensor', parentCode: 'P01.1.1', kind: 'main', sourceId: 'c' },
  { code: 'ASC.1.1.ELE.3.1', name: 'Motor', parentCode: 'ASC.1.1.ELE.3', kind: 'sub' },
  { code: 'ACT1', name: 'Suministro', parentCode: 'ASC.1.1.ELE.3.1', kind: 'activity', sourceId: 'a1' },
  { code: 'ACT2', name: 'Montaje', parentCode: 'ASC.1.1.ELE.3.1', kind: 'activity', sourceId: 'a2' },
];
const START = '2025-01-02';
const shape = (tasks: GanttTaskRecord[]) => tasks.map((task) => [task.id, task.parentId, task.code, task.name]);

describe('ganttSources (domain.md: a summary per EDP item, per EDC main and subcomponent item, a leaf per activity)', () => {
  it("lists the EDP tree with each item's EDC under it", () => {
    const sources = ganttSources(edp, new Map([[3, edc]]));
    expect(sources.map((source) => [source.key, source.parentKey, source.code])).toEqual([
      ['edp:1', undefined, 'P01'],
      ['edp:2', 'edp:1', 'P01.1'],
      ['edp:3', 'edp:2', 'P01.1.1'],
      ['edc:3:asc.1.1.ele.3', 'edp:3', 'ASC.1.1.ELE.3'],
      ['edc:3:asc.1.1.ele.3.1', 'edc:3:asc.1.1.ele.3', 'ASC.1.1.ELE.3.1'],
      ['edc:3:act1', 'edc:3:asc.1.1.ele.3.1', 'ACT1'],
      ['edc:3:act2', 'edc:3:asc.1.1.ele.3.1', 'ACT2'],
    ]);
  });
});

describe('mergeGanttTasks: the first load builds every task', () => {
  it('gives ids 1… in tree order, the same tree, TaskCode/TaskName from the item, new tasks on the given start with 5 days', () => {
    const result = mergeGanttTasks([], [], ganttSources(edp, new Map([[3, edc]])), START);
    expect(shape(result.tasks)).toEqual([
      [1, undefined, 'P01', 'Proyecto'],
      [2, 1, 'P01.1', 'Torre'],
      [3, 2, 'P01.1.1', 'Piso 1'],
      [4, 3, 'ASC.1.1.ELE.3', 'Ascensor'],
      [5, 4, 'ASC.1.1.ELE.3.1', 'Motor'],
      [6, 5, 'ACT1', 'Suministro'],
      [7, 5, 'ACT2', 'Montaje'],
    ]);
    expect(result.tasks.every((task) => task.start === START && task.duration === NEW_TASK_DURATION)).toBe(true);
    expect(result.tasks.every((task) => task.progress === 0)).toBe(true);
    expect([result.added, result.removed]).toEqual([7, 0]);
  });
});

describe('mergeGanttTasks: later loads keep every user edit', () => {
  const first = mergeGanttTasks([], [], ganttSources(edp, new Map([[3, edc]])), START).tasks;
  // the user moved ACT2, stretched it, set progress, linked ACT1 → ACT2, and added a task of their own
  const edited: GanttTaskRecord[] = [
    ...first.map((task) =>
      task.code === 'ACT2' ? { ...task, start: '2025-02-03', duration: 12, progress: 40 } : task,
    ),
    {
      id: 20,
      sourceKey: null,
      parentId: 3,
      code: 'X1',
      name: 'Inspección municipal',
      start: '2025-03-03',
      duration: 1,
      progress: 0,
    },
  ];
  const links: GanttLinkRecord[] = [
    { from: 6, to: 7, type: 'FS', lag: 2 },
    { from: 7, to: 20, type: 'SS', lag: 0 },
  ];

  it('adds tasks for new EDP/EDC items under their parents, after the existing children', () => {
    const moreEdp = [...edp, { id: 4, parentId: 2, code: 'P01.1.2', name: 'Piso 2' }];
    const result = mergeGanttTasks(edited, links, ganttSources(moreEdp, new Map([[3, edc]])), START);
    expect(result.added).toBe(1);
    const piso2 = result.tasks.find((task) => task.code === 'P01.1.2');
    expect(piso2).toMatchObject({ id: 21, parentId: 2, sourceKey: edpSourceKey(4), start: START, duration: 5 });
    expect(result.tasks.map((task) => task.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 20, 21]);
    expect(result.tasks.find((task) => task.code === 'ACT2')).toMatchObject({
      start: '2025-02-03',
      duration: 12,
      progress: 40,
    });
    expect(result.links).toEqual(links);
  });

  it("removes tasks whose source item is gone, with their links; the user's own task stays", () => {
    const withoutMotor = edc.filter((item) => item.code !== 'ACT2');
    const result = mergeGanttTasks(edited, links, ganttSources(edp, new Map([[3, withoutMotor]])), START);
    expect(result.removed).toBe(1);
    expect(result.tasks.some((task) => task.code === 'ACT2')).toBe(false);
    expect(result.links).toEqual([]);
    expect(result.tasks.find((task) => task.id === 20)).toMatchObject({ parentId: 3, name: 'Inspección municipal' });
  });

  it('moves a user task up to the nearest surviving ancestor when its parent goes', () => {
    const underAct: GanttTaskRecord[] = edited.map((task) => (task.id === 20 ? { ...task, parentId: 5 } : task));
    const result = mergeGanttTasks(underAct, links, ganttSources(edp, new Map()), START);
    expect(result.tasks.map((task) => task.id)).toEqual([1, 2, 3, 20]);
    expect(result.tasks.find((task) => task.id === 20)?.parentId).toBe(3);
    expect(result.removed).toBe(4);
  });

  it('takes codes and names from the items (edited in the EDP and EDC screens) and keeps a task the user moved', () => {
    const renamed = edp.map((item) => (item.id === 3 ? { ...item, code: 'P01.1.9', name: 'Piso uno' } : item));
    const moved = edited.map((task) => (task.id === 7 ? { ...task, parentId: 4 } : task));
    const result = mergeGanttTasks(moved, links, ganttSources(renamed, new Map([[3, edc]])), START);
    expect(result.tasks.find((task) => task.sourceKey === edpSourceKey(3))).toMatchObject({
      code: 'P01.1.9',
      name: 'Piso uno',
    });
    expect(result.tasks.find((task) => task.sourceKey === edcSourceKey(3, 'ACT2'))?.parentId).toBe(4);
    expect(result.added + result.removed).toBe(0);
  });

  it('is stable: merging again with the same sources changes nothing', () => {
    const sources = ganttSources(edp, new Map([[3, edc]]));
    const once = mergeGanttTasks(edited, links, sources, START);
    const twice = mergeGanttTasks(once.tasks, once.links, sources, START);
    expect(twice.tasks).toEqual(once.tasks);
    expect([twice.added, twice.removed]).toEqual([0, 0]);
  });
});
