import { afterEach, describe, expect, it, vi } from 'vitest';
import { hasUnsavedWork, keepDraftsForSignIn, unsavedScreens, useUnsavedWorkStore } from './unsaved-work-store';

function work(screen: string) {
  return { screen, keepDraft: vi.fn(), discardDraft: vi.fn() };
}

afterEach(() => {
  useUnsavedWorkStore.setState({ works: {}, pendingLeave: null, isLeaveAllowed: false });
});

describe('the unsaved-work registry', () => {
  it('knows which screens have unsaved edits while they are registered', () => {
    const store = useUnsavedWorkStore.getState();
    expect(hasUnsavedWork()).toBe(false);
    store.register('a', work('el Gantt'));
    store.register('b', work('el Gantt'));
    expect(hasUnsavedWork()).toBe(true);
    expect(unsavedScreens(useUnsavedWorkStore.getState().works)).toEqual(['el Gantt']);
    store.unregister('a');
    store.unregister('b');
    expect(hasUnsavedWork()).toBe(false);
  });

  it('runs a way out at once when nothing is unsaved', () => {
    const action = vi.fn();
    useUnsavedWorkStore.getState().requestLeave(action);
    expect(action).toHaveBeenCalledOnce();
    expect(useUnsavedWorkStore.getState().pendingLeave).toBeNull();
  });

  it('asks before a way out with unsaved edits: Cancelar keeps them, confirming drops the drafts and goes', () => {
    const gantt = work('el Gantt');
    const action = vi.fn();
    useUnsavedWorkStore.getState().register('gantt', gantt);
    useUnsavedWorkStore.getState().requestLeave(action);
    expect(action).not.toHaveBeenCalled();
    expect(useUnsavedWorkStore.getState().pendingLeave).not.toBeNull();

    useUnsavedWorkStore.getState().cancelLeave();
    expect(useUnsavedWorkStore.getState().pendingLeave).toBeNull();
    expect(gantt.discardDraft).not.toHaveBeenCalled();
    expect(action).not.toHaveBeenCalled();

    useUnsavedWorkStore.getState().requestLeave(action);
    useUnsavedWorkStore.getState().confirmLeave();
    expect(gantt.discardDraft).toHaveBeenCalledOnce();
    expect(gantt.keepDraft).not.toHaveBeenCalled();
    expect(action).toHaveBeenCalledOnce();
    expect(useUnsavedWorkStore.getState().isLeaveAllowed).toBe(true);
  });

  it('drops the drafts for an action that stays on the screen without letting later ways out through', () => {
    const edc = work('el EDC');
    const pick = vi.fn();
    useUnsavedWorkStore.getState().register('edc', edc);
    useUnsavedWorkStore.getState().requestLeave(pick, { staysOnScreen: true });
    expect(pick).not.toHaveBeenCalled();
    useUnsavedWorkStore.getState().confirmLeave();
    expect(edc.discardDraft).toHaveBeenCalledOnce();
    expect(pick).toHaveBeenCalledOnce();
    expect(useUnsavedWorkStore.getState().pendingLeave).toBeNull();
    expect(useUnsavedWorkStore.getState().isLeaveAllowed).toBe(false);
  });

  it('on session expiry writes every draft at once and lets the app go to /login without asking', () => {
    const edp = work('el EDP');
    const failing = {
      ...work('el Gantt'),
      keepDraft: vi.fn(() => {
        throw new Error('storage blocked');
      }),
    };
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    useUnsavedWorkStore.getState().register('gantt', failing);
    useUnsavedWorkStore.getState().register('edp', edp);
    keepDraftsForSignIn();
    // one failing screen does not stop the others
    expect(failing.keepDraft).toHaveBeenCalledOnce();
    expect(edp.keepDraft).toHaveBeenCalledOnce();
    expect(edp.discardDraft).not.toHaveBeenCalled();
    expect(useUnsavedWorkStore.getState().isLeaveAllowed).toBe(true);
    useUnsavedWorkStore.getState().resetLeave();
    expect(useUnsavedWorkStore.getState().isLeaveAllowed).toBe(false);
  });
});
