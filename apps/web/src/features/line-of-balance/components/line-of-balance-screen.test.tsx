import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/react-query';
import { buildLoadedProject, buildSession, jsonResponse, renderWithApp } from '@/testing/test-utils';
import type { LobTask } from '../utils/line-of-balance';
import { ProjectLineOfBalance } from './line-of-balance-screen';

const exports = vi.hoisted(() => ({
  svgToPngBlob: vi.fn(async () => new Blob(['png'], { type: 'image/png' })),
  downloadBlob: vi.fn(),
  lineOfBalancePdf: vi.fn(async () => new Blob(['pdf'], { type: 'application/pdf' })),
}));
vi.mock('@/lib/svg-png', () => ({ svgToPngBlob: exports.svgToPngBlob }));
vi.mock('@/lib/download', () => ({ downloadBlob: exports.downloadBlob }));
vi.mock('./line-of-balance-pdf', () => ({ lineOfBalancePdf: exports.lineOfBalancePdf }));

type Call = { name: string; data: Record<string, unknown> };

/**
 * 'Hospital de Talca' (edp:1) › Torre A (edp:2) › Piso 1 (edp:3), Piso 2 (edp:4); Torre B (edp:5) ›
 * Piso 1 (edp:6). Excavar then Hormigonar floor after floor; on Torre B's floor Hormigonar starts
 * on Wednesday 14 while Excavar runs to Thursday 15: a clash of two days. That Wednesday Hormigonar
 * also works Torre A's floor 2: two fronts at once. One task the user added.
 */
function gantt(): LobTask[] {
  const summary = (TaskID: number, TaskName: string, sourceKey: string, ParentId: number | null): LobTask => ({
    TaskID,
    TaskName,
    StartDate: '2026-01-05',
    EndDate: '2026-01-23',
    ParentId,
    isSummary: true,
    sourceKey,
  });
  const leaf = (TaskID: number, TaskName: string, item: number, code: string, start: string, end: string): LobTask => ({
    TaskID,
    TaskName,
    StartDate: start,
    EndDate: end,
    ParentId: item * 10,
    isSummary: false,
    sourceKey: `edc:${item}:${code}`,
  });
  return [
    summary(1, 'Hospital de Talca', 'edp:1', null),
    summary(2, 'Torre A', 'edp:2', 1),
    summary(3, 'Piso 1', 'edp:3', 2),
    summary(30, 'Obra gruesa', 'edc:3:og', 3),
    leaf(31, 'Excavar', 3, 'act1', '2026-01-05', '2026-01-06'),
    leaf(32, 'Hormigonar', 3, 'act2', '2026-01-07', '2026-01-09'),
    summary(4, 'Piso 2', 'edp:4', 2),
    summary(40, 'Obra gruesa', 'edc:4:og', 4),
    leaf(41, 'Excavar', 4, 'act1', '2026-01-07', '2026-01-08'),
    leaf(42, 'Hormigonar', 4, 'act2', '2026-01-12', '2026-01-14'),
    summary(5, 'Torre B', 'edp:5', 1),
    summary(6, 'Piso 1', 'edp:6', 5),
    summary(60, 'Obra gruesa', 'edc:6:og', 6),
    leaf(61, 'Excavar', 6, 'act1', '2026-01-12', '2026-01-15'),
    leaf(62, 'Hormigonar', 6, 'act2', '2026-01-14', '2026-01-16'),
    { TaskID: 90, TaskName: 'Instalación de faenas', StartDate: '2026-01-05', EndDate: '2026-01-05', isSummary: false },
  ];
}

function stubServer(activities: LobTask[]) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const { data } = JSON.parse(String(init?.body)) as { data: Record<string, unknown> };
    const name = input.replace('/api/functions/', '');
    calls.push({ name, data });
    switch (name) {
      case 'loadProject':
        return jsonResponse(200, { result: { project: buildLoadedProject(), message: 'Proyecto cargado' } });
      case 'loadGantt':
        return jsonResponse(200, { result: { activities, version: 3, message: 'Gantt cargado' } });
      default:
        return jsonResponse(500, { error: { status: 'INTERNAL', message: 'sin respuesta' } });
    }
  });
  return calls;
}

