import type { GanttOutput, GanttTask } from '@cimiento/domain';
import { GANTT_STALE_MESSAGE } from '@cimiento/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/react-query';
import { buildLoadedProject, buildSession, jsonResponse, renderWithApp } from '@/testing/test-utils';
import { ProjectGantt } from '../screen/gantt-screen';

// the SVAR chart needs a real layout; these tests are about the toolbar, the dialogs and the calls
vi.mock('../chart/gantt-chart', async () => {
  const { forwardRef } = await import('react');
  return { GanttChart: forwardRef(() => <div data-testid="gantt-chart" />) };
});

function task(overrides: Partial<GanttTask> & Pick<GanttTask, 'TaskID' | 'TaskCode' | 'TaskName'>): GanttTask {
  return {
    StartDate: '2026-03-02',
    StartNoEarlierThan: '2026-03-02',
    EndDate: '2026-03-06',
    Duration: 5,
    Progress: 0,
    Predecessor: '',
    totalFloat: 0,
    critical: true,
    isSummary: false,
    ...overrides,
  };
}

/** OG (summary) with Excavación (5 d) then Fundaciones (5 d, 2FS): 2–13 March 2026. */
function gantt(overrides: Partial<GanttOutput> = {}): GanttOutput {
  return {
    activities: [
      task({
        TaskID: 1,
        TaskCode: 'OG',
        TaskName: 'Obra gruesa',
        EndDate: '2026-03-13',
        Duration: 10,
        isSummary: true,
      }),
      task({ TaskID: 2, TaskCode: 'OG.1', TaskName: 'Excavación', ParentId: 1 }),
      task({
        TaskID: 3,
        TaskCode: 'OG.2',
        TaskName: 'Fundaciones',
        ParentId: 1,
        StartDate: '2026-03-09',
        EndDate: '2026-03-13',
        Predecessor: '2FS',
      }),
    ],
    version: 4,
    calendar: {
      workWeek: 'mon-fri',
      firstYear: 2026,
      holidays: [],
      workingWeekdays: [1, 2, 3, 4, 5],
      chileHolidays: false,
      exceptions: [],
    },
    projectStart: '2026-03-02',
    projectFinish: '2026-03-13',
    sequencing: 'none',
    message: 'Gantt cargado',
    ...overrides,
  };
}

/** The Gantt after importing a workbook where Excavación lasts 8 days: Fundaciones moves to 12–18 March. */
function importedGantt(): GanttOutput {
  const base = gantt({ version: 5, projectFinish: '2026-03-18' });
  return {
    ...base,
    activities: base.activities.map((activity) =>
      activity.TaskID === 2
        ? { ...activity, Duration: 8, EndDate: '2026-03-11' }
        : activity.TaskID === 3
          ? { ...activity, StartDate: '2026-03-12', EndDate: '2026-03-18' }
          : activity.TaskID === 1
            ? { ...activity, EndDate: '2026-03-18', Duration: 13 }
            : activity,
    ),
  };
}

type Call = { name: string; data: Record<string, unknown> };
type Answer = (data: Record<string, unknown>) => Response;

function stubServer(answers: Record<string, Answer> = {}) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const { data } = JSON.parse(String(init?.body)) as { data: Record<string, unknown> };
    const name = input.replace('/api/functions/', '');
    calls.push({ name, data });
    const answer = answers[name];
    if (answer) return answer(data);
    if (name === 'loadProject') {
      return jsonResponse(200, { result: { project: buildLoadedProject(), message: 'Proyecto cargado' } });
    }
    if (name === 'loadGantt') return jsonResponse(200, { result: gantt() });
    return jsonResponse(500, { error: { status: 'INTERNAL', message: 'sin respuesta' } });
  });
  return calls;
}

/** Every Blob handed to the browser as a download, with the link's file name. */
function captureDownloads() {
  const downloads: { blob: Blob; fileName: string }[] = [];
  const blobs = new Map<string, Blob>();
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        const url = `blob:test/${blobs.size}`;
        blobs.set(url, blob);
        return url;
      },
      revokeObjectURL: () => undefined,
    }),
  );
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.href);
    if (blob) downloads.push({ blob, fileName: this.download });
  });
  return downloads;
}

function renderGantt() {
  return renderWithApp(<ProjectGantt />, {
    path: '/projects/p-1/gantt',
    routePath: '/projects/:id/gantt',
    session: buildSession({ id: 'user-1' }),
    queryClient: createQueryClient(),
  });
}

