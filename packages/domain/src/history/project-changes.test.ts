import { describe, expect, it } from 'vitest';
import { historyDetailSchema } from '../functions/collaboration-contracts';
import { HISTORY_LIST_CAP, edcChange, edpChange, ganttChange, progressChange } from './project-changes';
import { projectEventChange } from './project-events';

const item = (id: number, code: string, name: string, parentId?: number) => ({ id, code, name, parentId });

describe('edpChange (issue 19: the EDP save as the history tells it)', () => {
  const before = [
    item(1, 'P', 'Proyecto'),
    item(2, 'P.1', 'Casa', 1),
    item(3, 'P.2', 'Bodega', 1),
    item(4, 'P.3', 'Patio', 1),
    item(5, 'P.4', 'Cierre', 1),
  ];

  it("counts added, removed and renamed items by id: 'EDP: 3 ítems agregados, 1 eliminado, 2 renombrados'", () => {
    const after = [
      item(1, 'P', 'Proyecto'),
      item(2, 'P.1', 'Casa principal', 1),
      item(3, 'P.2', 'Bodega norte', 1),
      item(5, 'P.4', 'Cierre', 1),
      item(6, 'P.5', 'Piscina', 1),
      item(7, 'P.6', 'Quincho', 1),
      item(8, 'P.7', 'Portón', 1),
    ];
    const change = edpChange(before, after);
    expect(change.summary).toBe('EDP: 3 ítems agregados, 1 eliminado, 2 renombrados');
    expect(change.detail.added).toEqual([
      { code: 'P.5', name: 'Piscina' },
      { code: 'P.6', name: 'Quincho' },
      { code: 'P.7', name: 'Portón' },
    ]);
    expect(change.detail.removed).toEqual([{ code: 'P.3', name: 'Patio' }]);
    expect(change.detail.renamed).toEqual([
      { code: 'P.1', from: 'Casa', to: 'Casa principal' },
      { code: 'P.2', from: 'Bodega', to: 'Bodega norte' },
    ]);
    expect(historyDetailSchema.parse(change.detail)).toEqual(change.detail);
  });

  it('uses the singular, leaves out the parts with 0 and says when nothing changed', () => {
    expect(edpChange(before, [...before, item(9, 'P.9', 'Garita', 1)]).summary).toBe('EDP: 1 ítem agregado');
    expect(edpChange(before, before.slice(0, 3)).summary).toBe('EDP: 2 ítems eliminados');
    expect(
      edpChange(
        before,
        before.map((i) => (i.id === 4 ? { ...i, name: 'Jardín' } : i)),
      ).summary,
    ).toBe('EDP: 1 ítem renombrado');
    expect(edpChange(before, before).summary).toBe('EDP: sin cambios');
    expect(edpChange(before, before, 'EDP importado desde Excel').summary).toBe(
      'EDP importado desde Excel: sin cambios',
    );
  });

  it('tells a change of code, parent or price as a modified item with a note', () => {
    const after = before.map((i) =>
      i.id === 5 ? { ...i, code: 'P.1.1', parentId: 2, unit: 'm2', quantity: '10', unitPrice: '1500' } : i,
    );
    const change = edpChange(before, after);
    expect(change.summary).toBe('EDP: 1 ítem modificado');
    expect(change.detail.notes).toEqual([
      'P.1.1 «Cierre»: código P.4 → P.1.1; movido bajo P.1; unidad «» → «m2»; cantidad — → 10; precio unitario — → 1500',
    ]);
  });

  it(`keeps at most ${HISTORY_LIST_CAP} entries per list and counts the rest in omitted`, () => {
    const many = Array.from({ length: 1_200 }, (_, index) => item(index + 2, `P.${index + 1}`, `Ítem ${index + 1}`, 1));
    const change = edpChange([item(1, 'P', 'Proyecto')], [item(1, 'P', 'Proyecto'), ...many]);
    expect(change.summary).toBe('EDP: 1.200 ítems agregados');
    expect(change.detail.added).toHaveLength(HISTORY_LIST_CAP);
    expect(change.detail.omitted).toBe(700);
  });
});

