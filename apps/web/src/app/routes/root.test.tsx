import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';

// the first visit of each screen loads its chunk
const slow = { timeout: 5000 };
import { AppProvider } from '@/app/provider';
import { routes } from '@/app/router';
import { sessionQueryKey } from '@/lib/auth';
import { createQueryClient } from '@/lib/react-query';
import { useUnsavedWorkStore } from '@/lib/stores/unsaved-work-store';
import { buildSession, jsonResponse, setWindowWidth } from '@/testing/test-utils';

type Session = ReturnType<typeof buildSession> | null;

const projectSummary = {
  _id: 'p-1',
  id: 'p-1',
  name: 'Hospital de Talca',
  code: 'HT',
  currency: 'CLP',
  budget: '1000000',
  date: { _seconds: 1_700_000_000 },
  mine: true,
};

const loadedProject = {
  ...projectSummary,
  priority: '0',
  template: 'generica',
  startYear: '2023',
  endYear: '2023',
  tiposArea: [],
  edpItemCount: 1,
  edp: { version: 1, items: [{ id: 1, code: 'HT', name: 'Hospital de Talca' }] },
};

/** The server's transport for these tests: a session that can be revoked, and loadProfile. */
function stubServer(initial: Session) {
  const state = { session: initial };
  vi.stubGlobal('fetch', async (input: string) => {
    const path = new URL(input, 'http://localhost').pathname;
    if (path === '/api/auth/get-session') return jsonResponse(200, state.session);
    if (path === '/api/auth/sign-in/email') {
      state.session = buildSession({ name: 'Ana Pérez' });
      return jsonResponse(200, { redirect: false, token: 't', user: state.session.user });
    }
    if (path === '/api/login-options') return jsonResponse(200, { needsFirstAccount: false, googleEnabled: false });
    if (path === '/api/functions/loadProfile') {
      if (!state.session) {
        return jsonResponse(401, {
          error: { status: 'UNAUTHENTICATED', message: 'Tu sesión expiró o no has iniciado sesión' },
        });
      }
      const { user } = state.session;
      return jsonResponse(200, {
        result: {
          profile: {
            uid: user.id,
            email: user.email,
            displayName: user.name,
            photoUrl: null,
            admin: false,
            jobTitle: 'Jefa de obra',
            birthday: '',
            location: '',
            phoneNumber: '',
          },
          message: 'Perfil cargado',
        },
      });
    }
    if (path === '/api/functions/loadProjects') {
      return jsonResponse(200, {
        result: { projects: [projectSummary], message: 'Proyectos cargados' },
      });
    }
    if (path === '/api/functions/loadDashboard') {
      if (!state.session) {
        return jsonResponse(401, {
          error: { status: 'UNAUTHENTICATED', message: 'Tu sesión expiró o no has iniciado sesión' },
        });
      }
      return jsonResponse(200, {
        result: {
          projects: [],
          upcoming: [],
          recent: [],
          catalogues: { tiposArea: 0, actividades: 0, sistemas: 0, componentes: 0 },
          message: 'Panel cargado',
        },
      });
    }
    if (path === '/api/functions/loadProject') {
      return jsonResponse(200, { result: { project: loadedProject, message: 'Proyecto cargado' } });
    }
    return jsonResponse(404, { error: { status: 'NOT_FOUND', message: 'no' } });
  });
  return state;
}

function renderApp(path: string, queryClient = createQueryClient()) {
  setWindowWidth(1400);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return router;
}