function renderScreen() {
  return renderWithApp(<ProjectLineOfBalance />, {
    path: '/projects/p-1/linea-de-balance',
    routePath: '/projects/:id/linea-de-balance',
    session: buildSession({ id: 'user-1' }),
    queryClient: createQueryClient(),
  });
}

const svgWidth = () => Number(screen.getByTestId('lob-svg').getAttribute('width'));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  exports.svgToPngBlob.mockClear();
  exports.downloadBlob.mockClear();
  exports.lineOfBalancePdf.mockClear();
});

describe("the 'Línea de balance' screen (issue 35)", () => {
  it('draws a band per activity with a span per location, the towers up the side, the clash marked and listed', async () => {
    const calls = stubServer(gantt());
    renderScreen();
    const chart = await screen.findByTestId('lob-chart');
    expect(calls.filter((call) => call.name === 'loadGantt').map((call) => call.data)).toEqual([{ id: 'p-1' }]);
    expect(screen.getByRole('heading', { level: 1, name: 'Línea de balance' })).toBeTruthy();
    expect(screen.getByTestId('lob-summary').textContent).toBe(
      '2 actividades en 3 ubicaciones, del 05-01-2026 al 16-01-2026.',
    );
    // the locations, the first lowest, and the towers beside them
    const names = within(chart)
      .getAllByTestId('lob-location')
      .map((text) => [text.querySelector('title')?.textContent, Number(text.getAttribute('y'))]);
    expect(names.map(([label]) => label)).toEqual(['Torre A › Piso 1', 'Torre A › Piso 2', 'Torre B › Piso 1']);
    const ys = names.map(([, y]) => y as number);
    expect(ys[0]).toBeGreaterThan(ys[1] as number);
    expect(ys[1]).toBeGreaterThan(ys[2] as number);
    expect(
      within(chart)
        .getAllByTestId('lob-group')
        .map((text) => text.lastChild?.textContent),
    ).toEqual(['Torre A', 'Torre B']);

    const bands = within(chart).getAllByTestId('lob-activity');
    expect(bands.map((band) => band.getAttribute('data-activity'))).toEqual(['Excavar', 'Hormigonar']);
    const spans = (band: HTMLElement) =>
      within(band)
        .getAllByTestId('lob-span')
        .map((rect) => [
          rect.getAttribute('data-location'),
          rect.getAttribute('data-start'),
          rect.getAttribute('data-end'),
        ]);
    expect(spans(bands[0] as HTMLElement)).toEqual([
      ['Torre A › Piso 1', '2026-01-05', '2026-01-06'],
      ['Torre A › Piso 2', '2026-01-07', '2026-01-08'],
      ['Torre B › Piso 1', '2026-01-12', '2026-01-15'],
    ]);
    expect(spans(bands[1] as HTMLElement)).toEqual([
      ['Torre A › Piso 1', '2026-01-07', '2026-01-09'],
      ['Torre A › Piso 2', '2026-01-12', '2026-01-14'],
      ['Torre B › Piso 1', '2026-01-14', '2026-01-16'],
    ]);
    // each tower its own band, with its start line and its finish line: Torre A's two floors, Torre B's one
    expect((bands[0] as HTMLElement).querySelectorAll('polygon')).toHaveLength(2);
    expect((bands[0] as HTMLElement).querySelectorAll('polyline')).toHaveLength(4);

    const clashes = within(chart).getAllByTestId('lob-clash');
    expect(clashes.map((rect) => rect.getAttribute('data-location'))).toEqual(['Torre B › Piso 1']);
    expect(clashes[0]?.querySelector('title')?.textContent).toBe(
      'Cruce: Excavar y Hormigonar a la vez en Torre B › Piso 1, 14-01-2026 a 15-01-2026',
    );
    expect(screen.getByTestId('lob-clashes').textContent).toBe(
      'Cruces: 1Excavar × Hormigonar en Torre B › Piso 1, del 14-01-2026 al 15-01-2026',
    );
    expect(screen.getByTestId('lob-legend').textContent).toBe(
      'Excavar · 1 frente a la vezHormigonar · 2 frentes a la vezCruce (dos actividades en la misma ubicación a la vez)',
    );
    expect(screen.getByTestId('lob-user-tasks').textContent).toBe(
      '1 tarea agregada a mano en el Gantt no tiene ubicación de la EDP y no se dibuja.',
    );
    expect(screen.getByRole('figure').getAttribute('aria-label')).toBe(
      'Línea de balance: 2 actividades en 3 ubicaciones, del 05-01-2026 al 16-01-2026',
    );
  });

  it("zooms by day, week and month, and 'Ajustar' fits the weeks to the width", async () => {
    stubServer(gantt());
    renderScreen();
    await screen.findByTestId('lob-chart');
    // Monday 5 to Sunday 18 January: 14 days, 200 px of labels, 12 px to the right
    expect(screen.getByRole('button', { name: 'Semana' }).getAttribute('aria-pressed')).toBe('true');
    expect(svgWidth()).toBe(200 + 14 * 12 + 12);
    expect(screen.getByTestId('lob-chart').getAttribute('data-scale')).toBe('week');

    await userEvent.click(screen.getByRole('button', { name: 'Día' }));
    expect(svgWidth()).toBe(200 + 14 * 30 + 12);
    expect(screen.getByTestId('lob-chart').getAttribute('data-scale')).toBe('day');
    expect(within(screen.getByTestId('lob-chart')).getAllByTestId('lob-tick')).toHaveLength(14);

    await userEvent.click(screen.getByRole('button', { name: 'Mes' }));
    expect(svgWidth()).toBe(Math.ceil(200 + (14 * 100) / 30.4 + 12));
    expect(screen.getByTestId('lob-chart').getAttribute('data-scale')).toBe('month');

    // 'Ajustar' in a chart 522 px wide: 522 − 200 − 14 = 308 px for 14 days, 22 px a day
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(522);
    await userEvent.click(screen.getByRole('button', { name: 'Ajustar' }));
    expect(svgWidth()).toBe(200 + 14 * 22 + 12);
    expect(screen.getByTestId('lob-chart').getAttribute('data-zoom')).toBe('fit');
    expect(screen.getByTestId('lob-chart').getAttribute('data-scale')).toBe('day');
    expect(screen.getByRole('button', { name: 'Semana' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('downloads the PNG and the PDF, the PDF with the clash list', async () => {
    stubServer(gantt());
    renderScreen();
    await screen.findByTestId('lob-chart');
    await userEvent.click(screen.getByRole('button', { name: 'Descargar PNG' }));
    await waitFor(() => expect(exports.downloadBlob).toHaveBeenCalledTimes(1));
    expect(exports.downloadBlob.mock.calls[0]?.[1]).toBe('HT-linea-de-balance.png');
    const legend = (exports.svgToPngBlob.mock.calls[0] as unknown[] | undefined)?.[2] as {
      entries: Array<{ label: string }>;
    };
    expect(legend.entries.map((entry) => entry.label)).toEqual([
      'Excavar',
      'Hormigonar',
      'Cruce (dos actividades en la misma ubicación a la vez)',
    ]);

    await userEvent.click(screen.getByRole('button', { name: 'Descargar PDF' }));
    await waitFor(() => expect(exports.downloadBlob).toHaveBeenCalledTimes(2));
    expect(exports.downloadBlob.mock.calls[1]?.[1]).toBe('HT-linea-de-balance.pdf');
    expect(exports.lineOfBalancePdf).toHaveBeenCalledWith(
      expect.objectContaining({
        title: 'Línea de balance',
        subtitle: 'HT - Hospital de Talca',
        summary: '2 actividades en 3 ubicaciones, del 05-01-2026 al 16-01-2026.',
        clashesTitle: 'Cruces: 1',
        clashes: ['Excavar × Hormigonar en Torre B › Piso 1, del 14-01-2026 al 15-01-2026'],
      }),
    );
  });

  it('says what to do when the Gantt has no activities built from the EDP', async () => {
    stubServer(gantt().filter((task) => task.sourceKey === undefined));
    renderScreen();
    expect((await screen.findByTestId('lob-empty')).textContent).toBe(
      'El Gantt aún no tiene actividades generadas desde la EDP y la EDC: asigna una EDC con actividades a las ubicaciones (pisos, torres) y abre el Gantt.',
    );
    expect(screen.getByTestId('lob-user-tasks')).toBeTruthy();
    expect(screen.queryByTestId('lob-chart')).toBeNull();
  });
});
