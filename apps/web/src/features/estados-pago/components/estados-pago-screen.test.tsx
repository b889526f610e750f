import type { EstadoPago, EstadoPagoSettings } from '@cimiento/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/react-query';
import { buildLoadedProject, buildSession, jsonResponse, renderWithApp } from '@/testing/test-utils';
import { EstadosPagoScreen } from './estados-pago-screen';

const SETTINGS: EstadoPagoSettings = {
  contract: 'Contrato N°12',
  contractor: 'Constructora Andes',
  retentionPercent: '10',
  retentionCapPercent: '5',
  advanceAmount: '40',
  vatPercent: '19',
};

/** The golden EP N°2 of the domain's test (a UF contract), approved N°1 before it. */
const ep2: EstadoPago = {
  number: 2,
  cutoff: '2026-03-01',
  periodStart: '2026-02-01',
  periodEnd: '2026-02-28',
  status: 'draft',
  createdAt: '2026-03-02T13:00:00.000Z',
  createdBy: 'Ana Pérez',
  currency: 'UF',
  settings: SETTINGS,
  uf: { date: '2026-03-01', value: '39100.25', netClp: '1453356', vatClp: '276138', totalClp: '1729494' },
  lines: [
    {
      edpItemId: 2,
      code: '1.1',
      name: 'Excavación',
      level: 2,
      unit: 'm3',
      quantity: '120',
      unitPrice: '0.45',
      budget: '54',
      previousPercent: '100',
      periodPercent: '0',
      accumulatedPercent: '100',
      previousAmount: '48',
      periodAmount: '6',
      accumulatedAmount: '54',
    },
    {
      edpItemId: 6,
      code: '2.2',
      name: 'Aseo final',
      level: 2,
      unit: 'gl',
      budget: '0',
      previousPercent: '0',
      periodPercent: '50',
      accumulatedPercent: '50',
      previousAmount: '0',
      periodAmount: '0',
      accumulatedAmount: '0',
    },
  ],
  totals: {
    contractAmount: '206.56',
    previousAmount: '75.72',
    periodAmount: '48.98',
    accumulatedAmount: '124.7',
    accumulatedPercent: '60.37',
    retentionAccumulated: '10.33',
    retentionPeriod: '2.76',
    retentionCapped: true,
    advanceRepaymentAccumulated: '24.15',
    advanceRepaymentPeriod: '9.05',
    net: '37.17',
    vat: '7.06',
    total: '44.23',
  },
};
const ep1: EstadoPago = {
  ...ep2,
  number: 1,
  cutoff: '2026-02-01',
  periodStart: '2026-01-02',
  periodEnd: '2026-01-31',
  status: 'approved',
  approvedAt: '2026-02-03T12:00:00.000Z',
  approvedBy: 'Beto Soto',
  totals: { ...ep2.totals, periodAmount: '75.72', total: '63.13' },
};

function summary(ep: EstadoPago) {
  const { lines: _lines, settings: _settings, ...rest } = ep;
  return rest;
}

type Call = { name: string; data: Record<string, unknown> };

