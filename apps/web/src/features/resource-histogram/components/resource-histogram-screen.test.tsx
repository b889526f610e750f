import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/react-query';
import { buildLoadedProject, buildSession, jsonResponse, renderWithApp } from '@/testing/test-utils';
import type { ResourceHistogramOutput } from '../api/resource-histogram';
import { ProjectResourceHistogram } from './resource-histogram-screen';

type Call = { name: string; data: Record<string, unknown> };
type Point = ResourceHistogramOutput['series'][number]['points'][number];

function point(date: string, units: number, maxUnits: number, overrides: Partial<Point> = {}): Point {
  return {
    date,
    units,
    average: units / 2,
    hours: units * 44,
    cost: units * 2_500_000,
    maxUnits,
    overload: units > maxUnits,
    actualHours: 0,
    actualCost: 0,
    ...overrides,
  };
}

/** By resource and week: 3 formwork crews in the week of 5 January against 2 available; a crane. */
function byResource(baseline?: string): ResourceHistogramOutput {
  const crews = {
    key: 'r-cmol',
    name: 'CMOL Cuadrilla moldaje',
    unit: 'cuadrilla',
    maxUnits: 2,
    points: [point('2026-01-05', 3, 2, { average: 2.4 }), point('2026-01-12', 1, 2, { average: 0.6, hours: 105.6 })],
  };
  return {
    series: [
      crews,
      { key: 'r-grua', name: 'GRUA Grúa torre', unit: 'un', maxUnits: 1, points: [point('2026-01-05', 1, 1)] },
    ],
    ...(baseline === undefined
      ? {}
      : {
          baseline: {
            baselineId: baseline,
            name: 'Contrato',
            series: [{ ...crews, points: [point('2025-12-29', 2, 2), point('2026-01-05', 2, 2)] }],
          },
        }),
    cutoff: '2026-01-07',
    message: 'Histograma de 2 series sobre 2 tareas con recursos',
  };
}

/** By trade and month: carpenters (12 on the busiest day of January, 8 available) and jornales. */
function byTrade(): ResourceHistogramOutput {
  return {
    series: [
      {
        key: 't-car',
        name: 'Carpintero',
        unit: 'trabajadores',
        maxUnits: 8,
        points: [point('2026-01-01', 12, 8, { average: 2.86, hours: 528, cost: 6_000_000 })],
      },
      {
        key: 't-jor',
        name: 'Jornal',
        unit: 'trabajadores',
        maxUnits: 2,
        points: [point('2026-01-01', 3, 2, { average: 0.71, hours: 132, cost: 1_500_000 })],
        missingRates: ['USD'],
      },
    ],
    message: 'Histograma de 2 series sobre 2 tareas con recursos',
  };
}

const EMPTY: ResourceHistogramOutput = {
  series: [],
  message: 'Ninguna tarea tiene recursos asignados: asígnalos en la columna «Recursos» del Gantt',
};

function stubServer(answer: (data: Record<string, unknown>) => ResourceHistogramOutput) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const { data } = JSON.parse(String(init?.body)) as { data: Record<string, unknown> };
    const name = input.replace('/api/functions/', '');
    calls.push({ name, data });
    switch (name) {
      case 'loadProject':
        return jsonResponse(200, { result: { project: buildLoadedProject(), message: 'Proyecto cargado' } });
      case 'loadResourceHistogram':
        return jsonResponse(200, { result: answer(data) });
      case 'loadBaselines':
        return jsonResponse(200, {
          result: {
            baselines: [
              {
                baselineId: 'lb-1',
                name: 'Contrato',
                createdAt: '2026-01-02T12:00:00.000Z',
                createdBy: 'Ana Pérez',
                taskCount: 5,
                projectStart: '2026-01-02',
                projectFinish: '2026-01-30',
              },
            ],
            baselineId: 'lb-1',
            message: '1 línea base',
          },
        });
      case 'exportResourceHistogram':
        return jsonResponse(200, {
          result: {
            fileName: 'HT-histograma-recursos.xlsx',
            mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            content: btoa('xlsx'),
            message: 'Histograma de recursos exportado a Excel: 2 series',
          },
        });
      default:
        return jsonResponse(500, { error: { status: 'INTERNAL', message: 'sin respuesta' } });
    }
  });
  return calls;
}

