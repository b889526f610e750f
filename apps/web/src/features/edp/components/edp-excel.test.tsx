import type { LoadedEdp, LoadedProject } from '@cimiento/domain';
import { EDP_STALE_MESSAGE } from '@cimiento/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/react-query';
import { useProjectStore } from '@/lib/stores/project-store';
import { buildLoadedProject, buildSession, jsonResponse, renderWithApp } from '@/testing/test-utils';
import { ProjectEdp } from './project-edp';

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

const importedEdp: LoadedEdp = {
  items: [
    { id: 1, code: 'HT', name: 'Hospital de Talca' },
    { id: 2, parentId: 1, code: 'HT.1', name: 'Pabellones norte' },
    { id: 5, parentId: 1, code: 'HT.3', name: 'Esterilización' },
  ],
  version: 8,
};

const cleanPreview = {
  rows: 3,
  errors: [],
  added: 1,
  renamed: 1,
  removed: 2,
  kept: 1,
  repriced: 0,
  removedEdcLists: 1,
};
const workbookBytes = new Uint8Array([80, 75, 3, 4, 20, 0]);
const workbookBase64 = btoa(String.fromCharCode(...workbookBytes));

type Call = { name: string; data: Record<string, unknown> };

/** loadProject, loadEdpUsage, exportEdp, importEdp (`importAnswer` for both runs) and saveEdp, recorded. */
function stubServer(options: { importAnswer?: (data: Record<string, unknown>) => Response } = {}) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const name = input.replace('/api/functions/', '');
    const { data } = JSON.parse(String(init?.body)) as { data: Record<string, unknown> };
    calls.push({ name, data });
    if (name === 'loadProject') {
      return jsonResponse(200, { result: { project: loadedProject(), message: 'Proyecto cargado' } });
    }
    if (name === 'loadEdpUsage') {
      return jsonResponse(200, {
        result: { usage: { items: [], crossLinks: [], currency: 'CLP' }, message: 'Uso del EDP cargado' },
      });
    }
    if (name === 'exportEdp') {
      return jsonResponse(200, {
        result: {
          fileName: 'EDP-HT.xlsx',
          mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          content: workbookBase64,
          message: 'EDP exportado a Excel',
        },
      });
    }
    if (name === 'importEdp') {
      if (options.importAnswer) return options.importAnswer(data);
      return jsonResponse(200, {
        result: data.dryRun
          ? { preview: cleanPreview, message: 'Archivo revisado' }
          : { preview: cleanPreview, edp: importedEdp, message: 'EDP importado: 3 ítems' },
      });
    }
    if (name === 'saveEdp') {
      const edp = data.edp as { items: Array<Record<string, unknown>> };
      // as the server answers: a price field not set is absent (the editor sends it as null)
      const items = edp.items.map((item) =>
        Object.fromEntries(Object.entries(item).filter(([, value]) => value !== null)),
      );
      return jsonResponse(200, { result: { edp: { items, version: 8 }, message: 'EDP grabado' } });
    }
    return jsonResponse(404, { error: { status: 'NOT_FOUND', message: 'no' } });
  });
  return calls;
}

function renderEditor() {
  return renderWithApp(<ProjectEdp />, {
    path: '/projects/p-1/edp',
    routePath: '/projects/:id/edp',
    session: buildSession({ id: 'user-1' }),
    queryClient: createQueryClient(),
  });
}

function toolbarButton(name: string) {
  return within(screen.getByRole('toolbar', { name: 'Herramientas del EDP' })).getByRole('button', { name });
}

async function openImport(user: ReturnType<typeof userEvent.setup>) {
  await screen.findByText('HT.1.1');
  await user.click(toolbarButton('Importar desde Excel'));
  return screen.findByRole('dialog', { name: 'Importar EDP desde Excel' });
}

async function pickWorkbook(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, name = 'EDP-HT.xlsx') {
  await user.upload(within(dialog).getByLabelText('Archivo Excel del EDP'), new File([workbookBytes], name));
}

