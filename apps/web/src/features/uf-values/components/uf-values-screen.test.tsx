import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildSession, jsonResponse, renderWithApp } from '@/testing/test-utils';
import { currentYear } from '../utils/uf-values';
import { UfValuesScreen } from './uf-values-screen';

const YEAR = currentYear();

type Call = { name: string; data: Record<string, unknown> };

/**
 * A stand-in for the transport: loadUfValues answers from `table` (filtered by from/to, with the
 * whole table's count and range), saveUfValues applies and records, importUfValues answers `preview`.
 */
function stubServer(initial: Record<string, string>, preview?: Record<string, unknown>) {
  const table = new Map(Object.entries(initial));
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const name = input.replace('/api/functions/', '');
    const data = (JSON.parse(String(init?.body ?? 'null')) as { data: Record<string, unknown> | null }).data ?? {};
    calls.push({ name, data });
    if (name === 'loadUfValues') {
      const dates = [...table.keys()].sort();
      const from = String(data.from ?? '0000');
      const to = String(data.to ?? '9999');
      return jsonResponse(200, {
        result: {
          values: dates.filter((date) => date >= from && date <= to).map((date) => ({ date, value: table.get(date) })),
          count: dates.length,
          ...(dates.length > 0 ? { first: dates[0], last: dates.at(-1) } : {}),
          message: 'cargados',
        },
      });
    }
    if (name === 'saveUfValues') {
      for (const date of data.remove as string[]) table.delete(date);
      for (const { date, value } of data.values as { date: string; value: string }[]) table.set(date, value);
      return jsonResponse(200, { result: { saved: 0, removed: 0, message: 'Valores UF grabados' } });
    }
    if (name === 'importUfValues') {
      return jsonResponse(200, { result: { preview, message: 'Vista previa' } });
    }
    return jsonResponse(404, { error: { status: 'NOT_FOUND', message: 'no' } });
  });
  return calls;
}

/** The screen as an administrator sees it (issue 30: only administrators change the UF values). */
function renderScreen(role = 'admin') {
  return renderWithApp(<UfValuesScreen />, { session: buildSession({ role }) });
}

