import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { buildSession, jsonResponse, renderWithApp } from '@/testing/test-utils';
import { NewUserForm } from './new-user-form';

function stubSaveUser() {
  const bodies: unknown[] = [];
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body)) as { data: { user: { email: string } } };
    bodies.push(body);
    if (input === '/api/functions/saveUser') {
      return jsonResponse(200, {
        result: { user: { id: 'u-2', ...body.data.user }, message: `Usuario ${body.data.user.email} creado` },
      });
    }
    return jsonResponse(200, { result: { users: [], message: 'Usuarios cargados' } });
  });
  return bodies;
}

describe('NewUserForm', () => {
  it('tells a non-administrator that only an administrator can create users', async () => {
    renderWithApp(<NewUserForm />, { path: '/usuarios/new', session: buildSession({ role: 'user' }) });
    expect(await screen.findByText('Solo un administrador puede crear usuarios')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Crear usuario' })).toBeNull();
  });

  it('shows Spanish field errors and sends nothing while the form is invalid', async () => {
    const user = userEvent.setup();
    const bodies = stubSaveUser();
    renderWithApp(<NewUserForm />, { path: '/usuarios/new', session: buildSession({ role: 'admin' }) });
    await user.type(await screen.findByLabelText('Correo'), 'no-es-correo');
    await user.type(screen.getByLabelText('Contraseña temporal'), '1234');
    await user.click(screen.getByRole('button', { name: 'Crear usuario' }));
    expect(await screen.findByText('Ingresa el nombre')).toBeTruthy();
    expect(screen.getByText('Ingresa un correo válido')).toBeTruthy();
    expect(screen.getByText('La contraseña debe tener al menos 8 caracteres', { selector: '.Mui-error' })).toBeTruthy();
    expect(bodies).toEqual([]);
  });

  it('creates the user, shows the server message and goes back to the list', async () => {
    const user = userEvent.setup();
    const bodies = stubSaveUser();
    const { router } = renderWithApp(<NewUserForm />, {
      path: '/usuarios/new',
      session: buildSession({ role: 'admin' }),
    });
    await user.type(await screen.findByLabelText('Nombre'), '  Bruno Soto ');
    await user.type(screen.getByLabelText('Correo'), 'Bruno@Constructora.CL');
    await user.type(screen.getByLabelText('Contraseña temporal'), 'temporal-123');
    await user.click(screen.getByLabelText('Administrador'));
    await user.click(screen.getByRole('button', { name: 'Crear usuario' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/usuarios/list'));
    expect(bodies[0]).toEqual({
      data: { user: { name: 'Bruno Soto', email: 'bruno@constructora.cl', password: 'temporal-123', admin: true } },
    });
    expect((await screen.findByRole('status')).textContent).toContain('Usuario bruno@constructora.cl creado');
  });
});
