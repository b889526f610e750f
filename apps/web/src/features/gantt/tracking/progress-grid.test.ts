import { WorkingCalendar, isoOfTypedDate, scheduleDraft } from '@cimiento/domain';
import type { GanttDraftTask, ScheduledTask } from '@cimiento/domain';
import { describe, expect, it } from 'vitest';
import {
  changedEntries,
  checkRow,
  defaultCutoff,
  invalidRowIds,
  plannedPercentOf,
  progressRowsOf,
  readCutoff,
  todayInSantiago,
  typedOf,
  typedWith,
  unpushedStarts,
  visibleRows,
  withProgressDefaults,
} from './progress-grid';
import type { ProgressRow } from './progress-grid';

const draft = (id: number, fields: Partial<GanttDraftTask> = {}): GanttDraftTask => ({
  id,
  code: `T${id}`,
  name: `Tarea ${id}`,
  start: '2026-03-02',
  duration: 5,
  progress: 0,
  predecessors: [],
  ...fields,
});

const scheduledAt = (id: number, start: string, end: string): ScheduledTask =>
  ({
    id,
    start,
    end,
    duration: 5,
    totalFloat: 0,
    critical: false,
    isSummary: false,
    startIndex: 0,
    finishIndex: 0,
  }) as ScheduledTask;

/** OG (summary) with Excavación 2–6 March (started), Fundaciones 9–13 March, Radier 16–20 March. */
const tasks = [
  draft(1, { code: 'OG', name: 'Obra gruesa' }),
  draft(2, { parentId: 1, name: 'Excavación', actualStart: '2026-03-02', progress: 40 }),
  draft(3, { parentId: 1, name: 'Fundaciones', start: '2026-03-09' }),
  draft(4, { parentId: 1, name: 'Radier', start: '2026-03-16' }),
  draft(5, {
    name: 'Entrega',
    start: '2026-03-02',
    actualStart: '2026-03-02',
    actualFinish: '2026-03-03',
    progress: 100,
  }),
];
const scheduled = new Map([
  [1, scheduledAt(1, '2026-03-02', '2026-03-20')],
  [2, scheduledAt(2, '2026-03-02', '2026-03-06')],
  [3, scheduledAt(3, '2026-03-09', '2026-03-13')],
  [4, scheduledAt(4, '2026-03-16', '2026-03-20')],
  [5, scheduledAt(5, '2026-03-02', '2026-03-03')],
]);
const rows = progressRowsOf(tasks, scheduled);
const row = (id: number) => rows.find((candidate) => candidate.id === id) as ProgressRow;

describe('progressRowsOf', () => {
  it('keeps the Gantt order, marks summaries, nests depths and takes the scheduled dates', () => {
    expect(rows.map((r) => [r.id, r.depth, r.isSummary])).toEqual([
      [1, 0, true],
      [2, 1, false],
      [3, 1, false],
      [4, 1, false],
      [5, 0, false],
    ]);
    expect(row(3)).toMatchObject({ start: '2026-03-09', finish: '2026-03-13', progress: 0 });
    expect(row(2)).toMatchObject({ actualStart: '2026-03-02', progress: 40 });
    expect(row(3)).not.toHaveProperty('actualStart');
  });

  it('names each row by its code unique in the project: ACT1 on two floors is told apart (issue 32)', () => {
    const floors = [
      draft(1, { code: 'ELA.1', sourceKey: 'edp:7' }),
      draft(2, { code: 'ACT1', parentId: 1, sourceKey: 'edc:7:act1' }),
      draft(3, { code: 'ELA.2', sourceKey: 'edp:8' }),
      draft(4, { code: 'ACT1', parentId: 3, sourceKey: 'edc:8:act1' }),
      draft(5, { code: 'ACT1' }),
    ];
    expect(progressRowsOf(floors, new Map()).map((r) => r.code)).toEqual([
      'ELA.1',
      'ELA.1.ACT1',
      'ELA.2',
      'ELA.2.ACT1',
      'ACT1',
    ]);
  });
});

