import type { EdcItem, EdpItem, GanttDraftTask, ProjectCalendar } from '@cimiento/domain';
import { describe, expect, it } from 'vitest';
import { i18next } from '@/lib/i18n/i18n';
import { draftDifferenceLines } from './draft-diff-lines';
import { diffEdcDraft, diffEdpDraft, diffGanttDraft } from './draft-diffs';
import { parseEdcDraft, parseEdpDraft, parseGanttDraft } from './project-drafts';

const edp: EdpItem[] = [
  { id: 1, code: 'ELA', name: 'Los Aromos' },
  { id: 2, parentId: 1, code: 'ELA.1', name: 'Torre' },
  { id: 3, parentId: 2, code: 'ELA.1.1', name: 'Piso 1' },
  { id: 4, parentId: 2, code: 'ELA.1.2', name: 'Piso 2' },
  { id: 5, parentId: 1, code: 'ELA.2', name: 'Estacionamientos' },
];

function task(id: number, overrides: Partial<GanttDraftTask> = {}): GanttDraftTask {
  return {
    id,
    code: `T${id}`,
    name: `Tarea ${id}`,
    start: '2026-01-02',
    duration: 5,
    progress: 0,
    predecessors: [],
    ...overrides,
  };
}

describe('EDP draft differences', () => {
  it('finds nothing between equal lists', () => {
    expect(
      diffEdpDraft(
        edp,
        edp.map((item) => ({ ...item })),
      ),
    ).toEqual([]);
  });

  it('lists added, removed, renamed and moved items, in the draft order then the removed ones', () => {
    const draft: EdpItem[] = [
      { id: 1, code: 'ELA', name: 'Los Aromos' },
      { id: 2, parentId: 1, code: 'ELA.1', name: 'Torre A' },
      // Piso 2 before Piso 1: moved among its siblings
      { id: 4, parentId: 2, code: 'ELA.1.2', name: 'Piso 2' },
      { id: 3, parentId: 2, code: 'ELA.1.1', name: 'Piso 1' },
      { id: 6, parentId: 2, code: 'ELA.1.3', name: 'Piso 3' },
    ];
    expect(diffEdpDraft(edp, draft)).toEqual([
      { kind: 'renamed', label: 'ELA.1 Torre A', stored: 'ELA.1 Torre' },
      { kind: 'moved', label: 'ELA.1.2 Piso 2' },
      { kind: 'moved', label: 'ELA.1.1 Piso 1' },
      { kind: 'added', label: 'ELA.1.3 Piso 3' },
      { kind: 'removed', label: 'ELA.2 Estacionamientos' },
    ]);
  });

  it('lists an item whose price changed (issue 16), worded with the columns and es-CL numbers', () => {
    const stored = edp.map((item) =>
      item.id === 3 ? { ...item, unit: 'm2', quantity: '10', unitPrice: '1500' } : item,
    );
    const draft = edp.map((item) => (item.id === 3 ? { ...item, unit: 'm2', quantity: '1234.5' } : item));
    const changes = diffEdpDraft(stored, draft);
    expect(changes).toEqual([
      {
        kind: 'changed',
        label: 'ELA.1.1 Piso 1',
        fields: [
          { field: 'quantity', stored: '10', draft: '1234.5' },
          { field: 'unitPrice', stored: '1500', draft: '' },
        ],
      },
    ]);
    expect(draftDifferenceLines(i18next.t, changes).map((line) => line.text)).toEqual([
      'ELA.1.1 Piso 1: Cantidad 10 → 1.234,5; Precio unitario 1.500 → —',
    ]);
    // a kept draft carries the prices back
    const parsed = parseEdpDraft({
      items: draft,
      editing: { id: 3, code: 'ELA.1.1', name: 'Piso 1', quantity: '2,5' },
    });
    expect(parsed).toMatchObject({ items: draft, editing: { quantity: '2,5' } });
  });

  it('an item indented under another parent has moved; a deletion nearby moves nothing', () => {
    const indented = edp.map((item) => (item.id === 5 ? { ...item, parentId: 2 } : item));
    expect(diffEdpDraft(edp, indented)).toEqual([{ kind: 'moved', label: 'ELA.2 Estacionamientos' }]);
    const withoutFirstFloor = edp.filter((item) => item.id !== 3);
    expect(diffEdpDraft(edp, withoutFirstFloor)).toEqual([{ kind: 'removed', label: 'ELA.1.1 Piso 1' }]);
  });
});