describe("the EDP's Excel export and import", () => {
  let clicked: { href: string; download: string }[];

  beforeEach(() => {
    clicked = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:edp', revokeObjectURL: () => {} }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });
  });

  afterEach(() => {
    vi.restoreAllMocks();
    useProjectStore.setState({ currentProject: null, userId: null });
  });

  it("'Exportar a Excel' asks the server for the workbook and downloads it under its name", async () => {
    const user = userEvent.setup();
    const calls = stubServer();
    renderEditor();
    await screen.findByText('HT.1.1');
    await user.click(toolbarButton('Exportar a Excel'));
    await waitFor(() => expect(clicked).toEqual([{ href: 'blob:edp', download: 'EDP-HT.xlsx' }]));
    expect(calls.filter((call) => call.name === 'exportEdp').map((call) => call.data)).toEqual([{ id: 'p-1' }]);
    expect(await screen.findByText('EDP exportado a Excel')).toBeTruthy();
  });

  it('with unsaved edits, says the workbook holds the saved EDP before exporting', async () => {
    const user = userEvent.setup();
    const calls = stubServer();
    renderEditor();
    await screen.findByText('HT.1.1');
    await user.click(toolbarButton('Agregar Item'));
    await user.click(toolbarButton('Grabar'));
    await user.click(toolbarButton('Exportar a Excel'));
    const question = await screen.findByRole('alertdialog', { name: '¿Estás seguro?' });
    expect(within(question).getByText(/el Excel tendrá el EDP grabado, sin esos cambios/)).toBeTruthy();
    expect(calls.some((call) => call.name === 'exportEdp')).toBe(false);
    await user.click(within(question).getByRole('button', { name: 'Si, estoy seguro' }));
    await waitFor(() => expect(clicked).toHaveLength(1));
  });

  it('refuses a file that is not .xlsx before sending it', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const calls = stubServer();
    renderEditor();
    const dialog = await openImport(user);
    await pickWorkbook(user, dialog, 'EDP-HT.xls');
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'El archivo EDP-HT.xls no es un libro de Excel (.xlsx). Elige un .xlsx.',
    );
    expect(calls.some((call) => call.name === 'importEdp')).toBe(false);
  });

  it('says how many items change their price (issue 16), only when some do', async () => {
    const user = userEvent.setup();
    stubServer({
      importAnswer: (data) =>
        jsonResponse(200, {
          result: data.dryRun
            ? { preview: { ...cleanPreview, kept: 0, repriced: 2 }, message: 'Archivo revisado' }
            : { preview: cleanPreview, edp: importedEdp, message: 'EDP importado: 3 ítems' },
        }),
    });
    renderEditor();
    const dialog = await openImport(user);
    await pickWorkbook(user, dialog);
    expect(
      await within(dialog).findByText('Cambia el precio (Unidad, Cantidad o Precio unitario) de 2 ítems.'),
    ).toBeTruthy();
  });

  it('previews the counts and the EDC lost, asks with the counts, replaces the EDP and shows it', async () => {
    const user = userEvent.setup();
    const calls = stubServer();
    renderEditor();
    const dialog = await openImport(user);
    await pickWorkbook(user, dialog);
    expect(
      await within(dialog).findByText('Ítems agregados: 1 · renombrados: 1 · eliminados: 2 · sin cambios: 1'),
    ).toBeTruthy();
    expect(within(dialog).queryByText(/Cambia el precio/)).toBeNull();
    expect(
      within(dialog).getByText(
        'Se perderá 1 lista EDC de los ítems eliminados, con las tareas del Gantt que salen de ella.',
      ),
    ).toBeTruthy();
    expect(calls.filter((call) => call.name === 'importEdp').map((call) => call.data)).toEqual([
      { id: 'p-1', content: workbookBase64, version: 7, dryRun: true },
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Reemplazar EDP' }));
    const question = await screen.findByRole('alertdialog', { name: '¿Estás seguro?' });
    expect(
      within(question).getByText(
        'Se reemplazará el EDP grabado por el del archivo (ítems agregados: 1, renombrados: 1, eliminados: 2, sin cambios: 1).',
      ),
    ).toBeTruthy();
    expect(within(question).getByText('Se perderá 1 lista EDC de los ítems eliminados.')).toBeTruthy();
    await user.click(within(question).getByRole('button', { name: 'Si, estoy seguro' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Importar EDP desde Excel' })).toBeNull());
    expect(calls.filter((call) => call.name === 'importEdp').at(-1)?.data).toEqual({
      id: 'p-1',
      content: workbookBase64,
      version: 7,
      dryRun: false,
    });
    expect(await screen.findByText('HT.3')).toBeTruthy();
    expect(screen.getByText('Pabellones norte')).toBeTruthy();
    expect(screen.queryByText('HT.1.1')).toBeNull();
    expect(screen.queryByText('Cambios sin grabar')).toBeNull();
    expect(screen.getByText('EDP importado: 3 ítems')).toBeTruthy();
  });

  it("lists the row errors and keeps 'Reemplazar EDP' off", async () => {
    const user = userEvent.setup();
    stubServer({
      importAnswer: () =>
        jsonResponse(200, {
          result: {
            preview: {
              ...cleanPreview,
              errors: [
                { row: 12, field: 'Código', message: 'Fila 12: el código HRT.1.3 está repetido' },
                { row: 14, field: 'Nivel', message: 'Fila 14: el nivel debe ser un número entero de 0 o más' },
              ],
            },
            message: 'Archivo revisado',
          },
        }),
    });
    renderEditor();
    const dialog = await openImport(user);
    await pickWorkbook(user, dialog);
    const errors = await within(dialog).findByRole('list', { name: 'Errores del archivo' });
    expect(
      within(errors)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Fila 12: el código HRT.1.3 está repetido', 'Fila 14: el nivel debe ser un número entero de 0 o más']);
    expect(within(dialog).getByText(/El archivo tiene 2 errores/)).toBeTruthy();
    expect(within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Reemplazar EDP' }).disabled).toBe(true);
  });

  it('a stale version closes the dialog and shows the reload message', async () => {
    const user = userEvent.setup();
    stubServer({
      importAnswer: (data) =>
        data.dryRun
          ? jsonResponse(200, { result: { preview: cleanPreview, message: 'Archivo revisado' } })
          : jsonResponse(409, { error: { status: 'ABORTED', message: EDP_STALE_MESSAGE } }),
    });
    renderEditor();
    const dialog = await openImport(user);
    await pickWorkbook(user, dialog);
    await within(dialog).findByText('Ítems agregados: 1 · renombrados: 1 · eliminados: 2 · sin cambios: 1');
    await user.click(within(dialog).getByRole('button', { name: 'Reemplazar EDP' }));
    const question = await screen.findByRole('alertdialog', { name: '¿Estás seguro?' });
    await user.click(within(question).getByRole('button', { name: 'Si, estoy seguro' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Importar EDP desde Excel' })).toBeNull());
    expect(await screen.findByText(EDP_STALE_MESSAGE)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Recargar' })).toBeTruthy();
    expect(screen.getByText('HT.1.1')).toBeTruthy();
  });

  it('with unsaved edits asks first: discarding drops them and opens the import', async () => {
    const user = userEvent.setup();
    stubServer();
    renderEditor();
    await screen.findByText('HT.1.1');
    await user.click(toolbarButton('Agregar Item'));
    await user.click(toolbarButton('Grabar'));
    expect(screen.getByText('Cambios sin grabar')).toBeTruthy();
    await user.click(toolbarButton('Importar desde Excel'));
    const question = await screen.findByRole('alertdialog', { name: 'Cambios sin grabar' });
    expect(within(question).getByText(/graba o descarta tus cambios antes de importar/)).toBeTruthy();
    await user.click(within(question).getByRole('button', { name: 'Descartar cambios' }));
    expect(await screen.findByRole('dialog', { name: 'Importar EDP desde Excel' })).toBeTruthy();
    expect(screen.queryByText('Nuevo ítem')).toBeNull();
    expect(screen.queryByText('Cambios sin grabar')).toBeNull();
  });

  it('with unsaved edits asks first: saving them goes through Grabar EDP and then opens the import', async () => {
    const user = userEvent.setup();
    const calls = stubServer();
    renderEditor();
    await screen.findByText('HT.1.1');
    await user.click(toolbarButton('Agregar Item'));
    await user.click(toolbarButton('Importar desde Excel'));
    const question = await screen.findByRole('alertdialog', { name: 'Cambios sin grabar' });
    await user.click(within(question).getByRole('button', { name: 'Grabar EDP' }));
    const confirmSave = await screen.findByRole('alertdialog', { name: '¿Estás seguro?' });
    await user.click(within(confirmSave).getByRole('button', { name: 'Si, estoy seguro' }));
    const dialog = await screen.findByRole('dialog', { name: 'Importar EDP desde Excel' });
    expect(calls.filter((call) => call.name === 'saveEdp')).toHaveLength(1);
    await pickWorkbook(user, dialog);
    await within(dialog).findByText('Ítems agregados: 1 · renombrados: 1 · eliminados: 2 · sin cambios: 1');
    // the import goes on the version the save answered
    expect(calls.filter((call) => call.name === 'importEdp').at(-1)?.data).toMatchObject({ version: 8 });
  });
});