describe('typed dates and the cut-off', () => {
  it('reads dd-mm-aaaa (also / and .), refusing days that do not exist', () => {
    expect(isoOfTypedDate('5-3-2026')).toBe('2026-03-05');
    expect(isoOfTypedDate(' 05/03/2026 ')).toBe('2026-03-05');
    expect(isoOfTypedDate('30-02-2026')).toBeNull();
    expect(isoOfTypedDate('2026-03-05')).toBeNull();
  });

  it('today is Santiago’s day: 02:00 UTC on 1 March is still 28 February there', () => {
    expect(todayInSantiago(new Date('2026-03-01T02:00:00Z'))).toBe('2026-02-28');
    expect(defaultCutoff(null, new Date('2026-03-01T12:00:00Z'))).toBe('2026-03-01');
    expect(defaultCutoff('2026-02-15', new Date('2026-03-01T12:00:00Z'))).toBe('2026-02-15');
  });

  it('refuses a cut-off before the latest one with the domain’s message, and one not typed as a date', () => {
    expect(readCutoff('10-03-2026', '2026-03-06')).toEqual({ ok: true, cutoff: '2026-03-10' });
    expect(readCutoff('06-03-2026', '2026-03-06')).toEqual({ ok: true, cutoff: '2026-03-06' });
    expect(readCutoff('05-03-2026', '2026-03-06')).toEqual({
      ok: false,
      error: 'La fecha de corte no puede ser anterior a la última registrada (06-03-2026)',
    });
    expect(readCutoff('mañana', null)).toEqual({ ok: false, error: 'Fecha de corte: escríbela como dd-mm-aaaa' });
  });
});

describe('checkRow', () => {
  const cutoff = '2026-03-10';
  it('accepts a started task and builds its entry', () => {
    expect(checkRow(row(3), { actualStart: '09-03-2026', actualFinish: '', progress: '30,5' }, cutoff)).toEqual({
      entry: { TaskID: 3, ActualStart: '2026-03-09', Progress: 30.5 },
      errors: {},
    });
  });

  it('puts the domain’s messages on their fields', () => {
    const check = checkRow(row(3), { actualStart: '', actualFinish: '', progress: '30' }, cutoff);
    expect(check.errors).toEqual({ actualStart: 'T3 «Fundaciones»: un avance mayor que 0 necesita el inicio real' });
    const late = checkRow(row(3), { actualStart: '11-03-2026', actualFinish: '', progress: '100' }, cutoff);
    expect(late.errors).toEqual({
      actualStart: 'T3 «Fundaciones»: el inicio real no puede ser posterior a la fecha de corte (10-03-2026)',
      actualFinish: 'T3 «Fundaciones»: el 100 % necesita el fin real',
    });
    expect(checkRow(row(3), { actualStart: '09-03-2026', actualFinish: '', progress: '120' }, cutoff).errors).toEqual({
      progress: 'T3 «Fundaciones»: el avance debe estar entre 0 y 100 %',
    });
  });

  it('says what could not be read', () => {
    expect(checkRow(row(3), { actualStart: '9 de marzo', actualFinish: '', progress: 'mucho' }, cutoff)).toEqual({
      entry: null,
      errors: {
        actualStart: 'T3 «Fundaciones»: escribe el inicio real como dd-mm-aaaa',
        progress: 'T3 «Fundaciones»: el avance debe ser un número entre 0 y 100',
      },
    });
  });
});

