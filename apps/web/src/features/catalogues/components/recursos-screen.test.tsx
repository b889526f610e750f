import type { CatalogueResource } from '@cimiento/domain/resources';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { buildSession, jsonResponse, renderWithApp } from '@/testing/test-utils';
import { RecursosScreen } from './recursos-screen';

const grua: CatalogueResource = {
  _id: 'r-1',
  id: 'r-1',
  code: 'GRUA',
  name: 'Grúa torre',
  priority: 1,
  type: 'equipment',
  unit: 'un',
  maxUnits: 1,
  availability: [],
  crew: [],
  currency: 'CLP',
  calendar: {
    workingWeekdays: [1, 2, 3, 4, 5, 6],
    exceptions: [{ from: '2026-02-16', to: '2026-02-27', name: 'Mantención' }],
  },
};
const bomba: CatalogueResource = { ...grua, _id: 'r-2', id: 'r-2', code: 'BOMBA', name: 'Bomba', priority: 2 };
delete bomba.calendar;

/** loadObjects answers the resources (and no trades); saveObject records what it got and echoes it back. */
function stubServer() {
  const saved: { object: Record<string, unknown> }[] = [];
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body ?? 'null')) as { data: { collection?: string; object?: object } } | null;
    if (input === '/api/functions/loadObjects') {
      const objects = body?.data.collection === 'recursos' ? [grua, bomba] : [];
      return jsonResponse(200, { result: { objects, message: 'Cargados' } });
    }
    if (input === '/api/functions/saveObject') {
      saved.push(body?.data as { object: Record<string, unknown> });
      return jsonResponse(200, { result: { object: { ...grua, ...body?.data.object }, message: 'Recurso guardado' } });
    }
    return jsonResponse(404, { error: { status: 'NOT_FOUND', message: 'no' } });
  });
  return saved;
}

/** A field's new text, as the browser hands it to React once typed (userEvent's keystrokes are slow on MUI). */
function typeIn(section: HTMLElement, testId: string, text: string) {
  fireEvent.change(within(section).getByTestId(testId), { target: { value: text } });
}

describe("RecursosScreen: a resource's own calendar (issue 35)", () => {
  it('lists the calendar short, the project’s when it has none', async () => {
    stubServer();
    renderWithApp(<RecursosScreen />, { session: buildSession({ role: 'admin' }) });
    const row = (name: string) => screen.getByRole('button', { name }).closest('tr') as HTMLElement;
    await screen.findByRole('button', { name: 'Grúa torre' });
    expect(within(row('Grúa torre')).getByText('L–S; 1 rango no laborable')).toBeTruthy();
    expect(within(row('Bomba')).getByText('El del proyecto')).toBeTruthy();
  });

  /** Opens 'Grúa torre' and answers its dialog and the calendar's section. */
  async function openCrane(user: ReturnType<typeof userEvent.setup>) {
    await user.click(await screen.findByRole('button', { name: 'Grúa torre' }));
    const dialog = await screen.findByRole('dialog', { name: 'Recurso' });
    return { dialog, section: within(dialog).getByRole('region', { name: 'Calendario propio' }) };
  }

  it('shows the stored weekdays; none at all is said in Spanish and the save waits', async () => {
    const user = userEvent.setup();
    const saved = stubServer();
    renderWithApp(<RecursosScreen />, { session: buildSession({ role: 'admin' }) });
    const { dialog, section } = await openCrane(user);
    // the stored calendar: Monday to Saturday ticked, its range as dd-mm-aaaa
    expect((within(section).getByRole('checkbox', { name: 'Sáb' }) as HTMLInputElement).checked).toBe(true);
    expect((within(section).getByRole('checkbox', { name: 'Dom' }) as HTMLInputElement).checked).toBe(false);
    expect((within(section).getByTestId('day-off-from-0') as HTMLInputElement).value).toBe('16-02-2026');
    for (const day of ['Lun', 'Mar', 'Mié', 'Jue', 'Vie', 'Sáb'])
      fireEvent.click(within(section).getByRole('checkbox', { name: day }));
    expect(within(section).getByRole('alert').textContent).toBe(
      'Calendario: marca al menos un día de la semana en que el recurso trabaja',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Grabar' }));
    expect(saved).toHaveLength(0);
    fireEvent.click(within(section).getByRole('checkbox', { name: 'Lun' }));
    expect(within(section).queryByRole('alert')).toBeNull();
  });

  it('checks each range as typed (dd-mm-aaaa, backwards, overlapping) and saves the calendar', async () => {
    const user = userEvent.setup();
    const saved = stubServer();
    renderWithApp(<RecursosScreen />, { session: buildSession({ role: 'admin' }) });
    const { dialog, section } = await openCrane(user);
    fireEvent.click(within(section).getByRole('checkbox', { name: 'Sáb' }));
    await user.click(within(section).getByRole('button', { name: 'Agregar días no laborables' }));
    typeIn(section, 'day-off-from-1', '2026-03-02');
    typeIn(section, 'day-off-to-1', '06-03-2026');
    expect(within(section).getByText('Desde y hasta como dd-mm-aaaa')).toBeTruthy();
    typeIn(section, 'day-off-from-1', '09-03-2026');
    expect(within(section).getByRole('alert').textContent).toBe(
      'Calendario, fila 2: el término (06-03-2026) es anterior al inicio (09-03-2026)',
    );
    typeIn(section, 'day-off-from-1', '20-02-2026');
    expect(within(section).getByRole('alert').textContent).toBe(
      'Calendario: las filas 1 y 2 se superponen; junta los días en una sola fila',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Grabar' }));
    expect(saved).toHaveLength(0);

    // right: saved with its weekdays and both ranges
    typeIn(section, 'day-off-from-1', '02-03-2026');
    typeIn(section, 'day-off-name-1', 'Paro');
    expect(within(section).queryByRole('alert')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Grabar' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.object.calendar).toEqual({
      workingWeekdays: [1, 2, 3, 4, 5],
      exceptions: [
        { from: '2026-02-16', to: '2026-02-27', name: 'Mantención' },
        { from: '2026-03-02', to: '2026-03-06', name: 'Paro' },
      ],
    });
  });

  it('every day ticked and no ranges: the project’s calendar (null)', async () => {
    const user = userEvent.setup();
    const saved = stubServer();
    renderWithApp(<RecursosScreen />, { session: buildSession({ role: 'admin' }) });
    const { dialog, section } = await openCrane(user);
    fireEvent.click(within(section).getByRole('checkbox', { name: 'Dom' }));
    await user.click(within(section).getByRole('button', { name: 'Quitar los días no laborables de la fila 1' }));
    await user.click(within(dialog).getByRole('button', { name: 'Grabar' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.object.calendar).toBeNull();
  });
});