describe('Gantt draft differences', () => {
  const monFri: ProjectCalendar = { workingWeekdays: [1, 2, 3, 4, 5], chileHolidays: true, exceptions: [] };
  const stored = { tasks: [task(1), task(2, { parentId: 1 }), task(3, { parentId: 1 })], calendar: monFri };

  it('finds nothing between equal schedules', () => {
    expect(diffGanttDraft(stored, { ...stored, tasks: stored.tasks.map((item) => ({ ...item })) })).toEqual([]);
  });

  it('lists each task whose start, duration, progress or links differ, with both values', () => {
    const draft = {
      calendar: monFri,
      tasks: [
        task(1),
        task(2, { parentId: 1, start: '2026-01-09', progress: 40 }),
        task(3, { parentId: 1, duration: 3, predecessors: [{ predecessorId: 2, type: 'FS', lag: 2 }] }),
        task(4, { code: 'HITO', name: 'Recepción' }),
      ],
    };
    expect(diffGanttDraft(stored, draft)).toEqual([
      {
        kind: 'changed',
        label: 'T2 Tarea 2',
        fields: [
          { field: 'start', stored: '2026-01-02', draft: '2026-01-09' },
          { field: 'progress', stored: '0', draft: '40' },
        ],
      },
      {
        kind: 'changed',
        label: 'T3 Tarea 3',
        fields: [
          { field: 'duration', stored: '5', draft: '3' },
          { field: 'links', stored: '—', draft: 'T2 FS+2' },
        ],
      },
      { kind: 'added', label: 'HITO Recepción' },
    ]);
  });

  it('lists removed tasks and tasks moved under another summary', () => {
    const draft = { ...stored, tasks: [task(1), task(3)] };
    expect(diffGanttDraft(stored, draft)).toEqual([
      { kind: 'moved', label: 'T3 Tarea 3' },
      { kind: 'removed', label: 'T2 Tarea 2' },
    ]);
  });

  it('names an activity by its code unique in the project when several EDP items have one with that code (issue 32)', () => {
    const edpTasks = [
      task(10, { code: 'ELA.1', name: 'Torre', sourceKey: 'edp:2' }),
      task(11, { code: 'ACT1', name: 'Excavar', parentId: 10, sourceKey: 'edc:2:act1' }),
      task(20, { code: 'ELA.2', name: 'Estacionamientos', sourceKey: 'edp:5' }),
      task(21, { code: 'ACT1', name: 'Excavar', parentId: 20, sourceKey: 'edc:5:act1' }),
      task(22, { code: 'ACT2', name: 'Hormigonar', parentId: 20, sourceKey: 'edc:5:act2' }),
    ];
    const linked = edpTasks.map((item) =>
      item.id === 22 ? { ...item, predecessors: [{ predecessorId: 21, type: 'FS' as const, lag: 0 }] } : item,
    );
    expect(diffGanttDraft({ tasks: edpTasks, calendar: monFri }, { tasks: linked, calendar: monFri })).toEqual([
      {
        kind: 'changed',
        label: 'ELA.2.ACT2 Hormigonar',
        fields: [{ field: 'links', stored: '—', draft: 'ELA.2.ACT1' }],
      },
    ]);
    // removed: named as the stored Gantt named it
    expect(
      diffGanttDraft({ tasks: edpTasks, calendar: monFri }, { tasks: edpTasks.slice(0, 4), calendar: monFri }),
    ).toEqual([{ kind: 'removed', label: 'ELA.2.ACT2 Hormigonar' }]);
  });

  it('words the differences for the comparison, with dates as dd-MM-yyyy', () => {
    const draft = { ...stored, tasks: [task(1), task(2, { parentId: 1, start: '2026-01-09' })] };
    expect(draftDifferenceLines(i18next.t, diffGanttDraft(stored, draft)).map((line) => line.text)).toEqual([
      'T2 Tarea 2: inicio 02-01-2026 → 09-01-2026',
      'T3 Tarea 3: se elimina',
    ]);
  });

  it('lists the calendar first (issue 14): weekdays, Chile’s holidays, exceptions added, removed and changed by date', () => {
    const storedCalendar: ProjectCalendar = {
      ...monFri,
      exceptions: [
        { date: '2026-06-07', name: 'Feriado regional', working: false },
        { date: '2026-08-10', name: 'Paro', working: false },
      ],
    };
    const draftCalendar: ProjectCalendar = {
      workingWeekdays: [6, 1, 2, 3, 4, 5],
      chileHolidays: false,
      exceptions: [
        { date: '2026-08-10', name: 'Paralización de faena', working: false },
        { date: '2026-03-07', name: '', working: true },
      ],
    };
    const changes = diffGanttDraft(
      { tasks: stored.tasks, calendar: storedCalendar },
      { tasks: stored.tasks, calendar: draftCalendar },
    );
    expect(changes).toEqual([
      { kind: 'weekdays', stored: [1, 2, 3, 4, 5], draft: [1, 2, 3, 4, 5, 6] },
      { kind: 'chileHolidays', draft: false },
      { kind: 'exception', change: 'added', date: '2026-03-07', name: '', working: true },
      { kind: 'exception', change: 'removed', date: '2026-06-07', name: 'Feriado regional', working: false },
      { kind: 'exception', change: 'changed', date: '2026-08-10', name: 'Paralización de faena', working: false },
    ]);
    expect(draftDifferenceLines(i18next.t, changes).map((line) => line.text)).toEqual([
      'Días hábiles: lunes, martes, miércoles, jueves, viernes → lunes, martes, miércoles, jueves, viernes, sábado',
      'Feriados nacionales de Chile: se desactivan',
      'Excepción 07-03-2026 — (Laborable): se agrega',
      'Excepción 07-06-2026 Feriado regional (No laborable): se quita',
      'Excepción 10-08-2026: ahora Paralización de faena (No laborable)',
    ]);
    // the same calendar in another order is no change
    expect(
      diffGanttDraft(
        { tasks: stored.tasks, calendar: draftCalendar },
        { tasks: stored.tasks, calendar: { ...draftCalendar, exceptions: [...draftCalendar.exceptions].reverse() } },
      ),
    ).toEqual([]);
  });
});

