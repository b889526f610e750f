import { WorkingCalendar, scheduleDraft, updateGanttTask } from '@cimiento/domain';
import type { GanttDraftTask, ScheduledTask } from '@cimiento/domain';
import { describe, expect, it } from 'vitest';
import type { CellResult } from './cell-values';
import { cellChanges, cellContext, pasteChanges } from './cell-values';

// Monday to Friday; Viernes Santo (18 April 2025) is off
const calendar = new WorkingCalendar('mon-fri', (year) => (year === 2025 ? ['2025-04-18'] : []), 2025);

/**
 * OG Obra gruesa (1, from the EDP)
 * ├─ OG.1 Excavación (2)   5 d            Mon 7 – Fri 11 Apr
 * ├─ OG.2 Fundaciones (3)  4 d, 2FS       Mon 14 – Thu 17 Apr
 * ├─ OG.3 Muros (4)        5 d, 3FS       Mon 21 – Fri 25 Apr (Viernes Santo off)
 * └─ Limpieza (5)          2 d, no code   Mon 7 – Tue 8 Apr
 */
const tasks: GanttDraftTask[] = [
  {
    id: 1,
    code: 'OG',
    name: 'Obra gruesa',
    start: '2025-04-07',
    duration: 0,
    progress: 0,
    sourceKey: 'edp:1',
    predecessors: [],
  },
  {
    id: 2,
    code: 'OG.1',
    name: 'Excavación',
    start: '2025-04-07',
    duration: 5,
    progress: 0,
    parentId: 1,
    predecessors: [],
  },
  {
    id: 3,
    code: 'OG.2',
    name: 'Fundaciones',
    start: '2025-04-07',
    duration: 4,
    progress: 0,
    parentId: 1,
    sourceKey: 'edc:9',
    predecessors: [{ predecessorId: 2, type: 'FS', lag: 0 }],
  },
  {
    id: 4,
    code: 'OG.3',
    name: 'Muros',
    start: '2025-04-07',
    duration: 5,
    progress: 0,
    parentId: 1,
    predecessors: [{ predecessorId: 3, type: 'FS', lag: 0, generated: true }],
  },
  { id: 5, code: '', name: 'Limpieza', start: '2025-04-07', duration: 2, progress: 0, parentId: 1, predecessors: [] },
];

function context(cutoff: string | null = null, list: GanttDraftTask[] = tasks) {
  const result = scheduleDraft(list, calendar, cutoff === null ? {} : { cutoff });
  if (!result.ok) throw new Error(result.error);
  const scheduled = new Map<number, ScheduledTask>(result.tasks.map((task) => [task.id, task]));
  return cellContext(list, scheduled, calendar, cutoff);
}

function changed(result: CellResult) {
  if (!result.ok) throw new Error(result.error);
  return result.changes;
}

function refused(result: CellResult): string {
  if (result.ok) throw new Error('accepted');
  return result.error;
}

describe('cellChanges: Duración', () => {
  it('takes a whole number of working days, also written "8d" or "8 días"', () => {
    expect(changed(cellChanges(context(), 2, 'workDays', '8')).duration).toBe(8);
    expect(changed(cellChanges(context(), 2, 'workDays', ' 8d ')).duration).toBe(8);
    expect(changed(cellChanges(context(), 2, 'workDays', '8 días')).duration).toBe(8);
    expect(changed(cellChanges(context(), 2, 'workDays', '0')).duration).toBe(0);
  });

  it('changes only the duration: the other fields are the task’s as they are (the editor’s path)', () => {
    const changes = changed(cellChanges(context(), 4, 'workDays', '7'));
    expect(changes).toEqual({
      code: 'OG.3',
      name: 'Muros',
      start: '2025-04-07',
      duration: 7,
      progress: 0,
      predecessors: [{ predecessorId: 3, type: 'FS', lag: 0, generated: true }],
    });
    // applied by the editor's own edit: the generated link stays generated
    const edit = updateGanttTask(tasks, 4, changes);
    expect(edit.ok && edit.tasks.find((task) => task.id === 4)?.predecessors[0]?.generated).toBe(true);
  });

  it.each([
    ['-3', 'Duración: no puede ser negativa'],
    ['abc', 'Duración: «abc» no es un número entero de días hábiles'],
    ['2,5', 'Duración: «2,5» no es un número entero de días hábiles'],
    ['', 'Duración: «» no es un número entero de días hábiles'],
    ['99999', 'Duración: debe ser de 0 a 10.000 días hábiles'],
  ])('refuses %j: %s', (text, message) => {
    expect(refused(cellChanges(context(), 2, 'workDays', text))).toBe(message);
  });

  it('refuses a summary’s: it comes from its tasks', () => {
    expect(refused(cellChanges(context(), 1, 'workDays', '3'))).toBe(
      'Duración: la de una tarea resumen sale de sus tareas',
    );
  });
});

