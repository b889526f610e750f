import { describe, expect, it } from 'vitest';
import type { GanttDraftTask } from './gantt-edits';
import { draftTask } from './gantt-test-support';
import {
  describeGanttTask,
  ganttLinkCandidates,
  ganttTaskDirectory,
  plannerPredecessorText,
  plannerPredecessorTitle,
  resolveGanttTask,
  searchGanttTasks,
} from './gantt-task-directory';

const task = draftTask;

/*
 * ELA (edp) › ELA.1 Torre (edp) › M Fundaciones (edc) › ACT1 Excavar, ACT2 Hormigonar
 *           › ELA.1.1 Piso 1 (edp) › M Fundaciones (edc) › ACT1 Excavar
 *   and a task the user added, without code: 20 'Recepción' at the top level
 */
const tasks: GanttDraftTask[] = [
  task(1, 'ELA', 'Edificio Los Aromos', undefined, 'edp:1'),
  task(2, 'ELA.1', 'Torre', 1, 'edp:2'),
  task(3, 'M', 'Fundaciones', 2, 'edc:2:m'),
  task(4, 'ACT1', 'Excavar', 3, 'edc:2:act1'),
  task(5, 'ACT2', 'Hormigonar', 3, 'edc:2:act2', [{ predecessorId: 4, type: 'FS', lag: 0 }]),
  task(6, 'ELA.1.1', 'Piso 1', 2, 'edp:3'),
  task(7, 'M', 'Fundaciones', 6, 'edc:3:m'),
  task(8, 'ACT1', 'Excavar', 7, 'edc:3:act1'),
  task(20, '', 'Recepción'),
];
const directory = ganttTaskDirectory(tasks);
const labels = { types: { FS: 'FC', SS: 'CC', FF: 'FF', SF: 'CF' } as const, day: 'd' };

