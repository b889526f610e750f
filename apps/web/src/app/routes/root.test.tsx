import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';

// the first visit of each screen loads its chunk
const slow = { timeout: 5000 };
import { AppProvider } from '@/app/provider';
import { routes } from '@/app/router';
import { createQueryClient } from '@/lib/react-query';
import { buildSession, jsonResponse, setWindowWidth } from '@/testing/test-utils';

type Session = ReturnType<typeof buildSession> | null;

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
    return jsonResponse(404, { error: { status: 'NOT_FOUND', message: 'no' } });
  });
  return state;
}

function renderApp(path: string) {
  setWindowWidth(1400);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <AppProvider queryClient={createQueryClient()}>
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
    expect(await screen.findByRole('heading', { name: 'Bienvenido a Cimiento' }, slow)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/home');
    expect(screen.getByRole('button', { name: 'Cerrar sesión' }).getAttribute('title')).toBe('Cerrar sesión');
    expect(screen.getByText(`© ${new Date().getFullYear()} Cimiento`)).toBeTruthy();
  });

  it('takes a user who signs in on /login to /home', async () => {
    stubServer(null);
    const router = renderApp('/login');
    fireEvent.change(await screen.findByLabelText('Correo', undefined, slow), {
      target: { value: 'ana@constructora.cl' },
    });
    fireEvent.change(screen.getByLabelText('Contraseña'), { target: { value: 'una-clave-larga' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ingresar' }));
    expect(await screen.findByRole('heading', { name: 'Bienvenido a Cimiento' }, slow)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/home');
  });

  it('shows /login as soon as a call answers UNAUTHENTICATED (session revoked meanwhile)', async () => {
    const server = stubServer(buildSession({ name: 'Ana Pérez' }));
    const router = renderApp('/home');
    await screen.findByRole('heading', { name: 'Bienvenido a Cimiento' });

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
});