const january = {
  [`${YEAR}-01-01`]: '38419.17',
  [`${YEAR}-01-02`]: '38421.65',
  [`${YEAR}-01-03`]: '38424.1325',
  [`${YEAR}-01-04`]: '38426.61',
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('UfValuesScreen', () => {
  it('shows a user who is not an administrator the values without any control to change them, and says why', async () => {
    const calls = stubServer(january);
    renderScreen('user');
    const row = await screen.findByTestId(`uf-row-${YEAR}-01-01`);
    expect(within(row).getByText('$38.419,17')).toBeTruthy();
    expect(screen.getByTestId('uf-read-only').textContent).toBe(
      'Solo un administrador puede cambiar los valores UF: los estados de pago de todos los proyectos en UF dependen de ellos. Aquí puedes consultarlos.',
    );
    for (const name of ['Importar archivo', 'Agregar valor', /^Eliminar/, `Editar el valor del 01-01-${YEAR}`]) {
      expect(screen.queryByRole('button', { name })).toBeNull();
    }
    expect(screen.queryAllByRole('checkbox')).toEqual([]);
    // a double click on a value does not open it for editing either
    fireEvent.doubleClick(within(row).getByText('$38.419,17'));
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(calls.map((call) => call.name)).toEqual(['loadUfValues']);
  });

  it('tells a user who is not an administrator, on an empty table, that an administrator loads them', async () => {
    stubServer({});
    renderScreen('user');
    const empty = await screen.findByTestId('uf-empty');
    expect(empty.textContent).toContain('un administrador los descarga de una de estas fuentes');
    expect(screen.queryByRole('button', { name: 'Importar archivo' })).toBeNull();
  });

  it('explains where the files come from when the table is empty (Cimiento has no internet)', async () => {
    stubServer({});
    renderScreen();
    const empty = await screen.findByTestId('uf-empty');
    expect(empty.textContent).toContain('Aún no hay valores UF');
    expect(empty.textContent).toContain('Cimiento no se conecta a internet');
    expect(empty.textContent).toContain('Banco Central de Chile');
    expect(empty.textContent).toContain('SII');
    expect(screen.getByRole('button', { name: 'Importar archivo' })).toBeTruthy();
  });

  it("lists the current year's values by date (dd-mm-aaaa) in pesos, with the table's range", async () => {
    const calls = stubServer({ ...january, '2019-12-31': '28309.94' });
    renderScreen();
    const row = await screen.findByTestId(`uf-row-${YEAR}-01-01`);
    expect(within(row).getByText(`01-01-${YEAR}`)).toBeTruthy();
    expect(within(row).getByText('$38.419,17')).toBeTruthy();
    expect(within(screen.getByTestId(`uf-row-${YEAR}-01-03`)).getByText('$38.424,1325')).toBeTruthy();
    expect(screen.queryByText('$28.309,94')).toBeNull();
    expect(calls[0]).toEqual({ name: 'loadUfValues', data: { from: `${YEAR}-01-01`, to: `${YEAR}-12-31` } });
    expect(screen.getByText(`5 valores guardados, del 31-12-2019 al 04-01-${YEAR}`)).toBeTruthy();
  });

  it('pages a long year a month at a time, and filters by another year of the table', async () => {
    const user = userEvent.setup();
    const many: Record<string, string> = { [`${YEAR - 2}-06-30`]: '36000.5' };
    for (let day = 0; day < 40; day += 1) {
      const date = new Date(Date.UTC(YEAR, 0, 1 + day)).toISOString().slice(0, 10);
      many[date] = `38${String(400 + day)}.1`;
    }
    const calls = stubServer(many);
    renderScreen();
    await screen.findByTestId(`uf-row-${YEAR}-01-31`);
    expect(screen.queryByTestId(`uf-row-${YEAR}-02-01`)).toBeNull();
    expect(screen.getByText('1–31 de 40')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /siguiente/i }));
    await screen.findByTestId(`uf-row-${YEAR}-02-09`);
    expect(screen.getByText('32–40 de 40')).toBeTruthy();

    await user.click(screen.getByRole('combobox', { name: 'Año' }));
    const years = screen.getAllByRole('option').map((option) => option.textContent);
    expect(years).toEqual([String(YEAR), String(YEAR - 1), String(YEAR - 2)]);
    await user.click(screen.getByRole('option', { name: String(YEAR - 2) }));
    await screen.findByTestId(`uf-row-${YEAR - 2}-06-30`);
    expect(calls.at(-1)).toEqual({
      name: 'loadUfValues',
      data: { from: `${YEAR - 2}-01-01`, to: `${YEAR - 2}-12-31` },
    });
    await user.click(screen.getByRole('combobox', { name: 'Año' }));
    await user.click(screen.getByRole('option', { name: String(YEAR - 1) }));
    expect(await screen.findByText(`No hay valores UF en ${YEAR - 1}.`)).toBeTruthy();
  });

  it('edits a value in place, typed the Chilean way; a bad one shows its error and saves nothing', async () => {
    const user = userEvent.setup();
    const calls = stubServer(january);
    renderScreen();
    await user.click(await screen.findByRole('button', { name: `Editar el valor del 02-01-${YEAR}` }));
    const field = screen.getByRole('textbox', { name: `Valor del 02-01-${YEAR}` });
    expect((field as HTMLInputElement).value).toBe('38421,65');
    await user.clear(field);
    await user.type(field, '0{Enter}');
    expect(await screen.findByText('debe ser mayor que 0')).toBeTruthy();
    await user.clear(field);
    await user.type(field, '38.421,7{Enter}');
    await waitFor(() =>
      expect(calls.filter((call) => call.name === 'saveUfValues')).toEqual([
        { name: 'saveUfValues', data: { values: [{ date: `${YEAR}-01-02`, value: '38421.7' }], remove: [] } },
      ]),
    );
    expect(await screen.findByText('$38.421,70')).toBeTruthy();
  });

  it('deletes the selected values after a confirmation that counts them', async () => {
    const user = userEvent.setup();
    const calls = stubServer(january);
    renderScreen();
    for (const day of ['01', '03', '04']) {
      await user.click(await screen.findByRole('checkbox', { name: `Seleccionar el ${day}-01-${YEAR}` }));
    }
    await user.click(screen.getByRole('button', { name: 'Eliminar (3)' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Se eliminarán 3 valores UF');
    expect(dialog.textContent).toContain(`01-01-${YEAR}, 03-01-${YEAR}, 04-01-${YEAR}`);
    await user.click(within(dialog).getByRole('button', { name: 'Si, estoy seguro' }));
    await waitFor(() =>
      expect(calls.filter((call) => call.name === 'saveUfValues').map((call) => call.data)).toEqual([
        { values: [], remove: [`${YEAR}-01-01`, `${YEAR}-01-03`, `${YEAR}-01-04`] },
      ]),
    );
    await waitFor(() => expect(screen.queryByTestId(`uf-row-${YEAR}-01-01`)).toBeNull());
    expect(screen.getByTestId(`uf-row-${YEAR}-01-02`)).toBeTruthy();
  });

  it('adds a value: a date and an amount, with field errors in Spanish first', async () => {
    const user = userEvent.setup();
    const calls = stubServer(january);
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Agregar valor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Agregar valor UF' });
    await user.click(within(dialog).getByRole('button', { name: 'Grabar' }));
    expect(within(dialog).getByText('Fecha: es obligatoria')).toBeTruthy();
    expect(within(dialog).getByText('Valor: es obligatorio')).toBeTruthy();

    const date = within(dialog).getByTestId('uf-date-input');
    fireEvent.change(date, { target: { value: `02-01-${YEAR}` } });
    await waitFor(() => expect(within(dialog).getByText(/Ya hay un valor para el 02-01-/)).toBeTruthy());
    fireEvent.change(date, { target: { value: `05-01-${YEAR}` } });
    await user.type(within(dialog).getByRole('textbox', { name: /Valor/ }), 'abc');
    expect(within(dialog).getByText('Valor: escríbelo como 39.485,65')).toBeTruthy();
    await user.clear(within(dialog).getByRole('textbox', { name: /Valor/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /Valor/ }), '38.429,09');
    await user.click(within(dialog).getByRole('button', { name: 'Grabar' }));
    await waitFor(() =>
      expect(calls.filter((call) => call.name === 'saveUfValues').map((call) => call.data)).toEqual([
        { values: [{ date: `${YEAR}-01-05`, value: '38429.09' }], remove: [] },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Agregar valor UF' })).toBeNull());
    expect(await screen.findByText('$38.429,09')).toBeTruthy();
  });

  it('previews an import (new, changed, unchanged, the range and each row error) and refuses one with errors', async () => {
    const user = userEvent.setup();
    const calls = stubServer(january, {
      values: 3,
      added: 2,
      changed: 1,
      unchanged: 0,
      first: `${YEAR}-02-01`,
      last: `${YEAR}-02-03`,
      errors: [{ row: 4, field: 'Valor', message: 'Fila 4: el valor debe ser mayor que 0' }],
    });
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Importar archivo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Importar valores UF' });
    const file = new File(['Fecha;Valor\n01-02-2026;38.500,00\n'], 'uf.csv', { type: 'text/csv' });
    await user.upload(within(dialog).getByLabelText('Archivo de valores UF'), file);
    const preview = await within(dialog).findByTestId('uf-import-preview');
    expect(within(preview).getByTestId('uf-import-added').textContent).toBe('2');
    expect(within(preview).getByTestId('uf-import-changed').textContent).toBe('1');
    expect(within(preview).getByTestId('uf-import-unchanged').textContent).toBe('0');
    expect(within(preview).getByTestId('uf-import-range').textContent).toBe(
      `3 valores UF, del 01-02-${YEAR} al 03-02-${YEAR}`,
    );
    expect(within(preview).getByTestId('uf-import-errors').textContent).toContain(
      'Fila 4: el valor debe ser mayor que 0',
    );
    expect((within(dialog).getByRole('button', { name: 'Importar' }) as HTMLButtonElement).disabled).toBe(true);
    const imports = calls.filter((call) => call.name === 'importUfValues');
    expect(imports).toHaveLength(1);
    expect(imports[0]?.data).toMatchObject({ fileName: 'uf.csv', dryRun: true });
    expect(atob(String(imports[0]?.data.content))).toContain('01-02-2026;38.500,00');
  });

  it('imports a clean file after its preview', async () => {
    const user = userEvent.setup();
    const calls = stubServer(january, {
      values: 2,
      added: 2,
      changed: 0,
      unchanged: 0,
      first: `${YEAR}-02-01`,
      last: `${YEAR}-02-02`,
      errors: [],
    });
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Importar archivo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Importar valores UF' });
    await user.upload(
      within(dialog).getByLabelText('Archivo de valores UF'),
      new File(['x'], 'uf2026.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }),
    );
    await within(dialog).findByTestId('uf-import-preview');
    await user.click(within(dialog).getByRole('button', { name: 'Importar' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Importar valores UF' })).toBeNull());
    expect(calls.filter((call) => call.name === 'importUfValues').map((call) => call.data.dryRun)).toEqual([
      true,
      false,
    ]);
  });
});