function renderScreen() {
  return renderWithApp(<ProjectResourceHistogram />, {
    path: '/projects/p-1/histograma',
    routePath: '/projects/:id/histograma',
    session: buildSession({ id: 'user-1' }),
    queryClient: createQueryClient(),
  });
}

const callsTo = (calls: Call[], name: string) => calls.filter((call) => call.name === name).map((call) => call.data);

/** The table's rows as texts, cell by cell (the header's cells are th). */
function tableTexts(testId: string): string[][] {
  return within(screen.getByTestId(testId))
    .getAllByRole('row')
    .map((row) =>
      within(row)
        .queryAllByRole('cell')
        .map((cell) => cell.textContent ?? ''),
    );
}

async function choose(label: string, option: string) {
  await userEvent.click(screen.getByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the Histograma de recursos screen (issue 35)', () => {
  it('charts the first resource by week, marks the overloaded week in the table and in words', async () => {
    const calls = stubServer(() => byResource());
    renderScreen();
    const table = await screen.findByTestId('histogram-table');
    expect(callsTo(calls, 'loadResourceHistogram')[0]).toEqual({ id: 'p-1', groupBy: 'resource', period: 'week' });
    expect(screen.getByRole('heading', { name: 'Histograma de recursos' })).toBeTruthy();
    expect(screen.getByTestId('histogram-message').textContent).toBe(
      'Histograma de 2 series sobre 2 tareas con recursos',
    );
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Semana (desde el lunes)', 'Unidades (día punta)', 'Promedio', 'Disponible', 'Horas', 'Costo']);
    expect(tableTexts('histogram-table')).toEqual([
      [],
      ['05-01-2026Sobrecarga', '3', '2,4', '2', '132', '$7.500.000'],
      ['12-01-2026', '1', '0,6', '2', '105,6', '$2.500.000'],
      ['Total', '3', '—', '—', '237,6', '$10.000.000'],
    ]);
    const rows = within(table).getAllByRole('row');
    expect(rows[1]?.getAttribute('data-overload')).toBe('true');
    expect(rows[2]?.getAttribute('data-overload')).toBe('false');
    expect(screen.getByTestId('histogram-overloads').textContent).toBe(
      'Sobrecarga en 1 periodo: 05-01-2026. Algún día de ese periodo pide más de lo disponible.',
    );
    // the figure says it too, for a screen reader
    expect(screen.getByRole('figure').getAttribute('aria-label')).toContain('Sobrecarga en 1 periodo: 05-01-2026');
    expect(screen.getByText('Unidad: cuadrilla')).toBeTruthy();
    expect(screen.getByText(/Corte de avance al 07-01-2026/)).toBeTruthy();
    // no manpower table by resource
    expect(screen.queryByTestId('histogram-manpower')).toBeNull();
  });

  it('charts another resource from the picker', async () => {
    stubServer(() => byResource());
    renderScreen();
    await screen.findByTestId('histogram-table');
    await choose('Recurso a graficar', 'GRUA Grúa torre');
    await waitFor(() =>
      expect(tableTexts('histogram-table')).toEqual([
        [],
        ['05-01-2026', '1', '0,5', '1', '44', '$2.500.000'],
        ['Total', '1', '—', '—', '44', '$2.500.000'],
      ]),
    );
    expect(screen.getByTestId('histogram-overloads').textContent).toBe(
      'Sin sobrecarga: ningún día pide más de lo disponible.',
    );
  });

  it("'Histograma de mano de obra' asks per trade and month: workers and HH per month, by trade, and says what has no peso value", async () => {
    const calls = stubServer((data) => (data.groupBy === 'trade' ? byTrade() : byResource()));
    renderScreen();
    await screen.findByTestId('histogram-table');
    await userEvent.click(screen.getByRole('button', { name: 'Histograma de mano de obra' }));
    await waitFor(() =>
      expect(callsTo(calls, 'loadResourceHistogram').at(-1)).toEqual({ id: 'p-1', groupBy: 'trade', period: 'month' }),
    );
    expect(await screen.findByRole('heading', { name: 'Histograma de mano de obra' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Histograma de mano de obra' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    await waitFor(() =>
      expect(
        within(screen.getByTestId('histogram-table'))
          .getAllByRole('columnheader')
          .map((cell) => cell.textContent),
      ).toEqual(['Mes', 'Trabajadores (día punta)', 'Promedio', 'Disponible', 'HH', 'Costo']),
    );
    expect(tableTexts('histogram-table')[1]).toEqual(['ene 2026Sobrecarga', '12', '2,86', '8', '528', '$6.000.000']);
    expect((screen.getByRole('combobox', { name: 'Oficio a graficar' }) as HTMLElement).textContent).toBe('Carpintero');
    expect(tableTexts('histogram-manpower')).toEqual([
      [],
      ['12 trab.528 HH', '528'],
      ['3 trab.132 HH', '132'],
      ['Total HH', '660', '660'],
    ]);
    expect(
      within(screen.getByTestId('histogram-manpower'))
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Carpintero', 'Jornal']);
    expect(screen.getByTestId('histogram-missing-rates').textContent).toBe(
      'No hay valor en pesos para USD: el costo de los recursos en esa moneda no está sumado en la columna «Costo».',
    );
  });

  it('adds a baseline’s busiest days beside the current ones', async () => {
    const calls = stubServer((data) => byResource(data.baselineId as string | undefined));
    renderScreen();
    await screen.findByTestId('histogram-table');
    await choose('Línea base', 'Contrato (la vigente)');
    await waitFor(() =>
      expect(callsTo(calls, 'loadResourceHistogram').at(-1)).toEqual({
        id: 'p-1',
        groupBy: 'resource',
        period: 'week',
        baselineId: 'lb-1',
      }),
    );
    await waitFor(() =>
      expect(tableTexts('histogram-table')).toEqual([
        [],
        ['29-12-2025', '—', '—', '2', '2', '—', '—'],
        ['05-01-2026Sobrecarga', '3', '2,4', '2', '2', '132', '$7.500.000'],
        ['12-01-2026', '1', '0,6', '2', '—', '105,6', '$2.500.000'],
        ['Total', '3', '—', '—', '2', '237,6', '$10.000.000'],
      ]),
    );
    expect(
      within(screen.getByTestId('histogram-table'))
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toContain('Línea base (día punta)');
  });

  it('asks for another period and grouping from the pickers', async () => {
    const calls = stubServer(() => byResource());
    renderScreen();
    await screen.findByTestId('histogram-table');
    await choose('Periodo', 'Día');
    await waitFor(() =>
      expect(callsTo(calls, 'loadResourceHistogram').at(-1)).toEqual({ id: 'p-1', groupBy: 'resource', period: 'day' }),
    );
    await choose('Agrupar por', 'Tipo');
    await waitFor(() =>
      expect(callsTo(calls, 'loadResourceHistogram').at(-1)).toEqual({ id: 'p-1', groupBy: 'type', period: 'day' }),
    );
  });

  it('shows the server’s message when no task has resources', async () => {
    stubServer(() => EMPTY);
    renderScreen();
    expect((await screen.findByTestId('histogram-empty')).textContent).toBe(
      'Ninguna tarea tiene recursos asignados: asígnalos en la columna «Recursos» del Gantt',
    );
    expect(screen.queryByTestId('histogram-table')).toBeNull();
    expect(screen.getByRole('button', { name: 'Descargar PNG' })).toHaveProperty('disabled', true);
  });

  it("'Descargar Excel' asks the server for the workbook of what is shown", async () => {
    const calls = stubServer(() => byResource());
    const createObjectURL = vi.fn(() => 'blob:histograma');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    // jsdom does not download: the link's click is where the browser would
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderScreen();
    await screen.findByTestId('histogram-table');
    await userEvent.click(screen.getByRole('button', { name: 'Descargar Excel' }));
    await waitFor(() =>
      expect(callsTo(calls, 'exportResourceHistogram')).toEqual([{ id: 'p-1', groupBy: 'resource', period: 'week' }]),
    );
    await waitFor(() => expect(clicked).toHaveBeenCalledTimes(1));
    expect(await screen.findByText('Histograma de recursos exportado a Excel: 2 series')).toBeTruthy();
  });
});