describe("issue 34: 'Duración restante' in the grid", () => {
  const cutoff = '2026-03-10';
  // Excavación under way at 40 %, 6 days recorded as left
  const recorded = progressRowsOf(
    tasks.map((task) => (task.id === 2 ? { ...task, remaining: 6 } : task)),
    scheduled,
  ).find((candidate) => candidate.id === 2) as ProgressRow;

  it('shows the recorded one, and sends a typed one (or null once emptied) with the row', () => {
    expect(typedOf(recorded).remaining).toBe('6');
    expect(typedOf(row(2)).remaining).toBe('');
    const typed = { ...typedOf(recorded), remaining: ' 9 ' };
    expect(checkRow(recorded, typed, cutoff)).toEqual({
      entry: { TaskID: 2, ActualStart: '2026-03-02', Progress: 40, RemainingDuration: 9 },
      errors: {},
    });
    expect(checkRow(recorded, { ...typed, remaining: '' }, cutoff).entry?.RemainingDuration).toBeNull();
    // nothing recorded and nothing typed: the entry leaves it out
    expect(checkRow(row(2), typedOf(row(2)), cutoff).entry).toEqual({
      TaskID: 2,
      ActualStart: '2026-03-02',
      Progress: 40,
    });
  });

  it('empties a recorded one when the progress or an actual date changes, as MS Project recomputes it', () => {
    const typed = typedOf(recorded);
    expect(typedWith(recorded, typed, 'progress', '70').remaining).toBe('');
    expect(typedWith(recorded, typed, 'actualStart', '03-03-2026').remaining).toBe('');
    // one the user typed stays
    expect(typedWith(recorded, { ...typed, remaining: '4' }, 'progress', '70').remaining).toBe('4');
    expect(typedWith(recorded, typed, 'remaining', '3').remaining).toBe('3');
  });

  it('refuses what is not whole days, and one on a task not under way, at the field', () => {
    const typed = typedOf(recorded);
    for (const remaining of ['2,5', '-1', 'tres']) {
      expect(checkRow(recorded, { ...typed, remaining }, cutoff)).toEqual({
        entry: null,
        errors: {
          remaining:
            'T2 «Excavación»: la duración restante es un número entero de días hábiles (vacía: la que deja el avance)',
        },
      });
    }
    expect(checkRow(recorded, { ...typed, remaining: '10001' }, cutoff).errors.remaining).toBe(
      'T2 «Excavación»: la duración restante debe ser como máximo 10000 días hábiles',
    );
    expect(
      checkRow(row(3), { actualStart: '', actualFinish: '', progress: '0', remaining: '4' }, cutoff).errors,
    ).toEqual({
      remaining:
        'T3 «Fundaciones»: la duración restante solo se registra en una tarea en curso (con inicio real y sin fin real)',
    });
  });
});

describe('withProgressDefaults (as MS Project)', () => {
  it('above 0 fills an empty Inicio real with the scheduled start; 100 % fills Fin real with the cut-off', () => {
    expect(withProgressDefaults(row(3), { actualStart: '', actualFinish: '', progress: '50' }, '2026-03-10')).toEqual({
      actualStart: '09-03-2026',
      actualFinish: '',
      progress: '50',
    });
    expect(withProgressDefaults(row(3), { actualStart: '', actualFinish: '', progress: '100' }, '2026-03-12')).toEqual({
      actualStart: '09-03-2026',
      actualFinish: '12-03-2026',
      progress: '100',
    });
  });

  it('keeps what was typed, and leaves Inicio real empty when the scheduled start is after the cut-off', () => {
    const typed = { actualStart: '10-03-2026', actualFinish: '11-03-2026', progress: '100' };
    expect(withProgressDefaults(row(3), typed, '2026-03-12')).toEqual(typed);
    expect(withProgressDefaults(row(4), { actualStart: '', actualFinish: '', progress: '10' }, '2026-03-10')).toEqual({
      actualStart: '',
      actualFinish: '',
      progress: '10',
    });
  });
});

describe('visibleRows', () => {
  const cutoff = '2026-03-10';
  it('by default shows the leaves that should be under way (started by the cut-off, not done) under their summary', () => {
    expect(visibleRows(rows, {}, cutoff, { underWayOnly: true, search: '' }).map((r) => r.id)).toEqual([1, 2, 3]);
    expect(visibleRows(rows, {}, cutoff, { underWayOnly: false, search: '' }).map((r) => r.id)).toEqual([
      1, 2, 3, 4, 5,
    ]);
  });

  it('searches code and name, and keeps rows being typed in', () => {
    expect(visibleRows(rows, {}, cutoff, { underWayOnly: false, search: 'radi' }).map((r) => r.id)).toEqual([1, 4]);
    const edits = { 5: typedOf(row(5)) };
    expect(visibleRows(rows, edits, cutoff, { underWayOnly: true, search: 'excav' }).map((r) => r.id)).toEqual([
      1, 2, 5,
    ]);
  });
});

