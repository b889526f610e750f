import { describe, expect, it } from 'vitest';
import { ganttTaskInputSchema, saveGanttContract } from './gantt-contracts';

/** A task as loadGantt answers it: StartDate computed (pushed by its link), StartNoEarlierThan its own start. */
const loadedTask = {
  TaskID: 7,
  TaskCode: 'ACT2',
  TaskName: 'Hormigonar',
  StartDate: '2026-01-09',
  StartNoEarlierThan: '2026-01-02',
  EndDate: '2026-01-15',
  Duration: 5,
  Progress: 0,
  ParentId: 5,
  Predecessor: '6FS',
  totalFloat: 0,
  critical: true,
  isSummary: false,
  sourceKey: 'edc:3:act2',
};

describe('saveGantt’s task (issue 32: the API says what it means)', () => {
  it('takes a loaded task as it came, with StartNoEarlierThan kept beside StartDate and the computed fields dropped', () => {
    const parsed = ganttTaskInputSchema.parse(loadedTask);
    expect(parsed).toMatchObject({ StartNoEarlierThan: '2026-01-02', StartDate: '2026-01-09', Duration: 5 });
    expect('EndDate' in parsed).toBe(false);
    expect('critical' in parsed).toBe(false);
  });

  it('takes StartNoEarlierThan alone, or StartDate alone (an older script)', () => {
    const { StartDate: _computed, ...constraintOnly } = loadedTask;
    expect(ganttTaskInputSchema.safeParse(constraintOnly).success).toBe(true);
    const { StartNoEarlierThan: _constraint, ...startOnly } = loadedTask;
    expect(ganttTaskInputSchema.safeParse(startOnly).success).toBe(true);
  });

  it('refuses a task with neither, at StartNoEarlierThan, and a StartNoEarlierThan that is not a date', () => {
    const { StartDate: _computed, StartNoEarlierThan: _constraint, ...neither } = loadedTask;
    const missing = saveGanttContract.input.safeParse({ id: 'p', gantt: { activities: [neither] }, version: 0 });
    expect(missing.success).toBe(false);
    expect(missing.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['gantt.activities.0.StartNoEarlierThan', 'es obligatorio (el inicio de la tarea; o StartDate)'],
    ]);
    const wrong = ganttTaskInputSchema.safeParse({ ...loadedTask, StartNoEarlierThan: '2026-02-30' });
    expect(wrong.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['StartNoEarlierThan', 'debe ser una fecha válida (AAAA-MM-DD)'],
    ]);
  });
});
