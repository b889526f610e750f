import type { EdpUsage, LoadedProject } from '@cimiento/domain';
import { EDP_STALE_MESSAGE } from '@cimiento/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useIsLoading } from '@/hooks/use-is-loading';
import { createQueryClient } from '@/lib/react-query';
import { useProjectStore } from '@/lib/stores/project-store';
import { projectQueryKey } from '@/lib/project-api/load-project';
import { buildLoadedProject, buildSession, jsonResponse, renderWithApp } from '@/testing/test-utils';
import { ProjectEdp } from './project-edp';

const unpriced = { unit: null, quantity: null, unitPrice: null };

function loadedProject(): LoadedProject {
  return buildLoadedProject({
    version: 7,
    items: [
      { id: 1, code: 'HT', name: 'Hospital de Talca' },
      { id: 2, parentId: 1, code: 'HT.1', name: 'Pabellones' },
      { id: 3, parentId: 2, code: 'HT.1.1', name: 'Quirófano' },
      { id: 4, parentId: 1, code: 'HT.2', name: 'Urgencia' },
    ],
  });
}

type SaveEdpCall = { id: string; edp: { items: unknown[]; version: number } };

/**
 * What the saved items carry: HT.1.1 (3) has 13 EDC rows and 14 Gantt tasks, linked to HT.2's task
 * (4) by one link and to other tasks by two more.
 */
const usage: EdpUsage = {
  items: [
    { id: 3, edcCount: 13, ganttTaskCount: 14, ganttLinkCount: 3 },
    { id: 4, edcCount: 0, ganttTaskCount: 1, ganttLinkCount: 1 },
  ],
  crossLinks: [{ a: 3, b: 4, count: 1 }],
  currency: 'CLP',
};

/**
 * loadProject answers the project, loadEdpUsage `usage` (once `usageAnswered` settles); saveEdp
 * answers `saveAnswer`, recording what was sent.
 */
function stubServer(saveAnswer: () => Response, usageAnswered: Promise<void> = Promise.resolve()) {
  const saves: SaveEdpCall[] = [];
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const { data } = JSON.parse(String(init?.body)) as { data: unknown };
    if (input === '/api/functions/loadProject') {
      return jsonResponse(200, { result: { project: loadedProject(), message: 'Proyecto cargado' } });
    }
    if (input === '/api/functions/loadEdpUsage') {
      await usageAnswered;
      return jsonResponse(200, { result: { usage, message: 'Uso del EDP cargado' } });
    }
    if (input === '/api/functions/saveEdp') {
      saves.push(data as SaveEdpCall);
      return saveAnswer();
    }
    return jsonResponse(404, { error: { status: 'NOT_FOUND', message: 'no' } });
  });
  return saves;
}

/** What the shell's global spinner would show. */
function LoadingProbe() {
  return <output aria-label="cargando">{String(useIsLoading())}</output>;
}

function renderEditor() {
  return renderWithApp(
    <>
      <ProjectEdp />
      <LoadingProbe />
    </>,
    {
      path: '/projects/p-1/edp',
      routePath: '/projects/:id/edp',
      session: buildSession({ id: 'user-1' }),
      queryClient: createQueryClient(),
    },
  );
}

function toolbarButton(name: string) {
  return within(screen.getByRole('toolbar', { name: 'Herramientas del EDP' })).getByRole('button', {
    name,
  });
}

function rowOf(code: string): HTMLElement {
  const cell = screen.getByText(code, { exact: true });
  const row = cell.closest('tr');
  if (!row) throw new Error(`sin fila para ${code}`);
  return row;
}

