import { updateGanttTask } from '@cimiento/domain';
import type { GanttOutput, GanttTask, GanttTaskChanges } from '@cimiento/domain';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/testing/test-utils';
import { GanttEditorContext, createGanttEditorStore } from '../editor/gantt-editor-store';
import { GanttTaskPanel } from './gantt-task-panel';
import type { GanttTaskPanelHandle } from './gantt-task-panel';

/**
 * Issue 35: the task editor of a leaf sized by its quantity: 120 m² of formwork at 8 m² a
 * crew-day, done by 2 crews of CMOL (docs/RESOURCES.md "Quantities and durations").
 */
const formula = { quantity: '120', workUnit: 'm2' as const, productivity: '8', resourceId: 'CMOL', catalogueCrews: 2 };
const task = (fields: Partial<GanttTask> = {}): GanttTask => ({
  TaskID: 1,
  TaskCode: 'ACT1',
  TaskName: 'Moldaje',
  StartDate: '2026-01-05',
  StartNoEarlierThan: '2026-01-05',
  EndDate: '2026-01-14',
  Duration: 8,
  Progress: 0,
  Predecessor: '',
  totalFloat: 0,
  critical: true,
  isSummary: false,
  Resources: [{ resourceId: 'CMOL', units: 2 }],
  DurationFormula: formula,
  ...fields,
});
const gantt = (activity: GanttTask): GanttOutput => ({
  activities: [activity],
  version: 1,
  calendar: {
    workWeek: 'mon-fri',
    firstYear: 2026,
    holidays: [],
    workingWeekdays: [1, 2, 3, 4, 5],
    chileHolidays: false,
    exceptions: [],
  },
  projectStart: '2026-01-05',
  projectFinish: '2026-01-14',
  sequencing: 'none',
  message: 'Gantt cargado',
});

function renderPanel(activity: GanttTask) {
  const store = createGanttEditorStore(gantt(activity));
  const ref = createRef<GanttTaskPanelHandle>();
  renderWithApp(
    <GanttEditorContext.Provider value={store}>
      <GanttTaskPanel ref={ref} id={1} onSubmit={() => {}} onCancel={() => {}} />
    </GanttEditorContext.Provider>,
  );
  const apply = () => {
    const changes = ref.current?.read() as GanttTaskChanges;
    expect(changes).not.toHaveProperty('error');
    expect(store.getState().apply((tasks) => updateGanttTask(tasks, 1, changes)).ok).toBe(true);
    return store.getState().tasks[0];
  };
  const field = (name: string) => screen.getByRole<HTMLInputElement>('textbox', { name });
  return { store, apply, field };
}

describe('the task editor’s duration from the quantity (issue 35)', () => {
  it('shows the formula; more crews recalculate the duration (effort-driven) and the draft keeps them', async () => {
    const { apply, field, store } = renderPanel(task());
    expect(screen.getByTestId('task-formula').textContent).toBe('120 m² ÷ (8 m²/día × 2 cuadrillas) = 8 días');
    await userEvent.clear(field('Cuadrillas'));
    await userEvent.type(field('Cuadrillas'), '3');
    expect(screen.getByTestId('task-formula').textContent).toBe('120 m² ÷ (8 m²/día × 3 cuadrillas) = 5 días');
    expect(field('Duración (días hábiles)').value).toBe('5');
    expect(apply()).toMatchObject({ duration: 5, resources: [{ resourceId: 'CMOL', units: 3 }] });
    expect(store.getState().tasks[0]?.durationByHand).toBeUndefined();
    // 'Deshacer' takes the crews and the duration back together
    store.getState().undo();
    expect(store.getState().tasks[0]).toMatchObject({ duration: 8, resources: [{ resourceId: 'CMOL', units: 2 }] });
  });

  it('a duration typed by hand wins and says so; ‘Calcular con el rendimiento’ gives it back to the formula', async () => {
    const { apply, field } = renderPanel(task());
    expect(screen.queryByTestId('duration-by-hand')).toBeNull();
    await userEvent.clear(field('Duración (días hábiles)'));
    await userEvent.type(field('Duración (días hábiles)'), '12');
    expect(screen.getByTestId('duration-by-hand').textContent).toBe(
      'Duración escrita a mano: no se calcula con el rendimiento (el rendimiento daría 8 días)',
    );
    // the crews then leave the duration as typed
    await userEvent.clear(field('Cuadrillas'));
    await userEvent.type(field('Cuadrillas'), '4');
    expect(field('Duración (días hábiles)').value).toBe('12');
    expect(apply()).toMatchObject({ duration: 12, durationByHand: true });
  });

  it('opens a duration typed by hand as such, and the formula comes back on request', async () => {
    const { apply, field } = renderPanel(task({ Duration: 20, DurationByHand: true }));
    expect(screen.getByTestId('duration-by-hand')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Calcular con el rendimiento' }));
    expect(field('Duración (días hábiles)').value).toBe('8');
    expect(screen.queryByTestId('duration-by-hand')).toBeNull();
    const applied = apply();
    expect(applied?.duration).toBe(8);
    expect(applied?.durationByHand).toBeUndefined();
  });

  it('a task without a quantity shows nothing of it', () => {
    const { DurationFormula: _formula, ...plain } = task();
    renderPanel(plain);
    expect(screen.queryByTestId('task-quantity')).toBeNull();
  });
});