describe('edcChange (issue 19: EDC saves, by component code)', () => {
  const casa = { code: 'P.1', name: 'Casa' };
  it('names the EDP item of a single list', () => {
    const change = edcChange([
      {
        edpItem: casa,
        before: [
          { code: 'MUR.1', name: 'Muros' },
          { code: 'MUR.1.1', name: 'Albañilería' },
        ],
        after: [
          { code: 'MUR.1', name: 'Muros de carga' },
          { code: 'TEC.1', name: 'Techumbre' },
          { code: 'TEC.1.1', name: 'Cerchas' },
        ],
      },
    ]);
    expect(change.summary).toBe('EDC de P.1 «Casa»: 2 componentes agregados, 1 eliminado, 1 renombrado');
    expect(change.detail.removed).toEqual([{ code: 'MUR.1.1', name: 'Albañilería' }]);
    expect(change.detail.renamed).toEqual([{ code: 'MUR.1', from: 'Muros', to: 'Muros de carga' }]);
    expect(edcChange([{ edpItem: casa, before: [], after: [] }]).summary).toBe('EDC de P.1 «Casa»: sin cambios');
  });

  it('issue 35: names an activity whose quantity changed, with both quantities', () => {
    const change = edcChange([
      {
        edpItem: casa,
        before: [
          { code: 'ACT1', name: 'Moldar', quantity: null },
          { code: 'ACT2', name: 'Hormigonar', quantity: '40' },
        ],
        after: [
          { code: 'ACT1', name: 'Moldar', quantity: '1200.5' },
          { code: 'ACT2', name: 'Hormigonar', quantity: '40' },
        ],
      },
    ]);
    expect(change.summary).toBe('EDC de P.1 «Casa»: 1 componente con otra cantidad');
    expect(change.detail.notes).toEqual(['ACT1 «Moldar»: cantidad sin cantidad → 1.200,5']);
  });

  it('counts the EDP items a bulk save changed, one note each', () => {
    const lists = ['P.1', 'P.2', 'P.3'].map((code) => ({
      edpItem: { code, name: `Ítem ${code}` },
      before: [],
      after: code === 'P.3' ? [] : [{ code: `TEC.${code}`, name: 'Techumbre' }],
    }));
    const change = edcChange(lists, 'EDC (asignar componente)');
    expect(change.summary).toBe('EDC (asignar componente): 2 componentes agregados en 2 ítems del EDP');
    expect(change.detail.notes).toEqual([
      'P.1 «Ítem P.1»: 1 componente agregado',
      'P.2 «Ítem P.2»: 1 componente agregado',
    ]);
  });
});

describe('ganttChange (issue 19: the Gantt save, task by task)', () => {
  const task = (id: number, code: string, start: string, duration: number, parentId?: number) => ({
    id,
    code,
    name: `Tarea ${code}`,
    start,
    duration,
    parentId,
    progress: 0,
  });
  const before = {
    tasks: [task(1, 'A', '2026-03-02', 10), task(2, 'A.1', '2026-03-02', 5, 1), task(3, 'A.2', '2026-03-09', 5, 1)],
    links: [{ from: 2, to: 3, type: 'FS', lag: 0 }],
  };

  it('lists each changed task with its duration, start and links (dd-MM-yyyy, días, predecessors by code)', () => {
    const after = {
      tasks: [
        task(1, 'A', '2026-03-02', 12),
        task(2, 'A.1', '2026-03-04', 7, 1),
        task(3, 'A.2', '2026-03-09', 5, 1),
        task(4, 'A.3', '2026-03-16', 1, 1),
      ],
      links: [
        { from: 2, to: 3, type: 'SS', lag: 2 },
        { from: 3, to: 4, type: 'FS', lag: 0 },
      ],
    };
    const change = ganttChange(before, after);
    // issue 32: the summary A's rolled-up duration (10 → 12 días) is the engine's, not a change
    expect(change.summary).toBe('Gantt: 2 tareas cambiadas, 1 agregada');
    expect(change.detail.tasks).toEqual([
      {
        code: 'A.1',
        name: 'Tarea A.1',
        changes: [
          { field: 'start', from: '02-03-2026', to: '04-03-2026' },
          { field: 'duration', from: '5 días', to: '7 días' },
        ],
      },
      { code: 'A.2', name: 'Tarea A.2', changes: [{ field: 'links', from: 'A.1FS', to: 'A.1SS+2' }] },
    ]);
    expect(change.detail.added).toEqual([{ code: 'A.3', name: 'Tarea A.3' }]);
  });

  it("issue 34: names a fixed start ('Debe comenzar el') and a Resume ('Reanudar') set or cleared", () => {
    const after = {
      tasks: [
        task(1, 'A', '2026-03-02', 10),
        { ...task(2, 'A.1', '2026-03-02', 5, 1), mustStartOn: true },
        { ...task(3, 'A.2', '2026-03-09', 5, 1), resume: '2026-03-16' },
      ],
      links: before.links,
    };
    expect(ganttChange(before, after).detail.tasks).toEqual([
      { code: 'A.1', name: 'Tarea A.1', changes: [{ field: 'mustStartOn', from: 'no', to: 'sí' }] },
      { code: 'A.2', name: 'Tarea A.2', changes: [{ field: 'resume', from: '', to: '16-03-2026' }] },
    ]);
    expect(ganttChange(after, before).detail.tasks.map((changed) => changed.changes)).toEqual([
      [{ field: 'mustStartOn', from: 'sí', to: 'no' }],
      [{ field: 'resume', from: '16-03-2026', to: '' }],
    ]);
  });

  it('counts removed tasks, the singular, and the notes of the save', () => {
    const after = { tasks: before.tasks.slice(0, 2), links: [] };
    expect(ganttChange(before, after).summary).toBe('Gantt: 1 tarea eliminada');
    expect(ganttChange(before, before).summary).toBe('Gantt: sin cambios');
    const calendar = ganttChange(before, before, { notes: ['Calendario cambiado'] });
    expect(calendar.summary).toBe('Gantt: calendario cambiado');
    expect(calendar.detail.notes).toEqual(['Calendario cambiado']);
    const parent = ganttChange(before, {
      tasks: before.tasks.map((t) => (t.id === 3 ? { ...t, parentId: undefined, name: 'Otra' } : t)),
      links: before.links,
    });
    expect(parent.summary).toBe('Gantt: 1 tarea cambiada');
    expect(parent.detail.tasks[0]?.changes).toEqual([
      { field: 'name', from: 'Tarea A.2', to: 'Otra' },
      { field: 'parent', from: 'A', to: '' },
    ]);
  });
});