const callsTo = (calls: Call[], name: string) => calls.filter((call) => call.name === name);

async function openExport(item: 'MS Project (XML)' | 'Excel') {
  await userEvent.click(screen.getByRole('button', { name: 'Exportar' }));
  await userEvent.click(await screen.findByRole('menuitem', { name: item }));
}

/** An unsaved edit: 'Calendario' → Saturday ticked → 'Aplicar'. */
async function editCalendar() {
  await userEvent.click(screen.getByRole('button', { name: 'Calendario' }));
  const dialog = await screen.findByRole('dialog', { name: 'Calendario del proyecto' });
  await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Sábado' }));
  await userEvent.click(within(dialog).getByRole('button', { name: 'Aplicar' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(await screen.findByText('Cambios sin grabar')).toBeTruthy();
}

const workbookBytes = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0xff, 0x00, 0x7f]);
const workbookBase64 = btoa(String.fromCharCode(...workbookBytes));
const xlsxType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const exported = {
  xlsx: { fileName: 'gantt-PRJ-1.xlsx', mimeType: xlsxType, content: workbookBase64, message: 'Gantt exportado' },
  mspdi: {
    fileName: 'gantt-PRJ-1.xml',
    mimeType: 'application/xml',
    content: '<?xml version="1.0"?><Project xmlns="http://schemas.microsoft.com/project"/>',
    message: 'Gantt exportado',
  },
};

const exportAnswer: Answer = (data) => jsonResponse(200, { result: exported[data.format as 'xlsx' | 'mspdi'] });

/** A Blob's bytes (jsdom's Blob has no arrayBuffer(): FileReader reads it). */
function bytesOf(blob: Blob): Promise<number[]> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve([...new Uint8Array(reader.result as ArrayBuffer)]);
    reader.onerror = () => reject(reader.error ?? new Error('no se pudo leer'));
    reader.readAsArrayBuffer(blob);
  });
}

