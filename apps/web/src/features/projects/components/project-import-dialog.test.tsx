import type { Project } from '@cimiento/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useProjectStore } from '@/lib/stores/project-store';
import { buildSession, jsonResponse, renderWithApp } from '@/testing/test-utils';
import { ProjectImportDialog } from './project-import-dialog';

const xml = '<?xml version="1.0"?><Project xmlns="http://schemas.microsoft.com/project"><Name>Obra</Name></Project>';

type ImportCall = {
  format: string;
  fileName: string;
  content: string;
  code?: string;
  name?: string;
  chileHolidays?: boolean;
  dryRun?: boolean;
};

function preview(chileHolidays: boolean) {
  return {
    projectName: 'Edificio Los Aromos',
    taskCount: 42,
    summaryCount: 7,
    milestoneCount: 3,
    linkCount: 51,
    calendarName: 'Estándar',
    calendar: {
      workingWeekdays: [1, 2, 3, 4, 5],
      chileHolidays,
      exceptions: [
        { date: '2026-09-18', name: 'Fiestas Patrias', working: false },
        { date: '2026-09-19', name: 'Glorias del Ejército', working: false },
      ],
    },
    start: '2026-03-02',
    finish: chileHolidays ? '2026-10-20' : '2026-10-16',
  };
}

const project = {
  _id: 'p-9',
  id: 'p-9',
  name: 'Edificio Los Aromos',
  code: 'ALR',
} as Project;

/**
 * importProject answers the preview (a dry run) or `createAnswer`; checkProjectCode answers
 * 'available' unless the code is TAKEN. Every call is recorded.
 */
function stubServer(
  options: { dryRunAnswer?: () => Response; createAnswer?: () => Response; warnings?: string[] } = {},
) {
  const imports: ImportCall[] = [];
  const codeChecks: string[] = [];
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const { data } = JSON.parse(String(init?.body)) as { data: ImportCall & { code: string } };
    if (input === '/api/functions/importProject') {
      imports.push(data);
      const warnings = options.warnings ?? [
        'Recursos: no se traspasan (3 asignaciones)',
        'Restricción «Finalizar no antes del» en 2 tareas: 4 Losa, 9 Techumbre',
      ];
      if (data.dryRun) {
        if (options.dryRunAnswer) return options.dryRunAnswer();
        return jsonResponse(200, {
          result: { preview: preview(data.chileHolidays ?? false), warnings, message: 'Archivo analizado' },
        });
      }
      if (options.createAnswer) return options.createAnswer();
      return jsonResponse(200, {
        result: { project, preview: preview(false), warnings, message: 'Proyecto Edificio Los Aromos importado' },
      });
    }
    if (input === '/api/functions/checkProjectCode') {
      codeChecks.push(data.code);
      const available = data.code !== 'TAKEN';
      return jsonResponse(200, {
        result: {
          available,
          message: available ? `El código ${data.code} está disponible` : `El código ${data.code} ya existe`,
        },
      });
    }
    return jsonResponse(404, { error: { status: 'NOT_FOUND', message: 'no' } });
  });
  return { imports, codeChecks };
}

function renderDialog(onClose = vi.fn()) {
  const rendered = renderWithApp(<ProjectImportDialog onClose={onClose} />, {
    path: '/projects',
    session: buildSession({ id: 'user-1' }),
  });
  return { ...rendered, onClose };
}

function fileInput(): HTMLInputElement {
  return screen.getByLabelText('Archivo de MS Project (.xml) o de Primavera P6 (.xer o .xml)');
}

async function pickSample(user: ReturnType<typeof userEvent.setup>) {
  await user.upload(fileInput(), new File([xml], 'Obra.xml', { type: 'text/xml' }));
  await screen.findByRole('region', { name: 'Contenido del archivo' });
}

