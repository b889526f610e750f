import { describe, expect, it } from 'vitest';
import type { EdcItem } from '../edc/generate-edc';
import type { EdpItem } from '../edp/generate-edp';
import type { GanttLinkRecord, GanttTaskRecord } from './build-gantt';
import { edcSourceKey, edpSourceKey, parseGanttSourceKey } from '../edp/source-keys';
import {
  NEW_TASK_DURATION,
  deletedSourceMatcher,
  droppedEdcCodes,
  ganttSources,
  mergeGanttTasks,
  removeGanttTasks,
} from './build-gantt';

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

describe('parseGanttSourceKey (the keys ganttSources gives)', () => {
  it('reads the EDP item of an EDP task, the item and code of an EDC task; nothing for a user task or another key', () => {
    expect(parseGanttSourceKey(edpSourceKey(42))).toEqual({ edpItemId: 42 });
    expect(parseGanttSourceKey(edcSourceKey(42, 'ASC.1.ELE.3'))).toEqual({ edpItemId: 42, edcCode: 'asc.1.ele.3' });
    expect(parseGanttSourceKey('edc:7:a:b')).toEqual({ edpItemId: 7, edcCode: 'a:b' });
    expect(parseGanttSourceKey(null)).toBeUndefined();
    expect(parseGanttSourceKey('edp:42x')).toBeUndefined();
    expect(parseGanttSourceKey('edc:12')).toBeUndefined();
    expect(parseGanttSourceKey('otra:1')).toBeUndefined();
    expect(parseGanttSourceKey('edp:99999999999999999999')).toBeUndefined();
  });
});

describe('deletedSourceMatcher (issue 12: what the Gantt stores for deleted items goes with them)', () => {
  it("matches a deleted EDP item's own task and its EDC items' tasks, not another item's whose id starts the same", () => {
    const isDeleted = deletedSourceMatcher({ edpItemIds: [12, 3] });
    expect(isDeleted(edpSourceKey(12))).toBe(true);
    expect(isDeleted(edcSourceKey(12, 'M.1'))).toBe(true);
    expect(isDeleted(edcSourceKey(3, 'ACT2'))).toBe(true);
    expect(isDeleted(edpSourceKey(1))).toBe(false);
    expect(isDeleted(edpSourceKey(120))).toBe(false);
    expect(isDeleted(edcSourceKey(120, 'M'))).toBe(false);
    expect(isDeleted(edcSourceKey(31, 'M'))).toBe(false);
    expect(isDeleted(null)).toBe(false);
  });

  it("matches a deleted EDC item's task whatever the case of its code, and not the item's other EDC tasks", () => {
    const isDeleted = deletedSourceMatcher({ edcItems: [{ edpItemId: 3, code: 'Act2' }] });
    expect(isDeleted(edcSourceKey(3, 'ACT2'))).toBe(true);
    expect(isDeleted(edcSourceKey(3, 'ACT1'))).toBe(false);
    expect(isDeleted(edcSourceKey(4, 'ACT2'))).toBe(false);
    expect(isDeleted(edpSourceKey(3))).toBe(false);
  });
});

describe('droppedEdcCodes', () => {
  it('gives the codes the new list no longer has, once each, comparing them without case', () => {
    expect(droppedEdcCodes(['M', 'M.1', 'ACT1', 'ACT2'], ['m', 'M.1', 'Act2', 'ACT3'])).toEqual(['ACT1']);
    expect(droppedEdcCodes(['M', 'ACT1'], [])).toEqual(['M', 'ACT1']);
    expect(droppedEdcCodes([], ['M'])).toEqual([]);
  });
});

