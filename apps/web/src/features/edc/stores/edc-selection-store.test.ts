import { beforeEach, describe, expect, it } from 'vitest';
import { EDC_SELECTION_STORAGE_KEY, useEdcSelectionStore } from './edc-selection-store';

const store = () => useEdcSelectionStore.getState();

describe('remembered EDC selection store', () => {
  beforeEach(() => {
    useEdcSelectionStore.setState({ selected: {} });
  });

  it('keeps the selected EDP item per user and per project, in localStorage', () => {
    store().remember('user-1', 'p-1', 12);
    store().remember('user-1', 'p-2', 3);
    store().remember('user-2', 'p-1', 40);
    expect(store().selected).toEqual({ 'user-1': { 'p-1': 12, 'p-2': 3 }, 'user-2': { 'p-1': 40 } });
    expect(JSON.parse(localStorage.getItem(EDC_SELECTION_STORAGE_KEY) ?? '{}')).toMatchObject({
      state: { selected: { 'user-1': { 'p-1': 12, 'p-2': 3 }, 'user-2': { 'p-1': 40 } } },
    });
  });

  it('replaces the item of the same user and project with the newer choice', () => {
    store().remember('user-1', 'p-1', 12);
    store().remember('user-1', 'p-1', 13);
    expect(store().selected).toEqual({ 'user-1': { 'p-1': 13 } });
  });

  it("forgets one project's item for one user and leaves the others", () => {
    store().remember('user-1', 'p-1', 12);
    store().remember('user-1', 'p-2', 3);
    store().remember('user-2', 'p-1', 40);
    store().forget('user-1', 'p-1');
    expect(store().selected).toEqual({ 'user-1': { 'p-2': 3 }, 'user-2': { 'p-1': 40 } });
    const before = store().selected;
    store().forget('user-3', 'p-1');
    expect(store().selected).toBe(before);
  });
});