describe('changedEntries and invalidRowIds', () => {
  const cutoff = '2026-03-10';
  it('sends only the rows that differ from what is recorded', () => {
    const edits = {
      2: { ...typedOf(row(2)), progress: ' 40 ' },
      3: { actualStart: '9-3-2026', actualFinish: '', progress: '20' },
      5: typedOf(row(5)),
    };
    expect(changedEntries(rows, edits, cutoff)).toEqual([{ TaskID: 3, ActualStart: '2026-03-09', Progress: 20 }]);
    expect(invalidRowIds(rows, edits, cutoff)).toEqual([]);
  });

  it('names the rows that cannot be saved as typed', () => {
    const edits = {
      3: { actualStart: '', actualFinish: '', progress: '20' },
      4: { actualStart: '', actualFinish: '', progress: 'x' },
    };
    expect(invalidRowIds(rows, edits, cutoff)).toEqual([3, 4]);
  });
});

describe('unpushedStarts: the default Inicio real is where the plan has the task, not the cut-off', () => {
  it('an unstarted task held to the cut-off on screen keeps its planned start for the default', () => {
    const calendar = new WorkingCalendar({ workingWeekdays: [1, 2, 3, 4, 5], exceptions: [] }, () => [], 2026);
    // Fundaciones after Excavación (2–6 March): planned 9–13 March; the cut-off Wednesday 11 March
    const plan = [
      draft(2, { name: 'Excavación' }),
      draft(3, { name: 'Fundaciones', predecessors: [{ predecessorId: 2, type: 'FS', lag: 0 }] }),
    ];
    const held = scheduleDraft(plan, calendar, { cutoff: '2026-03-11' });
    if (!held.ok) throw new Error(held.error);
    const onScreen = new Map(held.tasks.map((task) => [task.id, task]));
    const gridRows = progressRowsOf(plan, onScreen, unpushedStarts(plan, calendar));
    const fundaciones = gridRows[1] as ProgressRow;
    // nothing started: Excavación is held to the cut-off (11–17 March), Fundaciones after it
    expect(fundaciones).toMatchObject({ start: '2026-03-18', plannedStart: '2026-03-09' });
    expect(
      withProgressDefaults(fundaciones, { actualStart: '', actualFinish: '', progress: '20' }, '2026-03-11'),
    ).toEqual({
      actualStart: '09-03-2026',
      actualFinish: '',
      progress: '20',
    });
  });
});

describe("'% programado' (issue 32): the planned % at the cut-off, the domain's plannedPercentAt", () => {
  // Monday–Friday with Friday 1 May 2026 a holiday (Día del Trabajo)
  const calendar = new WorkingCalendar('mon-fri', () => ['2026-05-01'], 2026);
  const row = { isSummary: false, start: '2026-04-27', duration: 10 };

  it('counts the working days before the cut-off over the duration, on the project calendar', () => {
    // 27–30 April of 10 days by Monday 4 May (the holiday does not count)
    expect(plannedPercentOf(row, calendar, '2026-05-04')).toBe(40);
    expect(plannedPercentOf(row, calendar, '2026-04-27')).toBe(0);
    // finishes on Monday 11 May: done only from the 12th
    expect(plannedPercentOf(row, calendar, '2026-05-11')).toBe(90);
    expect(plannedPercentOf(row, calendar, '2026-05-12')).toBe(100);
  });

  it('is none for a summary, whose progress is rolled up', () => {
    expect(plannedPercentOf({ ...row, isSummary: true }, calendar, '2026-05-04')).toBeNull();
  });

  it('reads the rows as progressRowsOf builds them (the scheduled start and the planned duration)', () => {
    const rows = progressRowsOf(tasks, scheduled);
    const radier = rows.find((candidate) => candidate.name === 'Radier');
    // 16–20 March; at Wednesday 18 March, 16 and 17 are done: 2 of 5
    expect(radier).toMatchObject({ start: '2026-03-16', duration: 5 });
    expect(plannedPercentOf(radier as ProgressRow, new WorkingCalendar('mon-fri', () => [], 2026), '2026-03-18')).toBe(
      40,
    );
  });
});
