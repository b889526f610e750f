import type { CatalogueSystem, Component, Edc, LoadedProject, ProjectSummary } from '@cimiento/domain';
import { EDC_STALE_MESSAGE } from '@cimiento/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UnsavedWorkGuard } from '@/components/layout/unsaved-work-guard';
import { createQueryClient } from '@/lib/react-query';
import { useProjectStore } from '@/lib/stores/project-store';
import { useUnsavedWorkStore } from '@/lib/stores/unsaved-work-store';
import { useEdcSelectionStore } from '../stores/edc-selection-store';
import {
  buildLoadedProject,
  buildProjectSummary,
  buildSession,
  jsonResponse,
  renderWithApp,
} from '@/testing/test-utils';
import { ProjectEdc } from './edc-screen';

/** issue 35: priced by the m², which an activity measured in m² takes as its quantity */
const pabellones = { id: 2, parentId: 1, code: 'HT.1', name: 'Pabellones', unit: 'm²', quantity: '120' };

function loadedProject(): LoadedProject {
  return buildLoadedProject({
    version: 2,
    items: [
      { id: 1, code: 'HT', name: 'Hospital de Talca' },
      pabellones,
      { id: 3, parentId: 1, code: 'HT.2', name: 'Urgencia' },
      { id: 4, parentId: 2, code: 'HT.1.1', name: 'Quirófanos' },
    ],
  });
}

const systems: CatalogueSystem[] = [
  { _id: 's-ele', id: 's-ele', code: 'ELE', name: 'Eléctrico', priority: 1 },
  { _id: 's-ap', id: 's-ap', code: 'AP', name: 'Agua potable', priority: 2 },
];

const components: Component[] = [
  {
    _id: 'c-asc',
    id: 'c-asc',
    code: 'ASC',
    name: 'Ascensor',
    priority: 3,
    subcomponents: [
      {
        id: 1,
        code: 'MOT',
        name: 'Motor',
        priority: 1,
        actividades: [{ _id: 'a-mon', id: 'a-mon', code: 'MON', name: 'Montaje', priority: 1, duration: 5 }],
      },
    ],
  },
];

type SaveEdcCall = { id: string; edc: { id: number; componentesEdc: Edc['componentesEdc']; version: number } };

/** The project, the catalogues and loadEdc (`edcFor`); saveEdc answers `saveAnswer`, recording what was sent. */
function stubServer(options: {
  edcFor?: (id: number) => Edc | null;
  loadAnswer?: (id: number) => Response | undefined;
  saveAnswer?: (call: SaveEdcCall) => Response;
  /** the caller's role on the project, as loadProjects says it (issue 36) */
  role?: ProjectSummary['role'];
}) {
  const saves: SaveEdcCall[] = [];
  const loads: number[] = [];
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const { data } = JSON.parse(String(init?.body)) as { data: Record<string, unknown> };
    switch (input) {
      case '/api/functions/loadProject':
        return jsonResponse(200, { result: { project: loadedProject(), message: 'Proyecto cargado' } });
      case '/api/functions/loadProjects':
        return jsonResponse(200, {
          result: { projects: [buildProjectSummary({ role: options.role ?? 'planificador' })], message: 'ok' },
        });
      case '/api/functions/loadObjects':
        return jsonResponse(200, {
          result: { objects: data.collection === 'sistemas' ? systems : components, message: 'ok' },
        });
      case '/api/functions/loadEdc': {
        const id = data.id as number;
        loads.push(id);
        const answer = options.loadAnswer?.(id);
        if (answer) return answer;
        return jsonResponse(200, { result: { edc: options.edcFor?.(id) ?? null, message: 'EDC cargado' } });
      }
      case '/api/functions/saveEdc': {
        const call = data as unknown as SaveEdcCall;
        saves.push(call);
        if (options.saveAnswer) return options.saveAnswer(call);
        const item = loadedProject().edp.items.find((candidate) => candidate.id === call.edc.id);
        return jsonResponse(200, {
          result: {
            edc: { ...item, componentesEdc: call.edc.componentesEdc, version: call.edc.version + 1 },
            message: `EDC grabado: ${call.edc.componentesEdc.length} ítems`,
          },
        });
      }
      default:
        return jsonResponse(404, { error: { status: 'NOT_FOUND', message: 'no' } });
    }
  });
  return { saves, loads };
}