async function confirm() {
  const dialog = await screen.findByRole('alertdialog', { name: '¿Estás seguro?' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Si, estoy seguro' }));
  // the rest of the page is hidden from the accessibility tree until the dialog has gone
  await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
}

describe('EDP editor', () => {
  afterEach(() => {
    useProjectStore.setState({ currentProject: null, userId: null });
  });

  it('shows the project name, the tree expanded, and selects a row by clicking it', async () => {
    stubServer(() => jsonResponse(500, {}));
    renderEditor();
    expect(await screen.findByRole('heading', { level: 1, name: 'Hospital de Talca' })).toBeTruthy();
    expect(screen.getByText('HT.1.1')).toBeTruthy();
    expect(rowOf('HT.1.1').getAttribute('aria-level')).toBe('3');
    await userEvent.click(rowOf('HT.2'));
    expect(rowOf('HT.2').getAttribute('aria-selected')).toBe('true');
    expect(rowOf('HT').getAttribute('aria-selected')).toBe('false');
    expect(screen.queryByText('Cambios sin grabar')).toBeNull();
  });

  it('moves between rows with the arrows, closes and opens with left and right, edits with Enter', async () => {
    stubServer(() => jsonResponse(500, {}));
    renderEditor();
    await screen.findByText('HT.1.1');
    expect(rowOf('HT').tabIndex).toBe(0);
    expect(rowOf('HT.1').tabIndex).toBe(-1);
    rowOf('HT').focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(rowOf('HT.1'));
    expect(rowOf('HT.1').getAttribute('aria-selected')).toBe('true');
    await userEvent.keyboard('{ArrowLeft}');
    await waitFor(() => expect(screen.queryByText('HT.1.1')).toBeNull());
    expect(rowOf('HT.1').getAttribute('aria-expanded')).toBe('false');
    rowOf('HT.1').focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(await screen.findByText('HT.1.1')).toBeTruthy();
    rowOf('HT.1').focus();
    await userEvent.keyboard('{Enter}');
    expect((screen.getByRole('textbox', { name: 'Código del ítem 2' }) as HTMLInputElement).value).toBe('HT.1');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('textbox', { name: 'Código del ítem 2' })).toBeNull();
  });

  it('adds an item with a suggested code, shows the row errors, and marks the EDP as unsaved', async () => {
    stubServer(() => jsonResponse(500, {}));
    renderEditor();
    await screen.findByText('HT.1.1');
    await userEvent.click(rowOf('HT.1.1'));
    await userEvent.click(toolbarButton('Agregar Item'));
    const code = screen.getByRole('textbox', { name: 'Código del ítem 5' });
    const name = screen.getByRole('textbox', { name: 'Nombre del ítem 5' });
    expect((code as HTMLInputElement).value).toBe('HT.1.2');
    expect((name as HTMLInputElement).value).toBe('Nuevo ítem');
    expect(screen.getByText('Cambios sin grabar')).toBeTruthy();

    await userEvent.clear(code);
    await userEvent.type(code, 'ht.2');
    await userEvent.clear(name);
    await userEvent.click(toolbarButton('Grabar'));
    expect(screen.getByText('El código HT.2 ya existe (ítem 4)')).toBeTruthy();
    expect(screen.getByText('El nombre es obligatorio')).toBeTruthy();
    expect(code.getAttribute('aria-invalid')).toBe('true');

    await userEvent.clear(code);
    await userEvent.type(code, 'HT.1.2');
    await userEvent.type(name, 'Recuperación{Enter}');
    expect(screen.queryByRole('textbox', { name: 'Código del ítem 5' })).toBeNull();
    expect(rowOf('HT.1.2').textContent).toContain('Recuperación');
    expect(rowOf('HT.1.2').getAttribute('aria-level')).toBe('3');
  });

  it('saves after confirming, with the loaded version, and clears the unsaved mark', async () => {
    const saves = stubServer(() =>
      jsonResponse(200, {
        result: {
          edp: { items: loadedProject().edp.items.filter((item) => item.id !== 4), version: 8 },
          message: 'EDP grabado: 3 ítems',
        },
      }),
    );
    renderEditor();
    await screen.findByText('HT.2');
    await userEvent.click(rowOf('HT.2'));
    await userEvent.click(toolbarButton('Eliminar Item'));
    expect(
      await screen.findByText('Se eliminarán 1 ítem y 1 tarea del Gantt con sus vínculos.', { exact: true }),
    ).toBeTruthy();
    await confirm();
    expect(screen.queryByText('HT.2')).toBeNull();
    await userEvent.click(toolbarButton('Grabar EDP'));
    const dialog = await screen.findByRole('alertdialog');
    expect(
      within(dialog).getByText('Al grabar se eliminarán estos ítems con lo que tienen en el EDC y en el Gantt:'),
    ).toBeTruthy();
    expect(within(dialog).getByRole('listitem').textContent).toBe(
      'HT.2 Urgencia: 1 ítem y 1 tarea del Gantt con sus vínculos',
    );
    expect(within(dialog).getByText('Entre ellas se pierde 1 vínculo del Gantt.')).toBeTruthy();
    expect(within(dialog).getByText('¿Estás seguro de modificar los datos?')).toBeTruthy();
    await confirm();
    expect(await screen.findByText('EDP grabado: 3 ítems')).toBeTruthy();
    expect(saves).toEqual([
      {
        id: 'p-1',
        edp: {
          version: 7,
          // issue 16: every item goes with its price fields, null when not set
          items: [
            { id: 1, code: 'HT', name: 'Hospital de Talca', ...unpriced },
            { id: 2, parentId: 1, code: 'HT.1', name: 'Pabellones', ...unpriced },
            { id: 3, parentId: 2, code: 'HT.1.1', name: 'Quirófano', ...unpriced },
          ],
        },
      },
    ]);
    await waitFor(() => expect(screen.queryByText('Cambios sin grabar')).toBeNull());
  });

  it('asks before deleting any item, with the items, EDC rows and Gantt tasks of its subtree', async () => {
    stubServer(() => jsonResponse(500, {}));
    renderEditor();
    await screen.findByText('HT.1');
    await userEvent.click(rowOf('HT.1'));
    await userEvent.click(toolbarButton('Eliminar Item'));
    const dialog = await screen.findByRole('alertdialog', { name: '¿Estás seguro?' });
    expect(
      within(dialog).getByText(
        'Se eliminarán 2 ítems, 13 componentes del EDC y 14 tareas del Gantt con sus vínculos.',
        { exact: true },
      ),
    ).toBeTruthy();
    expect(within(dialog).getByText('HT.1 Pabellones y todo lo que está bajo él')).toBeTruthy();
    expect(within(dialog).getByText('Entre ellas se pierden 3 vínculos del Gantt.')).toBeTruthy();
    expect(within(dialog).getByText("Hasta que grabes el EDP, 'Deshacer' lo trae de vuelta.")).toBeTruthy();
    await confirm();
    await waitFor(() => expect(screen.queryByText('HT.1.1')).toBeNull());
    await userEvent.click(rowOf('HT'));
    expect((toolbarButton('Eliminar Item') as HTMLButtonElement).disabled).toBe(true);
  });

  it('is usable while the usage is still loading (no global spinner); a deletion question waits for it', async () => {
    let answerUsage = () => {};
    stubServer(
      () => jsonResponse(500, {}),
      new Promise<void>((resolve) => {
        answerUsage = resolve;
      }),
    );
    renderEditor();
    await screen.findByText('HT.1');
    await waitFor(() => expect(screen.getByRole('status', { name: 'cargando' }).textContent).toBe('false'));
    await userEvent.click(rowOf('HT.1'));
    await userEvent.click(toolbarButton('Eliminar Item'));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByRole('status', { name: 'cargando' }).textContent).toBe('false');
    act(() => answerUsage());
    const dialog = await screen.findByRole('alertdialog', { name: '¿Estás seguro?' });
    expect(
      within(dialog).getByText(
        'Se eliminarán 2 ítems, 13 componentes del EDC y 14 tareas del Gantt con sus vínculos.',
        { exact: true },
      ),
    ).toBeTruthy();
  });

  it("cancelling a deletion keeps the item; 'Deshacer' brings a deleted one back, then has nothing left", async () => {
    stubServer(() => jsonResponse(500, {}));
    renderEditor();
    await screen.findByText('HT.1.1');
    expect((toolbarButton('Deshacer') as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(rowOf('HT.1.1'));
    await userEvent.click(toolbarButton('Eliminar Item'));
    const dialog = await screen.findByRole('alertdialog');
    expect(
      within(dialog).getByText('Se eliminarán 1 ítem, 13 componentes del EDC y 14 tareas del Gantt con sus vínculos.'),
    ).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.getByText('HT.1.1')).toBeTruthy();

    await userEvent.click(toolbarButton('Eliminar Item'));
    await confirm();
    await waitFor(() => expect(screen.queryByText('HT.1.1')).toBeNull());
    expect(screen.getByText('Cambios sin grabar')).toBeTruthy();
    await userEvent.click(toolbarButton('Deshacer'));
    expect(await screen.findByText('HT.1.1')).toBeTruthy();
    expect(rowOf('HT.1.1').getAttribute('aria-selected')).toBe('true');
    expect(screen.queryByText('Cambios sin grabar')).toBeNull();
    expect((toolbarButton('Deshacer') as HTMLButtonElement).disabled).toBe(true);
  });

  it('undoes with Ctrl+Z on a row, not in a text field', async () => {
    stubServer(() => jsonResponse(500, {}));
    renderEditor();
    await screen.findByText('HT.2');
    await userEvent.click(rowOf('HT.2'));
    await userEvent.click(toolbarButton('Indentar'));
    await waitFor(() => expect(rowOf('HT.2').getAttribute('aria-level')).toBe('3'));
    await userEvent.type(screen.getByRole('textbox', { name: 'Buscar código o nombre' }), '{Control>}z{/Control}');
    expect(rowOf('HT.2').getAttribute('aria-level')).toBe('3');
    rowOf('HT.2').focus();
    await userEvent.keyboard('{Control>}z{/Control}');
    await waitFor(() => expect(rowOf('HT.2').getAttribute('aria-level')).toBe('2'));
    expect(document.activeElement).toBe(rowOf('HT.2'));
  });

  it("renumbers the selected item's subtree by position after asking, and says when there is nothing to do", async () => {
    stubServer(() => jsonResponse(500, {}));
    renderEditor();
    await screen.findByText('HT.2');
    // HT.2 indented under HT.1 keeps its code
    await userEvent.click(rowOf('HT.2'));
    await userEvent.click(toolbarButton('Indentar'));
    await userEvent.click(rowOf('HT.1'));
    await userEvent.click(toolbarButton('Renumerar códigos'));
    const dialog = await screen.findByRole('alertdialog');
    expect(
      within(dialog).getByText(
        'Se cambiará 1 código bajo HT.1 Pabellones: cada ítem tendrá el código de su padre, un punto y su posición entre sus hermanos.',
      ),
    ).toBeTruthy();
    await confirm();
    expect(await screen.findByText('HT.1.2')).toBeTruthy();
    expect(screen.queryByText('HT.2')).toBeNull();
    expect(rowOf('HT.1.2').textContent).toContain('Urgencia');

    await userEvent.click(toolbarButton('Renumerar códigos'));
    expect(
      await screen.findByText('Los códigos bajo HT.1 Pabellones ya siguen su posición: no hay nada que renumerar.'),
    ).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await userEvent.click(toolbarButton('Deshacer'));
    expect(await screen.findByText('HT.2')).toBeTruthy();
  });

  it('keeps the focus in the grid after Enter or Escape in a row, and shows a refused row where it is', async () => {
    stubServer(() => jsonResponse(500, {}));
    renderEditor();
    await screen.findByText('HT.2');
    await userEvent.dblClick(rowOf('HT.2'));
    await userEvent.type(screen.getByRole('textbox', { name: 'Nombre del ítem 4' }), ' norte{Enter}');
    expect(rowOf('HT.2').textContent).toContain('Urgencia norte');
    expect(document.activeElement).toBe(rowOf('HT.2'));

    await userEvent.keyboard('{Enter}');
    const code = screen.getByRole('textbox', { name: 'Código del ítem 4' });
    await userEvent.clear(code);
    await userEvent.type(code, 'ht.1{Enter}');
    expect(screen.getByText('El código HT.1 ya existe (ítem 2)')).toBeTruthy();
    expect(document.activeElement).toBe(code);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('textbox', { name: 'Código del ítem 4' })).toBeNull();
    expect(document.activeElement).toBe(rowOf('HT.2'));
  });

  it('keeps the local edits when the save is stale (ABORTED), with an alert and Recargar', async () => {
    stubServer(() => jsonResponse(409, { error: { status: 'ABORTED', message: EDP_STALE_MESSAGE } }));
    renderEditor();
    await screen.findByText('HT.2');
    await userEvent.dblClick(rowOf('HT.2'));
    const name = screen.getByRole('textbox', { name: 'Nombre del ítem 4' });
    await userEvent.clear(name);
    await userEvent.type(name, 'Urgencia adulto{Enter}');
    await userEvent.click(toolbarButton('Grabar EDP'));
    await confirm();
    // the error toast and the alert above the grid
    await waitFor(() => expect(screen.getAllByText(EDP_STALE_MESSAGE).length).toBeGreaterThanOrEqual(2));
    expect(rowOf('HT.2').textContent).toContain('Urgencia adulto');
    expect(screen.getByText('Cambios sin grabar')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Recargar' })).toBeTruthy();
  });

  it("takes a newer EDP from a refetch while untouched, and never over the user's edits", async () => {
    stubServer(() => jsonResponse(500, {}));
    const { queryClient } = renderEditor();
    await screen.findByText('HT.2');
    const newer = (version: number, name: string) => {
      const project = loadedProject();
      project.edp = {
        version,
        items: project.edp.items.map((item) => (item.id === 4 ? { ...item, name } : item)),
      };
      act(() => queryClient.setQueryData(projectQueryKey('p-1'), { project, message: 'Proyecto cargado' }));
    };
    newer(8, 'Urgencia de la colega');
    expect(await screen.findByText('Urgencia de la colega')).toBeTruthy();

    await userEvent.click(rowOf('HT.1.1'));
    await userEvent.click(toolbarButton('Eliminar Item'));
    await confirm();
    await waitFor(() => expect(screen.queryByText('HT.1.1')).toBeNull());
    newer(9, 'Otra versión');
    expect(screen.queryByText('Otra versión')).toBeNull();
    expect(screen.getByText('Cambios sin grabar')).toBeTruthy();
  });
});