function stubServer(options: { estadosPago?: EstadoPago[]; availableCutoffs?: string[] } = {}) {
  const calls: Call[] = [];
  let estadosPago = options.estadosPago ?? [ep1, ep2];
  let settings = SETTINGS;
  const availableCutoffs = options.availableCutoffs ?? [];
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const { data } = JSON.parse(String(init?.body)) as { data: Record<string, unknown> };
    const name = input.replace('/api/functions/', '');
    calls.push({ name, data });
    switch (name) {
      case 'loadEstadosPago': {
        const whole = estadosPago.find((ep) => ep.number === data.number);
        return jsonResponse(200, {
          result: {
            estadosPago: estadosPago.map(summary),
            ...(whole === undefined ? {} : { estadoPago: whole }),
            settings,
            availableCutoffs,
            message: `${estadosPago.length} estados de pago`,
          },
        });
      }
      case 'saveEstadoPago': {
        const same = estadosPago.find((ep) => ep.cutoff === data.cutoff);
        const created: EstadoPago = {
          ...ep2,
          number: same?.number ?? estadosPago.length + 1,
          cutoff: String(data.cutoff),
        };
        estadosPago = [...estadosPago.filter((ep) => ep.cutoff !== created.cutoff), created];
        return jsonResponse(200, {
          result: { estadoPago: created, message: `Estado de pago N°${created.number} creado` },
        });
      }
      case 'approveEstadoPago':
        estadosPago = estadosPago.map((ep) => (ep.number === data.number ? { ...ep, status: 'approved' } : ep));
        return jsonResponse(200, {
          result: { estadoPago: estadosPago.at(-1), message: `Estado de pago N°${String(data.number)} aprobado` },
        });
      case 'removeEstadoPago':
        estadosPago = estadosPago.filter((ep) => ep.number !== data.number);
        return jsonResponse(200, { result: { message: `Estado de pago N°${String(data.number)} eliminado` } });
      case 'saveEstadoPagoSettings':
        settings = data.settings as EstadoPagoSettings;
        return jsonResponse(200, { result: { settings, message: 'Condiciones del contrato guardadas' } });
      case 'exportEstadoPago':
        return jsonResponse(200, {
          result: {
            fileName: 'EP-2.xlsx',
            mimeType: 'application/octet-stream',
            content: 'UEsD',
            message: 'Descargado',
          },
        });
      default:
        return jsonResponse(500, { error: { status: 'INTERNAL', message: 'sin respuesta' } });
    }
  });
  return calls;
}

const callsTo = (calls: Call[], name: string) => calls.filter((call) => call.name === name).map((call) => call.data);

