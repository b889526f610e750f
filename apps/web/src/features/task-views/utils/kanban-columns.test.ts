import { describe, expect, it } from 'vitest';
import type { KanbanTask } from './kanban-columns';
import { buildKanban, isOnKanban, kanbanColumnOf } from './kanban-columns';

const today = '2026-03-10';

function task(overrides: Partial<KanbanTask>): KanbanTask {
  return {
    TaskID: 1,
    TaskCode: 'A.1',
    TaskName: 'Excavación',
    StartDate: '2026-03-12',
    EndDate: '2026-03-20',
    Progress: 0,
    critical: false,
    isSummary: false,
    ...overrides,
  };
}

describe('kanbanColumnOf', () => {
  it('puts a task at 100 % in Terminadas, even when its dates are past', () => {
    expect(kanbanColumnOf(task({ Progress: 100, StartDate: '2026-01-01', EndDate: '2026-01-05' }), today)).toBe('done');
  });

  it('puts a started task whose finish is before today in Atrasadas', () => {
    expect(kanbanColumnOf(task({ Progress: 40, StartDate: '2026-03-01', EndDate: '2026-03-09' }), today)).toBe('late');
  });

  it('puts an unstarted task whose start is before today in Atrasadas, though its finish is ahead', () => {
    expect(kanbanColumnOf(task({ StartDate: '2026-03-09', EndDate: '2026-03-30' }), today)).toBe('late');
  });

  it('keeps a started task that finishes today or later in En curso', () => {
    expect(kanbanColumnOf(task({ Progress: 10, StartDate: '2026-03-01', EndDate: '2026-03-10' }), today)).toBe(
      'inProgress',
    );
  });

  it('counts an actual start with no progress as started', () => {
    expect(kanbanColumnOf(task({ ActualStart: '2026-03-09', StartDate: '2026-03-09' }), today)).toBe('inProgress');
  });

  it('leaves an unstarted task starting today or later in Por iniciar', () => {
    expect(kanbanColumnOf(task({ StartDate: today }), today)).toBe('toStart');
    expect(kanbanColumnOf(task({}), today)).toBe('toStart');
  });
});

describe('isOnKanban', () => {
  it('shows tasks whose span overlaps today … today + 21 days', () => {
    expect(isOnKanban(task({ StartDate: '2026-03-31', EndDate: '2026-04-10' }), today)).toBe(true);
    expect(isOnKanban(task({ StartDate: '2026-04-01', EndDate: '2026-04-10' }), today)).toBe(false);
    expect(isOnKanban(task({ Progress: 100, StartDate: '2026-03-01', EndDate: '2026-03-10' }), today)).toBe(true);
    expect(isOnKanban(task({ Progress: 100, StartDate: '2026-03-01', EndDate: '2026-03-09' }), today)).toBe(false);
  });

  it('shows a late task whatever its dates, and never a summary', () => {
    expect(isOnKanban(task({ Progress: 50, StartDate: '2025-01-01', EndDate: '2025-02-01' }), today)).toBe(true);
    expect(isOnKanban(task({ isSummary: true }), today)).toBe(false);
  });
});

describe('buildKanban', () => {
  it('groups the shown tasks by column, by start date then code', () => {
    const board = buildKanban(
      [
        task({ TaskID: 1, TaskCode: 'A.10', StartDate: '2026-03-12' }),
        task({ TaskID: 2, TaskCode: 'A.2', StartDate: '2026-03-12' }),
        task({ TaskID: 3, TaskCode: 'A.1', StartDate: '2026-03-11' }),
        task({ TaskID: 4, Progress: 100 }),
        task({ TaskID: 5, Progress: 30, StartDate: '2026-03-02' }),
        task({ TaskID: 6, StartDate: '2026-02-02', EndDate: '2026-02-10' }),
        task({ TaskID: 7, StartDate: '2026-06-01', EndDate: '2026-06-10' }),
        task({ TaskID: 8, isSummary: true }),
      ],
      today,
    );
    expect(board.toStart.map((entry) => entry.TaskID)).toEqual([3, 2, 1]);
    expect(board.inProgress.map((entry) => entry.TaskID)).toEqual([5]);
    expect(board.done.map((entry) => entry.TaskID)).toEqual([4]);
    expect(board.late.map((entry) => entry.TaskID)).toEqual([6]);
  });
});
