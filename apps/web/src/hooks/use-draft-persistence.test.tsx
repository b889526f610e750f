import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UnsavedWorkGuard } from '@/components/layout/unsaved-work-guard';
import { DraftRecoveryAlert } from '@/components/ui/draft-recovery-alert';
import { draftKey, writeDraft } from '@/lib/drafts';
import { useNoticesStore } from '@/lib/stores/notices-store';
import { hasUnsavedWork, keepDraftsForSignIn, useUnsavedWorkStore } from '@/lib/stores/unsaved-work-store';
import { buildSession, renderWithApp } from '@/testing/test-utils';
import { DRAFT_IDLE_WAIT_MS, DRAFT_WRITE_DELAY_MS, useDraftPersistence } from './use-draft-persistence';

type Data = { value: string };
const scope = { userId: 'user-1', projectId: 'p-1', screen: 'gantt' as const };
const key = draftKey(scope);
const parse = (data: unknown): Data | null =>
  typeof data === 'object' && data !== null && 'value' in data && typeof data.value === 'string'
    ? { value: data.value }
    : null;

/** A one-field editor with the screens' draft wiring: 'Grabar' saves, 'Recuperar' takes the draft. */
function Editor() {
  const [saved, setSaved] = useState('guardado');
  const [value, setValue] = useState('guardado');
  const isDirty = value !== saved;
  const { offer, acceptOffer, discardOffer } = useDraftPersistence<Data>({
    screen: 'gantt',
    projectId: 'p-1',
    screenLabel: 'el Gantt',
    isDirty,
    revision: value,
    snapshot: () => ({ baseVersion: 4, data: { value } }),
    parseData: parse,
  });
  return (
    <div>
      <DraftRecoveryAlert
        offer={offer}
        screenLabel="el Gantt"
        isOlder={offer?.status === 'ok' && offer.draft.baseVersion !== 4}
        isEditorDirty={isDirty}
        compare={() => []}
        onRecover={() => {
          if (offer?.status === 'ok') setValue(offer.draft.data.value);
          acceptOffer();
        }}
        onApplyOnTop={acceptOffer}
        onDiscard={discardOffer}
      />
      <input aria-label="valor" value={value} onChange={(event) => setValue(event.target.value)} />
      <button type="button" onClick={() => setSaved(value)}>
        Grabar
      </button>
    </div>
  );
}

function stored(): { editedAt: string; baseVersion: number; data: Data } | null {
  const raw = localStorage.getItem(key);
  return raw === null ? null : (JSON.parse(raw) as { editedAt: string; baseVersion: number; data: Data });
}

afterEach(() => {
  useUnsavedWorkStore.setState({ works: {}, pendingLeave: null, isLeaveAllowed: false });
});

