import { describe, expect, it } from 'vitest';
import { parseGanttDraft } from './project-drafts';

const calendar = { workingWeekdays: [1, 2, 3, 4, 5], chileHolidays: true, exceptions: [] };
const task = {
  id: 6,
  code: 'ACT1',
  name: 'Moldaje',
  start: '2026-01-09',
  duration: 5,
  progress: 0,
  predecessors: [],
};

describe('a kept Gantt draft', () => {
  it("issue 35: keeps a task's resources and its levelling (an unsaved edit of them survives a reload)", () => {
    const draft = {
      tasks: [
        {
          ...task,
          resources: [
            { resourceId: 'grua', units: 1 },
            { resourceId: 'cmol', units: 1.5 },
          ],
          levelingDelay: 5,
          leveledFrom: '2026-01-02',
        },
      ],
      calendar,
    };
    expect(parseGanttDraft(draft)).toEqual(draft);
  });

  it('refuses a draft whose resources are not what a save takes', () => {
    expect(
      parseGanttDraft({ tasks: [{ ...task, resources: [{ resourceId: 'grua', units: 0 }] }], calendar }),
    ).toBeNull();
    expect(parseGanttDraft({ tasks: [{ ...task, resources: 'Grúa torre' }], calendar })).toBeNull();
  });
});
