import { describe, expect, it } from 'vitest';
import { MAX_TASK_DURATION } from '../functions/gantt-contracts';
import { WorkingCalendar } from './calendar';
import type { GanttDraftTask } from './gantt-edits';
import { scheduleDraft, updateGanttTask } from './gantt-edits';
import type { GanttTaskTyped } from './gantt-task-validation';
import {
  GANTT_HORIZON_YEARS,
  checkGanttTaskEdit,
  ganttLinkLoop,
  parseGanttDate,
  parseGanttDuration,
  parseGanttLag,
} from './gantt-task-validation';

const task = (id: number, extra: Partial<GanttDraftTask> = {}): GanttDraftTask => ({
  id,
  code: `T${id}`,
  name: `Tarea ${id}`,
  start: '2025-03-03',
  duration: 5,
  progress: 0,
  predecessors: [],
  ...extra,
});

const fs = (predecessorId: number) => ({ predecessorId, type: 'FS' as const, lag: 0 });

/**
 * S Summary (1)
 * ├─ T2            (2)
 * └─ T3  2FS       (3)
 * T4     3FS       (4)
 * T5     4FS       (5)
 * T6               (6)
 */
const tasks: GanttDraftTask[] = [
  task(1, { code: 'S', name: 'Resumen' }),
  task(2, { parentId: 1 }),
  task(3, { parentId: 1, predecessors: [fs(2)] }),
  task(4, { predecessors: [fs(3)] }),
  task(5, { predecessors: [fs(4)] }),
  task(6),
];

/** The editor's fields for a task as it is (nothing typed yet). */
const typedOf = (id: number, change: Partial<GanttTaskTyped> = {}): GanttTaskTyped => {
  const found = tasks.find((candidate) => candidate.id === id) as GanttDraftTask;
  return {
    code: found.code,
    name: found.name,
    start: '03-03-2025',
    duration: String(found.duration),
    predecessors: found.predecessors.map((link) => ({
      taskId: link.predecessorId,
      text: `T${link.predecessorId}`,
      type: link.type,
      lag: String(link.lag),
    })),
    ...change,
  };
};

describe('parseGanttDuration (issue 32)', () => {
  it.each([
    ['5', 5],
    [' 12 ', 12],
    ['0', 0],
    ['-0', 0],
    ['+3', 3],
    ['7d', 7],
    ['7 días', 7],
    [String(MAX_TASK_DURATION), MAX_TASK_DURATION],
  ])('reads %o as %d working days', (text, value) => {
    expect(parseGanttDuration(text)).toEqual({ ok: true, value });
  });

  it.each([
    ['-3', 'Duración: no puede ser negativa'],
    ['abc', 'Duración: escribe un número entero de días hábiles'],
    ['5 semanas', 'Duración: escribe un número entero de días hábiles'],
    ['2,5', 'Duración: debe ser un número entero de días hábiles'],
    ['1.5', 'Duración: debe ser un número entero de días hábiles'],
    ['99999', 'Duración: debe ser como máximo 10.000 días hábiles'],
    [String(MAX_TASK_DURATION + 1), 'Duración: debe ser como máximo 10.000 días hábiles'],
    ['', 'Duración: es obligatoria'],
  ])('refuses %o: %s', (text, error) => {
    expect(parseGanttDuration(text)).toEqual({ ok: false, error });
  });
});

describe('parseGanttLag', () => {
  it('reads a whole number of days, empty as 0, within ±10.000', () => {
    expect(parseGanttLag('')).toEqual({ ok: true, value: 0 });
    expect(parseGanttLag('-2')).toEqual({ ok: true, value: -2 });
    expect(parseGanttLag('3d')).toEqual({ ok: true, value: 3 });
    expect(parseGanttLag('x')).toEqual({ ok: false, error: 'Desfase: escribe un número entero de días hábiles' });
    expect(parseGanttLag('10001')).toEqual({ ok: false, error: 'Desfase: debe ser como máximo 10.000 días hábiles' });
    expect(parseGanttLag('-10001')).toEqual({
      ok: false,
      error: 'Desfase: debe ser como mínimo -10.000 días hábiles',
    });
  });
});