describe('useDraftPersistence', () => {
  it('writes a draft a moment after an edit, registers the screen, and removes both once saved', async () => {
    renderWithApp(<Editor />, { session: buildSession() });
    fireEvent.change(screen.getByLabelText('valor'), { target: { value: 'editado' } });
    expect(hasUnsavedWork()).toBe(true);
    await waitFor(() => expect(stored()?.data).toEqual({ value: 'editado' }));
    expect(stored()?.baseVersion).toBe(4);

    fireEvent.click(screen.getByRole('button', { name: 'Grabar' }));
    await waitFor(() => expect(stored()).toBeNull());
    expect(hasUnsavedWork()).toBe(false);
  });

  it('writes the draft when the page is idle after the delay, not in the middle of the next key (issue 32, speed)', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const idle: { callback: () => void; timeout: number }[] = [];
    const cancelled: number[] = [];
    const page = window as unknown as {
      requestIdleCallback?: (callback: () => void, options: { timeout: number }) => number;
      cancelIdleCallback?: (handle: number) => void;
    };
    page.requestIdleCallback = (callback, options) => idle.push({ callback, timeout: options.timeout });
    page.cancelIdleCallback = (handle) => cancelled.push(handle);
    try {
      renderWithApp(<Editor />, { session: buildSession() });
      fireEvent.change(screen.getByLabelText('valor'), { target: { value: 'uno' } });
      act(() => vi.advanceTimersByTime(DRAFT_WRITE_DELAY_MS));
      // the delay is over: the write waits for the page's next idle moment, at most DRAFT_IDLE_WAIT_MS
      expect(stored()).toBeNull();
      expect(idle.map((entry) => entry.timeout)).toEqual([DRAFT_IDLE_WAIT_MS]);
      // another edit first: that write is called off, and the next one keeps the newer value
      fireEvent.change(screen.getByLabelText('valor'), { target: { value: 'dos' } });
      expect(cancelled).toEqual([1]);
      act(() => vi.advanceTimersByTime(DRAFT_WRITE_DELAY_MS));
      act(() => idle[1]?.callback());
      expect(stored()?.data).toEqual({ value: 'dos' });
    } finally {
      delete page.requestIdleCallback;
      delete page.cancelIdleCallback;
      vi.useRealTimers();
    }
  });

  it('writes the draft at once when the session expires, and keeps it when the screen then goes', () => {
    const { unmount } = renderWithApp(<Editor />, { session: buildSession() });
    fireEvent.change(screen.getByLabelText('valor'), { target: { value: 'sin grabar' } });
    expect(stored()).toBeNull();
    act(() => keepDraftsForSignIn());
    expect(stored()?.data).toEqual({ value: 'sin grabar' });
    unmount();
    expect(stored()?.data).toEqual({ value: 'sin grabar' });
  });

  it('drops the draft when the user confirms leaving', async () => {
    const { unmount } = renderWithApp(<Editor />, { session: buildSession() });
    fireEvent.change(screen.getByLabelText('valor'), { target: { value: 'sin grabar' } });
    await waitFor(() => expect(stored()).not.toBeNull());
    const leave = vi.fn();
    act(() => useUnsavedWorkStore.getState().requestLeave(leave));
    expect(leave).not.toHaveBeenCalled();
    act(() => useUnsavedWorkStore.getState().confirmLeave());
    expect(leave).toHaveBeenCalledOnce();
    unmount();
    expect(stored()).toBeNull();
  });

  it('keeps an edit made a moment before the tab closes, offers it back, and only Descartar removes it (issue 32)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const first = renderWithApp(
        <>
          <UnsavedWorkGuard />
          <Editor />
        </>,
        { path: '/projects/p-1/gantt', session: buildSession() },
      );
      fireEvent.change(screen.getByLabelText('valor'), { target: { value: 'antes de cerrar' } });
      // the debounced write has not run yet
      expect(stored()).toBeNull();
      const unload = new Event('beforeunload', { cancelable: true });
      act(() => {
        window.dispatchEvent(unload);
      });
      expect(unload.defaultPrevented).toBe(true);
      // the user accepts the browser's question: the page goes, the draft stays
      act(() => {
        window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: false }));
      });
      expect(stored()?.data).toEqual({ value: 'antes de cerrar' });
      first.unmount();
      act(() => vi.advanceTimersByTime(DRAFT_WRITE_DELAY_MS * 2));
      expect(stored()?.data).toEqual({ value: 'antes de cerrar' });
    } finally {
      vi.useRealTimers();
    }
    useUnsavedWorkStore.setState({ works: {}, pendingLeave: null, isLeaveAllowed: false });

    // the tab opens again: offered, recovered as unsaved edits; closing again keeps it again
    const second = renderWithApp(<Editor />, { session: buildSession() });
    await screen.findByText('Recuperar cambios sin grabar');
    expect(screen.getByLabelText<HTMLInputElement>('valor').value).toBe('guardado');
    fireEvent.click(screen.getByRole('button', { name: 'Recuperar' }));
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('valor').value).toBe('antes de cerrar'));
    expect(hasUnsavedWork()).toBe(true);
    second.unmount();
    expect(stored()?.data).toEqual({ value: 'antes de cerrar' });
    useUnsavedWorkStore.setState({ works: {}, pendingLeave: null, isLeaveAllowed: false });

    // Descartar, after asking, removes it for good
    const third = renderWithApp(<Editor />, { session: buildSession() });
    fireEvent.click(await screen.findByRole('button', { name: 'Descartar' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Si, estoy seguro' }));
    await waitFor(() => expect(screen.queryByText('Recuperar cambios sin grabar')).toBeNull());
    expect(stored()).toBeNull();
    third.unmount();
    renderWithApp(<Editor />, { session: buildSession() });
    expect(screen.queryByText('Recuperar cambios sin grabar')).toBeNull();
  });

  it('offers a kept draft back with its time, and Recuperar puts it on screen as unsaved edits', async () => {
    writeDraft(scope, { editedAt: '2026-01-05T15:42:00.000Z', baseVersion: 4, data: { value: 'recuperado' } });
    renderWithApp(<Editor />, { session: buildSession() });
    // 15:42 UTC is 12:42 in Santiago in January (summer time, UTC−3)
    await screen.findByText('Este navegador guardó cambios sin grabar en el Gantt, hechos el 05-01-2026 12:42.');
    // while it is offered, it is not overwritten
    fireEvent.change(screen.getByLabelText('valor'), { target: { value: 'otra cosa' } });
    act(() => keepDraftsForSignIn());
    expect(stored()?.data).toEqual({ value: 'recuperado' });
    act(() => useUnsavedWorkStore.getState().resetLeave());

    // the editor has edits of its own: recovering asks first
    fireEvent.click(screen.getByRole('button', { name: 'Recuperar' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Si, estoy seguro' }));
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('valor').value).toBe('recuperado'));
    expect(screen.queryByText('Recuperar cambios sin grabar')).toBeNull();
    expect(hasUnsavedWork()).toBe(true);
    // saved: the recovered copy goes
    fireEvent.click(screen.getByRole('button', { name: 'Grabar' }));
    await waitFor(() => expect(stored()).toBeNull());
  });

  it('says a corrupt draft cannot be read and keeps it until the user discards it, after asking', async () => {
    localStorage.setItem(key, '{"format":1,"editedAt":"2026-01-05T15:42:00.000Z","data": broken');
    renderWithApp(<Editor />, { session: buildSession() });
    await screen.findByText(/No se pudo leer la copia de los cambios sin grabar en el Gantt del 05-01-2026 12:42/);
    expect(localStorage.getItem(key)).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Descartar' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(localStorage.getItem(key)).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Descartar' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Si, estoy seguro' }));
    await waitFor(() => expect(screen.queryByText('Recuperar cambios sin grabar')).toBeNull());
    expect(localStorage.getItem(key)).toBeNull();
  });

  it('offers the newest draft of any part for a screen that keeps one per part (the EDC)', () => {
    const edc = { userId: 'user-1', projectId: 'p-1', screen: 'edc' as const };
    writeDraft(
      { ...edc, part: '2' },
      { editedAt: '2026-01-05T15:42:00.000Z', baseVersion: 1, data: { value: 'antes' } },
    );
    writeDraft(
      { ...edc, part: '3' },
      { editedAt: '2026-01-06T10:00:00.000Z', baseVersion: 1, data: { value: 'después' } },
    );
    function PartsEditor() {
      const { offer } = useDraftPersistence<Data>({
        screen: 'edc',
        projectId: 'p-1',
        hasParts: true,
        screenLabel: 'el EDC',
        isDirty: false,
        revision: null,
        snapshot: () => ({ baseVersion: 1, data: { value: '' } }),
        parseData: parse,
      });
      return <output>{offer?.status === 'ok' ? offer.draft.data.value : 'nada'}</output>;
    }
    renderWithApp(<PartsEditor />, { session: buildSession() });
    expect(screen.getByRole('status').textContent).toBe('después');
  });

  it("never offers another user's draft", () => {
    writeDraft(
      { ...scope, userId: 'user-2' },
      { editedAt: '2026-01-05T15:42:00.000Z', baseVersion: 4, data: { value: 'ajeno' } },
    );
    renderWithApp(<Editor />, { session: buildSession() });
    expect(screen.queryByText('Recuperar cambios sin grabar')).toBeNull();
  });

  it('says once that the browser has no room for the draft', async () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    renderWithApp(<Editor />, { session: buildSession() });
    fireEvent.change(screen.getByLabelText('valor'), { target: { value: 'uno' } });
    act(() => keepDraftsForSignIn());
    expect(useNoticesStore.getState().error).toBe(
      'No queda espacio en este navegador para guardar una copia de los cambios sin grabar en el Gantt. Graba pronto para no perderlos.',
    );
    const sequence = useNoticesStore.getState().sequence;
    fireEvent.change(screen.getByLabelText('valor'), { target: { value: 'dos' } });
    act(() => keepDraftsForSignIn());
    expect(useNoticesStore.getState().sequence).toBe(sequence);
  });
});
