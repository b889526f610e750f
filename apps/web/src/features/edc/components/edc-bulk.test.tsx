import type { BulkEdcOutput, CatalogueSystem, Component, Edc, EdcItem, LoadedProject } from '@cimiento/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EDC_STALE_MESSAGE } from '@cimiento/domain';
import { UnsavedWorkGuard } from '@/components/layout/unsaved-work-guard';
import { createQueryClient } from '@/lib/react-query';
import { useProjectStore } from '@/lib/stores/project-store';
import { useUnsavedWorkStore } from '@/lib/stores/unsaved-work-store';
import { useEdcSelectionStore } from '../stores/edc-selection-store';
import { buildLoadedProject, buildSession, jsonResponse, renderWithApp } from '@/testing/test-utils';
import { ProjectEdc } from './edc-screen';

/*
 * Issue 13, "EDC for many items at once": ticking EDP items, 'Seleccionar similares', and the
 * bulk calls (assignEdc, copyEdc, unassignEdc) faked at the fetch layer.
 */

function loadedProject(): LoadedProject {
  return buildLoadedProject({
    version: 2,
    items: [
      { id: 1, code: 'T', name: 'Torres' },
      { id: 2, parentId: 1, code: 'T.1', name: 'Edificio 1' },
      { id: 3, parentId: 2, code: 'T.1.1', name: 'Piso tipo 1' },
      { id: 4, parentId: 2, code: 'T.1.2', name: 'Piso tipo 2' },
      { id: 5, parentId: 1, code: 'T.2', name: 'Edificio 2' },
      { id: 6, parentId: 5, code: 'T.2.1', name: 'Piso tipo 1' },
      { id: 7, parentId: 5, code: 'T.2.2', name: 'Cubierta' },
    ],
  });
}

const systems: CatalogueSystem[] = [
  { _id: 's-ele', id: 's-ele', code: 'ELE', name: 'Eléctrico', priority: 1 },
  { _id: 's-ap', id: 's-ap', code: 'AP', name: 'Agua potable', priority: 2 },
];

const components = [
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
] as Component[];

function ascensorOf(code: string, system = 'ELE'): EdcItem[] {
  const main = `ASC.1.${system}.${code}`;
  return [
    { code: main, name: 'Ascensor', parentCode: code, kind: 'main', sourceId: 'c-asc' },
    { code: `${main}.1`, name: 'Motor', parentCode: main, kind: 'sub' },
    { code: 'ACT1', name: 'Montaje', parentCode: `${main}.1`, kind: 'activity', sourceId: 'a-mon' },
  ];
}

type Call = { name: string; data: Record<string, unknown> };

/** The project, the catalogues and loadEdc; the bulk calls answer `bulkAnswer`, recording what was sent. */
function stubServer(
  options: {
    edcFor?: (id: number) => Edc | null;
    bulkAnswer?: (call: Call) => BulkEdcOutput | Promise<BulkEdcOutput>;
  } = {},
) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const { data } = JSON.parse(String(init?.body)) as { data: Record<string, unknown> };
    const name = input.replace('/api/functions/', '');
    calls.push({ name, data });
    switch (name) {
      case 'loadProject':
        return jsonResponse(200, { result: { project: loadedProject(), message: 'Proyecto cargado' } });
      case 'loadObjects':
        return jsonResponse(200, {
          result: { objects: data.collection === 'sistemas' ? systems : components, message: 'ok' },
        });
      case 'saveEdc':
        return jsonResponse(409, { error: { status: 'ABORTED', message: EDC_STALE_MESSAGE } });
      case 'loadEdc':
        return jsonResponse(200, {
          result: { edc: options.edcFor?.(data.id as number) ?? null, message: 'EDC cargado' },
        });
      case 'assignEdc':
      case 'copyEdc':
      case 'unassignEdc': {
        const answer = options.bulkAnswer
          ? await options.bulkAnswer({ name, data })
          : { items: [], skipped: [], message: 'Nada cambió' };
        return jsonResponse(200, { result: answer });
      }
      default:
        return jsonResponse(404, { error: { status: 'NOT_FOUND', message: 'no' } });
    }
  });
  return { calls, named: (name: string) => calls.filter((call) => call.name === name) };
}

