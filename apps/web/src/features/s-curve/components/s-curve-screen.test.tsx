import type { SCurve } from '@cimiento/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/react-query';
import { buildLoadedProject, buildSession, jsonResponse, renderWithApp } from '@/testing/test-utils';
import { ProjectSCurve } from './s-curve-screen';

type Call = { name: string; data: Record<string, unknown> };

const items = [
  { id: 1, code: 'HT', name: 'Hospital de Talca' },
  { id: 2, code: 'HT.1', name: 'Obra gruesa', parentId: 1 },
];

function curve(overrides: Partial<SCurve> = {}): SCurve & { message: string } {
  return {
    currency: 'CLP',
    basis: 'cost',
    baselineId: 'lb-1',
    baselineName: 'Contrato',
    points: [
      {
        date: '2026-02-02',
        cutoff: false,
        planned: '0',
        earned: null,
        plannedPercent: '0',
        earnedPercent: null,
        actualCost: null,
      },
      {
        date: '2026-02-16',
        cutoff: true,
        planned: '500000',
        earned: '500000',
        plannedPercent: '27.78',
        earnedPercent: '27.78',
        actualCost: null,
      },
      {
        date: '2026-03-02',
        cutoff: true,
        planned: '1000000',
        earned: '1300000',
        plannedPercent: '55.56',
        earnedPercent: '72.22',
        actualCost: '1200000',
      },
      {
        date: '2026-04-01',
        cutoff: false,
        planned: '1800000',
        earned: null,
        plannedPercent: '100',
        earnedPercent: null,
        actualCost: null,
      },
    ],
    total: '1800000',
    cutoff: '2026-03-02',
    spi: '1.3',
    cpi: '1.08',
    message: 'Curva S',
    ...overrides,
  };
}

function stubServer(answer: (data: Record<string, unknown>) => SCurve & { message: string } = () => curve()) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const { data } = JSON.parse(String(init?.body)) as { data: Record<string, unknown> };
    const name = input.replace('/api/functions/', '');
    calls.push({ name, data });
    switch (name) {
      case 'loadProject':
        return jsonResponse(200, { result: { project: buildLoadedProject({ items }), message: 'Proyecto cargado' } });
      case 'loadSCurve':
        return jsonResponse(200, { result: answer(data) });
      case 'loadBaselines':
        return jsonResponse(200, {
          result: {
            baselines: [
              {
                baselineId: 'lb-1',
                name: 'Contrato',
                createdAt: '2026-01-30T12:00:00.000Z',
                createdBy: 'Ana Pérez',
                taskCount: 5,
                projectStart: '2026-02-02',
                projectFinish: '2026-03-16',
              },
            ],
            baselineId: 'lb-1',
            message: '1 línea base',
          },
        });
      case 'saveActualCost':
        return jsonResponse(200, { result: { message: 'Costo real al 16-02-2026: $450.000' } });
      default:
        return jsonResponse(500, { error: { status: 'INTERNAL', message: 'sin respuesta' } });
    }
  });
  return calls;
}

function renderScreen() {
  return renderWithApp(<ProjectSCurve />, {
    path: '/projects/p-1/curva-s',
    routePath: '/projects/:id/curva-s',
    session: buildSession({ id: 'user-1' }),
    queryClient: createQueryClient(),
  });
}

