import { beforeEach, describe, expect, it } from 'vitest';
import { PROJECT_STORAGE_KEY, useProjectStore } from './project-store';

const store = () => useProjectStore.getState();

describe('current project store', () => {
  beforeEach(() => {
    store().clearCurrentProject();
  });

  it('keeps the current project with the user who selected it, in localStorage', () => {
    store().setCurrentProject({ id: 'p-1', name: 'Hospital de Talca' }, 'user-1');
    expect(JSON.parse(localStorage.getItem(PROJECT_STORAGE_KEY) ?? '{}')).toMatchObject({
      state: { currentProject: { id: 'p-1', name: 'Hospital de Talca' }, userId: 'user-1' },
    });
  });

  it('forgets it when another user signs in, not when the same one does', () => {
    store().setCurrentProject({ id: 'p-1', name: 'Hospital de Talca' }, 'user-1');
    store().keepOnlyFor('user-1');
    expect(store().currentProject).toEqual({ id: 'p-1', name: 'Hospital de Talca' });
    store().keepOnlyFor('user-2');
    expect(store()).toMatchObject({ currentProject: null, userId: null });
  });

  it('forgets a removed project only if it is the current one', () => {
    store().setCurrentProject({ id: 'p-1', name: 'Hospital de Talca' }, 'user-1');
    store().forgetProject('p-2');
    expect(store().currentProject?.id).toBe('p-1');
    store().forgetProject('p-1');
    expect(store().currentProject).toBeNull();
  });

  it('follows a new name of the current project only (and keeps whose choice it is)', () => {
    store().setCurrentProject({ id: 'p-1', name: 'Hospital de Talca' }, 'user-1');
    store().renameProject('p-2', 'Otro');
    expect(store().currentProject).toEqual({ id: 'p-1', name: 'Hospital de Talca' });
    store().renameProject('p-1', 'Hospital Regional de Talca');
    expect(store()).toMatchObject({
      currentProject: { id: 'p-1', name: 'Hospital Regional de Talca' },
      userId: 'user-1',
    });
  });
});
