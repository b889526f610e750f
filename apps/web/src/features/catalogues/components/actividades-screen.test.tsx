import type { Activity } from '@cimiento/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { buildSession, jsonResponse, renderWithApp } from '@/testing/test-utils';
import { ActividadesScreen } from './actividades-screen';

const stored: Activity[] = [
  { _id: 'a-1', id: 'a-1', code: 'EXC', name: 'Excavación', priority: 1, duration: 8 },
  { _id: 'a-2', id: 'a-2', code: 'REC', name: 'Recepción municipal', priority: 2, duration: 0 },
];

const resources = [
  {
    _id: 'r-1',
    id: 'r-1',
    code: 'CHOR',
    name: 'Cuadrilla de hormigonado',
    priority: 1,
    type: 'labor',
    unit: 'cuadrilla',
    maxUnits: 2,
    availability: [],
    crew: [],
    currency: 'CLP',
  },
];

/** loadObjects answers the activities (and, issue 35, the resources); saveObject records what it got and echoes it back. */
function stubServer() {
  const saved: unknown[] = [];
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body ?? 'null')) as { data: { object?: Activity } } | null;
    if (input === '/api/functions/loadObjects' && (body?.data as { collection?: string })?.collection === 'recursos') {
      return jsonResponse(200, { result: { objects: resources, message: 'Recursos cargados' } });
    }
    if (input === '/api/functions/loadObjects') {
      return jsonResponse(200, { result: { objects: stored, message: 'Actividades cargadas' } });
    }
    if (input === '/api/functions/saveObject') {
      saved.push(body?.data);
      return jsonResponse(200, {
        result: { object: { _id: 'a-9', id: 'a-9', ...body?.data.object }, message: 'Actividad grabada' },
      });
    }
    return jsonResponse(404, { error: { status: 'NOT_FOUND', message: 'no' } });
  });
  return saved;
}

/** Issue 36: the catalogues are the administrators' to change; `role: 'user'` reads them only. */
function renderScreen(role = 'admin') {
  return renderWithApp(<ActividadesScreen />, { session: buildSession({ role }) });
}

async function openNewActivity(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Agregar actividad' }));
  return screen.findByRole('dialog', { name: 'Tipo de área' });
}

describe('ActividadesScreen: Duración (días hábiles)', () => {
  it('lists each activity with its duration in working days, a 0 shown as a milestone', async () => {
    stubServer();
    renderScreen();
    await screen.findByRole('button', { name: 'Excavación' });
    const headers = screen.getAllByRole('columnheader').map((header) => header.textContent ?? '');
    expect(headers.some((header) => header.includes('Duración (días hábiles)'))).toBe(true);
    const row = (name: string) => screen.getByRole('button', { name }).closest('tr') as HTMLElement;
    expect(within(row('Excavación')).getByText('8')).toBeTruthy();
    expect(within(row('Recepción municipal')).getByText('0 (hito)')).toBeTruthy();
  });

  it('a new activity starts at 5 days with the milestone hint, and saveObject gets its duration', async () => {
    const user = userEvent.setup();
    const saved = stubServer();
    renderScreen();
    const dialog = await openNewActivity(user);
    const duration = within(dialog).getByRole('spinbutton', { name: 'Duración (días hábiles)' });
    expect((duration as HTMLInputElement).value).toBe('5');
    expect(duration.getAttribute('min')).toBe('0');
    expect(duration.getAttribute('max')).toBe('10000');
    expect(within(dialog).getByText('Usa 0 para un hito')).toBeTruthy();

    await user.type(within(dialog).getByRole('textbox', { name: 'Código' }), 'HRM');
    await user.type(within(dialog).getByRole('textbox', { name: 'Nombre' }), 'Hormigonado');
    await user.click(within(dialog).getByRole('button', { name: 'Grabar' }));
    await waitFor(() =>
      expect(saved).toEqual([
        { collection: 'actividades', object: { code: 'HRM', name: 'Hormigonado', priority: 1, duration: 5 } },
      ]),
    );
  });

  it('takes 0 as a milestone and sends it', async () => {
    const user = userEvent.setup();
    const saved = stubServer();
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Recepción municipal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tipo de área' });
    const duration = within(dialog).getByRole('spinbutton', { name: 'Duración (días hábiles)' });
    expect((duration as HTMLInputElement).value).toBe('0');
    expect(within(dialog).getByText('Duración 0: la actividad es un hito')).toBeTruthy();
    expect(duration.getAttribute('data-validation')).toBe('success');

    await user.clear(duration);
    await user.type(duration, '12');
    await user.click(within(dialog).getByRole('button', { name: 'Grabar' }));
    await waitFor(() =>
      expect(saved).toEqual([
        {
          collection: 'actividades',
          object: { _id: 'a-2', code: 'REC', name: 'Recepción municipal', priority: 2, duration: 12 },
        },
      ]),
    );
  });

  it('refuses an empty, negative, fractional or too long duration beside the field, and saves nothing', async () => {
    const user = userEvent.setup();
    const saved = stubServer();
    renderScreen();
    const dialog = await openNewActivity(user);
    await user.type(within(dialog).getByRole('textbox', { name: 'Código' }), 'HRM');
    await user.type(within(dialog).getByRole('textbox', { name: 'Nombre' }), 'Hormigonado');
    const duration = within(dialog).getByRole('spinbutton', { name: 'Duración (días hábiles)' });
    const save = within(dialog).getByRole('button', { name: 'Grabar' });
    const cases: [string, string][] = [
      ['', 'Ingresa la duración en días hábiles'],
      ['-1', 'Debe ser 0 o más (0 es un hito)'],
      ['2.5', 'Debe ser un número entero de días hábiles'],
      ['10001', 'Debe ser como máximo 10.000 días hábiles'],
    ];
    for (const [typed, message] of cases) {
      await user.clear(duration);
      if (typed !== '') await user.type(duration, typed);
      expect(duration.getAttribute('aria-invalid')).toBe('true');
      const described = duration.getAttribute('aria-describedby') ?? '';
      expect(document.getElementById(described)?.textContent).toBe(message);
      await user.click(save);
      await waitFor(() => expect(document.activeElement).toBe(duration));
    }
    expect(saved).toEqual([]);
    expect(screen.getByRole('dialog', { name: 'Tipo de área' })).toBeTruthy();
  });
});

