import { afterEach, describe, expect, it } from 'vitest';
import { GANTT_VIEW_STORAGE_KEY, defaultGanttViewPrefs, useGanttViewStore } from './gantt-view-store';

afterEach(() => {
  localStorage.clear();
  useGanttViewStore.setState({ byUser: {}, fitted: null, fitRequest: 0 });
});

describe('gantt view store (issue 12: the zoom, divider, columns, hidden columns remembered per user)', () => {
  it('keeps each user’s choices apart, and in this browser', () => {
    const { update } = useGanttViewStore.getState();
    update('ana', { zoom: 'month', hiddenColumns: ['taskId'] });
    update('ana', { gridWidth: 480 });
    update('beto', { columnWidths: { text: 260 } });
    expect(useGanttViewStore.getState().byUser).toEqual({
      ana: { ...defaultGanttViewPrefs, zoom: 'month', hiddenColumns: ['taskId'], gridWidth: 480 },
      beto: { ...defaultGanttViewPrefs, columnWidths: { text: 260 } },
    });
    const stored = JSON.parse(localStorage.getItem(GANTT_VIEW_STORAGE_KEY) ?? '{}') as { state?: unknown };
    expect(stored.state).toEqual({ byUser: useGanttViewStore.getState().byUser });
  });

  it('does not keep the fitted zoom nor the fit requests: they belong to the screen open now', () => {
    useGanttViewStore.getState().setFitted({ level: 'day', cellWidth: 45.5 });
    useGanttViewStore.getState().requestFit();
    const stored = JSON.parse(localStorage.getItem(GANTT_VIEW_STORAGE_KEY) ?? '{}') as { state?: object };
    expect(Object.keys(stored.state ?? {})).toEqual(['byUser']);
  });

  it('reads back what another version or a hand left in the browser defensively', async () => {
    localStorage.setItem(
      GANTT_VIEW_STORAGE_KEY,
      JSON.stringify({
        state: {
          byUser: {
            ana: {
              zoom: 'decade',
              gridWidth: -4,
              columnWidths: { text: 'wide', name: 5, workDays: 120 },
              hiddenColumns: 'taskId',
              showTracking: 1,
            },
            // issue 15: the tracking columns, kept when they are a real true
            beto: { showTracking: true },
            // issue 32: the hidden columns, strings only, once each
            caro: { hiddenColumns: ['name', 7, 'name', null, 'endIso'] },
          },
        },
        version: 2,
      }),
    );
    await useGanttViewStore.persist.rehydrate();
    expect(useGanttViewStore.getState().byUser.ana).toEqual({
      zoom: 'week',
      gridWidth: null,
      columnWidths: { workDays: 120 },
      hiddenColumns: [],
      showTracking: false,
    });
    expect(useGanttViewStore.getState().byUser.caro?.hiddenColumns).toEqual(['name', 'endIso']);
    expect(useGanttViewStore.getState().byUser.beto).toEqual({ ...defaultGanttViewPrefs, showTracking: true });
  });

  it('reads version 1’s column ids as today’s: Código was “text”, Nombre “name” (issue 32: the outline in Nombre)', async () => {
    localStorage.setItem(
      GANTT_VIEW_STORAGE_KEY,
      JSON.stringify({
        state: {
          byUser: {
            ana: { zoom: 'month', columnWidths: { text: 240, name: 300, workDays: 90 }, hiddenColumns: ['name'] },
            beto: { hiddenColumns: ['text', 'taskId'] },
          },
        },
        version: 1,
      }),
    );
    await useGanttViewStore.persist.rehydrate();
    expect(useGanttViewStore.getState().byUser.ana).toEqual({
      ...defaultGanttViewPrefs,
      zoom: 'month',
      columnWidths: { code: 240, text: 300, workDays: 90 },
      hiddenColumns: ['text'],
    });
    expect(useGanttViewStore.getState().byUser.beto?.hiddenColumns).toEqual(['code', 'taskId']);
    // written back under the new version: read again, nothing is renamed twice
    await useGanttViewStore.persist.rehydrate();
    expect(useGanttViewStore.getState().byUser.ana?.columnWidths).toEqual({ code: 240, text: 300, workDays: 90 });
  });
});
