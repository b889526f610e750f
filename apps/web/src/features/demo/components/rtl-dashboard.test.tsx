import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultSettings, useSettingsStore } from '@/lib/stores/settings-store';
import { buildSession, renderWithApp } from '@/testing/test-utils';
import { RtlDashboard } from './rtl-dashboard';

/** The Arabic demo, which 'Salir' closes (as leaving the route does). */
function Harness() {
  const [isOpen, setIsOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setIsOpen(false)}>
        Salir
      </button>
      {isOpen && <RtlDashboard title="Panel de derecha a izquierda (demostración)" />}
    </>
  );
}

const root = document.documentElement;

describe('RtlDashboard', () => {
  beforeEach(() => {
    useSettingsStore.setState({ ...defaultSettings });
    root.removeAttribute('dir');
    root.lang = 'es-CL';
  });

  it('makes the document right-to-left and Arabic while open, and restores both on leaving', async () => {
    const user = userEvent.setup();
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    renderWithApp(<Harness />, { session: buildSession() });

    expect(root.dir).toBe('rtl');
    expect(root.lang).toBe('ar');
    expect(useSettingsStore.getState().isRtl).toBe(true);
    expect(screen.getByRole('heading', { level: 2, name: 'لوحة القيادة' })).toBeTruthy();
    expect(screen.getByText('Demostración')).toBeTruthy();
    // the Spanish heading says which language it is in
    expect(screen.getByRole('heading', { level: 1 }).getAttribute('lang')).toBe('es-CL');
    // Arabic-Indic digits
    expect(screen.getByText('٥٣٬٠٠٠', { exact: false })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Salir' }));
    expect(root.dir).toBe('ltr');
    expect(root.lang).toBe('es-CL');
    expect(useSettingsStore.getState().isRtl).toBe(false);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('gives back the chosen language, not the one the document had before the app started', async () => {
    const user = userEvent.setup();
    root.lang = 'xx';
    renderWithApp(<Harness />, { session: buildSession() });
    expect(root.lang).toBe('ar');
    await user.click(screen.getByRole('button', { name: 'Salir' }));
    expect(root.lang).toBe('es-CL');
  });

  it('turns the flag off when the tab is closed or reloaded on it, and on again if the page comes back', () => {
    renderWithApp(<Harness />, { session: buildSession() });
    expect(useSettingsStore.getState().isRtl).toBe(true);

    act(() => {
      window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: false }));
    });
    expect(useSettingsStore.getState().isRtl).toBe(false);
    // persisted with the settings: a later visit does not start right-to-left
    expect(JSON.parse(localStorage.getItem('cimiento-settings') ?? '{}')).toMatchObject({ state: { isRtl: false } });

    act(() => {
      window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    });
    expect(useSettingsStore.getState().isRtl).toBe(true);
    expect(root.dir).toBe('rtl');
  });
});