describe('ganttChange records only what the user changed (issue 32)', () => {
  const task = (id: number, start: string, duration: number, parentId?: number) => ({
    id,
    code: `T${id}`,
    name: `Tarea ${id}`,
    start,
    duration,
    parentId,
    progress: 0,
  });
  // 1 and 2 summaries as built (start of the project, 5 días); their leaves 3, 4 (under 2) and 5 (under 1)
  const built = {
    tasks: [
      task(1, '2026-01-02', 5),
      task(2, '2026-01-02', 5, 1),
      task(3, '2026-01-02', 5, 2),
      task(4, '2026-01-02', 5, 2),
      task(5, '2026-01-02', 5, 1),
    ],
    links: [
      { from: 3, to: 4, type: 'FS', lag: 0 },
      { from: 4, to: 5, type: 'FS', lag: 0 },
    ],
  };

  it('leaves out the summaries’ starts and durations the engine rolled up, and lists the leaf the user changed', () => {
    // the first save after one edit (3 lasts 8 días): the summaries come back rolled up (2: 13 días, 1: 18)
    const saved = {
      tasks: built.tasks.map((t) => {
        if (t.id === 3) return { ...t, duration: 8 };
        if (t.id === 2) return { ...t, start: '2026-01-05', duration: 13 };
        if (t.id === 1) return { ...t, start: '2026-01-05', duration: 18 };
        return t;
      }),
      links: built.links,
    };
    const change = ganttChange(built, saved);
    expect(change.summary).toBe('Gantt: 1 tarea cambiada');
    expect(change.detail.tasks).toEqual([
      { code: 'T3', name: 'Tarea 3', changes: [{ field: 'duration', from: '5 días', to: '8 días' }] },
    ]);
  });

  it('still lists a summary’s own fields (name, code, links, parent), and a leaf that became a summary only by them', () => {
    const saved = {
      tasks: [
        { ...task(1, '2026-01-09', 30), name: 'Torre A' },
        task(2, '2026-01-02', 5, 1),
        task(3, '2026-01-02', 5, 2),
        // 4 is now a summary (6 under it): its start and duration are the roll-up's, not listed
        task(4, '2026-03-02', 12, 2),
        task(5, '2026-01-02', 5, 1),
        task(6, '2026-03-02', 12, 4),
      ],
      links: [...built.links, { from: 5, to: 2, type: 'SS', lag: 0 }],
    };
    const change = ganttChange(built, saved);
    expect(change.summary).toBe('Gantt: 2 tareas cambiadas, 1 agregada');
    expect(change.detail.tasks).toEqual([
      { code: 'T1', name: 'Torre A', changes: [{ field: 'name', from: 'Tarea 1', to: 'Torre A' }] },
      { code: 'T2', name: 'Tarea 2', changes: [{ field: 'links', from: '', to: 'T5SS' }] },
    ]);
  });
});

