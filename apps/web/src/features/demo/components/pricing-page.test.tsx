import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Sidebar } from '@/components/layout/sidebar';
import { defaultSettings, useSettingsStore } from '@/lib/stores/settings-store';
import { buildSession, jsonResponse, renderWithApp, setWindowWidth } from '@/testing/test-utils';
import { PricingPage } from './pricing-page';

/** The shell's sidebar beside the pricing page, which 'Salir' closes (as leaving the route does). */
function Harness() {
  const [isOpen, setIsOpen] = useState(true);
  return (
    <>
      <Sidebar />
      <button type="button" onClick={() => setIsOpen(false)}>
        Salir
      </button>
      {isOpen && <PricingPage title="Planes y precios (demostración)" />}
    </>
  );
}

function sidebarNavigation() {
  return screen.queryByRole('navigation', { name: 'Navegación principal' });
}

describe('PricingPage', () => {
  beforeEach(() => {
    setWindowWidth(1400);
    useSettingsStore.setState({ ...defaultSettings, isSidebarHidden: false, isSidebarOpen: false });
    vi.stubGlobal('fetch', async (input: string) => {
      if (input === '/api/functions/loadProjects') {
        return jsonResponse(200, { result: { projects: [], message: 'Proyectos cargados' } });
      }
      throw new Error(`unexpected call: ${input}`);
    });
  });

  it('is labelled as a demo and switches the three plans between monthly and annual prices', async () => {
    const user = userEvent.setup();
    const fetchSpy = vi.fn(globalThis.fetch);
    vi.stubGlobal('fetch', fetchSpy);
    renderWithApp(<PricingPage title="Planes y precios (demostración)" />, { session: buildSession() });

    expect(screen.getByRole('heading', { level: 1, name: 'Planes y precios (demostración)' })).toBeTruthy();
    expect(within(screen.getByTestId('demo-notice')).getByText('Demostración')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Mensual' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByTestId('price-starter').textContent).toBe('$19.990/mes');
    expect(screen.getByTestId('price-premium').textContent).toBe('$59.990/mes');
    expect(screen.getByTestId('price-enterprise').textContent).toBe('$149.990/mes');

    await user.click(screen.getByRole('tab', { name: 'Anual' }));
    expect(screen.getByRole('tab', { name: 'Anual' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByTestId('price-starter').textContent).toBe('$199.900/año');
    expect(screen.getByTestId('price-premium').textContent).toBe('$599.900/año');
    expect(screen.getByTestId('price-enterprise').textContent).toBe('$1.499.900/año');

    await user.click(screen.getByRole('tab', { name: 'Mensual' }));
    expect(screen.getByTestId('price-starter').textContent).toBe('$19.990/mes');
    // a static page: it asks the server nothing
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('opens one FAQ answer at a time', async () => {
    const user = userEvent.setup();
    renderWithApp(<PricingPage title="Planes" />, { session: buildSession() });
    const first = screen.getByRole('button', { name: '¿Puedo cambiar de plan más adelante?' });
    const third = screen.getByRole('button', { name: '¿El plan anual tiene descuento?' });
    expect(first.getAttribute('aria-expanded')).toBe('true');
    expect(third.getAttribute('aria-expanded')).toBe('false');
    await user.click(third);
    expect(third.getAttribute('aria-expanded')).toBe('true');
    expect(first.getAttribute('aria-expanded')).toBe('false');
  });

  it('hides a pinned sidebar while open and re-pins it on leaving', async () => {
    const user = userEvent.setup();
    useSettingsStore.setState({ isSidebarMini: false });
    renderWithApp(<Harness />, { session: buildSession() });

    expect(sidebarNavigation()).toBeNull();
    expect(useSettingsStore.getState().isSidebarHidden).toBe(true);
    // narrowed meanwhile (the configurator stays at hand): leaving pins it back
    useSettingsStore.getState().setSidebarMini(true);

    await user.click(screen.getByRole('button', { name: 'Salir' }));
    expect(await screen.findByRole('navigation', { name: 'Navegación principal' })).toBeTruthy();
    expect(useSettingsStore.getState()).toMatchObject({ isSidebarHidden: false, isSidebarMini: false });
  });

  it('hides a narrow (unpinned) sidebar while open and leaves it narrow on leaving', async () => {
    const user = userEvent.setup();
    useSettingsStore.setState({ isSidebarMini: true });
    renderWithApp(<Harness />, { session: buildSession() });

    expect(sidebarNavigation()).toBeNull();
    useSettingsStore.getState().setSidebarMini(false);

    await user.click(screen.getByRole('button', { name: 'Salir' }));
    expect(await screen.findByRole('navigation', { name: 'Navegación principal' })).toBeTruthy();
    expect(useSettingsStore.getState()).toMatchObject({ isSidebarHidden: false, isSidebarMini: true });
  });

  it('closes the drawer of a narrow screen while open', () => {
    setWindowWidth(800);
    useSettingsStore.setState({ isSidebarOpen: true });
    renderWithApp(<Harness />, { session: buildSession() });
    expect(useSettingsStore.getState().isSidebarOpen).toBe(false);
    expect(sidebarNavigation()).toBeNull();
  });
});
