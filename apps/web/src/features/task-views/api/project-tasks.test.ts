import type { GanttOutput } from '@cimiento/domain';
import { describe, expect, it } from 'vitest';
import { withUniqueCodes } from './project-tasks';

type Activity = GanttOutput['activities'][number];

const activity = (TaskID: number, TaskCode: string, fields: Partial<Activity> = {}): Activity =>
  ({ TaskID, TaskCode, TaskName: `Tarea ${TaskID}`, ...fields }) as Activity;

describe('withUniqueCodes (issue 32: the board, the calendar and the table name tasks as the Gantt does)', () => {
  it('gives each EDC task its EDP item’s code before its own, and leaves the rest of the answer alone', () => {
    const gantt = {
      version: 3,
      activities: [
        activity(1, 'ELA.1', { sourceKey: 'edp:7' }),
        activity(2, 'ACT3', { ParentId: 1, sourceKey: 'edc:7:act3' }),
        activity(3, 'ELA.2', { sourceKey: 'edp:8' }),
        activity(4, 'ACT3', { ParentId: 3, sourceKey: 'edc:8:act3' }),
      ],
    } as unknown as GanttOutput;
    const shown = withUniqueCodes(gantt);
    expect(shown.activities.map((task) => task.TaskCode)).toEqual(['ELA.1', 'ELA.1.ACT3', 'ELA.2', 'ELA.2.ACT3']);
    expect(shown.activities.map((task) => task.TaskName)).toEqual(gantt.activities.map((task) => task.TaskName));
    expect((shown as unknown as { version: number }).version).toBe(3);
    // the query's cache keeps loadGantt's answer as it came
    expect(gantt.activities[1]?.TaskCode).toBe('ACT3');
  });
});