function renderScreen(userId = 'user-1', options: { withGuard?: boolean } = {}) {
  const ui = options.withGuard ? (
    <>
      <ProjectEdc />
      <UnsavedWorkGuard />
    </>
  ) : (
    <ProjectEdc />
  );
  return renderWithApp(ui, {
    path: '/projects/p-1/edc',
    routePath: '/projects/:id/edc',
    session: buildSession({ id: userId }),
    queryClient: createQueryClient(),
  });
}

async function choose(user: ReturnType<typeof userEvent.setup>, label: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

async function assign(user: ReturnType<typeof userEvent.setup>, component: string, system: string) {
  await choose(user, 'Componente principal', component);
  await choose(user, 'Sistema', system);
  await user.click(screen.getByRole('button', { name: 'Asignar' }));
}

function gridCodes(): string[] {
  const grid = screen.getByRole('table', { name: 'EDC del ítem seleccionado' });
  return Array.from(grid.querySelectorAll('tbody tr[data-edc-code]')).map(
    (row) => row.getAttribute('data-edc-code') ?? '',
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  useProjectStore.setState({ currentProject: null, userId: null });
  useEdcSelectionStore.setState({ selected: {} });
  useUnsavedWorkStore.setState({ works: {}, pendingLeave: null, isLeaveAllowed: false });
});

describe('EDC screen', () => {
  it('starts with no EDP item selected and refuses an assignment with a clear message, saving nothing', async () => {
    const user = userEvent.setup();
    const { saves } = stubServer({});
    renderScreen();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Hospital de Talca :: sin ítem seleccionado' }),
    ).toBeTruthy();
    await screen.findByRole('group', { name: 'Sistema ELE Eléctrico' });
    await assign(user, 'ASC Ascensor', 'ELE Eléctrico');
    expect(await screen.findByText('Selecciona un ítem del EDP antes de asignar componentes')).toBeTruthy();
    expect(saves).toEqual([]);
  });

  it('issue 36: a Lector reads the EDC with a notice; nothing to assign, tick, add, edit or delete', async () => {
    const user = userEvent.setup();
    const saved: Edc = {
      id: 2,
      parentId: 1,
      code: 'HT.1',
      name: 'Pabellones',
      version: 4,
      componentesEdc: [{ code: 'ASC.1.ELE.3', name: 'Ascensor', parentCode: 'HT.1', kind: 'main', sourceId: 'c-asc' }],
    };
    const { saves } = stubServer({ role: 'lector', edcFor: (id) => (id === 2 ? saved : null) });
    renderScreen();
    await screen.findByTestId('role-notice');
    expect(screen.getByTestId('role-notice').textContent).toBe(
      'Tu rol en este proyecto es Lector: puedes ver esta pantalla; para cambiarla se necesita el rol Planificador.',
    );
    await user.click(await screen.findByText('HT.1 Pabellones'));
    await screen.findByRole('heading', { level: 1, name: 'Hospital de Talca :: HT.1' });
    await waitFor(() => expect(gridCodes()).toEqual(['ASC.1.ELE.3']));
    expect(screen.queryByRole('button', { name: 'Componente ASC Ascensor' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Asignar' })).toBeNull();
    expect(screen.queryByRole('toolbar', { name: 'Herramientas del EDC' })).toBeNull();
    expect(screen.queryByRole('toolbar', { name: 'Acciones sobre los ítems marcados' })).toBeNull();
    expect(screen.queryAllByRole('checkbox')).toEqual([]);
    // a double-click on a row opens no editor
    const grid = screen.getByRole('table', { name: 'EDC del ítem seleccionado' });
    await user.dblClick(grid.querySelector('tbody tr[data-edc-code]') as HTMLElement);
    expect(within(grid).queryAllByRole('textbox')).toEqual([]);
    expect(saves).toEqual([]);
  });

  it('filters the draggable components by the search box', async () => {
    const user = userEvent.setup();
    stubServer({});
    renderScreen();
    expect(await screen.findByRole('button', { name: 'Componente ASC Ascensor' })).toBeTruthy();
    await user.type(screen.getByRole('searchbox', { name: 'Buscar componente' }), 'bomba');
    expect(await screen.findByText('No hay componentes que coincidan')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Componente ASC Ascensor' })).toBeNull();
    await user.clear(screen.getByRole('searchbox', { name: 'Buscar componente' }));
    await user.type(screen.getByRole('searchbox', { name: 'Buscar componente' }), 'asc');
    expect(await screen.findByRole('button', { name: 'Componente ASC Ascensor' })).toBeTruthy();
  });

  it('loads the EDC of the chosen tree node; Asignar appends the generated items and saves them with the version', async () => {
    const user = userEvent.setup();
    const { saves, loads } = stubServer({});
    renderScreen();
    await user.click(await screen.findByText('HT.1 Pabellones'));
    await screen.findByRole('heading', { level: 1, name: 'Hospital de Talca :: HT.1' });
    expect(loads).toEqual([2]);
    await assign(user, 'ASC Ascensor', 'ELE Eléctrico');
    await waitFor(() => expect(gridCodes()).toEqual(['ASC.1.ELE.3', 'ASC.1.ELE.3.1', 'ACT1']));
    expect(saves).toHaveLength(1);
    expect(saves[0]).toMatchObject({ id: 'p-1', edc: { id: 2, version: 0 } });
    expect(await screen.findByText('EDC grabado: 3 ítems')).toBeTruthy();

    // the next save is based on the version the server answered
    await assign(user, 'ASC Ascensor', 'AP Agua potable');
    await waitFor(() => expect(saves).toHaveLength(2));
    expect(saves[1]?.edc.version).toBe(1);
    await waitFor(() => expect(gridCodes()).toContain('ASC.1.AP.3'));
  });

  it("refuses a duplicate main code with the domain's message and changes nothing", async () => {
    const user = userEvent.setup();
    const saved: Edc = {
      id: 2,
      parentId: 1,
      code: 'HT.1',
      name: 'Pabellones',
      version: 4,
      componentesEdc: [{ code: 'ASC.1.ELE.3', name: 'Ascensor', parentCode: 'HT.1', kind: 'main', sourceId: 'c-asc' }],
    };
    const { saves } = stubServer({ edcFor: (id) => (id === 2 ? saved : null) });
    renderScreen();
    await user.click(await screen.findByText('HT.1 Pabellones'));
    await waitFor(() => expect(gridCodes()).toEqual(['ASC.1.ELE.3']));
    await assign(user, 'ASC Ascensor', 'ELE Eléctrico');
    expect(
      await screen.findByText('El componente ASC.1.ELE.3 ya está asignado a HT.1; no se agrega dos veces'),
    ).toBeTruthy();
    expect(saves).toEqual([]);
    expect(gridCodes()).toEqual(['ASC.1.ELE.3']);
  });

  it('keeps the list on screen after a stale save, with the warning and Recargar', async () => {
    const user = userEvent.setup();
    const { saves, loads } = stubServer({
      saveAnswer: () => jsonResponse(409, { error: { status: 'ABORTED', message: EDC_STALE_MESSAGE } }),
    });
    renderScreen();
    await user.click(await screen.findByText('HT.2 Urgencia'));
    await screen.findByRole('heading', { level: 1, name: 'Hospital de Talca :: HT.2' });
    await assign(user, 'ASC Ascensor', 'ELE Eléctrico');
    await waitFor(() => expect(saves).toHaveLength(1));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Recargar' })).toBeTruthy());
    expect(screen.getAllByText(EDC_STALE_MESSAGE).length).toBeGreaterThan(0);
    expect(gridCodes()).toEqual(['ASC.2.ELE.3', 'ASC.2.ELE.3.1', 'ACT1']);
    await user.click(screen.getByRole('button', { name: 'Recargar' }));
    await waitFor(() => expect(loads).toEqual([3, 3]));
    await waitFor(() => expect(gridCodes()).toEqual([]));
  });

  it('asks before picking another item with a save not gone through, and keeps guarding the next item', async () => {
    const user = userEvent.setup();
    const { saves, loads } = stubServer({
      saveAnswer: () => jsonResponse(409, { error: { status: 'ABORTED', message: EDC_STALE_MESSAGE } }),
    });
    const { router } = renderScreen('user-1', { withGuard: true });
    await user.click(await screen.findByText('HT.2 Urgencia'));
    await screen.findByRole('heading', { level: 1, name: 'Hospital de Talca :: HT.2' });
    await assign(user, 'ASC Ascensor', 'ELE Eléctrico');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Recargar' })).toBeTruthy());

    await user.click(screen.getByText('HT.1 Pabellones'));
    const question = await screen.findByRole('alertdialog', { name: '¿Estás seguro?' });
    expect(within(question).getByText(/Hay cambios sin grabar en el EDC/)).toBeTruthy();
    await user.click(within(question).getByRole('button', { name: 'Si, estoy seguro' }));
    await screen.findByRole('heading', { level: 1, name: 'Hospital de Talca :: HT.1' });
    expect(loads).toEqual([3, 2]);
    // the screen stayed: leaving it is not allowed by that answer
    expect(useUnsavedWorkStore.getState().isLeaveAllowed).toBe(false);

    // a new save that does not go through on this item: every way out asks again
    await assign(user, 'ASC Ascensor', 'ELE Eléctrico');
    await waitFor(() => expect(saves).toHaveLength(2));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Recargar' })).toBeTruthy());
    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(true);
    await act(async () => {
      void router.navigate('/projects');
    });
    expect(await screen.findByRole('alertdialog', { name: '¿Estás seguro?' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/projects/p-1/edc');
  });

  it('edits a row (code required, unique) and deletes a main item with its children after confirmation', async () => {
    const user = userEvent.setup();
    const saved: Edc = {
      id: 2,
      parentId: 1,
      code: 'HT.1',
      name: 'Pabellones',
      version: 1,
      componentesEdc: [
        { code: 'ASC.1.ELE.3', name: 'Ascensor', parentCode: 'HT.1', kind: 'main' },
        { code: 'ASC.1.ELE.3.1', name: 'Motor', parentCode: 'ASC.1.ELE.3', kind: 'sub' },
        { code: 'ACT1', name: 'Montaje', parentCode: 'ASC.1.ELE.3.1', kind: 'activity' },
      ],
    };
    const { saves } = stubServer({ edcFor: () => saved });
    renderScreen();
    await user.click(await screen.findByText('HT.1 Pabellones'));
    await waitFor(() => expect(gridCodes()).toHaveLength(3));
    const toolbar = screen.getByRole('toolbar', { name: 'Herramientas del EDC' });

    const grid = screen.getByRole('table', { name: 'EDC del ítem seleccionado' });
    // one tab stop; the arrows move the selection
    const rows = Array.from(grid.querySelectorAll<HTMLElement>('tbody tr[data-edc-code]'));
    expect(rows.map((row) => row.tabIndex)).toEqual([0, -1, -1]);
    rows[0]?.focus();
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(document.activeElement?.getAttribute('data-edc-code')).toBe('ASC.1.ELE.3.1'));
    expect(document.activeElement?.getAttribute('aria-selected')).toBe('true');
    await user.click(within(grid).getByText('Montaje'));
    await user.click(within(toolbar).getByRole('button', { name: 'Editar' }));
    const code = screen.getByRole('textbox', { name: 'Código del ítem del EDC' });
    await user.clear(code);
    await user.type(code, 'asc.1.ele.3');
    await user.click(within(toolbar).getByRole('button', { name: 'Grabar' }));
    expect(await screen.findByText('El código asc.1.ele.3 ya existe en este EDC')).toBeTruthy();
    expect(saves).toEqual([]);
    await user.clear(code);
    await user.click(within(toolbar).getByRole('button', { name: 'Grabar' }));
    expect(await screen.findByText('El código es obligatorio')).toBeTruthy();
    await user.type(code, 'ACT7');
    const name = screen.getByRole('textbox', { name: 'Nombre del ítem del EDC' });
    await user.clear(name);
    await user.type(name, 'Montaje final{Enter}');
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]?.edc.componentesEdc[2]).toMatchObject({ code: 'ACT7', name: 'Montaje final' });

    await user.click(within(grid).getByText('Ascensor'));
    await user.click(within(toolbar).getByRole('button', { name: 'Eliminar' }));
    const dialog = await screen.findByRole('alertdialog', { name: '¿Estás seguro?' });
    expect(
      within(dialog).getByText('Se eliminará ASC.1.ELE.3 Ascensor junto con los 2 ítems que dependen de él.'),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Si, estoy seguro' }));
    await waitFor(() => expect(saves).toHaveLength(2));
    expect(saves[1]?.edc).toMatchObject({ componentesEdc: [], version: 2 });
    await waitFor(() => expect(gridCodes()).toEqual([]));
  });

  it('shows the catalogue code and name of each generated row beside its code, and none for a row typed by hand', async () => {
    const user = userEvent.setup();
    const saved: Edc = {
      id: 2,
      parentId: 1,
      code: 'HT.1',
      name: 'Pabellones',
      version: 1,
      componentesEdc: [
        {
          code: 'ASC.1.ELE.3',
          name: 'Ascensor',
          parentCode: 'HT.1',
          kind: 'main',
          sourceId: 'c-asc',
          sourceCode: 'ASC',
          sourceName: 'Ascensor',
        },
        {
          code: 'ASC.1.ELE.3.1',
          name: 'Motor',
          parentCode: 'ASC.1.ELE.3',
          kind: 'sub',
          sourceCode: 'MOT',
          sourceName: 'Motor',
        },
        {
          code: 'ACT1',
          name: 'Montaje del motor',
          parentCode: 'ASC.1.ELE.3.1',
          kind: 'activity',
          sourceId: 'a-mon',
          sourceCode: 'MON',
          sourceName: 'Montaje',
        },
        { code: 'ACT2', name: 'Aseo', parentCode: 'ASC.1.ELE.3.1', kind: 'activity' },
      ],
    };
    stubServer({ edcFor: () => saved });
    renderScreen();
    await user.click(await screen.findByText('HT.1 Pabellones'));
    await waitFor(() => expect(gridCodes()).toHaveLength(4));
    const grid = screen.getByRole('table', { name: 'EDC del ítem seleccionado' });
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Código', 'Código catálogo', 'Nombre catálogo', 'Nombre', 'Cantidad']);
    const cells = (code: string) =>
      Array.from(grid.querySelectorAll(`tr[data-edc-code="${code}"] td`)).map((cell) => cell.textContent);
    expect(cells('ACT1').slice(1)).toEqual(['MON', 'Montaje', 'Montaje del motor', '']);
    expect(cells('ASC.1.ELE.3.1').slice(1)).toEqual(['MOT', 'Motor', 'Motor', '']);
    expect(cells('ACT2').slice(1)).toEqual(['', '', 'Aseo', '']);
  });

  it('issue 35: shows each activity’s quantity (the EDP item’s when the units match) and edits it with its errors in Spanish', async () => {
    const user = userEvent.setup();
    const saved: Edc = {
      id: 2,
      parentId: 1,
      code: 'HT.1',
      name: 'Pabellones',
      version: 1,
      componentesEdc: [
        { code: 'LOS.1', name: 'Losa', parentCode: 'HT.1', kind: 'main' },
        { code: 'LOS.1.1', name: 'Moldaje', parentCode: 'LOS.1', kind: 'sub' },
        { code: 'ACT1', name: 'Moldar', parentCode: 'LOS.1.1', kind: 'activity', workUnit: 'm2', productivity: '8' },
        {
          code: 'ACT2',
          name: 'Hormigonar',
          parentCode: 'LOS.1.1',
          kind: 'activity',
          workUnit: 'm3',
          productivity: '20',
          quantity: '1200.5',
        },
        { code: 'ACT3', name: 'Aseo', parentCode: 'LOS.1.1', kind: 'activity' },
      ],
    };
    const { saves } = stubServer({ edcFor: () => saved });
    renderScreen();
    await user.click(await screen.findByText('HT.1 Pabellones'));
    await waitFor(() => expect(gridCodes()).toHaveLength(5));
    const grid = screen.getByRole('table', { name: 'EDC del ítem seleccionado' });
    const quantityOf = (code: string) =>
      grid.querySelector(`tr[data-edc-code="${code}"] td[data-column="quantity"]`)?.textContent;
    expect(quantityOf('ACT1')).toBe('120 m² (del EDP)');
    expect(quantityOf('ACT2')).toBe('1.200,5 m³');
    expect(quantityOf('ACT3')).toBe('');
    expect(quantityOf('LOS.1')).toBe('');

    await user.dblClick(within(grid).getByText('Hormigonar'));
    const field = screen.getByRole('textbox', { name: 'Cantidad de la actividad' });
    expect((field as HTMLInputElement).value).toBe('1200,5');
    await user.clear(field);
    await user.type(field, '0{Enter}');
    expect(await screen.findByText('Debe ser mayor que 0')).toBeTruthy();
    expect(saves).toHaveLength(0);
    await user.clear(field);
    await user.type(field, '12,5{Enter}');
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]?.edc.componentesEdc.find((item) => item.code === 'ACT2')?.quantity).toBe('12.5');
    // the unit comes with the server's answer (its catalogue's), which this stub echoes without it
    await waitFor(() => expect(quantityOf('ACT2')).toMatch(/^12,5/));
  });

  it('sends the catalogue code and name back with every save, also of a row just assigned', async () => {
    const user = userEvent.setup();
    const { saves } = stubServer({});
    renderScreen();
    await user.click(await screen.findByText('HT.2 Urgencia'));
    await screen.findByRole('heading', { level: 1, name: 'Hospital de Talca :: HT.2' });
    await assign(user, 'ASC Ascensor', 'ELE Eléctrico');
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(
      saves[0]?.edc.componentesEdc.map((item) => [item.code, item.kind, item.sourceCode, item.sourceName]),
    ).toEqual([
      ['ASC.2.ELE.3', 'main', 'ASC', 'Ascensor'],
      ['ASC.2.ELE.3.1', 'sub', 'MOT', 'Motor'],
      ['ACT1', 'activity', 'MON', 'Montaje'],
    ]);
  });

  it('reselects the remembered item when the screen opens again: its branch open, its EDC loaded', async () => {
    const user = userEvent.setup();
    const { loads } = stubServer({});
    const first = renderScreen();
    // open HT.1 to reach HT.1.1, choose it, then leave the screen
    const branch = (await screen.findByText('HT.1 Pabellones')).closest('[role="treeitem"]');
    const icon = branch?.querySelector('.MuiTreeItem-iconContainer');
    if (!(icon instanceof HTMLElement)) throw new Error('no expand icon');
    await user.click(icon);
    await user.click(await screen.findByText('HT.1.1 Quirófanos'));
    await screen.findByRole('heading', { level: 1, name: 'Hospital de Talca :: HT.1.1' });
    first.unmount();
    expect(useEdcSelectionStore.getState().selected).toEqual({ 'user-1': { 'p-1': 4 } });

    renderScreen();
    await screen.findByRole('heading', { level: 1, name: 'Hospital de Talca :: HT.1.1' });
    expect(loads.slice(-2)).toEqual([4, 4]);
    // the tree opened down to it (HT.1 is not a top-level branch) and shows it selected
    const item = screen.getByText('HT.1.1 Quirófanos').closest('[role="treeitem"]');
    expect(item?.getAttribute('aria-current')).toBe('true');
    expect(screen.getByText('HT.1 Pabellones').closest('[role="treeitem"]')?.getAttribute('aria-expanded')).toBe(
      'true',
    );
  });

  it('forgets, without a word, a remembered item the EDP no longer has', async () => {
    useEdcSelectionStore.setState({ selected: { 'user-1': { 'p-1': 99, 'p-2': 5 } } });
    const { loads } = stubServer({});
    renderScreen();
    await screen.findByRole('heading', { level: 1, name: 'Hospital de Talca :: sin ítem seleccionado' });
    await screen.findByRole('group', { name: 'Sistema ELE Eléctrico' });
    await waitFor(() => expect(useEdcSelectionStore.getState().selected).toEqual({ 'user-1': { 'p-2': 5 } }));
    expect(loads).toEqual([]);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("does not give one user another user's remembered item", async () => {
    useEdcSelectionStore.setState({ selected: { 'user-2': { 'p-1': 2 } } });
    const { loads } = stubServer({});
    renderScreen('user-1');
    await screen.findByRole('heading', { level: 1, name: 'Hospital de Talca :: sin ítem seleccionado' });
    await screen.findByRole('group', { name: 'Sistema ELE Eléctrico' });
    expect(loads).toEqual([]);
    expect(useEdcSelectionStore.getState().selected).toEqual({ 'user-2': { 'p-1': 2 } });
  });

  it('forgets the remembered item when the server says it is gone from the EDP', async () => {
    useEdcSelectionStore.setState({ selected: { 'user-1': { 'p-1': 3 } } });
    const { loads } = stubServer({
      loadAnswer: (id) =>
        id === 3
          ? jsonResponse(404, { error: { status: 'NOT_FOUND', message: 'El ítem 3 no existe en el EDP del proyecto' } })
          : undefined,
    });
    renderScreen();
    await waitFor(() => expect(loads).toEqual([3]));
    await waitFor(() => expect(useEdcSelectionStore.getState().selected).toEqual({ 'user-1': {} }));
    expect(screen.getByRole('heading', { level: 1, name: 'Hospital de Talca :: sin ítem seleccionado' })).toBeTruthy();
  });
});
