import { describe, expect, it } from 'vitest';
import type { ProgressEntry, ProgressTaskInfo } from './progress-entries';
import { cutoffError, progressEntryErrors, remainingAfterEntry, resumeAfterEntry } from './progress-entries';

const tasks = new Map<number, ProgressTaskInfo>([
  [1, { isSummary: true, code: 'OBR.1', name: 'Obra gruesa' }],
  [2, { isSummary: false, code: 'OBR.1.1', name: 'Excavación' }],
  [3, { isSummary: false, code: 'OBR.1.2', name: 'Fundaciones' }],
]);
const CUTOFF = '2025-03-31';
const messages = (entries: ProgressEntry[]) => progressEntryErrors(CUTOFF, entries, tasks).map((e) => e.message);

describe('progress at a cut-off: the rules of an entry (issue 15)', () => {
  it('takes consistent entries: done, under way, not started', () => {
    expect(
      messages([
        { TaskID: 2, ActualStart: '2025-03-03', ActualFinish: '2025-03-10', Progress: 100 },
        { TaskID: 3, ActualStart: '2025-03-11', Progress: 40 },
      ]),
    ).toEqual([]);
    expect(messages([{ TaskID: 3, Progress: 0 }])).toEqual([]);
  });

  it('an actual finish is on or after the actual start, and both on or before the cut-off', () => {
    expect(messages([{ TaskID: 2, ActualStart: '2025-03-10', ActualFinish: '2025-03-03', Progress: 100 }])).toEqual([
      'OBR.1.1 «Excavación»: el fin real no puede ser anterior al inicio real',
    ]);
    expect(messages([{ TaskID: 2, ActualStart: '2025-04-01', Progress: 10 }])).toEqual([
      'OBR.1.1 «Excavación»: el inicio real no puede ser posterior a la fecha de corte (31-03-2025)',
    ]);
    expect(messages([{ TaskID: 2, ActualStart: '2025-03-01', ActualFinish: '2025-04-02', Progress: 100 }])).toEqual([
      'OBR.1.1 «Excavación»: el fin real no puede ser posterior a la fecha de corte (31-03-2025)',
    ]);
  });

  it('100 % needs an actual finish, and an actual finish means 100 %', () => {
    expect(messages([{ TaskID: 2, ActualStart: '2025-03-03', Progress: 100 }])).toEqual([
      'OBR.1.1 «Excavación»: el 100 % necesita el fin real',
    ]);
    expect(messages([{ TaskID: 2, ActualStart: '2025-03-03', ActualFinish: '2025-03-05', Progress: 80 }])).toEqual([
      'OBR.1.1 «Excavación»: con fin real, el avance es 100 %',
    ]);
  });

  it('progress above 0 needs an actual start; progress is 0–100', () => {
    expect(messages([{ TaskID: 3, Progress: 20 }])).toEqual([
      'OBR.1.2 «Fundaciones»: un avance mayor que 0 necesita el inicio real',
    ]);
    expect(messages([{ TaskID: 3, ActualStart: '2025-03-03', Progress: 120 }])).toEqual([
      'OBR.1.2 «Fundaciones»: el avance debe estar entre 0 y 100 %',
    ]);
    expect(messages([{ TaskID: 3, ActualStart: '2025-03-03', Progress: -1 }])).toContain(
      'OBR.1.2 «Fundaciones»: el avance debe estar entre 0 y 100 %',
    );
  });

  it('refuses progress on a summary, an unknown task and a task twice', () => {
    expect(messages([{ TaskID: 1, ActualStart: '2025-03-03', Progress: 10 }])).toEqual([
      'OBR.1 «Obra gruesa»: es un resumen: su avance se calcula de sus tareas',
    ]);
    expect(messages([{ TaskID: 99, Progress: 0 }])).toEqual(['la tarea 99: no existe en el Gantt']);
    expect(
      messages([
        { TaskID: 3, Progress: 0 },
        { TaskID: 3, Progress: 0 },
      ]),
    ).toEqual(['OBR.1.2 «Fundaciones»: aparece más de una vez']);
  });

  it('collects every error of every entry, naming the field', () => {
    const errors = progressEntryErrors(
      CUTOFF,
      [
        { TaskID: 2, ActualFinish: '2025-04-05', Progress: 50 },
        { TaskID: 3, Progress: 30 },
      ],
      tasks,
    );
    expect(errors.map((e) => [e.TaskID, e.field])).toEqual([
      [2, 'ActualFinish'],
      [2, 'ActualStart'],
      [2, 'Progress'],
      [2, 'ActualStart'],
      [3, 'ActualStart'],
    ]);
  });

  it('a cut-off may not go back before the previous one', () => {
    expect(cutoffError('2025-03-31', '2025-04-30')).toBe(
      'La fecha de corte no puede ser anterior a la última registrada (30-04-2025)',
    );
    expect(cutoffError('2025-04-30', '2025-04-30')).toBeUndefined();
    expect(cutoffError('2025-04-30', undefined)).toBeUndefined();
  });
});

