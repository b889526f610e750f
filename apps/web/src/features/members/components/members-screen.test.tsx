import type { ProjectCompany, ProjectMember } from '@cimiento/domain/members';
import { projectRoleDescriptions, projectRoleLabels } from '@cimiento/domain/members';
import type { UserSummary } from '@cimiento/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { esCL } from '@/lib/i18n/es-cl';
import { createQueryClient } from '@/lib/react-query';
import { buildSession, jsonResponse, renderWithApp, setWindowWidth } from '@/testing/test-utils';
import { MembersScreen } from './members-screen';

type Call = { name: string; data: unknown };

const LAST_PLANNER =
  'El proyecto debe tener al menos un Planificador: agrega otro Planificador antes de cambiar o quitar a este';

function member(overrides: Partial<ProjectMember> & Pick<ProjectMember, 'userId' | 'name'>): ProjectMember {
  return {
    email: `${overrides.userId}@constructora.cl`,
    role: 'lector',
    companyId: null,
    disabled: false,
    admin: false,
    ...overrides,
  };
}

function user(id: string, name: string, overrides: Partial<UserSummary> = {}): UserSummary {
  return {
    id,
    name,
    email: `${id}@constructora.cl`,
    jobTitle: '',
    admin: false,
    disabled: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

const andes: ProjectCompany = {
  id: 'c-1',
  name: 'Andes Ltda',
  rut: '76.086.428-5',
  kind: 'subcontratista',
  members: 1,
};

function initialMembers(): ProjectMember[] {
  return [
    member({ userId: 'user-1', name: 'Ana Pérez', role: 'planificador' }),
    member({ userId: 'user-2', name: 'Pedro Terreno', role: 'terreno', admin: true }),
    member({ userId: 'user-3', name: 'Sofía Sub', role: 'subcontratista', companyId: 'c-1', disabled: true }),
  ];
}

/**
 * loadMembers over lists the writes change, as the server would; `refuse` answers a write with a
 * refusal instead (and changes nothing). Records every call.
 */
function stubServer(options: { refuse?: Record<string, { status: string; message: string }> } = {}) {
  let members = initialMembers();
  let companies: ProjectCompany[] = [andes];
  const users = [
    user('user-1', 'Ana Pérez'),
    user('user-2', 'Pedro Terreno'),
    user('user-3', 'Sofía Sub'),
    user('user-4', 'Carla Contratista'),
    user('user-5', 'Diego Deshabilitado', { disabled: true }),
  ];
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const name = input.replace('/api/functions/', '');
    const { data } = JSON.parse(String(init?.body ?? '{"data":null}')) as { data: Record<string, unknown> | null };
    calls.push({ name, data });
    const refusal = options.refuse?.[name];
    if (refusal) return jsonResponse(refusal.status === 'ALREADY_EXISTS' ? 409 : 400, { error: refusal });
    if (name === 'loadMembers') return jsonResponse(200, { result: { members, companies, message: 'Miembros' } });
    if (name === 'loadUsers') return jsonResponse(200, { result: { users, message: 'Usuarios' } });
    if (name === 'loadProjects') return jsonResponse(200, { result: { projects: [], message: 'Proyectos' } });
    if (name === 'saveMember') {
      const input = data?.member as { userId: string; role: ProjectMember['role']; companyId: string | null };
      const known = users.find((candidate) => candidate.id === input.userId);
      const saved = member({
        userId: input.userId,
        name: known?.name ?? '',
        role: input.role,
        companyId: input.companyId,
      });
      members = [...members.filter((other) => other.userId !== input.userId), saved];
      return jsonResponse(200, { result: { member: saved, message: `${saved.name} agregado al proyecto` } });
    }
    if (name === 'removeMember') {
      const gone = members.find((other) => other.userId === data?.userId);
      members = members.filter((other) => other.userId !== data?.userId);
      return jsonResponse(200, { result: { message: `${gone?.name} ya no es miembro del proyecto` } });
    }
    if (name === 'saveCompany') {
      const input = data?.company as { name: string; rut: string; kind: ProjectCompany['kind'] };
      const saved: ProjectCompany = { id: 'c-2', members: 0, ...input };
      companies = [...companies, saved];
      return jsonResponse(200, { result: { company: saved, message: `Empresa ${saved.name} agregada` } });
    }
    return jsonResponse(404, { error: { status: 'NOT_FOUND', message: 'no' } });
  });
  return calls;
}

