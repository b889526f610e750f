import { PROJECT_STALE_MESSAGE } from '@cimiento/domain';
import type { LoadedProject, ProjectSummary } from '@cimiento/domain';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/react-query';
import { useProjectStore } from '@/lib/stores/project-store';
import { buildLoadedProject, buildSession, jsonResponse, renderWithApp } from '@/testing/test-utils';
import { ProjectEditDialog } from './project-edit-dialog';
import { ProjectHome } from './project-home';
import { ProjectsList } from './projects-list';

function summary(overrides: Partial<ProjectSummary> = {}): ProjectSummary {
  return {
    _id: 'p-1',
    id: 'p-1',
    name: 'Hospital de Talca',
    code: 'HT',
    currency: 'CLP',
    budget: '1234567',
    date: { _seconds: 1_700_000_000 },
    mine: true,
    priority: '3',
    startYear: '2024',
    endYear: '2026',
    workWeek: 'mon-fri',
    version: 4,
    role: 'planificador',
    ...overrides,
  };
}

type Call = { name: string; data: Record<string, unknown> | null };

/**
 * loadProjects, loadProject and updateProject over one stored project with a version check, as the
 * server does it; `changeStored` plays someone else saving meanwhile.
 */
function stubServer(initial: ProjectSummary) {
  let stored = initial;
  const calls: Call[] = [];
  const loaded = (): LoadedProject => ({
    ...buildLoadedProject({ projectVersion: stored.version }),
    ...stored,
    template: 'generica',
    tiposArea: [],
    edpItemCount: 1,
    edp: { items: [{ id: 1, code: stored.code, name: 'Hospital de Talca' }], version: 1 },
  });
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const name = input.replace('/api/functions/', '');
    const { data } = JSON.parse(String(init?.body)) as { data: Record<string, unknown> | null };
    calls.push({ name, data });
    if (name === 'loadProjects') {
      return jsonResponse(200, { result: { projects: [stored], message: 'Proyectos cargados' } });
    }
    if (name === 'loadProject')
      return jsonResponse(200, { result: { project: loaded(), message: 'Proyecto cargado' } });
    if (name === 'updateProject') {
      if (data?.version !== stored.version) {
        return jsonResponse(409, { error: { status: 'ABORTED', message: PROJECT_STALE_MESSAGE } });
      }
      stored = { ...stored, ...(data.project as Partial<ProjectSummary>), version: stored.version + 1 };
      return jsonResponse(200, { result: { project: loaded(), message: `Proyecto «${stored.name}» actualizado` } });
    }
    return jsonResponse(404, { error: { status: 'NOT_FOUND', message: 'no' } });
  });
  return {
    calls,
    changeStored: (changes: Partial<ProjectSummary>) => {
      stored = { ...stored, ...changes, version: stored.version + 1 };
    },
  };
}

function renderList() {
  return renderWithApp(<ProjectsList />, {
    path: '/projects',
    session: buildSession({ id: 'user-1' }),
    queryClient: createQueryClient(),
  });
}

/** The project list (material-react-table) is the heavy render here; as root.test.tsx does, it gets longer to appear. */
const slow = { timeout: 5000 };

async function openFromList(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Editar Hospital de Talca' }, slow));
  return screen.findByRole('dialog', { name: 'Editar proyecto' });
}

/** The dialog alone (as the list and the home open it), over the stubbed server; `onClose` recorded. */
function renderDialog(project: ProjectSummary) {
  const onClose = vi.fn();
  renderWithApp(<ProjectEditDialog project={project} onClose={onClose} />, {
    path: '/projects',
    session: buildSession({ id: 'user-1' }),
    queryClient: createQueryClient(),
  });
  return { onClose, dialog: screen.getByRole('dialog', { name: 'Editar proyecto' }) };
}

const field = (dialog: HTMLElement, name: string) => within(dialog).getByRole('textbox', { name });
const numberField = (dialog: HTMLElement, name: string) => within(dialog).getByRole('spinbutton', { name });
const value = (element: HTMLElement) => (element as HTMLInputElement).value;
const validation = (element: HTMLElement) => element.getAttribute('data-validation');
const saveButton = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: 'Grabar' });
const confirmDialog = () => screen.findByRole('alertdialog', { name: '¿Estás seguro?' });