describe('Exportar → MS Project (XML) and Excel (issue 14)', () => {
  it('offers them next to PDF and PNG', async () => {
    stubServer();
    renderGantt();
    await userEvent.click(await screen.findByRole('button', { name: 'Exportar' }));
    const items = (await screen.findAllByRole('menuitem')).map((item) => item.textContent);
    expect(items).toEqual([
      'PDF A4 horizontal',
      'PDF A3 horizontal',
      'Programa a 3 semanas',
      'Imagen PNG (vista actual)',
      'MS Project (XML)',
      'Excel',
    ]);
  });

  it('downloads the server’s workbook (base64 decoded) and XML text under the server’s file names', async () => {
    const calls = stubServer({ exportGantt: exportAnswer });
    const downloads = captureDownloads();
    renderGantt();
    await screen.findByRole('toolbar', { name: 'Herramientas del Gantt' });
    await openExport('Excel');
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0]?.fileName).toBe('gantt-PRJ-1.xlsx');
    expect(downloads[0]?.blob.type).toBe(xlsxType);
    expect(await bytesOf(downloads[0]!.blob)).toEqual([...workbookBytes]);

    await openExport('MS Project (XML)');
    await waitFor(() => expect(downloads).toHaveLength(2));
    expect(downloads[1]?.fileName).toBe('gantt-PRJ-1.xml');
    expect(new TextDecoder().decode(new Uint8Array(await bytesOf(downloads[1]!.blob)))).toBe(exported.mspdi.content);
    expect(callsTo(calls, 'exportGantt').map((call) => call.data)).toEqual([
      { id: 'p-1', format: 'xlsx' },
      { id: 'p-1', format: 'mspdi' },
    ]);
    expect(callsTo(calls, 'saveGantt')).toEqual([]);
  });

  it('with unsaved edits says the saved Gantt is exported: Exportar igual exports without saving', async () => {
    const calls = stubServer({ exportGantt: exportAnswer });
    const downloads = captureDownloads();
    renderGantt();
    await screen.findByRole('toolbar', { name: 'Herramientas del Gantt' });
    await editCalendar();
    await openExport('Excel');
    const question = await screen.findByRole('alertdialog', { name: 'Cambios sin grabar' });
    expect(question.textContent).toContain('Se exportará el Gantt grabado; tienes cambios sin grabar.');
    await userEvent.click(within(question).getByRole('button', { name: 'Exportar igual' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(callsTo(calls, 'saveGantt')).toEqual([]);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.getByText('Cambios sin grabar')).toBeTruthy();
  });

  it('Grabar y exportar saves the draft (with its calendar) first, then exports', async () => {
    const calls = stubServer({
      exportGantt: exportAnswer,
      saveGantt: () =>
        jsonResponse(200, {
          result: gantt({
            version: 5,
            message: 'Gantt grabado',
            calendar: { ...gantt().calendar, workWeek: 'mon-sat', workingWeekdays: [1, 2, 3, 4, 5, 6] },
          }),
        }),
    });
    const downloads = captureDownloads();
    renderGantt();
    await screen.findByRole('toolbar', { name: 'Herramientas del Gantt' });
    await editCalendar();
    await openExport('MS Project (XML)');
    const question = await screen.findByRole('alertdialog', { name: 'Cambios sin grabar' });
    await userEvent.click(within(question).getByRole('button', { name: 'Grabar y exportar' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    const order = calls.map((call) => call.name).filter((name) => name === 'saveGantt' || name === 'exportGantt');
    expect(order).toEqual(['saveGantt', 'exportGantt']);
    expect(callsTo(calls, 'saveGantt')[0]?.data).toMatchObject({
      version: 4,
      gantt: { calendar: { workingWeekdays: [1, 2, 3, 4, 5, 6], chileHolidays: false, exceptions: [] } },
    });
    await waitFor(() => expect(screen.queryByText('Cambios sin grabar')).toBeNull());
  });
});

const dryRunOk = {
  preview: { rows: 3, errors: [], updated: 1, added: 0, unchanged: 2 },
  message: 'Vista previa lista',
};

/** Picks `file` in the import dialog (the hidden input behind the drop zone). */
async function pick(file: File) {
  const dialog = await screen.findByRole('dialog', { name: 'Importar desde Excel' });
  await userEvent.upload(within(dialog).getByLabelText('Archivo Excel (.xlsx)'), file);
  return dialog;
}

const workbook = () => new File([workbookBytes], 'gantt-PRJ-1.xlsx', { type: xlsxType });

describe('Importar desde Excel (issue 14)', () => {
  it('previews the workbook (dry run with the loaded version), then imports and shows the new schedule', async () => {
    const calls = stubServer({
      importGantt: (data) =>
        data.dryRun
          ? jsonResponse(200, { result: dryRunOk })
          : jsonResponse(200, { result: { ...dryRunOk, gantt: importedGantt(), message: 'Gantt importado' } }),
    });
    renderGantt();
    await screen.findByRole('toolbar', { name: 'Herramientas del Gantt' });
    expect(screen.getByText(/Del 02-03-2026 al 13-03-2026/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Importar desde Excel' }));
    const dialog = await pick(workbook());
    const preview = await within(dialog).findByTestId('gantt-import-preview');
    expect(within(preview).getByTestId('gantt-import-updated').textContent).toBe('1');
    expect(within(preview).getByTestId('gantt-import-added').textContent).toBe('0');
    expect(within(preview).getByTestId('gantt-import-unchanged').textContent).toBe('2');
    expect(preview.textContent).toContain('Tareas actualizadas');
    expect(preview.textContent).toContain('Tareas nuevas');
    expect(preview.textContent).toContain('Sin cambios');
    expect(callsTo(calls, 'importGantt').map((call) => call.data)).toEqual([
      { id: 'p-1', format: 'xlsx', content: workbookBase64, version: 4, dryRun: true },
    ]);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Importar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo(calls, 'importGantt')[1]?.data).toEqual({
      id: 'p-1',
      format: 'xlsx',
      content: workbookBase64,
      version: 4,
      dryRun: false,
    });
    expect(await screen.findByText(/Del 02-03-2026 al 18-03-2026/)).toBeTruthy();
    expect(await screen.findByText('Gantt importado')).toBeTruthy();
    expect(screen.queryByText('Cambios sin grabar')).toBeNull();
  });

  it('lists the rows’ errors and imports nothing', async () => {
    const calls = stubServer({
      importGantt: () =>
        jsonResponse(200, {
          result: {
            preview: {
              rows: 3,
              updated: 1,
              added: 0,
              unchanged: 1,
              errors: [
                { row: 3, field: 'Duración', message: 'Fila 3: la duración debe ser un número entero de días hábiles' },
                { row: 4, field: 'Código', message: 'Fila 4: el código OG.1 está repetido' },
              ],
            },
            message: 'Vista previa lista',
          },
        }),
    });
    renderGantt();
    await screen.findByRole('toolbar', { name: 'Herramientas del Gantt' });
    await userEvent.click(screen.getByRole('button', { name: 'Importar desde Excel' }));
    const dialog = await pick(workbook());
    const errors = await within(dialog).findByTestId('gantt-import-errors');
    expect(
      within(errors)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Fila 3: la duración debe ser un número entero de días hábiles',
      'Fila 4: el código OG.1 está repetido',
    ]);
    expect(dialog.textContent).toContain('El archivo tiene 2 errores');
    expect(within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Importar' }).disabled).toBe(true);
    expect(callsTo(calls, 'importGantt')).toHaveLength(1);
  });

  it('refuses a file that is not .xlsx without calling the server', async () => {
    const calls = stubServer();
    renderGantt();
    await screen.findByRole('toolbar', { name: 'Herramientas del Gantt' });
    await userEvent.click(screen.getByRole('button', { name: 'Importar desde Excel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Importar desde Excel' });
    const input = within(dialog).getByLabelText<HTMLInputElement>('Archivo Excel (.xlsx)');
    // the picker filters by extension; a drop does not, so the dialog checks it too
    await userEvent.upload(input, new File(['a;b'], 'tareas.csv', { type: 'text/csv' }), { applyAccept: false });
    expect(
      await within(dialog).findByText(
        'El archivo tareas.csv no es un Excel (.xlsx): elige el archivo que descargaste con «Exportar» → «Excel».',
      ),
    ).toBeTruthy();
    expect(callsTo(calls, 'importGantt')).toEqual([]);
  });

  it('with unsaved edits asks first: Descartar cambios loads the saved Gantt, then opens the dialog', async () => {
    const calls = stubServer();
    renderGantt();
    await screen.findByRole('toolbar', { name: 'Herramientas del Gantt' });
    await editCalendar();
    await userEvent.click(screen.getByRole('button', { name: 'Importar desde Excel' }));
    const question = await screen.findByRole('alertdialog', { name: 'Cambios sin grabar' });
    expect(question.textContent).toContain('Antes de importar, grábalos o descártalos');
    await userEvent.click(within(question).getByRole('button', { name: 'Descartar cambios' }));
    expect(await screen.findByRole('dialog', { name: 'Importar desde Excel' })).toBeTruthy();
    expect(callsTo(calls, 'loadGantt')).toHaveLength(2);
    // the question's title goes with its closing; the chip went with the discarded edits
    await waitFor(() => expect(screen.queryByText('Cambios sin grabar')).toBeNull());
  });

  it('with unsaved edits, Grabar cambios saves them and imports on the saved version', async () => {
    const calls = stubServer({
      saveGantt: () => jsonResponse(200, { result: gantt({ version: 5, message: 'Gantt grabado' }) }),
      importGantt: () => jsonResponse(200, { result: dryRunOk }),
    });
    renderGantt();
    await screen.findByRole('toolbar', { name: 'Herramientas del Gantt' });
    await editCalendar();
    await userEvent.click(screen.getByRole('button', { name: 'Importar desde Excel' }));
    const question = await screen.findByRole('alertdialog', { name: 'Cambios sin grabar' });
    await userEvent.click(within(question).getByRole('button', { name: 'Grabar cambios' }));
    const dialog = await pick(workbook());
    await within(dialog).findByTestId('gantt-import-preview');
    expect(callsTo(calls, 'saveGantt')).toHaveLength(1);
    expect(callsTo(calls, 'importGantt')[0]?.data).toMatchObject({ version: 5, dryRun: true });
  });

  it('a stale version closes the dialog and offers Recargar, as a stale save does', async () => {
    stubServer({
      importGantt: (data) =>
        data.dryRun
          ? jsonResponse(200, { result: dryRunOk })
          : jsonResponse(409, { error: { status: 'ABORTED', message: GANTT_STALE_MESSAGE } }),
    });
    renderGantt();
    await screen.findByRole('toolbar', { name: 'Herramientas del Gantt' });
    await userEvent.click(screen.getByRole('button', { name: 'Importar desde Excel' }));
    const dialog = await pick(workbook());
    await within(dialog).findByTestId('gantt-import-preview');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Importar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((await screen.findAllByText(GANTT_STALE_MESSAGE)).length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Recargar' })).toBeTruthy();
  });
});
