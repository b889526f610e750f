import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { SETTINGS_STORAGE_KEY, defaultSettings, useSettingsStore } from '@/lib/stores/settings-store';
import { buildSession, renderWithApp, setWindowWidth } from '@/testing/test-utils';
import { Configurator } from './configurator';

function storedSettings(): Record<string, unknown> {
  const raw = localStorage.getItem(SETTINGS_STORAGE_KEY);
  return raw ? (JSON.parse(raw) as { state: Record<string, unknown> }).state : {};
}

describe('Configurator', () => {
  beforeEach(() => {
    setWindowWidth(1400);
    useSettingsStore.setState({ ...defaultSettings, isConfiguratorOpen: true });
  });

  it('is titled Configuración Dashboard and starts with the spec defaults', async () => {
    renderWithApp(<Configurator />, { session: buildSession() });
    expect(await screen.findByRole('heading', { name: 'Configuración Dashboard' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Verde', pressed: true })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Blanco', pressed: true })).toBeTruthy();
    expect((screen.getByLabelText('Fondo claro / Fondo Oscuro') as HTMLInputElement).checked).toBe(false);
  });

  it('switches the whole page to dark mode and keeps the choice in localStorage', async () => {
    const user = userEvent.setup();
    renderWithApp(<Configurator />, { session: buildSession() });
    expect(document.documentElement.dataset.themeMode).toBe('light');

    await user.click(await screen.findByLabelText('Fondo claro / Fondo Oscuro'));

    expect(useSettingsStore.getState().isDarkMode).toBe(true);
    await waitFor(() => expect(document.documentElement.dataset.themeMode).toBe('dark'));
    expect(getComputedStyle(document.body).backgroundColor).toBe('rgb(26, 32, 53)');
    expect(storedSettings().isDarkMode).toBe(true);

    // a reload reads it back
    useSettingsStore.setState({ isDarkMode: false });
    localStorage.setItem(SETTINGS_STORAGE_KEY, JSON.stringify({ state: { isDarkMode: true }, version: 1 }));
    await useSettingsStore.persist.rehydrate();
    expect(useSettingsStore.getState().isDarkMode).toBe(true);
  });

  it('saves the sidebar colour, type and navbar choices', async () => {
    const user = userEvent.setup();
    renderWithApp(<Configurator />, { session: buildSession() });
    await user.click(await screen.findByRole('button', { name: 'Naranjo' }));
    await user.click(screen.getByRole('button', { name: 'Oscuro' }));
    await user.click(screen.getByLabelText('Barra de navegación fija'));
    await user.click(screen.getByLabelText('Menú lateral angosto'));
    expect(storedSettings()).toMatchObject({
      sidebarColor: 'warning',
      sidebarType: 'dark',
      isNavbarFixed: false,
      isSidebarMini: true,
    });
    expect(storedSettings()).not.toHaveProperty('isConfiguratorOpen');
  });

  it('disables the transparent and white sidebars on screens of 1200 px or less', async () => {
    setWindowWidth(1200);
    renderWithApp(<Configurator />, { session: buildSession() });
    expect((await screen.findByRole('button', { name: 'Transparente' })).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Blanco' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Oscuro' }).hasAttribute('disabled')).toBe(false);
  });

  it('changes the language of the interface', async () => {
    const user = userEvent.setup();
    renderWithApp(<Configurator />, { session: buildSession() });
    await user.click(await screen.findByLabelText('Idioma'));
    await user.click(await screen.findByRole('option', { name: 'English (US)' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard settings' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('en-US');
    useSettingsStore.setState({ language: 'es-CL' });
    await screen.findByRole('heading', { name: 'Configuración Dashboard' });
  });
});