async function choose(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, label: string, option: string) {
  await user.click(within(dialog).getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe("'Editar proyecto'", () => {
  afterEach(() => {
    useProjectStore.setState({ currentProject: null, userId: null });
  });

  it('opens from the list with the stored values, the code read-only, and Grabar only once something changed', async () => {
    const user = userEvent.setup({ delay: null });
    stubServer(summary({ budget: '1234567.5', currency: 'UF', workWeek: 'mon-sat' }));
    renderList();
    const dialog = await openFromList(user);
    expect(value(field(dialog, 'Nombre'))).toBe('Hospital de Talca');
    expect(value(numberField(dialog, 'Prioridad'))).toBe('3');
    expect(within(dialog).getByRole('combobox', { name: 'Moneda' }).textContent).toBe('UF');
    // typed the Chilean way, as in the wizard, and shown back in the currency
    expect(value(field(dialog, 'Presupuesto'))).toBe('1.234.567,5');
    expect(within(dialog).getByText('UF 1.234.567,50')).toBeTruthy();
    expect(value(numberField(dialog, 'Año inicio de Obras'))).toBe('2024');
    expect(value(numberField(dialog, 'Año previsto de cierre'))).toBe('2026');
    expect(within(dialog).getByRole('combobox', { name: 'Semana laboral' }).textContent).toBe('Lunes a sábado');
    const code = field(dialog, 'Código');
    expect(value(code)).toBe('HT');
    expect(code.hasAttribute('disabled')).toBe(true);
    expect(saveButton(dialog).hasAttribute('disabled')).toBe(true);

    await user.type(field(dialog, 'Nombre'), ' II');
    expect(saveButton(dialog).hasAttribute('disabled')).toBe(false);
  });

  it("shows the wizard's validation states and keeps Grabar off while a field cannot be saved", async () => {
    const user = userEvent.setup({ delay: null });
    stubServer(summary());
    const { dialog } = renderDialog(summary());
    const name = field(dialog, 'Nombre');
    expect(validation(name)).toBe('success');
    await user.clear(name);
    expect(validation(name)).toBe('error');
    expect(within(dialog).getByText('Obligatorio')).toBeTruthy();
    expect(saveButton(dialog).hasAttribute('disabled')).toBe(true);
    await user.type(name, 'Hospital Regional');
    expect(saveButton(dialog).hasAttribute('disabled')).toBe(false);

    const end = numberField(dialog, 'Año previsto de cierre');
    await user.clear(end);
    await user.type(end, '2020');
    expect(validation(end)).toBe('error');
    expect(within(dialog).getByText('Debe ser igual o posterior al año de inicio de obras')).toBeTruthy();
    expect(saveButton(dialog).hasAttribute('disabled')).toBe(true);
  });

  it("shows the budget's error states as the wizard does (0 can be saved) and says when a later start year moves the Gantt", async () => {
    const user = userEvent.setup({ delay: null });
    stubServer(summary());
    const { dialog } = renderDialog(summary());
    const budget = field(dialog, 'Presupuesto');
    await user.type(budget, 'x');
    expect(validation(budget)).toBe('error');
    expect(within(dialog).getByText('Debe ser un monto, por ejemplo 1.234.567,89')).toBeTruthy();
    expect(saveButton(dialog).hasAttribute('disabled')).toBe(true);
    await user.clear(budget);
    await user.type(budget, '0');
    // 0 is an error state, as in the wizard, but can be saved
    expect(validation(budget)).toBe('error');
    expect(saveButton(dialog).hasAttribute('disabled')).toBe(false);

    // a later start year moves the Gantt's earlier tasks: the dialog says so
    const start = numberField(dialog, 'Año inicio de Obras');
    await user.clear(start);
    await user.type(start, '2025');
    expect(within(dialog).getByText(/las tareas que empiezan antes de 2025/)).toBeTruthy();
  });

  it('asks before saving; cancelling sends nothing and keeps the typing', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = stubServer(summary());
    const { dialog, onClose } = renderDialog(summary());
    await user.type(field(dialog, 'Nombre'), ' II');
    await user.click(saveButton(dialog));
    const confirm = await confirmDialog();
    expect(within(confirm).getByText('Confirma que deseas modificar el proyecto')).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls.filter((call) => call.name === 'updateProject')).toEqual([]);
    expect(value(field(dialog, 'Nombre'))).toBe('Hospital de Talca II');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('saves after confirming, on the version it opened with, with the canonical budget; the toast and the sidebar name follow', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = stubServer(summary());
    useProjectStore.setState({ currentProject: { id: 'p-1', name: 'Hospital de Talca' }, userId: 'user-1' });
    const { dialog, onClose } = renderDialog(summary());
    const name = field(dialog, 'Nombre');
    await user.clear(name);
    await user.type(name, 'Hospital Regional');
    await choose(user, dialog, 'Moneda', 'USD');
    const budget = field(dialog, 'Presupuesto');
    await user.clear(budget);
    await user.type(budget, '2.500,75');
    await choose(user, dialog, 'Semana laboral', 'Lunes a sábado');
    await user.click(saveButton(dialog));
    await user.click(within(await confirmDialog()).getByRole('button', { name: 'Si, estoy seguro' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(calls.filter((call) => call.name === 'updateProject').map((call) => call.data)).toEqual([
      {
        id: 'p-1',
        project: {
          name: 'Hospital Regional',
          priority: '3',
          currency: 'USD',
          budget: '2500.75',
          startYear: '2024',
          endYear: '2026',
          workWeek: 'mon-sat',
        },
        version: 4,
      },
    ]);
    // onClose is a mock here, so the dialog stays open and hides the rest of the page from the a11y tree
    expect((await screen.findByRole('status', { hidden: true })).textContent).toContain(
      'Proyecto «Hospital Regional» actualizado',
    );
    expect(useProjectStore.getState().currentProject).toEqual({ id: 'p-1', name: 'Hospital Regional' });
  });

  it('the list reloads after a save from its row: the row shows the new name and budget', async () => {
    const user = userEvent.setup({ delay: null });
    stubServer(summary());
    renderList();
    const dialog = await openFromList(user);
    await user.type(field(dialog, 'Nombre'), ' II');
    const budget = field(dialog, 'Presupuesto');
    await user.clear(budget);
    await user.type(budget, '7.000.000');
    await user.click(saveButton(dialog));
    await user.click(within(await confirmDialog()).getByRole('button', { name: 'Si, estoy seguro' }));
    expect(await screen.findByRole('button', { name: 'Hospital de Talca II (HT)' }, slow)).toBeTruthy();
    expect(screen.getByRole('button', { name: '$7.000.000' })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Editar proyecto' })).toBeNull();
  });

  /** Opens the dialog, lets someone else save, types a name and saves: the save is refused as stale. */
  async function saveStale(user: ReturnType<typeof userEvent.setup>) {
    const server = stubServer(summary());
    const rendered = renderDialog(summary());
    const { dialog } = rendered;
    server.changeStored({ name: 'Hospital de Talca (otro)', budget: '999' });
    const name = field(dialog, 'Nombre');
    await user.clear(name);
    await user.type(name, 'Mi nombre');
    await user.click(saveButton(dialog));
    await user.click(within(await confirmDialog()).getByRole('button', { name: 'Si, estoy seguro' }));
    expect(await within(dialog).findByText(PROJECT_STALE_MESSAGE)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    return { server, ...rendered };
  }

  it('a stale save (ABORTED) keeps the typing with the alert and Grabar off; Recargar asks first, and cancelling keeps the typing', async () => {
    const user = userEvent.setup({ delay: null });
    const { dialog, onClose } = await saveStale(user);
    expect(value(field(dialog, 'Nombre'))).toBe('Mi nombre');
    expect(saveButton(dialog).hasAttribute('disabled')).toBe(true);
    expect(onClose).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Recargar' }));
    const ask = await confirmDialog();
    expect(
      within(ask).getByText(
        'Se descartarán tus cambios sin grabar y se cargarán los datos del proyecto que están grabados.',
      ),
    ).toBeTruthy();
    await user.click(within(ask).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(value(field(dialog, 'Nombre'))).toBe('Mi nombre');
    expect(within(dialog).getByText(PROJECT_STALE_MESSAGE)).toBeTruthy();
  });

  it('after a stale save, Recargar shows the stored values and the next save goes on their version', async () => {
    const user = userEvent.setup({ delay: null });
    const { dialog, onClose, server } = await saveStale(user);
    await user.click(within(dialog).getByRole('button', { name: 'Recargar' }));
    await user.click(within(await confirmDialog()).getByRole('button', { name: 'Si, estoy seguro' }));
    await waitFor(() => expect(value(field(dialog, 'Nombre'))).toBe('Hospital de Talca (otro)'));
    expect(value(field(dialog, 'Presupuesto'))).toBe('999');
    expect(within(dialog).queryByText(PROJECT_STALE_MESSAGE)).toBeNull();

    await user.type(field(dialog, 'Nombre'), ' y mío');
    await user.click(saveButton(dialog));
    await user.click(within(await confirmDialog()).getByRole('button', { name: 'Si, estoy seguro' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    const updates = server.calls.filter((call) => call.name === 'updateProject').map((call) => call.data);
    expect(updates.map((data) => data?.version)).toEqual([4, 5]);
    expect(updates[1]).toMatchObject({ project: { name: 'Hospital de Talca (otro) y mío', budget: '999' } });
  });

  it('closing with changes asks first; without changes it closes at once', async () => {
    const user = userEvent.setup({ delay: null });
    stubServer(summary());
    const first = renderDialog(summary());
    await user.click(within(first.dialog).getByRole('button', { name: 'Cancelar' }));
    expect(first.onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    cleanup();

    const { dialog, onClose } = renderDialog(summary());
    await user.type(field(dialog, 'Nombre'), ' II');
    await user.click(within(dialog).getByRole('button', { name: 'Cerrar ventana' }));
    const ask = await confirmDialog();
    expect(
      within(ask).getByText('Hay cambios sin grabar en el proyecto. Si cierras la ventana se perderán.'),
    ).toBeTruthy();
    await user.click(within(ask).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(onClose).not.toHaveBeenCalled();
    expect(value(field(dialog, 'Nombre'))).toBe('Hospital de Talca II');

    await user.keyboard('{Escape}');
    await user.click(within(await confirmDialog()).getByRole('button', { name: 'Si, estoy seguro' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('opens from the project home too, and the home shows the saved values', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = stubServer(summary());
    renderWithApp(<ProjectHome />, {
      path: '/projects/p-1',
      routePath: '/projects/:id',
      session: buildSession({ id: 'user-1' }),
      queryClient: createQueryClient(),
    });
    await screen.findByRole('heading', { level: 1, name: 'Hospital de Talca' });
    await user.click(screen.getByRole('button', { name: 'Editar proyecto' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar proyecto' });
    const end = numberField(dialog, 'Año previsto de cierre');
    await user.clear(end);
    await user.type(end, '2030');
    await user.click(saveButton(dialog));
    await user.click(within(await confirmDialog()).getByRole('button', { name: 'Si, estoy seguro' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Editar proyecto' })).toBeNull());
    expect(calls.find((call) => call.name === 'updateProject')?.data).toMatchObject({
      id: 'p-1',
      version: 4,
      project: { endYear: '2030' },
    });
    expect(await screen.findByText('2024 - 2030')).toBeTruthy();
  });

  it("shows a calendar made in the Gantt as 'Personalizada' on the home and in the dialog, and sends it back unchanged", async () => {
    const user = userEvent.setup({ delay: null });
    // issue 14: the Gantt's 'Calendario' set other weekdays
    const custom = summary({ workWeek: 'custom' });
    const { calls } = stubServer(custom);
    renderWithApp(<ProjectHome />, {
      path: '/projects/p-1',
      routePath: '/projects/:id',
      session: buildSession({ id: 'user-1' }),
      queryClient: createQueryClient(),
    });
    await screen.findByRole('heading', { level: 1, name: 'Hospital de Talca' });
    expect(screen.getByText('Semana laboral').nextElementSibling?.textContent).toBe('Personalizada');
    await user.click(screen.getByRole('button', { name: 'Editar proyecto' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar proyecto' });
    const workWeek = within(dialog).getByRole('combobox', { name: 'Semana laboral' });
    expect(workWeek.textContent).toBe('Personalizada');
    expect(within(dialog).getByText('El calendario se edita en el Gantt (Calendario)')).toBeTruthy();
    await user.click(workWeek);
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => [option.textContent, option.getAttribute('aria-disabled')])).toEqual([
      ['Lunes a viernes', null],
      ['Lunes a sábado', null],
      ['Personalizada', 'true'],
    ]);
    await user.keyboard('{Escape}');
    const end = numberField(dialog, 'Año previsto de cierre');
    await user.clear(end);
    await user.type(end, '2029');
    await user.click(saveButton(dialog));
    await user.click(within(await confirmDialog()).getByRole('button', { name: 'Si, estoy seguro' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Editar proyecto' })).toBeNull());
    expect(calls.find((call) => call.name === 'updateProject')?.data).toMatchObject({
      project: { endYear: '2029', workWeek: 'custom' },
    });
  });
});
