import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useUnsavedWork } from '@/hooks/use-unsaved-work';
import { useUnsavedWorkStore } from '@/lib/stores/unsaved-work-store';
import { buildSession, renderWithApp } from '@/testing/test-utils';
import { UnsavedWorkGuard } from './unsaved-work-guard';

const keepDraft = vi.fn();
const discardDraft = vi.fn();

/** A screen with unsaved edits (and a draft), under the shell's guard. */
function DirtyScreen() {
  useUnsavedWork(true, 'el Gantt', keepDraft, discardDraft);
  return <UnsavedWorkGuard />;
}

function renderDirty() {
  return renderWithApp(<DirtyScreen />, { path: '/projects/p-1/gantt', session: buildSession() });
}

async function answer(button: 'Cancelar' | 'Si, estoy seguro') {
  const dialog = await screen.findByRole('alertdialog', { name: '¿Estás seguro?' });
  expect(within(dialog).getByText(/Hay cambios sin grabar en el Gantt/)).toBeTruthy();
  fireEvent.click(within(dialog).getByRole('button', { name: button }));
  await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
}

afterEach(() => {
  useUnsavedWorkStore.setState({ works: {}, pendingLeave: null, isLeaveAllowed: false });
  vi.clearAllMocks();
});

describe('UnsavedWorkGuard', () => {
  it('asks before a navigation away: Cancelar stays with the edits, confirming drops the draft and goes', async () => {
    const { router } = renderDirty();
    await act(async () => {
      void router.navigate('/projects');
    });
    await answer('Cancelar');
    expect(router.state.location.pathname).toBe('/projects/p-1/gantt');
    expect(discardDraft).not.toHaveBeenCalled();

    await act(async () => {
      void router.navigate('/projects');
    });
    await answer('Si, estoy seguro');
    await waitFor(() => expect(router.state.location.pathname).toBe('/projects'));
    expect(discardDraft).toHaveBeenCalledOnce();
    expect(keepDraft).not.toHaveBeenCalled();
    // the next screen's edits are asked about again
    expect(useUnsavedWorkStore.getState().isLeaveAllowed).toBe(false);
  });

  it('lets the navigation of a confirmed way out through (sign-out), until another screen is on', async () => {
    const { router } = renderDirty();
    const signOut = vi.fn(() => void router.navigate('/login'));
    act(() => useUnsavedWorkStore.getState().requestLeave(signOut));
    await answer('Si, estoy seguro');
    expect(signOut).toHaveBeenCalledOnce();
    expect(discardDraft).toHaveBeenCalledOnce();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await waitFor(() => expect(useUnsavedWorkStore.getState().isLeaveAllowed).toBe(false));
  });

  it('closing or reloading the page writes the drafts at once and drops none, whatever the answer (issue 32)', () => {
    renderDirty();
    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    // the browser asks, and the draft is already written, before the answer
    expect(unload.defaultPrevented).toBe(true);
    expect(keepDraft).toHaveBeenCalledOnce();
    // the user accepted: the page goes
    window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: false }));
    expect(keepDraft).toHaveBeenCalledTimes(2);
    expect(discardDraft).not.toHaveBeenCalled();
  });

  it('writes the drafts when the page is hidden (a phone may kill it unseen), not when it shows again', () => {
    renderDirty();
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(keepDraft).not.toHaveBeenCalled();
    visibility.mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(keepDraft).toHaveBeenCalledOnce();
    expect(discardDraft).not.toHaveBeenCalled();
    visibility.mockRestore();
  });
});