describe('cellChanges: Nombre', () => {
  it('takes a name typed, trimmed', () => {
    expect(changed(cellChanges(context(), 5, 'text', '  Aseo final ')).name).toBe('Aseo final');
  });

  it('refuses an empty name, a long one, and the name of a task built from the EDP/EDC', () => {
    expect(refused(cellChanges(context(), 5, 'text', '  '))).toBe('Nombre: es obligatorio');
    expect(refused(cellChanges(context(), 5, 'text', 'x'.repeat(201)))).toBe(
      'Nombre: debe tener como máximo 200 caracteres',
    );
    expect(refused(cellChanges(context(), 3, 'text', 'Otra'))).toBe(
      'Nombre: viene de su ítem del EDP o del EDC; se cambia allí',
    );
  });
});

describe('cellChanges: Inicio and Fin', () => {
  it('a start typed becomes the task’s "no earlier than"; the shown start typed again keeps it', () => {
    expect(changed(cellChanges(context(), 2, 'startIso', '14-04-2025')).start).toBe('2025-04-14');
    expect(changed(cellChanges(context(), 2, 'startIso', '14/4/2025')).start).toBe('2025-04-14');
    // OG.3 shows Mon 21 Apr (pushed by its link): typed as shown, the task keeps its own 7 Apr
    expect(changed(cellChanges(context(), 4, 'startIso', '21-04-2025')).start).toBe('2025-04-07');
  });

  it('a finish sets the working days from where the schedule starts the task (holidays skipped)', () => {
    // OG.2 starts Mon 14 Apr: to Thu 17 is 4 days; to Tue 22 is 6 (Fri 18 off, a weekend)
    expect(changed(cellChanges(context(), 3, 'endIso', '17-04-2025')).duration).toBe(4);
    expect(changed(cellChanges(context(), 3, 'endIso', '22-04-2025')).duration).toBe(6);
    // a finish on a day off counts to the working day before it
    expect(changed(cellChanges(context(), 3, 'endIso', '19-04-2025')).duration).toBe(4);
  });

  it.each([
    ['startIso', '31-02-2025', 'Inicio: «31-02-2025» no es una fecha real; escríbela como dd-mm-aaaa'],
    ['startIso', 'mañana', 'Inicio: «mañana» no es una fecha real; escríbela como dd-mm-aaaa'],
    ['startIso', '01-01-3025', 'Inicio: la fecha debe estar entre 01-01-2000 y 31-12-2100'],
    ['endIso', '10-04-2025', 'Fin: no puede ser anterior al inicio (14-04-2025)'],
    ['endIso', '30-13-2025', 'Fin: «30-13-2025» no es una fecha real; escríbela como dd-mm-aaaa'],
  ] as const)('%s refuses %j', (column, text, message) => {
    expect(refused(cellChanges(context(), 3, column, text))).toBe(message);
  });
});

describe('cellChanges: Predecesoras', () => {
  it('reads Ids with MS Project’s types in Spanish or English and lags', () => {
    expect(changed(cellChanges(context(), 4, 'predecessors', '2FC+2; 3CC')).predecessors).toEqual([
      { predecessorId: 2, type: 'FS', lag: 2 },
      { predecessorId: 3, type: 'SS', lag: 0 },
    ]);
    expect(changed(cellChanges(context(), 4, 'predecessors', '2FS+2d,5FF-1')).predecessors).toEqual([
      { predecessorId: 2, type: 'FS', lag: 2 },
      { predecessorId: 5, type: 'FF', lag: -1 },
    ]);
  });

  it('reads back what the cell shows: codes, names, the type and lag after a space', () => {
    expect(changed(cellChanges(context(), 4, 'predecessors', 'OG.1 CC+2d; Limpieza')).predecessors).toEqual([
      { predecessorId: 2, type: 'SS', lag: 2 },
      { predecessorId: 5, type: 'FS', lag: 0 },
    ]);
  });

  it("reads a number as the row's Id (its place in the outline), not the task's internal id", () => {
    // Limpieza (id 5) listed right after its summary: it is row 2, and task 2 becomes row 3
    const reordered = [tasks[0], tasks[4], tasks[1], tasks[2], tasks[3]] as GanttDraftTask[];
    expect(changed(cellChanges(context(null, reordered), 4, 'predecessors', '2FC+1')).predecessors).toEqual([
      { predecessorId: 5, type: 'FS', lag: 1 },
    ]);
    expect(changed(cellChanges(context(null, reordered), 4, 'predecessors', '3')).predecessors).toEqual([
      { predecessorId: 2, type: 'FS', lag: 0 },
    ]);
  });

  it('an empty cell removes the links', () => {
    expect(changed(cellChanges(context(), 4, 'predecessors', '')).predecessors).toEqual([]);
  });

  it.each([
    ['99', 'Predecesoras: La fila 99 no existe'],
    ['4', 'Predecesoras: Una tarea no puede depender de sí misma'],
    ['1', 'Predecesoras: La tarea 1 (OG) es resumen o parte de esta tarea; no se pueden vincular'],
    ['XX.9', 'Predecesoras: «XX.9» no es una tarea del Gantt'],
    ['2; OG.1 CC', 'Predecesoras: OG.1 aparece dos veces'],
    ['2FS+20000', 'Predecesoras: «2FS+20000»: el desfase debe estar entre -10000 y 10000 días'],
  ])('refuses %j', (text, message) => {
    expect(refused(cellChanges(context(), 4, 'predecessors', text))).toBe(message);
  });
});