describe('parseGanttDate', () => {
  it('reads dd-mm-aaaa (with -, / or .) and aaaa-mm-dd', () => {
    expect(parseGanttDate('7-4-2025', 'Inicio')).toEqual({ ok: true, value: '2025-04-07' });
    expect(parseGanttDate('07/04/2025', 'Inicio')).toEqual({ ok: true, value: '2025-04-07' });
    expect(parseGanttDate('07.04.2025', 'Inicio')).toEqual({ ok: true, value: '2025-04-07' });
    expect(parseGanttDate('2025-04-07', 'Inicio')).toEqual({ ok: true, value: '2025-04-07' });
    expect(parseGanttDate('29-02-2028', 'Inicio')).toEqual({ ok: true, value: '2028-02-29' });
  });

  it('refuses what is no date, a day that does not exist and a year outside the Gantt', () => {
    expect(parseGanttDate('mañana', 'Inicio')).toEqual({
      ok: false,
      error: 'Inicio: escribe la fecha como dd-mm-aaaa',
    });
    expect(parseGanttDate('', 'Fin')).toEqual({ ok: false, error: 'Fin: es obligatorio' });
    expect(parseGanttDate('31-02-2026', 'Inicio')).toEqual({
      ok: false,
      error: 'Inicio: el 31-02-2026 no existe en el calendario',
    });
    expect(parseGanttDate('29-02-2025', 'Inicio')).toMatchObject({ ok: false });
    expect(parseGanttDate('2025-13-01', 'Inicio')).toMatchObject({ ok: false });
    const last = 2025 + GANTT_HORIZON_YEARS - 1;
    const range = `Inicio: debe estar entre el 01-01-2025 y el 31-12-${last}`;
    expect(parseGanttDate('31-12-2024', 'Inicio', { firstYear: 2025 })).toEqual({ ok: false, error: range });
    expect(parseGanttDate(`01-01-${last + 1}`, 'Inicio', { firstYear: 2025 })).toEqual({ ok: false, error: range });
    expect(parseGanttDate(`31-12-${last}`, 'Inicio', { firstYear: 2025 })).toEqual({
      ok: true,
      value: `${last}-12-31`,
    });
  });
});

describe('ganttLinkLoop', () => {
  it('finds the loop a new link would close, from the task edited to its would-be predecessor', () => {
    // T3 → T4 → T5: T5 as T3's predecessor closes a loop
    expect(ganttLinkLoop(tasks, 3, 5, [2, 5])).toEqual([3, 4, 5]);
    // T6 is not downstream of T3
    expect(ganttLinkLoop(tasks, 3, 6, [2, 6])).toBeNull();
  });

  it('follows the links into a summary to its tasks, and a task to its summary', () => {
    // T4 and T5 follow T3, one of the summary's tasks: the summary after T5 loops
    expect(ganttLinkLoop(tasks, 1, 5)).toEqual([1, 3, 4, 5]);
    // the summary as T5's predecessor is a link out of it, after all its tasks: no loop
    expect(ganttLinkLoop(tasks, 5, 1, [1])).toBeNull();
    // S as T2's predecessor: T2 rolls up into S
    expect(ganttLinkLoop(tasks, 2, 1)).toEqual([2, 1]);
  });

  it('agrees with the engine: an edit it finds a loop in is one the engine refuses', () => {
    const calendar = new WorkingCalendar('mon-fri', () => [], 2025);
    for (const id of [1, 2, 3, 4, 5, 6]) {
      for (const predecessorId of [1, 2, 3, 4, 5, 6]) {
        if (predecessorId === id) continue;
        const edited = tasks.map((candidate) =>
          candidate.id === id ? { ...candidate, predecessors: [fs(predecessorId)] } : candidate,
        );
        const engine = scheduleDraft(edited, calendar);
        expect(ganttLinkLoop(tasks, id, predecessorId) !== null, `${predecessorId} → ${id}`).toBe(!engine.ok);
      }
    }
  });
});

