import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/react-query';
import { jsonResponse, renderWithApp } from '@/testing/test-utils';
import { LoginScreen } from './login-screen';

type Route = (body: unknown) => Response;

/** Stands in for the server's transport: each path answers from the request it gets. */
function stubServer(routes: Record<string, Route>) {
  const requests: { path: string; body: unknown }[] = [];
  const fetchStub = vi.fn(async (input: string, init?: RequestInit) => {
    const path = new URL(input, 'http://localhost').pathname;
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    requests.push({ path, body });
    const route = routes[path];
    return route ? route(body) : jsonResponse(404, { message: 'not found' });
  });
  vi.stubGlobal('fetch', fetchStub);
  return requests;
}

function loginOptions(needsFirstAccount: boolean, googleEnabled = false): Route {
  return () => jsonResponse(200, { needsFirstAccount, googleEnabled });
}

describe('LoginScreen', () => {
  it('offers the administrator account form while the installation has no user', async () => {
    stubServer({ '/api/login-options': loginOptions(true) });
    renderWithApp(<LoginScreen />, { path: '/login', session: null });
    expect(await screen.findByRole('heading', { name: 'Crear cuenta de administrador' })).toBeTruthy();
    expect(screen.getByLabelText('Nombre')).toBeTruthy();
    expect(screen.getByLabelText('Correo')).toBeTruthy();
    expect(screen.getByLabelText('Contraseña')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Crear cuenta de administrador' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Ingresar' })).toBeNull();
  });

  it('refuses a password shorter than 8 characters without calling the server', async () => {
    const user = userEvent.setup();
    const requests = stubServer({ '/api/login-options': loginOptions(true) });
    renderWithApp(<LoginScreen />, { path: '/login', session: null });
    await user.type(await screen.findByLabelText('Nombre'), 'Ana');
    await user.type(screen.getByLabelText('Correo'), 'ana@constructora.cl');
    await user.type(screen.getByLabelText('Contraseña'), 'corta');
    await user.click(screen.getByRole('button', { name: 'Crear cuenta de administrador' }));
    expect(
      await screen.findByText('La contraseña debe tener al menos 8 caracteres', { selector: '.Mui-error' }),
    ).toBeTruthy();
    expect(requests.some((request) => request.path === '/api/auth/sign-up/email')).toBe(false);
  });

  it('creates the administrator with the typed name, email and password', async () => {
    const user = userEvent.setup();
    const requests = stubServer({
      '/api/login-options': loginOptions(true),
      '/api/auth/sign-up/email': (body) => jsonResponse(200, { token: 't', user: body }),
      '/api/auth/get-session': () => jsonResponse(200, null),
    });
    renderWithApp(<LoginScreen />, { path: '/login', session: null });
    await user.type(await screen.findByLabelText('Nombre'), 'Ana Pérez');
    await user.type(screen.getByLabelText('Correo'), 'ana@constructora.cl');
    await user.type(screen.getByLabelText('Contraseña'), 'una-clave-larga');
    await user.click(screen.getByRole('button', { name: 'Crear cuenta de administrador' }));
    // the session is read again: the session watcher then leaves /login
    await waitFor(() => expect(requests.some((request) => request.path === '/api/auth/get-session')).toBe(true));
    expect(requests.find((request) => request.path === '/api/auth/sign-up/email')?.body).toEqual({
      name: 'Ana Pérez',
      email: 'ana@constructora.cl',
      password: 'una-clave-larga',
    });
  });

  async function fillFirstAccount(user: ReturnType<typeof userEvent.setup>) {
    await user.type(await screen.findByLabelText('Nombre'), 'Ana Pérez');
    await user.type(screen.getByLabelText('Correo'), 'ana@constructora.cl');
    await user.type(screen.getByLabelText('Contraseña'), 'una-clave-larga');
  }

  it("loads the starter catalogue after the sign-up when 'Cargar catálogos de ejemplo' is ticked (the default)", async () => {
    const user = userEvent.setup();
    const requests = stubServer({
      '/api/login-options': loginOptions(true),
      '/api/auth/sign-up/email': (body) => jsonResponse(200, { token: 't', user: body }),
      '/api/functions/seedCatalogues': () =>
        jsonResponse(200, { result: { added: {}, message: 'Catálogos de ejemplo cargados: 46 actividades' } }),
      '/api/auth/get-session': () => jsonResponse(200, null),
    });
    renderWithApp(<LoginScreen />, { path: '/login', session: null });
    await fillFirstAccount(user);
    expect(screen.getByRole('checkbox', { name: 'Cargar catálogos de ejemplo' })).toHaveProperty('checked', true);
    await user.click(screen.getByRole('button', { name: 'Crear cuenta de administrador' }));
    expect(await screen.findByText('Catálogos de ejemplo cargados: 46 actividades')).toBeTruthy();
    await waitFor(() => expect(requests.some((request) => request.path === '/api/auth/get-session')).toBe(true));
    const paths = requests.map((request) => request.path);
    expect(paths.indexOf('/api/functions/seedCatalogues')).toBeGreaterThan(paths.indexOf('/api/auth/sign-up/email'));
  });

  it('does not load the starter catalogue when the box is unticked', async () => {
    const user = userEvent.setup();
    const requests = stubServer({
      '/api/login-options': loginOptions(true),
      '/api/auth/sign-up/email': (body) => jsonResponse(200, { token: 't', user: body }),
      '/api/auth/get-session': () => jsonResponse(200, null),
    });
    renderWithApp(<LoginScreen />, { path: '/login', session: null });
    await fillFirstAccount(user);
    await user.click(screen.getByRole('checkbox', { name: 'Cargar catálogos de ejemplo' }));
    await user.click(screen.getByRole('button', { name: 'Crear cuenta de administrador' }));
    await waitFor(() => expect(requests.some((request) => request.path === '/api/auth/get-session')).toBe(true));
    expect(requests.some((request) => request.path === '/api/functions/seedCatalogues')).toBe(false);
  });

  it('keeps the created account when the starter catalogue fails, showing the error toast', async () => {
    const user = userEvent.setup();
    const requests = stubServer({
      '/api/login-options': loginOptions(true),
      '/api/auth/sign-up/email': (body) => jsonResponse(200, { token: 't', user: body }),
      '/api/functions/seedCatalogues': () =>
        jsonResponse(500, { error: { status: 'INTERNAL', message: 'No se pudo cargar' } }),
      '/api/auth/get-session': () => jsonResponse(200, null),
    });
    // the app's own query client: it turns a failed call into the error toast
    renderWithApp(<LoginScreen />, { path: '/login', session: null, queryClient: createQueryClient() });
    await fillFirstAccount(user);
    await user.click(screen.getByRole('button', { name: 'Crear cuenta de administrador' }));
    expect(await screen.findByText('No se pudo cargar')).toBeTruthy();
    await waitFor(() => expect(requests.some((request) => request.path === '/api/auth/get-session')).toBe(true));
  });

  it('shows the email form, and the Google button only when Google is configured', async () => {
    stubServer({ '/api/login-options': loginOptions(false, false) });
    const first = renderWithApp(<LoginScreen />, { path: '/login', session: null });
    expect(await screen.findByRole('button', { name: 'Ingresar' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Ingresa con Google' })).toBeNull();
    first.unmount();

    stubServer({ '/api/login-options': loginOptions(false, true) });
    renderWithApp(<LoginScreen />, { path: '/login', session: null });
    expect(await screen.findByRole('button', { name: 'Ingresa con Google' })).toBeTruthy();
  });

  it('starts Google sign-in and sends the browser to the provider', async () => {
    const user = userEvent.setup();
    const requests = stubServer({
      '/api/login-options': loginOptions(false, true),
      '/api/auth/sign-in/social': () =>
        jsonResponse(200, { url: 'https://accounts.example/authorize?x=1', redirect: true }),
    });
    const onRedirect = vi.fn();
    renderWithApp(<LoginScreen onRedirect={onRedirect} />, { path: '/login', session: null });
    await user.click(await screen.findByRole('button', { name: 'Ingresa con Google' }));
    await waitFor(() => expect(onRedirect).toHaveBeenCalledWith('https://accounts.example/authorize?x=1'));
    expect(requests.find((request) => request.path === '/api/auth/sign-in/social')?.body).toMatchObject({
      provider: 'google',
      callbackURL: '/',
      errorCallbackURL: '/login',
    });
  });

  it('asks for the email and the password before calling the server: the first empty field takes the focus, and an error goes as the field is filled', async () => {
    const user = userEvent.setup();
    const requests = stubServer({
      '/api/login-options': loginOptions(false),
      '/api/auth/sign-in/email': () => jsonResponse(401, { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'x' }),
    });
    renderWithApp(<LoginScreen />, { path: '/login', session: null });
    const email = await screen.findByLabelText('Correo');
    const password = screen.getByLabelText('Contraseña');
    // no error before the first submit, typing or not
    await user.type(password, 'x');
    await user.clear(password);
    expect(screen.queryByText('Ingresa tu contraseña')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Ingresar' }));
    expect(await screen.findByText('Ingresa tu correo', { selector: '.Mui-error' })).toBeTruthy();
    expect(screen.getByText('Ingresa tu contraseña', { selector: '.Mui-error' })).toBeTruthy();
    expect(document.activeElement).toBe(email);
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(email.getAttribute('aria-describedby')).toBe('sign-in-email-helper-text');

    // once submitted, a field is checked again as it is typed in
    await user.type(email, 'ana@constructora.cl');
    await waitFor(() => expect(screen.queryByText('Ingresa tu correo')).toBeNull());
    expect(screen.getByText('Ingresa tu contraseña')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Ingresar' }));
    expect(document.activeElement).toBe(password);
    expect(requests.some((request) => request.path === '/api/auth/sign-in/email')).toBe(false);

    await user.type(password, 'secreta');
    await waitFor(() => expect(screen.queryByText('Ingresa tu contraseña')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Ingresar' }));
    await screen.findByRole('alert');
    expect(
      requests.filter((request) => request.path === '/api/auth/sign-in/email').map((request) => request.body),
    ).toEqual([{ email: 'ana@constructora.cl', password: 'secreta', rememberMe: true }]);
  });

  it.each([
    [
      401,
      { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' },
      'Correo o contraseña incorrectos',
    ],
    [403, { code: 'BANNED_USER', message: 'banned' }, 'Tu cuenta está deshabilitada'],
    [429, { code: 'TOO_MANY_ATTEMPTS', message: 'Demasiados intentos fallidos' }, 'Demasiados intentos'],
    [429, undefined, 'Demasiados intentos'],
  ])('shows a refused sign-in (%i) in a dismissible red alert', async (status, body, expected) => {
    const user = userEvent.setup();
    stubServer({
      '/api/login-options': loginOptions(false),
      '/api/auth/sign-in/email': () => jsonResponse(status, body),
    });
    renderWithApp(<LoginScreen />, { path: '/login', session: null });
    await user.type(await screen.findByLabelText('Correo'), 'ana@constructora.cl');
    await user.type(screen.getByLabelText('Contraseña'), 'equivocada');
    await user.click(screen.getByRole('button', { name: 'Ingresar' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(expected);
    expect(alert.className).toContain('MuiAlert-filledError');
    await user.click(within(alert).getByRole('button'));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('shows the reason the server gave when Google sign-in was refused', async () => {
    stubServer({ '/api/login-options': loginOptions(false, true) });
    const description = 'La cuenta juan@gmail.com no tiene acceso a Cimiento';
    renderWithApp(<LoginScreen />, {
      path: `/login?error=DOMAIN_NOT_ALLOWED&error_description=${encodeURIComponent(description)}`,
      session: null,
    });
    expect((await screen.findByRole('alert')).textContent).toContain(description);
  });

  it('names a refusal code in Spanish when the server gives no description', async () => {
    stubServer({ '/api/login-options': loginOptions(false, true) });
    const { router } = renderWithApp(<LoginScreen />, { path: '/login?error=SIGN_UP_CLOSED', session: null });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('El registro está cerrado');
    await userEvent.setup().click(within(alert).getByRole('button'));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  describe('sign-up and password reset pages (issue 19)', () => {
    it('sign-up: the administrator form while no user exists', async () => {
      stubServer({ '/api/login-options': loginOptions(true) });
      renderWithApp(<LoginScreen purpose="signUp" layout="cover" />, {
        path: '/authentication/signup/cover',
        session: null,
      });
      expect(await screen.findByRole('heading', { name: 'Crear cuenta de administrador' })).toBeTruthy();
      expect(screen.queryByText('Pide a un administrador que cree tu cuenta')).toBeNull();
    });

    it('sign-up: once a user exists, the advice to ask an administrator and a link to sign in', async () => {
      stubServer({ '/api/login-options': loginOptions(false) });
      renderWithApp(<LoginScreen purpose="signUp" layout="cover" />, {
        path: '/authentication/signup/cover',
        session: null,
      });
      expect(await screen.findByText('Pide a un administrador que cree tu cuenta')).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Ir a iniciar sesión' }).getAttribute('href')).toBe('/login');
      expect(screen.queryByLabelText('Contraseña')).toBeNull();
    });

    it('reset: the advice to ask an administrator for a new password, with no form', async () => {
      stubServer({ '/api/login-options': loginOptions(false) });
      renderWithApp(<LoginScreen purpose="reset" layout="illustration" />, {
        path: '/authentication/reset/cover',
        session: null,
      });
      expect(
        await screen.findByText('Pide a un administrador que restablezca tu contraseña: Cimiento no envía correos.'),
      ).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Ingresar' })).toBeNull();
    });
  });
});