describe('ActividadesScreen: Rendimiento (issue 35)', () => {
  it('sends the unit of work, the productivity typed with a decimal comma, the resource and the crews', async () => {
    const user = userEvent.setup();
    const saved = stubServer();
    renderScreen();
    const dialog = await openNewActivity(user);
    await user.type(within(dialog).getByRole('textbox', { name: 'Código' }), 'HRM');
    await user.type(within(dialog).getByRole('textbox', { name: 'Nombre' }), 'Hormigonado');
    await user.click(within(dialog).getByRole('combobox', { name: 'Unidad de trabajo' }));
    await user.click(await screen.findByRole('option', { name: 'm³' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Rendimiento' }), '7,5');
    expect(within(dialog).getByText('m³ por cuadrilla y día hábil')).toBeTruthy();
    await user.click(within(dialog).getByRole('combobox', { name: 'Recurso' }));
    await user.click(await screen.findByRole('option', { name: 'CHOR · Cuadrilla de hormigonado' }));
    const crews = within(dialog).getByRole('textbox', { name: 'Cuadrillas' });
    await user.clear(crews);
    await user.type(crews, '2');
    await user.click(within(dialog).getByRole('button', { name: 'Grabar' }));
    await waitFor(() =>
      expect(saved).toEqual([
        {
          collection: 'actividades',
          object: {
            code: 'HRM',
            name: 'Hormigonado',
            priority: 1,
            duration: 5,
            workUnit: 'm3',
            productivity: '7.5',
            resourceId: 'r-1',
            crews: 2,
          },
        },
      ]),
    );
  });

  it('asks for the unit of work before a productivity, and whole crews; saves nothing meanwhile', async () => {
    const user = userEvent.setup();
    const saved = stubServer();
    renderScreen();
    const dialog = await openNewActivity(user);
    await user.type(within(dialog).getByRole('textbox', { name: 'Código' }), 'HRM');
    await user.type(within(dialog).getByRole('textbox', { name: 'Nombre' }), 'Hormigonado');
    await user.type(within(dialog).getByRole('textbox', { name: 'Rendimiento' }), '8');
    expect(within(dialog).getByText('Elige la unidad de trabajo')).toBeTruthy();
    const crews = within(dialog).getByRole('textbox', { name: 'Cuadrillas' });
    await user.clear(crews);
    await user.type(crews, '0');
    expect(within(dialog).getByText('Un número entero de 1 a 100')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Grabar' }));
    expect(saved).toEqual([]);
  });
});

describe('ActividadesScreen: read-only for a user who is not an administrator (issue 36)', () => {
  it("says only an administrator changes the catalogues, and leaves out add, delete and 'Grabar'", async () => {
    const user = userEvent.setup();
    const saved = stubServer();
    renderScreen('user');
    await screen.findByRole('button', { name: 'Excavación' });
    expect(screen.getByTestId('catalogue-read-only').textContent).toBe(
      'Solo un administrador puede modificar los catálogos',
    );
    expect(screen.queryByRole('button', { name: 'Agregar actividad' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Eliminar/ })).toBeNull();

    // the record still opens, to be read; Enter in a field sends nothing
    await user.click(screen.getByRole('button', { name: 'Excavación' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tipo de área' });
    expect(within(dialog).getByTestId('catalogue-record-read-only')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Grabar' })).toBeNull();
    await user.type(within(dialog).getByRole('textbox', { name: 'Nombre' }), ' profunda{Enter}');
    expect(saved).toEqual([]);
    expect(within(dialog).getByRole('button', { name: 'Cerrar' })).toBeTruthy();
  });
});