describe('ganttChange with namesFollowSources (issue 32: saveGantt)', () => {
  const built = (id: number, name: string, sourceKey: string | null) => ({
    id,
    code: `C${id}`,
    name,
    start: '2026-01-02',
    duration: 5,
    sourceKey,
  });
  const before = { tasks: [built(1, 'Excavar', 'edc:3:act1'), built(2, 'Mía', null)], links: [] };
  const after = {
    tasks: [
      { ...built(1, 'Excavación', 'edc:3:act1'), code: 'X1' },
      { ...built(2, 'Mía otra', null), code: 'X2' },
    ],
    links: [],
  };

  it('leaves out a built task’s code and name (they follow its EDP/EDC item), and lists the user’s own task’s', () => {
    const change = ganttChange(before, after, { namesFollowSources: true });
    expect(change.summary).toBe('Gantt: 1 tarea cambiada');
    expect(change.detail.tasks).toEqual([
      {
        code: 'X2',
        name: 'Mía otra',
        changes: [
          { field: 'name', from: 'Mía', to: 'Mía otra' },
          { field: 'code', from: 'C2', to: 'X2' },
        ],
      },
    ]);
    // without the option (regenerateGanttSequence, the progress entries), both count
    expect(ganttChange(before, after).summary).toBe('Gantt: 2 tareas cambiadas');
  });
});

describe('progressChange (issue 19: progress at a cut-off)', () => {
  const leaf = (id: number, progress: number, actualStart?: string) => ({
    id,
    code: `T${id}`,
    name: `Tarea ${id}`,
    start: '2026-01-02',
    duration: 5,
    progress,
    actualStart,
  });
  it('counts the tasks whose progress or actual dates moved and lists their fields', () => {
    const change = progressChange(
      [leaf(1, 0), leaf(2, 50, '2026-01-02')],
      [leaf(1, 20, '2026-01-02'), leaf(2, 50, '2026-01-02')],
      '2026-01-05',
      false,
    );
    expect(change.summary).toBe('Avance registrado al corte del 05-01-2026: 1 tarea actualizada');
    expect(change.detail.tasks).toEqual([
      {
        code: 'T1',
        name: 'Tarea 1',
        changes: [
          { field: 'progress', from: '0 %', to: '20 %' },
          { field: 'actualStart', from: '', to: '02-01-2026' },
        ],
      },
    ]);
    expect(progressChange([leaf(1, 0)], [leaf(1, 0)], '2026-01-06', true).summary).toBe(
      'Avance importado desde Excel al corte del 06-01-2026: 0 tareas actualizadas',
    );
  });
});

describe('projectEventChange (issue 19: the other saves, one line and notes)', () => {
  it('tells each kind of save in the product’s words', () => {
    expect(projectEventChange({ kind: 'project-created', name: 'Casa', code: 'P01', edpItems: 12 }).summary).toBe(
      'Proyecto creado: «Casa» (P01)',
    );
    const edited = projectEventChange({
      kind: 'project-edited',
      changes: [{ label: 'Nombre', from: 'Casa', to: 'Casa 2' }],
    });
    expect(edited.summary).toBe('Proyecto editado: nombre');
    expect(edited.detail.notes).toEqual(['Nombre: «Casa» → «Casa 2»']);
    expect(projectEventChange({ kind: 'baseline-saved', name: 'LB 1', tasks: 3 }).summary).toBe(
      'Línea base «LB 1» fijada',
    );
    expect(projectEventChange({ kind: 'baseline-chosen', name: null }).summary).toBe(
      'Línea base: el Gantt no muestra ninguna',
    );
    expect(projectEventChange({ kind: 'progress', cutoff: '2026-04-30', tasks: 1, imported: false }).summary).toBe(
      'Avance registrado al corte del 30-04-2026: 1 tarea actualizada',
    );
    expect(projectEventChange({ kind: 'actual-cost', cutoff: '2026-04-30', amount: null }).summary).toBe(
      'Costo real al 30-04-2026 borrado',
    );
    expect(
      projectEventChange({ kind: 'estado-pago-saved', number: 3, cutoff: '2026-04-30', created: true }).summary,
    ).toBe('Estado de pago N°3 creado al corte del 30-04-2026');
    expect(projectEventChange({ kind: 'estado-pago-removed', number: 3 }).summary).toBe('Estado de pago N°3 eliminado');
  });
});
