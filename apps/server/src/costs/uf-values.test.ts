import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callFunction, createFirstAdmin, createSignedInUser } from '../../test/support/factories';
import type { CallResult, TestAccount } from '../../test/support/factories';
import { createTestApp, databaseKinds } from '../../test/support/test-app';
import type { TestApp } from '../../test/support/test-app';
import { okResult, utcDate, workbookOf } from '../../test/support/workbooks';

const MONTHS = ['Día', 'Ene', 'Feb', 'Mar', 'Abr', 'May', 'Jun', 'Jul', 'Ago', 'Sep', 'Oct', 'Nov', 'Dic'];

function base64(text: string, encoding: BufferEncoding = 'utf8'): string {
  return Buffer.from(text, encoding).toString('base64');
}

/** A day's ISO date `offset` days after `start`. */
function dayAfter(start: string, offset: number): string {
  return new Date(Date.parse(`${start}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
}

describe.each(databaseKinds)('saveUfValues, loadUfValues and importUfValues (%s)', (kind) => {
  let t: TestApp;
  let admin: TestAccount;
  /** a second administrator: the values name who last changed them */
  let keeper: TestAccount;
  let member: TestAccount;

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await createFirstAdmin(t);
    keeper = await createSignedInUser(t, admin.cookie, { admin: true, name: 'Tesorera Ñúñez' });
    member = await createSignedInUser(t, admin.cookie);
  });
  afterAll(async () => {
    await t?.close();
  });

  // issue 30: only administrators change the UF values; every signed-in user reads them
  function save(data: unknown, cookie = keeper.cookie): Promise<CallResult> {
    return callFunction(t.app, 'saveUfValues', data, cookie);
  }
  function load(data: unknown = null): Promise<CallResult> {
    return callFunction(t.app, 'loadUfValues', data, member.cookie);
  }
  function importFile(
    data: { content: string; fileName: string; dryRun?: boolean },
    cookie = keeper.cookie,
  ): Promise<CallResult> {
    return callFunction(t.app, 'importUfValues', data, cookie);
  }

  /** Every stored row, as the database holds it (the value canonical), by date. */
  async function stored() {
    const rows = await t.db.selectFrom('uf_value').selectAll().orderBy('date').execute();
    return rows.map((row) => ({ ...row, value: String(row.value) }));
  }

  async function clear() {
    await t.db.deleteFrom('uf_value').execute();
  }

  function expectRefused(response: CallResult, message: string | RegExp) {
    expect(response.statusCode, JSON.stringify(response.body)).toBe(400);
    expect(response.body.error.status).toBe('INVALID_ARGUMENT');
    if (typeof message === 'string') expect(response.body.error.message).toContain(message);
    else expect(response.body.error.message).toMatch(message);
  }

  it('saves values and reads them back exactly, by date, with the whole table’s count and range', async () => {
    await clear();
    const saved = okResult(
      await save({
        values: [
          { date: '2025-03-02', value: '38685.12' },
          { date: '2025-03-01', value: 38679.23 },
          { date: '2025-03-03', value: '38690.1725' },
          { date: '2024-12-31', value: '38416.69' },
          { date: '2025-04-01', value: '38900' },
        ],
      }),
    );
    expect(saved).toEqual({ saved: 5, removed: 0, message: '5 valores UF grabados' });

    const all = okResult(await load());
    expect(all.values).toEqual([
      { date: '2024-12-31', value: '38416.69' },
      { date: '2025-03-01', value: '38679.23' },
      { date: '2025-03-02', value: '38685.12' },
      { date: '2025-03-03', value: '38690.1725' },
      { date: '2025-04-01', value: '38900' },
    ]);
    expect(all).toMatchObject({ count: 5, first: '2024-12-31', last: '2025-04-01' });

    const march = okResult(await load({ from: '2025-03-01', to: '2025-03-31' }));
    expect(march.values.map((value: { date: string }) => value.date)).toEqual([
      '2025-03-01',
      '2025-03-02',
      '2025-03-03',
    ]);
    // the count and range are the table's, whatever the range asked
    expect(march).toMatchObject({ count: 5, first: '2024-12-31', last: '2025-04-01' });
    expect(okResult(await load({ from: '2025-03-03' })).values).toHaveLength(2);
    expect(okResult(await load({ to: '2025-03-01' })).values).toHaveLength(2);

    const rows = await stored();
    expect(rows.every((row) => row.updated_by === keeper.userId)).toBe(true);
    expect(rows.every((row) => !Number.isNaN(Date.parse(row.updated_at)))).toBe(true);
  });

  it('answers an empty table with no range', async () => {
    await clear();
    expect(okResult(await load())).toEqual({ values: [], count: 0, message: '0 valores UF cargados' });
  });

  it('updates a stored date, leaves the same value untouched, and removes dates in the same call', async () => {
    await clear();
    okResult(
      await save({
        values: [
          { date: '2025-01-01', value: '38419.17' },
          { date: '2025-01-02', value: '38421.65' },
          { date: '2025-01-03', value: '38424.13' },
        ],
      }),
    );
    const before = await stored();
    await new Promise((resolve) => setTimeout(resolve, 5));
    const result = okResult(
      await save(
        {
          values: [
            { date: '2025-01-01', value: '38419.17' },
            { date: '2025-01-02', value: '38421.7' },
          ],
          remove: ['2025-01-03', '2025-02-01'],
        },
        admin.cookie,
      ),
    );
    expect(result).toEqual({ saved: 2, removed: 1, message: '2 valores UF grabados, 1 valor UF eliminado' });
    const after = await stored();
    expect(after.map((row) => row.date)).toEqual(['2025-01-01', '2025-01-02']);
    expect(okResult(await load()).values).toEqual([
      { date: '2025-01-01', value: '38419.17' },
      { date: '2025-01-02', value: '38421.7' },
    ]);
    // the unchanged value keeps its author and time; the changed one names who changed it
    expect(after[0]).toMatchObject({ updated_by: keeper.userId, updated_at: before[0]?.updated_at });
    expect(after[1]?.updated_by).toBe(admin.userId);
    expect(after[1]?.updated_at).not.toBe(before[1]?.updated_at);
  });

  it('refuses the same date twice, a date saved and removed, a zero, five decimals, a bad date — writing nothing', async () => {
    await clear();
    okResult(await save({ values: [{ date: '2025-01-01', value: '38419.17' }] }));
    const before = await stored();
    expectRefused(
      await save({
        values: [
          { date: '2025-01-02', value: '38421.65' },
          { date: '2025-03-01', value: '38679.23' },
          { date: '2025-03-01', value: '38679.24' },
        ],
      }),
      'La fecha 01-03-2025 aparece dos veces',
    );
    expectRefused(
      await save({ values: [{ date: '2025-01-02', value: '1' }], remove: ['2025-01-02'] }),
      'La fecha 02-01-2025 aparece para grabar y para eliminar a la vez',
    );
    expectRefused(await save({ values: [{ date: '2025-01-02', value: '0' }] }), 'debe ser mayor que 0');
    expectRefused(await save({ values: [{ date: '2025-01-02', value: '38421.65123' }] }), 'como máximo 4 decimales');
    expectRefused(await save({ values: [{ date: '2025-02-30', value: '38421.65' }] }), /values/);
    expectRefused(await save({ values: [{ date: '2025-01-02', value: '-5' }] }), 'no puede ser negativo');
    expect(await stored()).toEqual(before);
  });

  it('refuses the signed-out caller', async () => {
    const response = await callFunction(t.app, 'saveUfValues', { values: [{ date: '2025-01-02', value: '1' }] });
    expect(response.statusCode).toBe(401);
    expect((await callFunction(t.app, 'loadUfValues', null)).statusCode).toBe(401);
    expect(
      (await callFunction(t.app, 'importUfValues', { content: base64('Fecha;UF\n'), fileName: 'uf.csv' })).statusCode,
    ).toBe(401);
  });

  it("previews the Central Bank's CSV against the table (new, changed, unchanged), then imports it", async () => {
    await clear();
    okResult(
      await save({
        values: [
          { date: '2025-01-01', value: '38419.17' },
          { date: '2025-01-02', value: '38421' },
        ],
      }),
    );
    const csv = [
      '"Unidad de fomento (UF)";""',
      '"Periodo";"Unidad de fomento (UF)"',
      '"01.01.2025";"38.419,17"',
      '"02.01.2025";"38.421,65"',
      '"03.01.2025";"38.424,13"',
      '"04.01.2025";"38.426,6125"',
      '"05.01.2025";"ND"',
      '',
    ].join('\r\n');
    const content = base64(csv);
    const preview = okResult(await importFile({ content, fileName: 'uf-bcch.csv', dryRun: true }));
    expect(preview.preview).toEqual({
      values: 4,
      added: 2,
      changed: 1,
      unchanged: 1,
      first: '2025-01-01',
      last: '2025-01-04',
      errors: [],
    });
    expect(preview.message).toBe('Vista previa de uf-bcch.csv: 4 valores UF (2 nuevos, 1 cambiado, 1 sin cambios)');
    // the dry run wrote nothing
    expect((await stored()).map((row) => row.date)).toEqual(['2025-01-01', '2025-01-02']);

    const imported = okResult(await importFile({ content, fileName: 'uf-bcch.csv' }));
    expect(imported.message).toBe('Valores UF importados desde uf-bcch.csv: 2 nuevos, 1 cambiado, 1 sin cambios');
    expect(okResult(await load()).values).toEqual([
      { date: '2025-01-01', value: '38419.17' },
      { date: '2025-01-02', value: '38421.65' },
      { date: '2025-01-03', value: '38424.13' },
      { date: '2025-01-04', value: '38426.6125' },
    ]);
    expect((await stored()).every((row) => row.updated_by === keeper.userId)).toBe(true);
    // the same file again changes nothing
    const again = okResult(await importFile({ content, fileName: 'uf-bcch.csv', dryRun: true }));
    expect(again.preview).toMatchObject({ added: 0, changed: 0, unchanged: 4 });
  });

  it("imports the SII's yearly table from an Excel workbook, its year in a title cell", async () => {
    await clear();
    const rows: (string | number | null)[][] = [['Valores UF año 2025'], [], MONTHS];
    for (let day = 1; day <= 31; day += 1) {
      const row: (string | number | null)[] = [day];
      for (let month = 1; month <= 12; month += 1) {
        const exists = new Date(Date.UTC(2025, month - 1, day)).getUTCDate() === day;
        // January as numbers, February as Chilean text, the rest not yet published
        row.push(
          !exists || month > 2 ? null : month === 1 ? 38_400 + day / 100 : `38.500,${String(day).padStart(2, '0')}`,
        );
      }
      rows.push(row);
    }
    const content = await workbookOf(rows);
    const preview = okResult(await importFile({ content, fileName: 'valores.xlsx', dryRun: true }));
    expect(preview.preview).toMatchObject({
      values: 59,
      added: 59,
      first: '2025-01-01',
      last: '2025-02-28',
      errors: [],
    });
    okResult(await importFile({ content, fileName: 'valores.xlsx' }));
    const loaded = okResult(await load({ from: '2025-01-30', to: '2025-02-02' }));
    expect(loaded.values).toEqual([
      { date: '2025-01-30', value: '38400.3' },
      { date: '2025-01-31', value: '38400.31' },
      { date: '2025-02-01', value: '38500.01' },
      { date: '2025-02-02', value: '38500.02' },
    ]);
    expect(loaded.count).toBe(59);
  });

  it('imports a BCCh workbook with date cells, sniffed as Excel even without its extension', async () => {
    await clear();
    const content = await workbookOf([
      ['Periodo', 'Unidad de fomento (UF)'],
      [utcDate('2025-06-01'), 39_185.91],
      [utcDate('2025-06-02'), 39_189.03],
    ]);
    const result = okResult(await importFile({ content, fileName: 'descarga' }));
    expect(result.preview).toMatchObject({ values: 2, added: 2 });
    expect(okResult(await load()).values).toEqual([
      { date: '2025-06-01', value: '39185.91' },
      { date: '2025-06-02', value: '39189.03' },
    ]);
  });

  it("reads an old SII CSV saved as Latin-1 (its 'Día' and 'año' with their accents), the year from the title", async () => {
    await clear();
    const csv = [
      'Valores UF año 2023',
      'Día;Ene;Feb;Mar;Abr;May;Jun;Jul;Ago;Sep;Oct;Nov;Dic',
      '1;35.122,26;35.290,70;;;;;;;;;;',
    ].join('\r\n');
    const latin1 = base64(csv, 'latin1');
    expect(Buffer.from(latin1, 'base64').includes(Buffer.from('Día'))).toBe(false);
    const result = okResult(await importFile({ content: latin1, fileName: 'UF_SII.CSV' }));
    expect(result.preview).toMatchObject({ values: 2, errors: [] });
    expect(okResult(await load()).values).toEqual([
      { date: '2023-01-01', value: '35122.26' },
      { date: '2023-02-01', value: '35290.7' },
    ]);
  });

  it("reads Excel's 'Unicode text' (UTF-16 with its BOM, tab-delimited)", async () => {
    await clear();
    const text = 'Fecha\tValor\r\n01-05-2025\t39.075,41\r\n02-05-2025\t39.078,2\r\n';
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]).toString('base64');
    okResult(await importFile({ content: utf16, fileName: 'uf.txt' }));
    expect(okResult(await load()).values).toEqual([
      { date: '2025-05-01', value: '39075.41' },
      { date: '2025-05-02', value: '39078.2' },
    ]);
  });

  it('refuses a file that is neither a CSV nor an Excel workbook, and an old .xls', async () => {
    await clear();
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]);
    expectRefused(
      await importFile({ content: png.toString('base64'), fileName: 'foto.png', dryRun: true }),
      'El archivo no es un CSV ni un Excel (.xlsx)',
    );
    expectRefused(
      await importFile({ content: base64('Fecha;UF\n01-01-2025;1\n'), fileName: 'uf.xlsx' }),
      'El archivo no es un libro de Excel (.xlsx) válido',
    );
    const ole = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]);
    expectRefused(await importFile({ content: ole.toString('base64'), fileName: 'uf.xls' }), 'Excel antiguo (.xls)');
    expectRefused(await importFile({ content: 'no es base64!', fileName: 'uf.csv' }), 'base64');
    expect(await stored()).toEqual([]);
  });

  it('lists the row errors in the preview, and refuses the whole file when importing, writing nothing', async () => {
    await clear();
    okResult(await save({ values: [{ date: '2025-01-01', value: '38419.17' }] }));
    const before = await stored();
    const csv = [
      'Fecha;Valor',
      '02-01-2025;38.421,65',
      '30-02-2025;38.500,00',
      '03-01-2025;cero',
      '04-01-2025;38.426,61',
      '04-01-2025;38.426,62',
    ].join('\n');
    const content = base64(csv);
    const preview = okResult(await importFile({ content, fileName: 'uf.csv', dryRun: true }));
    expect(preview.preview.errors).toEqual([
      {
        row: 3,
        field: 'Fecha',
        message: 'Fila 3: la fecha «30-02-2025» no es válida: escríbela como dd-mm-aaaa (por ejemplo 01-03-2025)',
      },
      { row: 4, field: 'Valor', message: 'Fila 4: el valor «cero» no es un número: escríbelo como 39.485,65' },
      {
        row: 6,
        field: 'Valor',
        message: 'Fila 6: la fecha 04-01-2025 ya aparece en la fila 5 con otro valor (38.426,61 y 38.426,62)',
      },
    ]);
    expect(preview.message).toBe('El archivo tiene 3 errores; corrígelo y vuelve a cargarlo');
    const refused = await importFile({ content, fileName: 'uf.csv' });
    expectRefused(refused, 'No se importó uf.csv; corrige el archivo: Fila 3: la fecha «30-02-2025» no es válida');
    expect(refused.body.error.message).toContain('Fila 6:');
    expect(await stored()).toEqual(before);
    // an unrecognised file is a row error too
    const unknown = okResult(
      await importFile({ content: base64('Nombre;Cargo\nAna;Jefa\n'), fileName: 'x.csv', dryRun: true }),
    );
    expect(unknown.preview.errors[0].message).toMatch(/^Fila 1: no se reconoce el archivo/);
  });

  it('imports five years of daily values in chunks, and saves as many by hand', async () => {
    await clear();
    // 2020 and 2024 are leap years
    const days = 5 * 365 + 2;
    const lines = ['Fecha;Valor'];
    const expected: { date: string; value: string }[] = [];
    for (let index = 0; index < days; index += 1) {
      const date = dayAfter('2020-01-01', index);
      const cents = String(index % 100).padStart(2, '0');
      const whole = 28_000 + Math.floor(index / 100);
      lines.push(
        `${date.slice(8, 10)}-${date.slice(5, 7)}-${date.slice(0, 4)};${whole.toLocaleString('de-DE')},${cents}`,
      );
      expected.push({ date, value: cents === '00' ? String(whole) : `${whole}.${cents.replace(/0$/, '')}` });
    }
    const result = okResult(await importFile({ content: base64(lines.join('\n')), fileName: 'uf.csv' }));
    expect(result.preview).toMatchObject({ values: days, added: days, first: '2020-01-01', last: '2024-12-31' });
    const loaded = okResult(await load());
    expect(loaded.count).toBe(days);
    expect(loaded.values).toEqual(expected);

    // by hand: the same dates with new values, over the chunk size, in one call
    const changed = expected.slice(10).map(({ date, value }) => ({ date, value: `${value.split('.')[0]}.5` }));
    okResult(await save({ values: changed, remove: expected.slice(0, 10).map((value) => value.date) }));
    expect(okResult(await load()).values).toEqual(changed);
  });
});