function renderScreen(options: { withGuard?: boolean } = {}) {
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
    session: buildSession({ id: 'user-1' }),
    queryClient: createQueryClient(),
  });
}

function treeItem(label: string): HTMLElement {
  const item = screen.getByText(label).closest<HTMLElement>('[role="treeitem"]');
  if (!item) throw new Error(`no tree item ${label}`);
  return item;
}

function checkboxOf(label: string): HTMLInputElement {
  const box = treeItem(label).querySelector<HTMLInputElement>(':scope > .MuiTreeItem-content input[type="checkbox"]');
  if (!box) throw new Error(`no checkbox for ${label}`);
  return box;
}

async function expand(user: ReturnType<typeof userEvent.setup>, label: string) {
  const icon = treeItem(label).querySelector(':scope > .MuiTreeItem-content .MuiTreeItem-iconContainer');
  if (!(icon instanceof HTMLElement)) throw new Error(`no expand icon for ${label}`);
  await user.click(icon);
}

async function openBuildings(user: ReturnType<typeof userEvent.setup>) {
  await screen.findByText('T.1 Edificio 1');
  await expand(user, 'T.1 Edificio 1');
  await expand(user, 'T.2 Edificio 2');
  await screen.findByText('T.2.1 Piso tipo 1');
}

async function choose(user: ReturnType<typeof userEvent.setup>, label: string, option: string, within_?: HTMLElement) {
  const scope = within_ ? within(within_) : screen;
  await user.click(scope.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
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

describe('EDC screen: many items at once', () => {
  it('ticks items with the checkboxes and Space, apart from the shown item, and keeps them while another is shown', async () => {
    const user = userEvent.setup();
    const { named } = stubServer();
    renderScreen();
    await openBuildings(user);
    expect(screen.getByTestId('edc-ticked-count').textContent).toBe('0 ítems marcados');

    await user.click(checkboxOf('T.1.1 Piso tipo 1'));
    expect(checkboxOf('T.1.1 Piso tipo 1').checked).toBe(true);
    expect(screen.getByTestId('edc-ticked-count').textContent).toBe('1 ítem marcado');
    // a tick shows nothing: no item is loaded
    expect(named('loadEdc')).toEqual([]);

    // a click on a label shows that item; the ticks stay
    await user.click(screen.getByText('T.2.2 Cubierta'));
    await screen.findByRole('heading', { level: 1, name: 'Hospital de Talca :: T.2.2' });
    expect(treeItem('T.2.2 Cubierta').getAttribute('aria-current')).toBe('true');
    expect(checkboxOf('T.2.2 Cubierta').checked).toBe(false);
    expect(checkboxOf('T.1.1 Piso tipo 1').checked).toBe(true);

    // the keyboard: Space ticks the focused item, Enter shows it
    treeItem('T.1.2 Piso tipo 2').focus();
    await user.keyboard(' ');
    await waitFor(() => expect(checkboxOf('T.1.2 Piso tipo 2').checked).toBe(true));
    expect(screen.getByTestId('edc-ticked-count').textContent).toBe('2 ítems marcados');
    await user.keyboard('{Enter}');
    await screen.findByRole('heading', { level: 1, name: 'Hospital de Talca :: T.1.2' });
    expect(screen.getByTestId('edc-ticked-count').textContent).toBe('2 ítems marcados');

    await user.click(screen.getByRole('button', { name: 'Desmarcar todo' }));
    expect(screen.getByTestId('edc-ticked-count').textContent).toBe('0 ítems marcados');
    expect(checkboxOf('T.1.1 Piso tipo 1').checked).toBe(false);
  });

  it("'Seleccionar similares' ticks every item of the shown item's kind, across buildings", async () => {
    const user = userEvent.setup();
    stubServer();
    renderScreen();
    await openBuildings(user);
    expect((screen.getByRole('button', { name: 'Seleccionar similares' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByText('T.1.2 Piso tipo 2'));
    await screen.findByRole('heading', { level: 1, name: 'Hospital de Talca :: T.1.2' });
    await user.click(screen.getByRole('button', { name: 'Seleccionar similares' }));
    expect(screen.getByTestId('edc-ticked-count').textContent).toBe('3 ítems marcados');
    expect(
      ['T.1.1 Piso tipo 1', 'T.1.2 Piso tipo 2', 'T.2.1 Piso tipo 1', 'T.2.2 Cubierta', 'T.1 Edificio 1'].map(
        (label) => checkboxOf(label).checked,
      ),
    ).toEqual([true, true, true, false, false]);
  });

  it("'Asignar' with ticked items sends one assignEdc for all of them, shows progress, then the result with the skipped ones", async () => {
    const user = userEvent.setup();
    let release: (answer: BulkEdcOutput) => void = () => undefined;
    const { named } = stubServer({
      edcFor: (id) => (id === 4 ? { ...loadedProject().edp.items[3]!, componentesEdc: [], version: 2 } : null),
      bulkAnswer: () =>
        new Promise<BulkEdcOutput>((resolve) => {
          release = resolve;
        }),
    });
    renderScreen();
    await openBuildings(user);
    await user.click(screen.getByText('T.1.2 Piso tipo 2'));
    await screen.findByRole('heading', { level: 1, name: 'Hospital de Talca :: T.1.2' });
    await user.click(screen.getByRole('button', { name: 'Seleccionar similares' }));

    await choose(user, 'Componente principal', 'ASC Ascensor');
    await choose(user, 'Sistema', 'ELE Eléctrico');
    // the drop zones and the button say the action goes to the ticked items
    expect(screen.getByTestId('edc-drop-target').textContent).toBe('Se asigna a los 3 ítems marcados');
    await user.click(screen.getByRole('button', { name: 'Asignar a 3 ítems marcados' }));

    expect(await screen.findByText('Asignando a 3 ítems…')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Asignar a 3 ítems marcados' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect((screen.getByRole('button', { name: 'Desmarcar todo' }) as HTMLButtonElement).disabled).toBe(true);
    expect(named('assignEdc')).toHaveLength(1);
    expect(named('saveEdc')).toEqual([]);
    const sent = named('assignEdc')[0]?.data;
    expect(sent).toMatchObject({ id: 'p-1', componentId: 'c-asc', systemId: 's-ele' });
    expect([...(sent?.itemIds as number[])].sort()).toEqual([3, 4, 6]);
    // the shown item's version is known (loaded at 2)
    expect(sent?.versions).toEqual([{ id: 4, version: 2 }]);

    release({
      items: [
        { id: 4, componentesEdc: ascensorOf('T.1.2'), version: 3 },
        { id: 6, componentesEdc: ascensorOf('T.2.1'), version: 1 },
      ],
      skipped: [{ id: 3, code: 'T.1.1', reason: 'ya tiene el componente ASC.1.ELE.T.1.1' }],
      message: 'Componente asignado a 2 ítems; 1 omitido',
    });
    const result = await screen.findByRole('dialog', { name: 'Resultado de la asignación' });
    expect(within(result).getByText('Se asignó a 2 ítems:')).toBeTruthy();
    expect(
      within(within(result).getByRole('list', { name: 'Ítems que cambiaron' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['T.1.2 Piso tipo 2', 'T.2.1 Piso tipo 1']);
    expect(within(result).getByText('Se omitió 1 ítem:')).toBeTruthy();
    expect(
      within(within(result).getByRole('list', { name: 'Ítems omitidos y por qué' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['T.1.1: ya tiene el componente ASC.1.ELE.T.1.1']);
    expect(screen.getAllByText('Componente asignado a 2 ítems; 1 omitido').length).toBeGreaterThan(0);
    expect(screen.queryByText('Asignando a 3 ítems…')).toBeNull();
    await user.click(within(result).getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Resultado de la asignación' })).toBeNull());
    // the shown item's grid shows the answer's list
    expect(gridCodes()).toEqual(['ASC.1.ELE.T.1.2', 'ASC.1.ELE.T.1.2.1', 'ACT1']);

    // the next call carries the version the answer gave
    await user.click(screen.getByRole('button', { name: 'Asignar a 3 ítems marcados' }));
    await waitFor(() => expect(named('assignEdc')).toHaveLength(2));
    expect(named('assignEdc')[1]?.data.versions).toEqual([
      { id: 4, version: 3 },
      { id: 6, version: 1 },
    ]);
  });

  it("'Quitar de los seleccionados' asks with the counts first, and only then calls unassignEdc", async () => {
    const user = userEvent.setup();
    const { named } = stubServer({
      bulkAnswer: () => ({
        items: [{ id: 3, componentesEdc: [], version: 4 }],
        skipped: [{ id: 7, code: 'T.2.2', reason: 'no tiene el componente ASC.1.ELE.T.2.2' }],
        message: 'Componente quitado de 1 ítem; 1 omitido',
      }),
    });
    renderScreen();
    await openBuildings(user);
    await user.click(checkboxOf('T.1.1 Piso tipo 1'));
    await user.click(checkboxOf('T.2.2 Cubierta'));
    await user.click(screen.getByRole('button', { name: 'Quitar de los seleccionados' }));
    const form = await screen.findByRole('dialog', { name: 'Quitar un componente de los ítems marcados' });
    expect(
      within(form).getByText(
        'Elige el componente principal y el sistema en que se asignó: se quitará de los 2 ítems marcados que lo tengan.',
      ),
    ).toBeTruthy();
    await choose(user, 'Componente principal', 'ASC Ascensor', form);
    await choose(user, 'Sistema', 'ELE Eléctrico', form);
    await user.click(within(form).getByRole('button', { name: 'Quitar…' }));

    const question = await screen.findByRole('alertdialog', { name: '¿Estás seguro?' });
    expect(
      within(question).getByText(
        'Se quitará el componente ASC Ascensor del sistema ELE Eléctrico de 2 ítems marcados, junto con sus subcomponentes, actividades y tareas del Gantt.',
      ),
    ).toBeTruthy();
    // cancelling goes back to the choice, and nothing is sent
    await user.click(within(question).getByRole('button', { name: 'Cancelar' }));
    const again = await screen.findByRole('dialog', { name: 'Quitar un componente de los ítems marcados' });
    expect(named('unassignEdc')).toEqual([]);
    await user.click(within(again).getByRole('button', { name: 'Quitar…' }));
    await user.click(
      within(await screen.findByRole('alertdialog', { name: '¿Estás seguro?' })).getByRole('button', {
        name: 'Si, estoy seguro',
      }),
    );
    const result = await screen.findByRole('dialog', { name: 'Resultado de quitar el componente' });
    expect(named('unassignEdc')).toHaveLength(1);
    expect(named('unassignEdc')[0]?.data).toEqual({
      id: 'p-1',
      itemIds: [3, 7],
      componentId: 'c-asc',
      systemId: 's-ele',
    });
    expect(within(result).getByText('Se quitó de 1 ítem:')).toBeTruthy();
    expect(within(result).getByText(': no tiene el componente ASC.1.ELE.T.2.2', { exact: false })).toBeTruthy();
  });

  it("'Copiar EDC a…' copies the shown item's EDC to the other ticked items with one copyEdc", async () => {
    const user = userEvent.setup();
    const shown: Edc = { ...loadedProject().edp.items[2]!, componentesEdc: ascensorOf('T.1.1'), version: 5 };
    const { named } = stubServer({
      edcFor: (id) => (id === 3 ? shown : null),
      bulkAnswer: () => ({
        items: [
          { id: 4, componentesEdc: ascensorOf('T.1.2'), version: 1 },
          { id: 6, componentesEdc: ascensorOf('T.2.1'), version: 1 },
        ],
        skipped: [],
        message: 'EDC copiado a 2 ítems',
      }),
    });
    renderScreen();
    await openBuildings(user);
    await user.click(screen.getByText('T.1.1 Piso tipo 1'));
    await waitFor(() => expect(gridCodes()).toHaveLength(3));
    await user.click(screen.getByRole('button', { name: 'Seleccionar similares' }));
    await user.click(screen.getByRole('button', { name: 'Copiar EDC a…' }));
    const question = await screen.findByRole('alertdialog', { name: '¿Estás seguro?' });
    expect(
      within(question).getByText(
        'Se copiará el EDC de T.1.1 Piso tipo 1 (3 filas) a 2 ítems marcados, cada uno con sus propios códigos. Un componente que un ítem ya tiene se omite.',
      ),
    ).toBeTruthy();
    expect(
      within(question).getByText(
        'El ítem que se muestra (T.1.1 Piso tipo 1) está marcado: no se copia sobre sí mismo.',
      ),
    ).toBeTruthy();
    await user.click(within(question).getByRole('button', { name: 'Si, estoy seguro' }));
    const result = await screen.findByRole('dialog', { name: 'Resultado de la copia del EDC' });
    expect(within(result).getByText('Se copió a 2 ítems:')).toBeTruthy();
    const sent = named('copyEdc')[0]?.data;
    expect(sent).toMatchObject({ id: 'p-1', fromItemId: 3, versions: [{ id: 3, version: 5 }] });
    expect([...(sent?.toItemIds as number[])].sort()).toEqual([4, 6]);
  });

  it('asks first when the shown item has a save not gone through and is among the ticked items', async () => {
    const user = userEvent.setup();
    const { named } = stubServer({
      bulkAnswer: () => ({
        items: [{ id: 3, componentesEdc: ascensorOf('T.1.1'), version: 1 }],
        skipped: [],
        message: 'Componente asignado a 1 ítem',
      }),
    });
    renderScreen({ withGuard: true });
    await openBuildings(user);
    await user.click(screen.getByText('T.1.1 Piso tipo 1'));
    await screen.findByRole('heading', { level: 1, name: 'Hospital de Talca :: T.1.1' });
    // one item's assignment refused as stale: the list is not saved
    await choose(user, 'Componente principal', 'ASC Ascensor');
    await choose(user, 'Sistema', 'ELE Eléctrico');
    await user.click(screen.getByRole('button', { name: 'Asignar' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Recargar' })).toBeTruthy());

    await user.click(checkboxOf('T.1.1 Piso tipo 1'));
    await user.click(screen.getByRole('button', { name: 'Asignar a 1 ítem marcado' }));
    const question = await screen.findByRole('alertdialog', { name: '¿Estás seguro?' });
    expect(within(question).getByText(/Hay cambios sin grabar en el EDC/)).toBeTruthy();
    expect(named('assignEdc')).toEqual([]);
    await user.click(within(question).getByRole('button', { name: 'Si, estoy seguro' }));
    await screen.findByRole('dialog', { name: 'Resultado de la asignación' });
    expect(named('assignEdc')[0]?.data).toEqual({
      id: 'p-1',
      itemIds: [3],
      componentId: 'c-asc',
      systemId: 's-ele',
      versions: [{ id: 3, version: 0 }],
    });
    await user.click(screen.getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(gridCodes()).toEqual(['ASC.1.ELE.T.1.1', 'ASC.1.ELE.T.1.1.1', 'ACT1']));
    expect(screen.queryByRole('button', { name: 'Recargar' })).toBeNull();
  });
});
