import type { CatalogueSystem, Component, Edc, LoadedProject } from '@cimiento/domain';
import { EDC_STALE_MESSAGE } from '@cimiento/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/react-query';
import { useProjectStore } from '@/stores/project-store';
import { buildLoadedProject, buildSession, jsonResponse, renderWithApp } from '@/testing/test-utils';
import { ProjectEdc } from './edc-screen';

function loadedProject(): LoadedProject {
  return buildLoadedProject({
    version: 2,
    items: [
      { id: 1, code: 'HT', name: 'Hospital de Talca' },
      { id: 2, parentId: 1, code: 'HT.1', name: 'Pabellones' },
      { id: 3, parentId: 1, code: 'HT.2', name: 'Urgencia' },
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
        actividades: [{ _id: 'a-mon', id: 'a-mon', code: 'MON', name: 'Montaje', priority: 1 }],
      },
    ],
  },
];

type SaveEdcCall = { id: string; edc: { id: number; componentesEdc: Edc['componentesEdc']; version: number } };

/** The project, the catalogues and loadEdc (`edcFor`); saveEdc answers `saveAnswer`, recording what was sent. */
function stubServer(options: { edcFor?: (id: number) => Edc | null; saveAnswer?: (call: SaveEdcCall) => Response }) {
  const saves: SaveEdcCall[] = [];
  const loads: number[] = [];
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const { data } = JSON.parse(String(init?.body)) as { data: Record<string, unknown> };
    switch (input) {
      case '/api/functions/loadProject':
        return jsonResponse(200, { result: { project: loadedProject(), message: 'Proyecto cargado' } });
      case '/api/functions/loadObjects':
        return jsonResponse(200, {
          result: { objects: data.collection === 'sistemas' ? systems : components, message: 'ok' },
        });
      case '/api/functions/loadEdc': {
        const id = data.id as number;
        loads.push(id);
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

function renderScreen() {
  return renderWithApp(<ProjectEdc />, {
    path: '/projects/p-1/edc',
    routePath: '/projects/:id/edc',
    session: buildSession({ id: 'user-1' }),
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
});