describe('removeGanttTasks (the merge and the purge of deleted items share it)', () => {
  const task = (id: number, parentId?: number) => (parentId === undefined ? { id } : { id, parentId });

  it('removes the chosen tasks and moves a survivor under a removed task up to the nearest one that stays, keeping the order', () => {
    // 1 ─ 2 ─ 3 ─ 4 (stays) ; 1 ─ 5 ; 2 ─ 6 (stays)
    const tasks = [task(1), task(2, 1), task(3, 2), task(4, 3), task(6, 2), task(5, 1)];
    const result = removeGanttTasks(tasks, (candidate) => candidate.id === 2 || candidate.id === 3);
    expect(result.removedIds).toEqual([2, 3]);
    expect(result.kept).toEqual([task(1), task(4, 1), task(6, 1), task(5, 1)]);
    expect(result.moved).toEqual([
      { id: 4, parentId: 1 },
      { id: 6, parentId: 1 },
    ]);
  });

  it('makes a survivor a root when every ancestor goes, or when its parent is not in the list', () => {
    const result = removeGanttTasks([task(1), task(2, 1), task(3, 2), task(4, 99)], (candidate) => candidate.id < 3);
    expect(result.kept).toEqual([task(3), task(4)]);
    expect(result.moved).toEqual([{ id: 3 }, { id: 4 }]);
  });

  it('leaves a list where nothing goes as it is', () => {
    const tasks = [task(1), task(2, 1)];
    expect(removeGanttTasks(tasks, () => false)).toEqual({ kept: tasks, removedIds: [], moved: [] });
  });

  it('stops at a loop of removed tasks (corrupt data): the survivor under it becomes a root', () => {
    const result = removeGanttTasks([task(1, 2), task(2, 1), task(3, 1)], (candidate) => candidate.id !== 3);
    expect(result.kept).toEqual([task(3)]);
  });

  it('handles a 100,000-task chain whose every task but the last goes, and the survivors hanging from each', () => {
    const chain = Array.from({ length: 100_000 }, (_, index) => task(index + 1, index === 0 ? undefined : index));
    const users = Array.from({ length: 1_000 }, (_, index) => task(200_000 + index, 100_000 - index * 7));
    const result = removeGanttTasks([...chain, ...users], (candidate) => candidate.id < 100_000 && candidate.id > 1);
    expect(result.removedIds).toHaveLength(99_998);
    expect(result.kept.find((candidate) => candidate.id === 100_000)?.parentId).toBe(1);
    expect(result.kept.filter((candidate) => candidate.id >= 200_000).map((candidate) => candidate.parentId)).toEqual(
      users.map((user) => (user.parentId === 100_000 ? 100_000 : 1)),
    );
  });
});

describe('purging the tasks of deleted items gives what the next merge would give', () => {
  const sources = ganttSources(edp, new Map([[3, edc]]));
  const first = mergeGanttTasks([], [], sources, START).tasks;
  // the user's task under ACT2's summary M.1 (5), linked from ACT1; ACT1 moved
  const stored: GanttTaskRecord[] = [
    ...first.map((task) => (task.code === 'ACT1' ? { ...task, start: '2025-02-03' } : task)),
    { id: 20, sourceKey: null, parentId: 5, code: 'U', name: 'Propia', start: '2025-03-03', duration: 2, progress: 0 },
  ];
  const links: GanttLinkRecord[] = [
    { from: 6, to: 20, type: 'FS', lag: 0 },
    { from: 2, to: 20, type: 'SS', lag: 1 },
  ];

  function purgeThenMerge(isDeleted: (key: string | null) => boolean, after: ReturnType<typeof ganttSources>) {
    const purged = removeGanttTasks(stored, (task) => isDeleted(task.sourceKey));
    const left = new Set(purged.kept.map((task) => task.id));
    const keptLinks = links.filter((link) => left.has(link.from) && left.has(link.to));
    return { purged, merged: mergeGanttTasks(purged.kept, keptLinks, after, START) };
  }

  it('for a deleted EDP item (its task and its EDC items’): same tasks, same tree, same links, nothing left to merge', () => {
    const after = ganttSources(
      edp.filter((item) => item.id !== 3),
      new Map(),
    );
    const direct = mergeGanttTasks(stored, links, after, START);
    const { purged, merged } = purgeThenMerge(deletedSourceMatcher({ edpItemIds: [3] }), after);
    expect(purged.removedIds).toEqual([3, 4, 5, 6, 7]);
    expect(purged.moved).toEqual([{ id: 20, parentId: 2 }]);
    expect([merged.added, merged.removed]).toEqual([0, 0]);
    expect(merged.tasks).toEqual(direct.tasks);
    expect(merged.links).toEqual(direct.links);
    expect(merged.links).toEqual([{ from: 2, to: 20, type: 'SS', lag: 1 }]);
  });

  it('for deleted EDC items of a kept EDP item: the same', () => {
    const fewer = edc.filter((item) => item.code === 'ASC.1.1.ELE.3');
    const after = ganttSources(edp, new Map([[3, fewer]]));
    const direct = mergeGanttTasks(stored, links, after, START);
    const dropped = droppedEdcCodes(
      edc.map((item) => item.code),
      fewer.map((item) => item.code),
    );
    const { purged, merged } = purgeThenMerge(
      deletedSourceMatcher({ edcItems: dropped.map((code) => ({ edpItemId: 3, code })) }),
      after,
    );
    expect(purged.removedIds).toEqual([5, 6, 7]);
    expect(purged.moved).toEqual([{ id: 20, parentId: 4 }]);
    expect([merged.added, merged.removed]).toEqual([0, 0]);
    expect(merged.tasks).toEqual(direct.tasks);
    expect(merged.links).toEqual(direct.links);
  });
});