describe("'Importar programa (MS Project o Primavera P6)'", () => {
  afterEach(() => {
    useProjectStore.setState({ currentProject: null, userId: null });
  });

  it('refuses a file that is not .xml, and one over 20 MB, before sending anything', async () => {
    const { imports } = stubServer();
    renderDialog();
    // the picker's accept list would hide it; a drop brings any file
    fireEvent.drop(screen.getByTestId('import-file-zone'), {
      dataTransfer: { files: [new File(['x'], 'Obra.mpp')] },
    });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'El archivo Obra.mpp no es un .xml, .xer ni .pmxml. En MS Project guárdalo como «Formato XML» (.xml); en Primavera P6, expórtalo como XER (.xer) o XML. Luego elígelo de nuevo.',
    );
    const big = new File(['<Project/>'], 'Grande.xml', { type: 'text/xml' });
    Object.defineProperty(big, 'size', { value: 21 * 1024 * 1024 });
    fireEvent.change(fileInput(), { target: { files: [big] } });
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('El archivo Grande.xml pesa 21,0 MB: el máximo es 20 MB.'),
    );
    expect(imports).toEqual([]);
  });

  it('reads the file, runs the dry run and shows counts, calendar, dates and every warning; the name is prefilled', async () => {
    const user = userEvent.setup();
    const { imports } = stubServer();
    renderDialog();
    await pickSample(user);
    expect(imports).toEqual([
      { format: 'mspdi', fileName: 'Obra.xml', content: xml, chileHolidays: false, dryRun: true },
    ]);
    const contents = within(screen.getByRole('region', { name: 'Contenido del archivo' }));
    const pairs = [...contents.getAllByRole('term')].map((term) => [
      term.textContent,
      term.nextElementSibling?.textContent,
    ]);
    expect(pairs).toEqual([
      ['Tareas', '42'],
      ['Resúmenes', '7'],
      ['Hitos', '3'],
      ['Vínculos', '51'],
      ['Calendario', 'Estándar'],
      ['Días hábiles', 'lunes a viernes'],
      ['Excepciones', '2 excepciones'],
      ['Inicio', '02-03-2026'],
      ['Término', '16-10-2026'],
    ]);
    expect(screen.getByText('Lo que no se traspasa (2 avisos)')).toBeTruthy();
    const warnings = within(screen.getByRole('list', { name: 'Avisos de la importación' }));
    expect(warnings.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Recursos: no se traspasan (3 asignaciones)',
      'Restricción «Finalizar no antes del» en 2 tareas: 4 Losa, 9 Techumbre',
    ]);
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Nombre' }).value).toBe('Edificio Los Aromos');
    expect(
      screen.getByRole<HTMLInputElement>('checkbox', { name: 'Aplicar feriados nacionales de Chile' }).checked,
    ).toBe(false);
    // no code yet: nothing can be created
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Crear proyecto' }).disabled).toBe(true);
  });

  it("says when nothing is left out, and runs the dry run again with Chile's holidays when ticked", async () => {
    const user = userEvent.setup();
    const { imports } = stubServer({ warnings: [] });
    renderDialog();
    await pickSample(user);
    expect(screen.getByText('Todo el contenido del archivo se traspasa al proyecto.')).toBeTruthy();
    await user.click(screen.getByRole('checkbox', { name: 'Aplicar feriados nacionales de Chile' }));
    await screen.findByText('20-10-2026');
    expect(imports.map((call) => call.chileHolidays)).toEqual([false, true]);
    expect(imports.every((call) => call.dryRun === true)).toBe(true);
  });

  it('checks the code as it is typed and refuses a taken one', async () => {
    const user = userEvent.setup();
    const { codeChecks } = stubServer();
    renderDialog();
    await pickSample(user);
    const code = screen.getByRole('textbox', { name: 'Código' });
    await user.type(code, 'TAKEN');
    await screen.findByText('El código TAKEN ya existe');
    expect(codeChecks).toContain('TAKEN');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Crear proyecto' }).disabled).toBe(true);
    await user.clear(code);
    await user.type(code, 'A.B');
    expect(screen.getByText('No puede tener espacios ni puntos')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Crear proyecto' }).disabled).toBe(true);
  });

  it('creates the project with code, name and the holiday choice, selects it and opens its Gantt', async () => {
    const user = userEvent.setup();
    const { imports } = stubServer();
    const { router, onClose } = renderDialog();
    await pickSample(user);
    await user.click(screen.getByRole('checkbox', { name: 'Aplicar feriados nacionales de Chile' }));
    await screen.findByText('20-10-2026');
    await user.type(screen.getByRole('textbox', { name: 'Código' }), 'ALR');
    await screen.findByText('El código ALR está disponible');
    const name = screen.getByRole('textbox', { name: 'Nombre' });
    await user.clear(name);
    await user.type(name, 'Aromos etapa 1');
    await user.click(screen.getByRole('button', { name: 'Crear proyecto' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/projects/p-9/gantt'));
    expect(imports.at(-1)).toEqual({
      format: 'mspdi',
      fileName: 'Obra.xml',
      content: xml,
      code: 'ALR',
      name: 'Aromos etapa 1',
      chileHolidays: true,
      dryRun: false,
    });
    expect(onClose).toHaveBeenCalled();
    expect(useProjectStore.getState().currentProject).toEqual({ id: 'p-9', name: 'Edificio Los Aromos' });
    expect((await screen.findByRole('status', { hidden: true })).textContent).toContain(
      'Proyecto Edificio Los Aromos importado',
    );
  });

  it('shows a refusal of the import in the dialog and keeps what was entered', async () => {
    const user = userEvent.setup();
    stubServer({
      createAnswer: () =>
        jsonResponse(409, { error: { status: 'ALREADY_EXISTS', message: 'Ya existe un proyecto con el código ALR' } }),
    });
    const { router, onClose } = renderDialog();
    await pickSample(user);
    await user.type(screen.getByRole('textbox', { name: 'Código' }), 'ALR');
    await screen.findByText('El código ALR está disponible');
    await user.click(screen.getByRole('button', { name: 'Crear proyecto' }));
    expect(await screen.findByText('Ya existe un proyecto con el código ALR')).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Código' }).value).toBe('ALR');
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Nombre' }).value).toBe('Edificio Los Aromos');
    expect(screen.getByRole('region', { name: 'Contenido del archivo' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/projects');
    expect(onClose).not.toHaveBeenCalled();
  });

  it("shows the server's refusal of a file and offers to pick another", async () => {
    const user = userEvent.setup();
    stubServer({
      dryRunAnswer: () =>
        jsonResponse(400, {
          error: { status: 'INVALID_ARGUMENT', message: 'El archivo no es un XML de MS Project: falta <Project>' },
        }),
    });
    renderDialog();
    await user.upload(fileInput(), new File(['<Otro/>'], 'Otro.xml', { type: 'text/xml' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'El archivo no es un XML de MS Project: falta <Project>',
    );
    expect(screen.queryByRole('region', { name: 'Contenido del archivo' })).toBeNull();
    expect(fileInput()).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Crear proyecto' }).disabled).toBe(true);
  });

  it("sends a P6 .xer as base64, lets the user choose the file's project and code page, and imports that one", async () => {
    const user = userEvent.setup();
    const imports: (ImportCall & { projectId?: string; codePage?: string })[] = [];
    const projects = [
      { id: '4517', shortName: '935', name: 'Caminos', isExternal: true, activityCount: 3 },
      { id: '4533', shortName: '10001', name: 'Post LOS Schedule', isExternal: false, activityCount: 692 },
    ];
    vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
      const { data } = JSON.parse(String(init?.body)) as {
        data: ImportCall & { projectId?: string; codePage?: string; code: string };
      };
      if (input === '/api/functions/checkProjectCode')
        return jsonResponse(200, { result: { available: true, message: `El código ${data.code} está disponible` } });
      imports.push(data);
      const projectId = data.projectId ?? '4533';
      const answer = {
        ...preview(false),
        projectName: projects.find((candidate) => candidate.id === projectId)?.name ?? '',
        projects,
        projectId,
        encoding: data.codePage ?? 'windows-1252',
      };
      if (data.dryRun)
        return jsonResponse(200, { result: { preview: answer, warnings: [], message: 'Archivo leído' } });
      return jsonResponse(200, { result: { project, preview: answer, warnings: [], message: 'Proyecto importado' } });
    });
    const { router } = renderDialog();
    // CP1252 bytes (“Obra” in curly quotes) that are not UTF-8
    const bytes = new Uint8Array([0x45, 0x52, 0x4d, 0x48, 0x44, 0x52, 0x09, 0x93, 0x4f, 0x62, 0x72, 0x61, 0x94]);
    await user.upload(fileInput(), new File([bytes], 'Programa.XER'));
    await screen.findByRole('region', { name: 'Contenido del archivo' });
    expect(imports[0]).toEqual({
      format: 'xer',
      fileName: 'Programa.XER',
      content: btoa(String.fromCharCode(...bytes)),
      chileHolidays: false,
      dryRun: true,
    });
    expect(screen.getByRole('combobox', { name: 'Proyecto del archivo' }).textContent).toBe(
      '10001 · Post LOS Schedule (692 actividades)',
    );
    expect(screen.getByText('El archivo tiene 2 proyectos: elige cuál importar.')).toBeTruthy();
    await user.click(screen.getByRole('combobox', { name: 'Proyecto del archivo' }));
    await user.click(screen.getByRole('option', { name: '935 · Caminos (3 actividades; externo)' }));
    await waitFor(() => expect(imports.at(-1)).toMatchObject({ dryRun: true, projectId: '4517' }));
    // the name follows the chosen project's until the user types one
    await waitFor(() =>
      expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Nombre' }).value).toBe('Caminos'),
    );
    await user.click(screen.getByRole('combobox', { name: 'Codificación del texto' }));
    await user.click(screen.getByRole('option', { name: 'Windows-1251 (cirílico)' }));
    await waitFor(() =>
      expect(imports.at(-1)).toMatchObject({ dryRun: true, projectId: '4517', codePage: 'windows-1251' }),
    );
    await user.type(screen.getByRole('textbox', { name: 'Código' }), 'CAM');
    await screen.findByText('El código CAM está disponible');
    await waitFor(() =>
      expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Crear proyecto' }).disabled).toBe(false),
    );
    await user.click(screen.getByRole('button', { name: 'Crear proyecto' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/projects/p-9/gantt'));
    expect(imports.at(-1)).toMatchObject({
      format: 'xer',
      projectId: '4517',
      codePage: 'windows-1251',
      code: 'CAM',
      dryRun: false,
    });
  });

  it("tells P6's XML from MS Project's by its root, sends it as text, and offers its projects without a code page", async () => {
    const user = userEvent.setup();
    const imports: (ImportCall & { projectId?: string })[] = [];
    const projects = [
      { id: '3882', shortName: 'PROD00883', name: 'Plasma Product Launch', isExternal: false, activityCount: 13 },
      { id: '3883', shortName: 'PROD00499', name: 'Hemaform Program', isExternal: false, activityCount: 13 },
    ];
    vi.stubGlobal('fetch', async (_input: string, init?: RequestInit) => {
      const { data } = JSON.parse(String(init?.body)) as { data: ImportCall & { projectId?: string } };
      imports.push(data);
      const answer = { ...preview(false), projects, projectId: data.projectId ?? '3882' };
      return jsonResponse(200, { result: { preview: answer, warnings: [], message: 'Archivo leído' } });
    });
    renderDialog();
    const p6 =
      '<?xml version="1.0"?>\n<APIBusinessObjects xmlns="http://xmlns.oracle.com/Primavera/P6/V8.3/API/BusinessObjects"/>';
    await user.upload(fileInput(), new File([p6], 'Programa.xml', { type: 'text/xml' }));
    await screen.findByRole('region', { name: 'Contenido del archivo' });
    expect(imports[0]).toEqual({
      format: 'p6xml',
      fileName: 'Programa.xml',
      content: p6,
      chileHolidays: false,
      dryRun: true,
    });
    expect(screen.getByRole('combobox', { name: 'Proyecto del archivo' }).textContent).toBe(
      'PROD00883 · Plasma Product Launch (13 actividades)',
    );
    expect(screen.queryByRole('combobox', { name: 'Codificación del texto' })).toBeNull();
    await user.click(screen.getByRole('combobox', { name: 'Proyecto del archivo' }));
    await user.click(screen.getByRole('option', { name: 'PROD00499 · Hemaform Program (13 actividades)' }));
    await waitFor(() => expect(imports.at(-1)).toMatchObject({ format: 'p6xml', dryRun: true, projectId: '3883' }));
  });
});