describe('checkGanttTaskEdit (issue 32: every field checked, nothing changes with an error)', () => {
  it('answers the changes when every field is good, as updateGanttTask takes them', () => {
    const check = checkGanttTaskEdit(tasks, 4, typedOf(4, { duration: '8', start: '10-03-2025' }));
    expect(check).toEqual({
      ok: true,
      changes: { code: 'T4', name: 'Tarea 4', start: '2025-03-10', duration: 8, predecessors: [fs(3)] },
    });
    if (!check.ok) return;
    const updated = updateGanttTask(tasks, 4, { ...check.changes, progress: 0 });
    expect(updated.ok && updated.tasks[3]).toMatchObject({ start: '2025-03-10', duration: 8 });
  });

  it('keeps start and duration when they are not typed (a summary)', () => {
    const check = checkGanttTaskEdit(tasks, 1, { code: 'S', name: 'Resumen', predecessors: [] });
    expect(check).toEqual({
      ok: true,
      changes: { code: 'S', name: 'Resumen', start: '2025-03-03', duration: 5, predecessors: [] },
    });
  });

  it('gives every bad field its message at once', () => {
    const check = checkGanttTaskEdit(
      tasks,
      4,
      typedOf(4, { name: '  ', code: 'x'.repeat(121), start: '30-02-2025', duration: '-3' }),
      { firstYear: 2025 },
    );
    expect(check).toEqual({
      ok: false,
      errors: {
        code: 'Código: debe tener como máximo 120 caracteres',
        name: 'Nombre: es obligatorio',
        start: 'Inicio: el 30-02-2025 no existe en el calendario',
        duration: 'Duración: no puede ser negativa',
      },
    });
  });

  it.each([
    ['99', 'Predecesoras: La fila 99 no existe'],
    ['T77', 'Predecesoras: «T77» no es una tarea del Gantt'],
    ['4', 'Predecesoras: Una tarea no puede depender de sí misma'],
  ])('refuses the predecessor typed %o at its row', (text, message) => {
    const typed = typedOf(4, {
      predecessors: [
        { taskId: 3, text: 'T3', type: 'FS', lag: '0' },
        { taskId: null, text, type: 'FS', lag: '0' },
      ],
    });
    expect(checkGanttTaskEdit(tasks, 4, typed)).toEqual({
      ok: false,
      errors: { predecessors: { 1: { task: message } } },
    });
  });

  it('refuses a predecessor that closes a loop, naming the tasks of the loop', () => {
    const typed = typedOf(3, {
      predecessors: [
        { taskId: 2, text: 'T2', type: 'FS', lag: '0' },
        { taskId: null, text: 'T5', type: 'SS', lag: '2' },
      ],
    });
    expect(checkGanttTaskEdit(tasks, 3, typed)).toEqual({
      ok: false,
      errors: {
        predecessors: {
          1: {
            task: 'Predecesoras: T5 Tarea 5 ya depende de esta tarea (T3 Tarea 3 → T4 Tarea 4 → T5 Tarea 5); el vínculo formaría un ciclo',
          },
        },
      },
    });
  });

  it('refuses a summary of the task, a task twice and a bad lag, each at its row', () => {
    const typed = typedOf(3, {
      predecessors: [
        { taskId: 1, text: 'S Resumen', type: 'FS', lag: '0' },
        { taskId: 6, text: 'T6', type: 'FS', lag: 'dos' },
        { taskId: null, text: 'T2', type: 'FS', lag: '0' },
        { taskId: 2, text: 'T2', type: 'FF', lag: '1' },
        { taskId: null, text: '   ', type: 'FS', lag: '0' },
      ],
    });
    expect(checkGanttTaskEdit(tasks, 3, typed)).toEqual({
      ok: false,
      errors: {
        predecessors: {
          0: { task: 'Predecesoras: S es resumen o parte de esta tarea; no se pueden vincular' },
          1: { lag: 'Desfase: escribe un número entero de días hábiles' },
          3: { task: 'Predecesoras: T2 ya está en la fila 3' },
        },
      },
    });
  });
});