describe('EDC draft differences', () => {
  const list: EdcItem[] = [
    { code: 'M', name: 'Fundaciones', parentCode: 'ELA.1', kind: 'main' },
    { code: 'M.1', name: 'Zapatas', parentCode: 'M', kind: 'sub' },
    { code: 'ACT1', name: 'Excavar', parentCode: 'M.1', kind: 'activity' },
  ];

  it('lists rows added, removed and changed, matched by code', () => {
    const draft: EdcItem[] = [
      { code: 'M', name: 'Fundaciones', parentCode: 'ELA.1', kind: 'main' },
      { code: 'M.1', name: 'Zapatas corridas', parentCode: 'M', kind: 'sub' },
      { code: 'ACT2', name: 'Hormigonar', parentCode: 'M.1', kind: 'activity' },
    ];
    const changes = diffEdcDraft(list, draft);
    expect(changes).toEqual([
      {
        kind: 'changed',
        label: 'M.1 Zapatas corridas',
        fields: [{ field: 'name', stored: 'Zapatas', draft: 'Zapatas corridas' }],
      },
      { kind: 'added', label: 'ACT2 Hormigonar' },
      { kind: 'removed', label: 'ACT1 Excavar' },
    ]);
    expect(draftDifferenceLines(i18next.t, changes).map((line) => line.text)).toEqual([
      'M.1 Zapatas corridas: nombre Zapatas → Zapatas corridas',
      'ACT2 Hormigonar: se agrega',
      'ACT1 Excavar: se elimina',
    ]);
    expect(diffEdcDraft(list, list)).toEqual([]);
  });

  it('issue 35: names an activity whose quantity the draft changed', () => {
    const draft: EdcItem[] = list.map((item) => (item.code === 'ACT1' ? { ...item, quantity: '40' } : item));
    const changes = diffEdcDraft(list, draft);
    expect(changes).toEqual([
      { kind: 'changed', label: 'ACT1 Excavar', fields: [{ field: 'quantity', stored: '', draft: '40' }] },
    ]);
    expect(draftDifferenceLines(i18next.t, changes).map((line) => line.text)).toHaveLength(1);
  });
});

describe('draft data checks', () => {
  it('accepts what each screen writes and refuses other shapes', () => {
    expect(parseEdpDraft({ items: edp, editing: null })).toEqual({ items: edp, editing: null });
    expect(parseEdpDraft({ items: [] })).toBeNull();
    expect(parseEdpDraft({ items: [{ id: 'one', code: 'A', name: 'B' }] })).toBeNull();
    const calendar: ProjectCalendar = {
      workingWeekdays: [1, 2, 3, 4, 5, 6],
      chileHolidays: false,
      exceptions: [{ date: '2026-06-07', name: 'Feriado regional', working: false }],
    };
    expect(parseGanttDraft({ tasks: [task(1)], calendar })).toEqual({ tasks: [task(1)], calendar });
    expect(parseGanttDraft({ tasks: [task(1)], calendar: { ...calendar, workingWeekdays: [] } })).toBeNull();
    expect(
      parseGanttDraft({
        tasks: [task(1)],
        calendar: { ...calendar, exceptions: [...calendar.exceptions, { ...calendar.exceptions[0], name: 'Otra' }] },
      }),
    ).toBeNull();
    // a draft written before issue 14 (the work week only) reads as that week with Chile's holidays
    expect(parseGanttDraft({ tasks: [task(1)], workWeek: 'mon-sat' })).toEqual({
      tasks: [task(1)],
      calendar: { workingWeekdays: [1, 2, 3, 4, 5, 6], chileHolidays: true, exceptions: [] },
    });
    expect(parseGanttDraft({ tasks: [task(1, { start: '02-01-2026' })], calendar })).toBeNull();
    expect(parseGanttDraft({ tasks: [task(1)], workWeek: 'sun-sat' })).toBeNull();
    const edc = { edpItemId: 2, code: 'ELA.1', name: 'Torre', list: [], isSavePending: true, editing: null };
    expect(parseEdcDraft(edc)).toEqual(edc);
    expect(parseEdcDraft({ ...edc, editing: { rows: [], index: 0, isNew: true, code: 'X', name: 'Y' } })).toBeNull();
  });
});
