import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useProjectStore } from '@/stores/project-store';
import { defaultSettings, useSettingsStore } from '@/stores/settings-store';
import { buildSession, renderWithApp, setWindowWidth } from '@/testing/test-utils';
import { Sidebar } from './sidebar';

const menuLinks: [string, string][] = [
  ['Mi perfil', '/profile/settings'],
  ['Nuevo Proyecto', '/projects/new'],
  ['Proyectos', '/projects'],
  ['Actividades', '/admin/actividades'],
  ['Tipos de área', '/admin/tipos-area'],
  ['Sistemas', '/admin/sistemas'],
  ['Componentes', '/admin/componentes'],
  ['Usuarios', '/usuarios/list'],
];

describe('Sidebar', () => {
  beforeEach(() => {
    setWindowWidth(1400);
    useSettingsStore.setState(defaultSettings);
  });

  afterEach(() => {
    useProjectStore.setState({ currentProject: null });
  });

  it('links every menu entry to its route, with the brand going to /home', async () => {
    renderWithApp(<Sidebar />, { path: '/home', session: buildSession({ name: 'Ana Pérez' }) });
    for (const [label, path] of menuLinks) {
      expect((await screen.findByRole('link', { name: label })).getAttribute('href')).toBe(path);
    }
    expect(screen.getByRole('link', { name: 'Cimiento' }).getAttribute('href')).toBe('/home');
    expect(screen.getByText('Ana Pérez')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Mis proyectos' })).toBeTruthy();
    expect(screen.getByText('Sin proyectos')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Administración' })).toBeTruthy();
  });

  it('marks only the link of the current route as the current page', async () => {
    renderWithApp(<Sidebar />, { path: '/admin/sistemas', session: buildSession() });
    const active = await screen.findByRole('link', { name: 'Sistemas' });
    expect(active.getAttribute('aria-current')).toBe('page');
    for (const [label] of menuLinks.filter(([label]) => label !== 'Sistemas')) {
      expect(screen.getByRole('link', { name: label }).getAttribute('aria-current')).toBeNull();
    }
  });

  it('does not mark Proyectos while creating a new project', async () => {
    renderWithApp(<Sidebar />, { path: '/projects/new', session: buildSession() });
    expect((await screen.findByRole('link', { name: 'Nuevo Proyecto' })).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Proyectos' }).getAttribute('aria-current')).toBeNull();
  });

  it('shows the current project group, named after it, only when a project is selected', async () => {
    renderWithApp(<Sidebar />, { path: '/home', session: buildSession() });
    await screen.findByRole('link', { name: 'Proyectos' });
    expect(screen.queryByRole('link', { name: 'EDP' })).toBeNull();

    act(() => useProjectStore.getState().setCurrentProject({ id: 'p-42', name: 'Hospital de Talca' }));
    expect(await screen.findByRole('button', { name: 'Hospital de Talca' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'EDP' }).getAttribute('href')).toBe('/projects/p-42/edp');
    expect(screen.getByRole('link', { name: 'EDC' }).getAttribute('href')).toBe('/projects/p-42/edc');
    expect(screen.getByRole('link', { name: 'Gantt' }).getAttribute('href')).toBe('/projects/p-42/gantt');
  });

  it('collapses and expands a group', async () => {
    const user = userEvent.setup();
    renderWithApp(<Sidebar />, { path: '/home', session: buildSession() });
    const group = await screen.findByRole('button', { name: 'Administración' });
    expect(group.getAttribute('aria-expanded')).toBe('true');
    await user.click(group);
    expect(group.getAttribute('aria-expanded')).toBe('false');
  });

  it('keeps link names for screen readers in the narrow sidebar', async () => {
    useSettingsStore.setState({ isSidebarMini: true });
    renderWithApp(<Sidebar />, { path: '/home', session: buildSession() });
    expect(await screen.findByRole('link', { name: 'Usuarios' })).toBeTruthy();
  });
});