describe('ganttTaskDirectory (issue 12: predecessors as a planner reads them)', () => {
  it('gives each task its nearest EDP item: the closest ancestor built from an EDP item', () => {
    expect(directory.byId.get(4)?.edpItem).toEqual({ id: 2, code: 'ELA.1', name: 'Torre' });
    expect(directory.byId.get(8)?.edpItem).toEqual({ id: 6, code: 'ELA.1.1', name: 'Piso 1' });
    expect(directory.byId.get(6)?.edpItem).toEqual({ id: 2, code: 'ELA.1', name: 'Torre' });
    expect(directory.byId.get(1)?.edpItem).toBeUndefined();
    expect(directory.byId.get(20)?.edpItem).toBeUndefined();
  });

  it('labels each task by its unique code (issue 32): an EDC task qualified by its EDP item', () => {
    expect(directory.byId.get(4)?.label).toBe('ELA.1.ACT1');
    expect(directory.byId.get(8)?.label).toBe('ELA.1.1.ACT1');
    expect(directory.byId.get(3)?.label).toBe('ELA.1.M');
    expect(directory.byId.get(5)?.label).toBe('ELA.1.ACT2');
    expect(directory.byId.get(2)?.label).toBe('ELA.1');
    expect(directory.byId.get(8)?.code).toBe('ACT1');
  });

  it("numbers the rows in outline order (issue 32: MS Project's Id)", () => {
    expect(tasks.map((entry) => directory.byId.get(entry.id)?.rowId)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(directory.byRow.get(9)?.id).toBe(20);
    expect(directory.byCode.get('ela.1.1.act1')?.id).toBe(8);
  });

  it('names a task without a code by its name', () => {
    expect(directory.byId.get(20)?.label).toBe('Recepción');
    expect(describeGanttTask(directory.byId.get(20)!)).toBe('Recepción');
  });

  it('describes a task in full: code, name and EDP item', () => {
    expect(describeGanttTask(directory.byId.get(8)!)).toBe('ELA.1.1.ACT1 Excavar · ELA.1.1 Piso 1');
  });
});

describe('plannerPredecessorText / plannerPredecessorTitle', () => {
  it('leaves out the type of a finish-to-start link without lag, as MS Project does', () => {
    expect(plannerPredecessorText([{ predecessorId: 5, type: 'FS', lag: 0 }], directory, labels)).toBe('ELA.1.ACT2');
  });

  it('writes the Spanish type and the lag in working days otherwise, separated by "; "', () => {
    expect(
      plannerPredecessorText(
        [
          { predecessorId: 4, type: 'FS', lag: 2 },
          { predecessorId: 8, type: 'SS', lag: 0 },
          { predecessorId: 5, type: 'FF', lag: -1 },
          { predecessorId: 20, type: 'SF', lag: 3 },
        ],
        directory,
        labels,
      ),
    ).toBe('ELA.1.ACT1 FC+2d; ELA.1.1.ACT1 CC; ELA.1.ACT2 FF-1d; Recepción CF+3d');
  });

  it('is empty without links', () => {
    expect(plannerPredecessorText([], directory, labels)).toBe('');
  });

  it('spells each predecessor in full in the tooltip, one a line', () => {
    expect(
      plannerPredecessorTitle(
        [
          { predecessorId: 8, type: 'SS', lag: 2 },
          { predecessorId: 5, type: 'FS', lag: 0 },
        ],
        directory,
        labels,
      ),
    ).toBe('ELA.1.1.ACT1 Excavar · ELA.1.1 Piso 1 · CC+2d\nELA.1.ACT2 Hormigonar · ELA.1 Torre');
  });
});

describe('ganttLinkCandidates', () => {
  it('offers every task but itself, its ancestors and its descendants', () => {
    expect(ganttLinkCandidates(tasks, 3)).toEqual([6, 7, 8, 20]);
    expect(ganttLinkCandidates(tasks, 8)).toEqual([3, 4, 5, 20]);
    expect(ganttLinkCandidates(tasks, 20)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });
});

describe('searchGanttTasks', () => {
  const all = ganttLinkCandidates(tasks, 20);

  it('finds both ACT1 by code, each with its EDP item to tell them apart', () => {
    const found = searchGanttTasks(directory, all, 'act1');
    expect(found.map((ref) => [ref.id, ref.edpItem?.code])).toEqual([
      [4, 'ELA.1'],
      [8, 'ELA.1.1'],
    ]);
  });

  it('matches names without accents or case, unique codes, and the exact row number first', () => {
    expect(searchGanttTasks(directory, all, 'HORMIGON').map((ref) => ref.id)).toEqual([5]);
    expect(searchGanttTasks(directory, ganttLinkCandidates(tasks, 1), 'recepcion').map((ref) => ref.id)).toEqual([20]);
    expect(searchGanttTasks(directory, all, 'ela.1.1.act1').map((ref) => ref.id)).toEqual([8]);
    // '8' is row 8 first; then codes that contain it ('ELA.1' does not)
    expect(searchGanttTasks(directory, all, '8')[0]?.id).toBe(8);
  });

  it('ranks an exact code before codes that start with the text, and tasks found by their item last', () => {
    expect(searchGanttTasks(directory, all, 'ela.1').map((ref) => ref.id)).toEqual([2, 3, 4, 5, 6, 7, 8]);
  });

  it('keeps to the candidates and to the limit', () => {
    expect(searchGanttTasks(directory, [5, 8], 'act').map((ref) => ref.id)).toEqual([5, 8]);
    expect(searchGanttTasks(directory, all, '', 3).map((ref) => ref.id)).toEqual([1, 2, 3]);
  });
});

describe('resolveGanttTask (a predecessor typed without choosing from the list)', () => {
  const candidates = ganttLinkCandidates(tasks, 20);

  it('takes a row number, a code only one task has, or a unique code', () => {
    expect(resolveGanttTask(directory, candidates, '5', 20)).toEqual({ ok: true, id: 5 });
    expect(resolveGanttTask(directory, candidates, 'act2', 20)).toEqual({ ok: true, id: 5 });
    expect(resolveGanttTask(directory, candidates, 'ELA.1.1.ACT1', 20)).toEqual({ ok: true, id: 8 });
  });

  it('refuses an ambiguous code, naming the EDP items to choose from', () => {
    expect(resolveGanttTask(directory, candidates, 'ACT1', 20)).toEqual({
      ok: false,
      error: 'Predecesoras: «ACT1» corresponde a 2 tareas (ELA.1, ELA.1.1); elígela de la lista',
    });
  });

  it('refuses an unknown task, the task itself and its own summary', () => {
    expect(resolveGanttTask(directory, candidates, 'ACT9', 20)).toEqual({
      ok: false,
      error: 'Predecesoras: «ACT9» no es una tarea del Gantt',
    });
    expect(resolveGanttTask(directory, candidates, '99', 20)).toEqual({
      ok: false,
      error: 'Predecesoras: la tarea 99 no existe',
    });
    expect(resolveGanttTask(directory, ganttLinkCandidates(tasks, 4), '4', 4)).toEqual({
      ok: false,
      error: 'Predecesoras: una tarea no puede ser su propia predecesora',
    });
    expect(resolveGanttTask(directory, ganttLinkCandidates(tasks, 4), 'ELA.1', 4)).toEqual({
      ok: false,
      error: 'Predecesoras: ELA.1 es resumen o parte de esta tarea; no se pueden vincular',
    });
  });
});

describe('the directory keys (issue 18: plain lower-casing instead of the es-CL locale lookup)', () => {
  it('lower-cases every character exactly as es-CL does', () => {
    const differing: number[] = [];
    for (let codePoint = 0; codePoint < 0x110000; codePoint += 1) {
      if (codePoint >= 0xd800 && codePoint < 0xe000) continue;
      const text = String.fromCodePoint(codePoint);
      if (text.toLowerCase() !== text.toLocaleLowerCase('es-CL')) differing.push(codePoint);
    }
    expect(differing).toEqual([]);
    // context-dependent mappings: the final sigma, the dotted capital I, titlecase digraphs
    for (const text of ['ΟΔΟΣ ΣΑΣ', 'İSTANBUL', 'ÁÉÍÓÚÑÜ', 'ǅemal']) {
      expect(text.toLowerCase()).toBe(text.toLocaleLowerCase('es-CL'));
    }
  }, 60_000);

  it('finds a task whatever the case and surrounding spaces of its code', () => {
    const directory = ganttTaskDirectory([task(1, 'ÁREA.1', 'Excavación'), task(2, 'ÑUBLE', 'Hormigón')]);
    expect(resolveGanttTask(directory, [1, 2], '  área.1 ', 3)).toEqual({ ok: true, id: 1 });
    expect(resolveGanttTask(directory, [1, 2], 'ñuble', 3)).toEqual({ ok: true, id: 2 });
  });
});