function renderScreen() {
  renderWithApp(<EstadosPagoScreen project={buildLoadedProject({ currency: 'UF' })} />, {
    path: '/projects/p-1/estados-pago',
    routePath: '/projects/:id/estados-pago',
    session: buildSession({ id: 'user-1' }),
    queryClient: createQueryClient(),
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe("'Estados de pago' (issue 16)", () => {
  it('lists the EPs and shows the latest whole: header, partidas, totals and the pesos at the UF used', async () => {
    stubServer();
    renderScreen();
    await screen.findByRole('heading', { name: 'Estado de pago N°2' });
    const list = screen.getByRole('table', { name: 'Estados de pago del proyecto' });
    const rows = within(list).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'N°CortePeríodoEstadoMonto del períodoTotal',
      'N°101-02-202602-01-2026 al 31-01-2026AprobadoUF 75,72UF 63,13',
      'N°201-03-202601-02-2026 al 28-02-2026BorradorUF 48,98UF 44,23',
    ]);
    expect(screen.getByText('Contrato N°12')).toBeTruthy();
    expect(screen.getByText('Constructora Andes')).toBeTruthy();
    expect(screen.getByText('01-02-2026 al 28-02-2026', { selector: 'dd' })).toBeTruthy();
    const lines = screen.getByRole('table', { name: 'Partidas del estado de pago N°2' });
    expect(
      within(lines)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      'CódigoPartidaUnidadCantidadP. unitarioPresupuesto% anterior% período% acumuladoMonto anteriorMonto períodoMonto acumulado',
      // a price changed after N°1: 0 % this period, UF 6 of difference
      '1.1Excavaciónm31200,4554,00100,00 %0,00 %100,00 %48,006,0054,00',
      // a partida with progress but no cost
      '2.2Aseo finalgl0,000,00 %50,00 %50,00 %0,000,000,00',
    ]);
    const totals = within(screen.getByTestId('estado-pago-totals'));
    const figure = (key: string) => document.querySelector(`[data-total="${key}"]`)?.textContent;
    expect(figure('contract')).toBe('Total contratoUF 206,56');
    expect(figure('progress')).toBe('Avance acumulado(ponderado por monto)60,37 % · UF 124,70');
    expect(figure('period')).toBe('Monto del períodoUF 48,98');
    expect(figure('retention')).toBe('Retención 10,00 %(tope alcanzado)−UF 2,76');
    expect(figure('advance')).toBe('Devolución anticipo−UF 9,05');
    expect(figure('net')).toBe('NetoUF 37,17');
    expect(figure('vat')).toBe('IVA 19 %UF 7,06');
    expect(figure('total')).toBe('TotalUF 44,23');
    expect(figure('netClp')).toBe('Neto (CLP)$1.453.356');
    expect(figure('vatClp')).toBe('IVA (CLP)$276.138');
    expect(figure('totalClp')).toBe('Total (CLP)$1.729.494');
    expect(totals.getByText('UF al 01-03-2026: $39.100,25')).toBeTruthy();
    // choosing N°1: approved, nothing to recalculate, approve or delete
    await userEvent.click(within(list).getByRole('button', { name: 'N°1' }));
    expect(await screen.findByRole('heading', { name: 'Estado de pago N°1' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Aprobar' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Recalcular' })).toBeNull();
    expect(screen.getByText(/Aprobado por Beto Soto el 03-02-2026/)).toBeTruthy();
  });

  it('draws only the partidas in view of a long EP, and the others as it scrolls', async () => {
    const many: EstadoPago = {
      ...ep2,
      lines: Array.from({ length: 2000 }, (_, index) => ({
        ...(ep2.lines[0] as EstadoPago['lines'][number]),
        edpItemId: index + 10,
        code: `P.${index + 1}`,
      })),
    };
    stubServer({ estadosPago: [ep1, many] });
    renderScreen();
    const table = await screen.findByRole('table', { name: 'Partidas del estado de pago N°2' });
    const codes = () =>
      within(table)
        .getAllByRole('row')
        .map((row) => row.firstElementChild?.textContent)
        .filter((code) => code?.startsWith('P.'));
    expect(codes()).toHaveLength(76);
    expect(codes()[0]).toBe('P.1');
    // 33 px a row: scrolled to row 1.500, the rows from 1.470 are drawn
    const container = table.parentElement as HTMLElement;
    fireEvent.scroll(container, { target: { scrollTop: 33 * 1500 } });
    await waitFor(() => expect(codes()[0]).toBe('P.1471'));
    expect(codes()).toContain('P.1510');
    expect(codes()).not.toContain('P.1');
  });

  it("'Nuevo estado de pago' takes one of the cut-offs left, the latest by default", async () => {
    const calls = stubServer({ estadosPago: [ep1], availableCutoffs: ['2026-03-01', '2026-04-01'] });
    renderScreen();
    await screen.findByRole('heading', { name: 'Estado de pago N°1' });
    await userEvent.click(screen.getByRole('button', { name: 'Nuevo estado de pago' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo estado de pago' });
    expect(within(dialog).getByText(/N°2 paga el avance registrado antes/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Fecha de corte' }));
    await userEvent.click(await screen.findByRole('option', { name: '01-03-2026' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Crear' }));
    await waitFor(() => expect(callsTo(calls, 'saveEstadoPago')).toEqual([{ id: 'p-1', cutoff: '2026-03-01' }]));
    expect(await screen.findByRole('heading', { name: 'Estado de pago N°2' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says to record progress first when no cut-off is left', async () => {
    const calls = stubServer({ estadosPago: [], availableCutoffs: [] });
    renderScreen();
    expect(await screen.findByText(/registra primero el avance en «Registrar avance» del Gantt/)).toBeTruthy();
    expect(screen.getByText(/Aún no hay estados de pago/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Nuevo estado de pago' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo estado de pago' });
    expect(within(dialog).queryByRole('button', { name: 'Crear' })).toBeNull();
    expect(within(dialog).getByRole('link', { name: 'Gantt' }).getAttribute('href')).toBe('/projects/p-1/gantt');
    expect(callsTo(calls, 'saveEstadoPago')).toEqual([]);
  });

  it("'Aprobar' confirms that it freezes the EP, 'Eliminar' names the N°, 'Recalcular' saves the same cut-off", async () => {
    const calls = stubServer();
    renderScreen();
    await screen.findByRole('heading', { name: 'Estado de pago N°2' });
    await userEvent.click(screen.getByRole('button', { name: 'Recalcular' }));
    await waitFor(() => expect(callsTo(calls, 'saveEstadoPago')).toEqual([{ id: 'p-1', cutoff: '2026-03-01' }]));

    await userEvent.click(await screen.findByRole('button', { name: 'Eliminar' }));
    const removing = await screen.findByRole('alertdialog');
    expect(removing.textContent).toContain('Se eliminará el estado de pago N°2 (borrador al corte del 01-03-2026).');
    await userEvent.click(within(removing).getByRole('button', { name: 'Cancelar' }));
    expect(callsTo(calls, 'removeEstadoPago')).toEqual([]);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());

    await userEvent.click(screen.getByRole('button', { name: 'Aprobar' }));
    const approving = await screen.findByRole('alertdialog');
    expect(approving.textContent).toContain('quedará congelado');
    expect(approving.textContent).toContain('aparecerán como diferencias en el próximo estado de pago');
    await userEvent.click(within(approving).getByRole('button', { name: 'Si, estoy seguro' }));
    await waitFor(() => expect(callsTo(calls, 'approveEstadoPago')).toEqual([{ id: 'p-1', number: 2 }]));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Aprobar' })).toBeNull());
  });

  it("'Descargar Excel' and 'Descargar PDF' ask the server for the EP's file", async () => {
    const calls = stubServer();
    const createObjectURL = vi.fn(() => 'blob:ep');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    // jsdom does not download: the link's click is where the browser would
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderScreen();
    await screen.findByRole('heading', { name: 'Estado de pago N°2' });
    await userEvent.click(screen.getByRole('button', { name: 'Descargar Excel' }));
    await userEvent.click(screen.getByRole('button', { name: 'Descargar PDF' }));
    await waitFor(() =>
      expect(callsTo(calls, 'exportEstadoPago')).toEqual([
        { id: 'p-1', number: 2, format: 'xlsx' },
        { id: 'p-1', number: 2, format: 'pdf' },
      ]),
    );
    await waitFor(() => expect(clicked).toHaveBeenCalledTimes(2));
    clicked.mockRestore();
  });

  it("'Condiciones del contrato' reads Chilean numbers, refuses a % over 100 and keeps unsaved edits in the browser", async () => {
    const calls = stubServer();
    renderScreen();
    await screen.findByRole('heading', { name: 'Estado de pago N°2' });
    await userEvent.click(screen.getByRole('button', { name: 'Condiciones del contrato' }));
    let dialog = await screen.findByRole('dialog', { name: 'Condiciones del contrato' });
    const advance = within(dialog).getByLabelText('Anticipo (UF)');
    expect(advance).toHaveProperty('value', '40');
    await userEvent.clear(advance);
    await userEvent.type(advance, '1.234,5');
    const retention = within(dialog).getByLabelText('Retención %');
    await userEvent.clear(retention);
    await userEvent.type(retention, '150');
    // closed without saving: the edits come back
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await userEvent.click(screen.getByRole('button', { name: 'Condiciones del contrato' }));
    dialog = await screen.findByRole('dialog', { name: 'Condiciones del contrato' });
    expect(within(dialog).getByText('Se recuperaron cambios sin grabar en este navegador.')).toBeTruthy();
    expect(within(dialog).getByLabelText('Anticipo (UF)')).toHaveProperty('value', '1.234,5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Grabar' }));
    expect(within(dialog).getByText('debe ser como máximo 100')).toBeTruthy();
    expect(callsTo(calls, 'saveEstadoPagoSettings')).toEqual([]);
    const retentionAgain = within(dialog).getByLabelText('Retención %');
    await userEvent.clear(retentionAgain);
    await userEvent.type(retentionAgain, '5,5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Grabar' }));
    await waitFor(() =>
      expect(callsTo(calls, 'saveEstadoPagoSettings')).toEqual([
        { id: 'p-1', settings: { ...SETTINGS, retentionPercent: '5.5', advanceAmount: '1234.5' } },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(Object.keys(localStorage).filter((key) => key.startsWith('cimiento-ep-settings'))).toEqual([]);
  });
});