const callsTo = (calls: Call[], name: string) => calls.filter((call) => call.name === name).map((call) => call.data);

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the Curva S screen (issue 16)', () => {
  it('shows SPI and CPI with their meaning, the chart container and the table by date', async () => {
    stubServer();
    renderScreen();
    const table = await screen.findByTestId('s-curve-table');
    expect(screen.getByTestId('s-curve-chart')).toBeTruthy();
    const rows = within(table).getAllByRole('row');
    expect(
      rows.map((row) =>
        within(row)
          .queryAllByRole('cell')
          .slice(0, 5)
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      [],
      ['02-02-2026', '$0', '—', '0,00 %', '—'],
      ['16-02-2026Corte', '$500.000', '$500.000', '27,78 %', '27,78 %'],
      ['02-03-2026Corte', '$1.000.000', '$1.300.000', '55,56 %', '72,22 %'],
      ['01-04-2026', '$1.800.000', '—', '100,00 %', '—'],
    ]);
    expect(within(screen.getByTestId('s-curve-spi')).getByText('1,30')).toBeTruthy();
    expect(screen.getByText('Adelantado: a la fecha se ganó más de lo programado.')).toBeTruthy();
    expect(within(screen.getByTestId('s-curve-cpi')).getByText('1,08')).toBeTruthy();
    expect(screen.getByText('Bajo el presupuesto: lo ganado supera lo gastado.')).toBeTruthy();
    expect((screen.getByLabelText('Costo real al 02-03-2026') as HTMLInputElement).value).toBe('1.200.000');
    expect(screen.queryByText('Avance ponderado por duración')).toBeNull();
  });

  it('issue 33: shows the estimated finish, its difference with the baseline and EAC / ETC / VAC, each with a sentence', async () => {
    stubServer(() =>
      curve({
        points: curve().points.map((point, index) =>
          index < 2
            ? { ...point, projected: null, projectedPercent: null }
            : index === 2
              ? { ...point, projected: '1300000', projectedPercent: '72.22' }
              : { ...point, projected: '1800000', projectedPercent: '100' },
        ),
        forecast: {
          finish: '2026-04-08',
          baselineFinish: '2026-03-16',
          finishVariance: 16,
          eac: '1661538',
          etc: '461538',
          vac: '138462',
        },
      }),
    );
    renderScreen();
    const finish = await screen.findByTestId('s-curve-finish');
    expect(within(finish).getByText('08-04-2026')).toBeTruthy();
    expect(
      within(finish).getByText('Fin del programa actual, con lo que falta reprogramado desde el último corte.'),
    ).toBeTruthy();
    const variance = screen.getByTestId('s-curve-finish-variance');
    expect(within(variance).getByText('+16 d')).toBeTruthy();
    expect(within(variance).getByText('Atrasado: termina 16 días hábiles después que la línea base.')).toBeTruthy();
    const eac = screen.getByTestId('s-curve-eac');
    expect(within(eac).getByText('$1.661.538')).toBeTruthy();
    expect(
      within(eac).getByText('Lo gastado más lo que falta, si rinde como lo hecho: AC + (BAC − EV) / CPI.'),
    ).toBeTruthy();
    expect(within(screen.getByTestId('s-curve-etc')).getByText('$461.538')).toBeTruthy();
    expect(within(screen.getByTestId('s-curve-vac')).getByText('$138.462')).toBeTruthy();
    expect(screen.getByText('Ahorro esperado frente al presupuesto: BAC − EAC.')).toBeTruthy();
    expect(screen.getByText('Lo que falta gastar para terminar, según esa estimación: EAC − AC.')).toBeTruthy();
    // the table's 'Proyectado' columns
    const cells = within(screen.getByTestId('s-curve-table'))
      .getAllByRole('row')
      .map((row) =>
        within(row)
          .queryAllByRole('cell')
          .slice(5, 7)
          .map((cell) => cell.textContent),
      );
    expect(cells.slice(1)).toEqual([
      ['—', '—'],
      ['—', '—'],
      ['$1.300.000', '72,22 %'],
      ['$1.800.000', '100,00 %'],
    ]);
  });

  it('issue 33: without a baseline or an actual cost at the latest cut-off, says why there is no figure', async () => {
    stubServer(() =>
      curve({
        forecast: {
          finish: '2026-03-13',
          baselineFinish: null,
          finishVariance: null,
          eac: null,
          etc: null,
          vac: null,
        },
      }),
    );
    renderScreen();
    const variance = await screen.findByTestId('s-curve-finish-variance');
    expect(within(variance).getByText('—')).toBeTruthy();
    expect(within(variance).getByText('Sin línea base no hay con qué compararlo: fija una en el Gantt.')).toBeTruthy();
    expect(
      within(screen.getByTestId('s-curve-eac')).getByText(
        'Ingresa el costo real del último corte en la tabla para estimarlo.',
      ),
    ).toBeTruthy();
    expect(screen.queryByTestId('s-curve-etc')).toBeNull();
  });

  it('saves a typed actual cost at a cut-off in Chilean notation, and reads the curve again', async () => {
    const calls = stubServer();
    renderScreen();
    const field = await screen.findByLabelText('Costo real al 16-02-2026');
    await userEvent.type(field, '450.000{Enter}');
    await waitFor(() =>
      expect(callsTo(calls, 'saveActualCost')).toEqual([{ id: 'p-1', cutoff: '2026-02-16', amount: '450000' }]),
    );
    await waitFor(() => expect(callsTo(calls, 'loadSCurve').length).toBeGreaterThanOrEqual(2));
    // a typing error stays on the field, nothing sent
    const other = screen.getByLabelText('Costo real al 02-03-2026');
    await userEvent.clear(other);
    await userEvent.type(other, '1,2,3{Enter}');
    expect(await screen.findByText('tiene más de una coma decimal')).toBeTruthy();
    expect(callsTo(calls, 'saveActualCost')).toHaveLength(1);
  });

  it('asks for an EDP item’s curve, labelled as weighted by duration when nothing is priced', async () => {
    const calls = stubServer((data) =>
      data.edpItemId === 2 ? curve({ basis: 'duration', total: '30', cpi: null, edpItemId: 2 }) : curve(),
    );
    renderScreen();
    await screen.findByTestId('s-curve-table');
    await userEvent.click(screen.getByRole('combobox', { name: 'Partida' }));
    await userEvent.click(await screen.findByRole('option', { name: 'HT.1 Obra gruesa' }));
    expect(await screen.findByText('Avance ponderado por duración')).toBeTruthy();
    expect(callsTo(calls, 'loadSCurve').at(-1)).toEqual({ id: 'p-1', edpItemId: 2 });
    // days, not money: no actual cost field, no CPI
    expect(screen.queryByLabelText('Costo real al 16-02-2026')).toBeNull();
    expect(screen.getByText('30 d')).toBeTruthy();
  });

  it('says what to do when the project has no Gantt, or no cut-off yet', async () => {
    stubServer(() => curve({ points: [], total: '0', spi: null, cpi: null, cutoff: undefined }));
    const { unmount } = renderScreen();
    expect(await screen.findByText(/El proyecto aún no tiene Gantt/)).toBeTruthy();
    unmount();
    stubServer(() =>
      curve({
        points: curve().points.filter((point) => !point.cutoff),
        spi: null,
        cpi: null,
        cutoff: undefined,
      }),
    );
    renderScreen();
    expect(await screen.findByText(/Aún no hay cortes de avance/)).toBeTruthy();
    expect(screen.getByText('Se calcula en el primer corte de avance.')).toBeTruthy();
  });
});
