import type { ChangeLogEntry } from '@cimiento/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildSession, jsonResponse, renderWithApp } from '@/testing/test-utils';
import { ChangeLogScreen } from './change-log-screen';

type Call = { name: string; data: Record<string, unknown> };

function entry(id: number, overrides: Partial<ChangeLogEntry> = {}): ChangeLogEntry {
  return {
    id,
    // 14:05 UTC on 2 March 2027 is 11:05 in Santiago (summer time, UTC−3)
    at: '2027-03-02T14:05:00.000Z',
    userName: 'Josefina Administradora',
    area: 'catalogue',
    action: 'create',
    record: `Actividad ACT${id} Relleno`,
    summary: 'creó',
    detail: { changes: [], notes: [], omitted: 0 },
    ...overrides,
  };
}

/**
 * A stand-in for loadChangeLog over `entries` (newest first): the area filter, the `before` cursor,
 * `limit` at a time and `next` as the server answers it.
 */
function stubServer(entries: ChangeLogEntry[]) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const name = input.replace('/api/functions/', '');
    const data = (JSON.parse(String(init?.body ?? 'null')) as { data: Record<string, unknown> | null }).data ?? {};
    calls.push({ name, data });
    if (name !== 'loadChangeLog') return jsonResponse(404, { error: { status: 'NOT_FOUND', message: 'no' } });
    const limit = Number(data.limit ?? 20);
    const matching = entries.filter(
      (one) =>
        (data.area === undefined || one.area === data.area) &&
        (data.before === undefined || one.id < Number(data.before)),
    );
    const page = matching.slice(0, limit);
    const next = matching.length > limit ? (page.at(-1)?.id ?? null) : null;
    return jsonResponse(200, { result: { entries: page, next, message: 'cargados' } });
  });
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ChangeLogScreen', () => {
  it('lists the entries newest first with when (Santiago time), who, the area, the record and what was done', async () => {
    stubServer([
      entry(2, { area: 'uf', record: 'UF 01-03-2027', summary: 'modificó: Valor', userName: 'Tesorera Ñúñez' }),
      entry(1, { summary: 'modificó: Nombre, Duración' }),
    ]);
    renderWithApp(<ChangeLogScreen />, { session: buildSession() });
    const list = await screen.findByRole('list', { name: 'Registro de cambios' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    const first = within(rows[0] as HTMLElement);
    expect(first.getByText('UF 01-03-2027')).toBeTruthy();
    expect(first.getByText('modificó: Valor')).toBeTruthy();
    expect(first.getAllByText('Tesorera Ñúñez').length).toBeGreaterThan(0);
    expect(first.getAllByText('02-03-2027 11:05').length).toBeGreaterThan(0);
    expect(first.getAllByText('Valores UF').length).toBeGreaterThan(0);
    expect(within(rows[1] as HTMLElement).getByText('Actividad ACT1 Relleno')).toBeTruthy();
    expect(screen.getByText('2 cambios mostrados')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cargar más' })).toBeNull();
  });

  it("asks for the next page after the last entry shown ('Cargar más')", async () => {
    const user = userEvent.setup();
    const entries = Array.from({ length: 25 }, (_, index) => entry(25 - index));
    const calls = stubServer(entries);
    renderWithApp(<ChangeLogScreen />, { session: buildSession() });
    await screen.findByText('20 cambios mostrados');
    expect(calls[0]).toEqual({ name: 'loadChangeLog', data: { limit: 20 } });
    await user.click(screen.getByRole('button', { name: 'Cargar más' }));
    await screen.findByText('25 cambios mostrados');
    expect(calls.at(-1)).toEqual({ name: 'loadChangeLog', data: { before: 6, limit: 20 } });
    expect(screen.getByText('Actividad ACT1 Relleno')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cargar más' })).toBeNull();
  });

  it('filters by area, and says when an area has no entry', async () => {
    const user = userEvent.setup();
    const calls = stubServer([entry(2, { area: 'uf', record: 'UF 01-03-2027' }), entry(1)]);
    renderWithApp(<ChangeLogScreen />, { session: buildSession() });
    await screen.findByText('2 cambios mostrados');
    await user.click(screen.getByRole('combobox', { name: 'Área' }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Todas',
      'Catálogos',
      'Valores UF',
      'Proyectos',
    ]);
    await user.click(screen.getByRole('option', { name: 'Valores UF' }));
    await screen.findByText('1 cambio mostrado');
    expect(calls.at(-1)).toEqual({ name: 'loadChangeLog', data: { area: 'uf', limit: 20 } });
    expect(screen.getByText('UF 01-03-2027')).toBeTruthy();
    expect(screen.queryByText('Actividad ACT1 Relleno')).toBeNull();
    await user.click(screen.getByRole('combobox', { name: 'Área' }));
    await user.click(screen.getByRole('option', { name: 'Proyectos' }));
    expect((await screen.findByTestId('change-log-empty')).textContent).toBe(
      'No hay cambios registrados en esta área.',
    );
  });

  it("opens an entry's detail: each field before → after, by part, its notes and how many more", async () => {
    const user = userEvent.setup();
    stubServer([
      entry(7, {
        area: 'catalogue',
        record: 'Tipo de área TOR Torre',
        summary: 'modificó: Nombre, Subáreas',
        detail: {
          changes: [
            { field: 'Nombre', from: 'Torre A', to: 'Torre' },
            { item: 'Subárea P1 Piso 1', field: 'Cantidad', from: '1', to: '4' },
            { field: 'Subárea', from: '', to: 'P2 Piso 2 (cantidad 1, prioridad 1)' },
          ],
          notes: ['Archivo: uf.csv'],
          omitted: 3,
        },
      }),
    ]);
    renderWithApp(<ChangeLogScreen />, { session: buildSession() });
    await user.click(await screen.findByTestId('change-log-entry-7'));
    const dialog = await screen.findByRole('dialog', { name: 'Tipo de área TOR Torre' });
    const inDialog = within(dialog);
    expect(inDialog.getByText('modificó: Nombre, Subáreas')).toBeTruthy();
    expect(dialog.textContent).toContain('Por Josefina Administradora · 02-03-2027 11:05');
    const rows = within(inDialog.getByTestId('change-log-changes'))
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'CampoAntesDespués',
      'NombreTorre A→Torre',
      'Subárea P1 Piso 1',
      'Cantidad1→4',
      'Subárea(vacío)→P2 Piso 2 (cantidad 1, prioridad 1)',
    ]);
    expect(inDialog.getByText('Archivo: uf.csv')).toBeTruthy();
    expect(inDialog.getByText('y 3 cambios más que no se listan')).toBeTruthy();
    await user.click(inDialog.getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says so when nothing has been recorded yet', async () => {
    stubServer([]);
    renderWithApp(<ChangeLogScreen />, { session: buildSession() });
    expect((await screen.findByTestId('change-log-empty')).textContent).toBe('Aún no hay cambios registrados.');
  });
});