describe('session watcher', () => {
  it('sends a signed-out visitor of any screen to /login, without the chrome', async () => {
    stubServer(null);
    const router = renderApp('/usuarios/list');
    expect(await screen.findByRole('button', { name: 'Ingresar' }, slow)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.queryByRole('button', { name: 'Cerrar sesión' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Mi perfil' })).toBeNull();
  });

  it("sends a signed-in user opening /login to '/', which shows /home", async () => {
    stubServer(buildSession({ name: 'Ana Pérez' }));
    const router = renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'Hola, Ana Pérez' }, slow)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/home');
    expect(screen.getByRole('button', { name: 'Cerrar sesión' }).getAttribute('title')).toBe('Cerrar sesión');
    expect(screen.getByText(`© ${new Date().getFullYear()} Cimiento`)).toBeTruthy();
  });

  it("lets a signed-out visitor open the '/authentication/…' pages, without the chrome (issue 19)", async () => {
    stubServer(null);
    const router = renderApp('/authentication/signin/illustration');
    expect(await screen.findByRole('button', { name: 'Ingresar' }, slow)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/authentication/signin/illustration');
    expect(screen.queryByRole('link', { name: 'Mi perfil' })).toBeNull();
  });

  it("sends a signed-in user opening an '/authentication/…' page into the app, like /login (issue 19)", async () => {
    stubServer(buildSession({ name: 'Ana Pérez' }));
    const router = renderApp('/authentication/signup/cover');
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'), slow);
    expect(await screen.findByRole('button', { name: 'Cerrar sesión' }, slow)).toBeTruthy();
  });

  it('takes a user who signs in on /login to /home', async () => {
    stubServer(null);
    const router = renderApp('/login');
    fireEvent.change(await screen.findByLabelText('Correo', undefined, slow), {
      target: { value: 'ana@constructora.cl' },
    });
    fireEvent.change(screen.getByLabelText('Contraseña'), { target: { value: 'una-clave-larga' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ingresar' }));
    expect(await screen.findByRole('heading', { name: 'Hola, Ana Pérez' }, slow)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/home');
  });

  it('shows /login as soon as a call answers UNAUTHENTICATED (session revoked meanwhile)', async () => {
    const server = stubServer(buildSession({ name: 'Ana Pérez' }));
    const router = renderApp('/home');
    await screen.findByRole('heading', { name: 'Hola, Ana Pérez' });

    server.session = null;
    await router.navigate('/profile/settings');

    expect(await screen.findByRole('button', { name: 'Ingresar' }, slow)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('shows the profile of a signed-in user', async () => {
    stubServer(buildSession({ name: 'Ana Pérez' }));
    renderApp('/profile/settings');
    expect(await screen.findByRole('heading', { name: 'Ana Pérez' }, slow)).toBeTruthy();
    expect(screen.getByText('Jefa de obra')).toBeTruthy();
    expect((screen.getByLabelText('Cargo') as HTMLInputElement).value).toBe('Jefa de obra');
  });

  it('answers an unknown address with Página no encontrada', async () => {
    stubServer(buildSession());
    renderApp('/no/existe');
    expect(await screen.findByRole('heading', { name: 'Página no encontrada' }, slow)).toBeTruthy();
  });

  it('marks the breadcrumbs with Inicio first, linking to /home', async () => {
    stubServer(buildSession());
    renderApp('/admin/sistemas');
    const breadcrumbs = await screen.findByRole('navigation', { name: 'Ruta de navegación' });
    await waitFor(() => expect(breadcrumbs.textContent).toContain('Sistemas'));
    const home = screen.getByRole('link', { name: 'Inicio' });
    expect(home.getAttribute('href')).toBe('/home');
    expect(breadcrumbs.textContent?.indexOf('Inicio')).toBe(0);
  });

  it('puts the project between Proyectos and the screen on a project route, for its id and for current', async () => {
    stubServer(buildSession());
    const router = renderApp('/projects/p-1/edp');
    const breadcrumbs = await screen.findByRole('navigation', { name: 'Ruta de navegación' });
    await waitFor(() =>
      expect(
        within(breadcrumbs)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual(['Inicio', 'Proyectos', 'Hospital de Talca', 'Proyecto - EDP']),
    );
    expect(within(breadcrumbs).getByRole('link', { name: 'Hospital de Talca' }).getAttribute('href')).toBe(
      '/projects/p-1',
    );
    await router.navigate('/projects/current/gantt');
    await waitFor(() => expect(breadcrumbs.textContent).toContain('Proyecto - Gantt'));
    expect(within(breadcrumbs).getByRole('link', { name: 'Hospital de Talca' }).getAttribute('href')).toBe(
      '/projects/p-1',
    );
  });

  it('shows Inicio › Proyectos › Nuevo Proyecto on the wizard', async () => {
    stubServer(buildSession());
    renderApp('/projects/new');
    const breadcrumbs = await screen.findByRole('navigation', { name: 'Ruta de navegación' });
    await waitFor(() => expect(breadcrumbs.textContent).toContain('Nuevo Proyecto'));
    expect(
      within(breadcrumbs)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Inicio', 'Proyectos', 'Nuevo Proyecto']);
  });

  it('keeps unsaved edits as a draft when the session watcher finds the session gone, and comes back after signing in', async () => {
    const server = stubServer(buildSession({ name: 'Ana Pérez' }));
    const queryClient = createQueryClient();
    const router = renderApp('/profile/settings', queryClient);
    await screen.findByRole('heading', { name: 'Ana Pérez' }, slow);
    const work = { screen: 'el Gantt', keepDraft: vi.fn(), discardDraft: vi.fn() };
    act(() => useUnsavedWorkStore.getState().register('gantt', work));

    server.session = null;
    await act(() => queryClient.refetchQueries({ queryKey: sessionQueryKey }));
    expect(await screen.findByRole('button', { name: 'Ingresar' }, slow)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    // no leave question on the way: the edits were kept, not dropped
    expect(work.keepDraft).toHaveBeenCalled();
    expect(work.discardDraft).not.toHaveBeenCalled();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    act(() => useUnsavedWorkStore.getState().unregister('gantt'));

    fireEvent.change(screen.getByLabelText('Correo'), { target: { value: 'ana@constructora.cl' } });
    fireEvent.change(screen.getByLabelText('Contraseña'), { target: { value: 'una-clave-larga' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ingresar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/settings'), slow);
  });

  it('asks before signing out with unsaved edits; Cancelar stays signed in, confirming drops the draft', async () => {
    stubServer(buildSession({ name: 'Ana Pérez' }));
    const router = renderApp('/home');
    await screen.findByRole('heading', { name: 'Hola, Ana Pérez' }, slow);
    const work = { screen: 'el EDP', keepDraft: vi.fn(), discardDraft: vi.fn() };
    act(() => useUnsavedWorkStore.getState().register('edp', work));

    fireEvent.click(screen.getByRole('button', { name: 'Cerrar sesión' }));
    const question = await screen.findByRole('alertdialog');
    expect(question.textContent).toContain(
      'Hay cambios sin grabar en el EDP. Si sales de esta pantalla se perderán. ¿Salir de todos modos?',
    );
    fireEvent.click(within(question).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/home');

    fireEvent.click(screen.getByRole('button', { name: 'Cerrar sesión' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Si, estoy seguro' }));
    expect(work.discardDraft).toHaveBeenCalledOnce();
    expect(await screen.findByRole('button', { name: 'Ingresar' }, slow)).toBeTruthy();
    act(() => useUnsavedWorkStore.getState().unregister('edp'));
    // an explicit sign-out does not bring the user back to where they were
    expect(router.state.location.state).toBeNull();
  });
});