describe('cellChanges: Avance', () => {
  it('is measured at a cut-off: none recorded, it is refused', () => {
    expect(refused(cellChanges(context(), 2, 'progress', '50'))).toMatch(
      /^Avance: registra primero una fecha de corte/,
    );
  });

  it('at the cut-off, fills the actual start from the planned one (MS Project’s default)', () => {
    const changes = changed(cellChanges(context('2025-04-09'), 2, 'progress', '40'));
    expect(changes).toMatchObject({ progress: 40, actualStart: '2025-04-07', actualFinish: null });
  });

  it.each(['120', '-5', 'mucho'])('refuses %j', (text) => {
    expect(refused(cellChanges(context('2025-04-09'), 2, 'progress', text))).toBe(
      `Avance: «${text}» no es un número entre 0 y 100`,
    );
  });

  it('refuses what the cut-off’s rules refuse (progress on a task that starts after it)', () => {
    expect(refused(cellChanges(context('2025-04-09'), 4, 'progress', '30'))).toMatch(/^Avance: OG\.3/);
  });
});

describe('pasteChanges (a column pasted from Excel)', () => {
  it('fills the rows from the selected one down, and reports each value refused and those past the end', () => {
    const plan = pasteChanges(context(), [3, 4, 5], 'workDays', ['6', 'x', '3', '9']);
    expect(plan.changes.map(({ id, changes }) => [id, changes.duration])).toEqual([
      [3, 6],
      [5, 3],
    ]);
    expect(plan.errors).toEqual([
      { id: 4, index: 1, error: 'Duración: «x» no es un número entero de días hábiles' },
      { id: null, index: 3, error: 'no hay más filas debajo' },
    ]);
  });

  it('a summary row among them is refused, the others taken', () => {
    const plan = pasteChanges(context(), [1, 2], 'workDays', ['3', '4']);
    expect(plan.changes.map(({ id }) => id)).toEqual([2]);
    expect(plan.errors[0]).toMatchObject({ id: 1, error: 'Duración: la de una tarea resumen sale de sus tareas' });
  });
});

describe('cellChanges: Recursos (issue 35)', () => {
  const catalogue = [
    { _id: 'cmol', code: 'CMOL', name: 'Cuadrilla moldaje' },
    { _id: 'grua', code: 'GRUA', name: 'Grúa torre' },
  ];
  function withCatalogue(list: typeof catalogue = catalogue) {
    const base = context();
    return cellContext(tasks, base.scheduled, calendar, null, list);
  }

  it('reads names or codes with their units as MS Project writes them; blank clears', () => {
    const changes = changed(cellChanges(withCatalogue(), 2, 'resourceText', 'Cuadrilla moldaje[2]; grua'));
    expect(changes.resources).toEqual([
      { resourceId: 'cmol', units: 2 },
      { resourceId: 'grua', units: 1 },
    ]);
    // applied by the editor's own edit, and on a summary too (MS Project allows it)
    const edit = updateGanttTask(tasks, 2, changes);
    expect(edit.ok && edit.tasks.find((task) => task.id === 2)?.resources).toEqual(changes.resources);
    expect(changed(cellChanges(withCatalogue(), 1, 'resourceText', 'CMOL[1,5]')).resources).toEqual([
      { resourceId: 'cmol', units: 1.5 },
    ]);
    expect(changed(cellChanges(withCatalogue(), 2, 'resourceText', '  ')).resources).toEqual([]);
  });

  it.each([
    ['Andamio', 'Recursos: No hay un recurso «Andamio» en el catálogo de recursos'],
    ['Grúa torre[0]', 'Recursos: «Grúa torre[0]»: las unidades deben ser mayores que 0'],
    ['GRUA; Grúa torre', 'Recursos: El recurso «Grúa torre» está más de una vez'],
  ])('refuses %j: %s', (text, message) => {
    expect(refused(cellChanges(withCatalogue(), 2, 'resourceText', text))).toBe(message);
  });

  it('says where to create them when the catalogue is empty', () => {
    expect(refused(cellChanges(withCatalogue([]), 2, 'resourceText', 'Grúa torre'))).toBe(
      'Recursos: el catálogo de recursos está vacío; créalos en Administración › Recursos',
    );
  });
});