const named = (calls: Call[], name: string) => calls.filter((entry) => entry.name === name);

function renderScreen(sessionUser: { id: string; role?: string } = { id: 'user-1' }) {
  return renderWithApp(<MembersScreen project={{ _id: 'p-1', code: 'HT', name: 'Hospital de Talca' }} />, {
    path: '/projects/p-1/miembros',
    session: buildSession(sessionUser),
    // the app's own client: the writes' refusals must not reach the error toast
    queryClient: createQueryClient(),
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  setWindowWidth(1024);
});

describe('MembersScreen', () => {
  it('lists the members with role, company and badges, and the companies with RUT, kind and members', async () => {
    setWindowWidth(1400);
    stubServer();
    renderScreen();
    const table = await screen.findByRole('table', { name: 'Miembros del proyecto' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Nombre', 'Correo', 'Rol', 'Empresa', 'Acciones']);
    const pedro = screen.getByTestId('member-row-user-2');
    expect(within(pedro).getByText('Pedro Terreno')).toBeTruthy();
    expect(within(pedro).getByText('user-2@constructora.cl')).toBeTruthy();
    expect(within(pedro).getByText('Terreno')).toBeTruthy();
    expect(within(pedro).getByText('Administrador')).toBeTruthy();
    expect(within(pedro).getByText('Sin empresa')).toBeTruthy();
    const sofia = screen.getByTestId('member-row-user-3');
    expect(within(sofia).getByText('Subcontratista')).toBeTruthy();
    expect(within(sofia).getByText('Andes Ltda')).toBeTruthy();
    expect(within(sofia).getByText('Deshabilitado')).toBeTruthy();
    expect(screen.getByTestId('members-your-role').textContent).toBe('Tu rol en este proyecto: Planificador');

    const companies = screen.getByRole('table', { name: 'Empresas del proyecto' });
    const row = within(companies).getByTestId('company-row-c-1');
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Andes Ltda', '76.086.428-5', 'Subcontratista', '1', 'EditarEliminar']);
    expect(screen.getByRole('button', { name: 'Agregar miembro' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Agregar empresa' })).toBeTruthy();
  });

  it('adds a member picked from the users who are not members; a Subcontratista needs a company, said at the field', async () => {
    setWindowWidth(1400);
    const calls = stubServer();
    const userAction = userEvent.setup();
    renderScreen();
    await userAction.click(await screen.findByRole('button', { name: 'Agregar miembro' }));
    const dialog = await screen.findByRole('dialog', { name: 'Agregar miembro' });
    await userAction.click(within(dialog).getByRole('combobox', { name: /Usuario/ }));
    const options = await screen.findAllByRole('option');
    // the members and the disabled user are not offered
    expect(options.map((option) => option.textContent)).toEqual(['Carla Contratistauser-4@constructora.cl']);
    await userAction.click(options[0] as HTMLElement);

    await userAction.click(within(dialog).getByRole('combobox', { name: /^Rol/ }));
    const subcontractor = await screen.findByRole('option', { name: /^Subcontratista/ });
    expect(subcontractor.textContent).toBe(`Subcontratista${projectRoleDescriptions.subcontratista}`);
    await userAction.click(subcontractor);
    expect(within(dialog).getByText('Un Subcontratista debe pertenecer a una empresa del proyecto')).toBeTruthy();
    await userAction.click(within(dialog).getByRole('button', { name: 'Grabar' }));
    expect(named(calls, 'saveMember')).toEqual([]);

    await userAction.click(within(dialog).getByRole('combobox', { name: /^Empresa/ }));
    await userAction.click(await screen.findByRole('option', { name: 'Andes Ltda (76.086.428-5)' }));
    expect(within(dialog).queryByText('Un Subcontratista debe pertenecer a una empresa del proyecto')).toBeNull();
    await userAction.click(within(dialog).getByRole('button', { name: 'Grabar' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Agregar miembro' })).toBeNull());
    expect(named(calls, 'saveMember')).toEqual([
      {
        name: 'saveMember',
        data: { id: 'p-1', member: { userId: 'user-4', role: 'subcontratista', companyId: 'c-1' } },
      },
    ]);
    // the list is read again: the new member is on it
    await screen.findByTestId('member-row-user-4');
    expect(named(calls, 'loadMembers').length).toBeGreaterThanOrEqual(2);
  });

  it("shows the server's refusal of a role change in the dialog, in Spanish, and changes nothing", async () => {
    setWindowWidth(1400);
    const calls = stubServer({ refuse: { saveMember: { status: 'FAILED_PRECONDITION', message: LAST_PLANNER } } });
    const userAction = userEvent.setup();
    renderScreen();
    await userAction.click(await screen.findByRole('button', { name: 'Cambiar rol de Ana Pérez' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cambiar el rol de Ana Pérez' });
    expect(within(dialog).queryByRole('combobox', { name: /Usuario/ })).toBeNull();
    await userAction.click(within(dialog).getByRole('combobox', { name: /^Rol/ }));
    await userAction.click(await screen.findByRole('option', { name: /^Lector/ }));
    await userAction.click(within(dialog).getByRole('button', { name: 'Grabar' }));
    expect((await within(dialog).findByTestId('member-refusal')).textContent).toBe(LAST_PLANNER);
    expect(named(calls, 'saveMember')).toHaveLength(1);
    expect(screen.queryByRole('status')).toBeNull();
    await userAction.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(within(screen.getByTestId('member-row-user-1')).getByText('Planificador')).toBeTruthy();
  });

  it('checks the RUT as typed (the reason at the field) and writes it with dots and dash when the field is left', async () => {
    setWindowWidth(1400);
    const calls = stubServer();
    const userAction = userEvent.setup();
    renderScreen();
    await userAction.click(await screen.findByRole('button', { name: 'Agregar empresa' }));
    const dialog = await screen.findByRole('dialog', { name: 'Agregar empresa' });
    await userAction.type(within(dialog).getByRole('textbox', { name: /^Nombre/ }), 'Constructora Sur');
    const rut = within(dialog).getByRole('textbox', { name: /^RUT/ });
    await userAction.type(rut, '96.543.210-5');
    expect(within(dialog).getByText('El dígito verificador del RUT no corresponde')).toBeTruthy();
    expect(rut.getAttribute('aria-invalid')).toBe('true');
    await userAction.click(within(dialog).getByRole('button', { name: 'Grabar' }));
    expect(named(calls, 'saveCompany')).toEqual([]);

    await userAction.clear(rut);
    await userAction.type(rut, '765432103');
    expect(within(dialog).queryByText('El dígito verificador del RUT no corresponde')).toBeNull();
    fireEvent.blur(rut);
    expect((rut as HTMLInputElement).value).toBe('76.543.210-3');
    await userAction.click(within(dialog).getByRole('combobox', { name: /^Tipo/ }));
    await userAction.click(await screen.findByRole('option', { name: 'Contratista' }));
    await userAction.click(within(dialog).getByRole('button', { name: 'Grabar' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Agregar empresa' })).toBeNull());
    expect(named(calls, 'saveCompany')).toEqual([
      {
        name: 'saveCompany',
        data: { id: 'p-1', company: { name: 'Constructora Sur', rut: '76.543.210-3', kind: 'contratista' } },
      },
    ]);
    await screen.findByTestId('company-row-c-2');
  });

  it("puts the server's RUT refusal at the RUT field", async () => {
    setWindowWidth(1400);
    stubServer({
      refuse: {
        saveCompany: {
          status: 'ALREADY_EXISTS',
          message: 'RUT: ya hay una empresa con el RUT 76.086.428-5 en este proyecto',
        },
      },
    });
    const userAction = userEvent.setup();
    renderScreen();
    await userAction.click(await screen.findByRole('button', { name: 'Agregar empresa' }));
    const dialog = await screen.findByRole('dialog', { name: 'Agregar empresa' });
    await userAction.type(within(dialog).getByRole('textbox', { name: /^Nombre/ }), 'Otra Andes');
    await userAction.type(within(dialog).getByRole('textbox', { name: /^RUT/ }), '76086428-5');
    await userAction.click(within(dialog).getByRole('button', { name: 'Grabar' }));
    await within(dialog).findByText('Ya hay una empresa con el RUT 76.086.428-5 en este proyecto');
    expect(within(dialog).getByRole('textbox', { name: /^RUT/ }).getAttribute('aria-invalid')).toBe('true');
  });

  it('removes a member only after saying what it takes', async () => {
    setWindowWidth(1400);
    const calls = stubServer();
    const userAction = userEvent.setup();
    renderScreen();
    await userAction.click(await screen.findByRole('button', { name: 'Quitar a Pedro Terreno del proyecto' }));
    let dialog = await screen.findByRole('alertdialog', { name: '¿Estás seguro?' });
    expect(
      within(dialog).getByText(
        'Quitar a Pedro Terreno del proyecto: deja de ver el proyecto y sus notificaciones de él.',
      ),
    ).toBeTruthy();
    await userAction.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(named(calls, 'removeMember')).toEqual([]);

    await userAction.click(screen.getByRole('button', { name: 'Quitar a Pedro Terreno del proyecto' }));
    dialog = await screen.findByRole('alertdialog', { name: '¿Estás seguro?' });
    await userAction.click(within(dialog).getByRole('button', { name: 'Si, estoy seguro' }));
    await waitFor(() => expect(screen.queryByTestId('member-row-user-2')).toBeNull());
    expect(named(calls, 'removeMember')).toEqual([{ name: 'removeMember', data: { id: 'p-1', userId: 'user-2' } }]);
    expect((await screen.findByRole('status')).textContent).toContain('Pedro Terreno ya no es miembro del proyecto');
  });

  it("keeps the question open with the server's reason when a removal is refused", async () => {
    setWindowWidth(1400);
    stubServer({ refuse: { removeMember: { status: 'FAILED_PRECONDITION', message: LAST_PLANNER } } });
    const userAction = userEvent.setup();
    renderScreen();
    await userAction.click(await screen.findByRole('button', { name: 'Quitar a Ana Pérez del proyecto' }));
    const dialog = await screen.findByRole('alertdialog', { name: '¿Estás seguro?' });
    await userAction.click(within(dialog).getByRole('button', { name: 'Si, estoy seguro' }));
    expect((await within(dialog).findByTestId('remove-refusal')).textContent).toBe(LAST_PLANNER);
    expect(screen.getByTestId('member-row-user-1')).toBeTruthy();
  });

  it("says a Lector's role and leaves out add, change and remove", async () => {
    setWindowWidth(1400);
    vi.stubGlobal('fetch', async (input: string) => {
      const name = input.replace('/api/functions/', '');
      if (name === 'loadMembers') {
        return jsonResponse(200, {
          result: {
            members: [...initialMembers(), member({ userId: 'user-9', name: 'Luis Lector', role: 'lector' })],
            companies: [andes],
            message: 'Miembros',
          },
        });
      }
      return jsonResponse(200, { result: { projects: [], message: 'Proyectos' } });
    });
    renderWithApp(<MembersScreen project={{ _id: 'p-1', code: 'HT', name: 'Hospital de Talca' }} />, {
      path: '/projects/p-1/miembros',
      session: buildSession({ id: 'user-9', name: 'Luis Lector' }),
    });
    const table = await screen.findByRole('table', { name: 'Miembros del proyecto' });
    expect(screen.getByTestId('members-your-role').textContent).toBe('Tu rol en este proyecto: Lector');
    expect(screen.getByTestId('members-read-only')).toBeTruthy();
    expect(within(table).queryByRole('columnheader', { name: 'Acciones' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^(Agregar|Cambiar|Quitar|Editar|Eliminar)/ })).toBeNull();
    expect(within(screen.getByTestId('company-row-c-1')).getAllByRole('cell')).toHaveLength(4);
  });

  it('shows cards on a phone', async () => {
    setWindowWidth(390);
    stubServer();
    renderScreen();
    const list = await screen.findByRole('list', { name: 'Miembros del proyecto' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(
      within(screen.getByTestId('member-row-user-2')).getByRole('button', {
        name: 'Quitar a Pedro Terreno del proyecto',
      }),
    ).toBeTruthy();
  });
});

describe('role words', () => {
  it("are the domain's labels and descriptions", () => {
    expect(esCL.roles).toEqual(projectRoleLabels);
    expect(esCL.roleDescriptions).toEqual(projectRoleDescriptions);
  });
});
