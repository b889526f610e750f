import { removeGanttLink, updateGanttTask } from '@cimiento/domain';
import type { GanttOutput, GanttTask, GanttTaskChanges } from '@cimiento/domain';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/testing/test-utils';
import { GanttEditorContext, createGanttEditorStore } from '../stores/gantt-editor-store';
import { GanttTaskPanel } from './gantt-task-panel';
import type { GanttTaskPanelHandle } from './gantt-task-panel';

const activity = (fields: Partial<GanttTask> & Pick<GanttTask, 'TaskID' | 'TaskCode' | 'TaskName'>): GanttTask => ({
  StartDate: '2025-04-07',
  StartNoEarlierThan: '2025-04-07',
  EndDate: '2025-04-11',
  Duration: 5,
  Progress: 0,
  Predecessor: '',
  totalFloat: 0,
  critical: true,
  isSummary: false,
  ...fields,
});

/**
 * Excavación (1) Mon 7 – Fri 11 Apr; Fundaciones (2) 1FS, its own start ("no earlier than") Monday
 * 7 April, so the link puts it on Mon 14 – Thu 17 Apr.
 */
const output: GanttOutput = {
  activities: [
    activity({ TaskID: 1, TaskCode: 'A', TaskName: 'Excavación' }),
    activity({
      TaskID: 2,
      TaskCode: 'B',
      TaskName: 'Fundaciones',
      StartDate: '2025-04-14',
      EndDate: '2025-04-17',
      Duration: 4,
      Predecessor: '1FS',
    }),
  ],
  version: 1,
  calendar: {
    workWeek: 'mon-fri',
    firstYear: 2025,
    holidays: ['2025-04-18'],
    workingWeekdays: [1, 2, 3, 4, 5],
    chileHolidays: true,
    exceptions: [],
  },
  projectStart: '2025-04-07',
  projectFinish: '2025-04-17',
  sequencing: 'none',
  message: 'Gantt cargado',
};

function renderPanel() {
  const store = createGanttEditorStore(output);
  const ref = createRef<GanttTaskPanelHandle>();
  renderWithApp(
    <GanttEditorContext.Provider value={store}>
      <GanttTaskPanel ref={ref} id={2} onSubmit={() => {}} onCancel={() => {}} />
    </GanttEditorContext.Provider>,
  );
  /** What 'Actualizar' does: the fields read and applied to the draft. */
  const applyPanel = () => {
    const changes = ref.current?.read() as GanttTaskChanges;
    expect(changes).not.toHaveProperty('error');
    expect(store.getState().apply((tasks) => updateGanttTask(tasks, 2, changes)).ok).toBe(true);
    return changes;
  };
  const startOf = () => store.getState().tasks.find((task) => task.id === 2)?.start;
  const shownStart = () => store.getState().scheduled.get(2)?.start;
  return { store, applyPanel, startOf, shownStart };
}

describe('GanttTaskPanel: Inicio', () => {
  it('shows the computed start, not the task’s "no earlier than"', async () => {
    renderPanel();
    expect((await screen.findByRole<HTMLInputElement>('textbox', { name: 'Inicio' })).value).toBe('14-04-2025');
  });

  it('left as shown, keeps the task’s "no earlier than": deleting the link later pulls the task back', async () => {
    const { store, applyPanel, startOf, shownStart } = renderPanel();
    const progress = await screen.findByRole('textbox', { name: 'Avance (%)' });
    await userEvent.clear(progress);
    await userEvent.type(progress, '30');
    expect(applyPanel()).toMatchObject({ start: '2025-04-07', progress: 30 });
    expect(startOf()).toBe('2025-04-07');
    expect(shownStart()).toBe('2025-04-14');
    store.getState().apply((tasks) => removeGanttLink(tasks, 1, 2));
    expect(shownStart()).toBe('2025-04-07');
  });

  it('a date typed there becomes the task’s "no earlier than"', async () => {
    const { applyPanel, startOf, shownStart } = renderPanel();
    const field = await screen.findByRole('textbox', { name: 'Inicio' });
    await userEvent.clear(field);
    await userEvent.type(field, '16-04-2025');
    expect(applyPanel()).toMatchObject({ start: '2025-04-16' });
    expect(startOf()).toBe('2025-04-16');
    expect(shownStart()).toBe('2025-04-16');
  });
});