describe('issue 34: the remaining duration of an entry', () => {
  it('is recorded on a task under way only (actual start, no actual finish)', () => {
    expect(messages([{ TaskID: 3, ActualStart: '2025-03-11', Progress: 40, RemainingDuration: 9 }])).toEqual([]);
    expect(messages([{ TaskID: 3, ActualStart: '2025-03-11', Progress: 40, RemainingDuration: 0 }])).toEqual([]);
    // null is 'none': always taken
    expect(messages([{ TaskID: 3, Progress: 0, RemainingDuration: null }])).toEqual([]);
    const refused =
      'OBR.1.2 «Fundaciones»: la duración restante solo se registra en una tarea en curso (con inicio real y sin fin real)';
    expect(messages([{ TaskID: 3, Progress: 0, RemainingDuration: 4 }])).toEqual([refused]);
    expect(
      messages([
        { TaskID: 3, ActualStart: '2025-03-03', ActualFinish: '2025-03-10', Progress: 100, RemainingDuration: 2 },
      ]),
    ).toEqual([refused]);
    expect(progressEntryErrors(CUTOFF, [{ TaskID: 3, Progress: 0, RemainingDuration: 4 }], tasks)[0]?.field).toBe(
      'RemainingDuration',
    );
  });

  it('remainingAfterEntry: the one sent; else the one kept while the progress stays; else none', () => {
    const before = { progress: 40, actualStart: '2025-03-11', remaining: 6 };
    // sent: taken (null: none)
    expect(remainingAfterEntry(before, { progress: 70, actualStart: '2025-03-11', remaining: 3 })).toBe(3);
    expect(remainingAfterEntry(before, { progress: 40, actualStart: '2025-03-11', remaining: null })).toBeUndefined();
    // not sent: kept while progress and actual dates are as they were
    expect(remainingAfterEntry(before, { progress: 40, actualStart: '2025-03-11' })).toBe(6);
    expect(remainingAfterEntry(before, { progress: 50, actualStart: '2025-03-11' })).toBeUndefined();
    expect(remainingAfterEntry(before, { progress: 40, actualStart: '2025-03-12' })).toBeUndefined();
    // no longer under way: none
    expect(
      remainingAfterEntry(before, { progress: 100, actualStart: '2025-03-11', actualFinish: '2025-03-20' }),
    ).toBeUndefined();
    expect(remainingAfterEntry({ progress: 0 }, { progress: 0 })).toBeUndefined();
  });
});

describe("issue 34: an entry's Resume ('Reanudar')", () => {
  it('is recorded on a task under way only, never before its actual start', () => {
    expect(messages([{ TaskID: 3, ActualStart: '2025-03-11', Progress: 40, Resume: '2025-04-07' }])).toEqual([]);
    // before the cut-off too (MS Project without a status date has it there)
    expect(messages([{ TaskID: 3, ActualStart: '2025-03-11', Progress: 40, Resume: '2025-03-12' }])).toEqual([]);
    expect(messages([{ TaskID: 3, Progress: 0, Resume: null }])).toEqual([]);
    expect(messages([{ TaskID: 3, Progress: 0, Resume: '2025-04-07' }])).toEqual([
      'OBR.1.2 «Fundaciones»: la reanudación solo se registra en una tarea en curso (con inicio real y sin fin real)',
    ]);
    const early = progressEntryErrors(
      CUTOFF,
      [{ TaskID: 3, ActualStart: '2025-03-11', Progress: 40, Resume: '2025-03-10' }],
      tasks,
    );
    expect(early).toEqual([
      {
        TaskID: 3,
        field: 'Resume',
        message: 'OBR.1.2 «Fundaciones»: la reanudación no puede ser anterior al inicio real',
      },
    ]);
  });

  it("resumeAfterEntry: remainingAfterEntry's rule", () => {
    const before = { progress: 40, actualStart: '2025-03-11', resume: '2025-04-07' };
    expect(resumeAfterEntry(before, { progress: 70, actualStart: '2025-03-11', resume: '2025-04-14' })).toBe(
      '2025-04-14',
    );
    expect(resumeAfterEntry(before, { progress: 40, actualStart: '2025-03-11', resume: null })).toBeUndefined();
    expect(resumeAfterEntry(before, { progress: 40, actualStart: '2025-03-11' })).toBe('2025-04-07');
    expect(resumeAfterEntry(before, { progress: 50, actualStart: '2025-03-11' })).toBeUndefined();
    expect(
      resumeAfterEntry(before, { progress: 100, actualStart: '2025-03-11', actualFinish: '2025-03-20' }),
    ).toBeUndefined();
  });
});
