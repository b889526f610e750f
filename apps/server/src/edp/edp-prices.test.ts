import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEdcOk, saveEdcOk } from '../../test/support/edc';
import { createEdpProject, loadEdp, saveEdp, storedEdp, updateItemEdp, watchEdpWrites } from '../../test/support/edp';
import type { WireItem } from '../../test/support/edp';
import { createFirstAdmin, createSignedInUser } from '../../test/support/factories';
import type { TestAccount } from '../../test/support/factories';
import { createProject, uniqueProjectCode } from '../../test/support/projects';
import { createTestApp, databaseKinds } from '../../test/support/test-app';
import { exportEdp, importEdp, okResult, openWorkbook, workbookOf, writeBack } from '../../test/support/workbooks';
import type { TestApp } from '../../test/support/test-app';

/** An item as the functions answer it (issue 16): its tree fields and its price fields when set. */
type PricedWire = WireItem & { unit?: string; quantity?: string; unitPrice?: string; amount?: string };

describe.each(databaseKinds)('prices in the EDP (%s)', (kind) => {
  let t: TestApp;
  let admin: TestAccount;
  let member: TestAccount;

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await createFirstAdmin(t);
    member = await createSignedInUser(t, admin.cookie);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** The price columns as stored, canonical, by item id (null: not set). */
  async function storedPrices(projectId: string) {
    const rows = await t.db
      .selectFrom('edp_item')
      .select(['id', 'unit', 'quantity', 'unit_price'])
      .where('project_id', '=', projectId)
      .orderBy('id')
      .execute();
    // PostgreSQL answers numeric(22, 4) as "12.5000"
    const canonical = (value: string | number | null) =>
      value === null
        ? null
        : String(value)
            .replace(/(\.\d*?)0+$/, '$1')
            .replace(/\.$/, '');
    return Object.fromEntries(
      rows.map((row) => [
        Number(row.id),
        { unit: row.unit, quantity: canonical(row.quantity), unitPrice: canonical(row.unit_price) },
      ]),
    );
  }

  it('saves unit, quantity and unit price with the EDP and answers each priced item with its amount (a USD project: cents)', async () => {
    const { id, edp } = await createEdpProject(t, member.cookie, 'PRC');
    const items = edp.items.map((item) =>
      item.id === 3
        ? { ...item, unit: 'm2', quantity: '12.5', unitPrice: 1000.5 } // 12.5 × 1000.5 = 12506.25
        : item.id === 4
          ? { ...item, unit: 'gl', quantity: 1, unitPrice: '2500000' }
          : item.id === 5
            ? { ...item, unit: 'ml', quantity: '3' } // no unit price: not priced
            : item,
    );
    const response = await saveEdp(t, member.cookie, id, { items, version: edp.version });
    expect(response.statusCode, JSON.stringify(response.body)).toBe(200);
    const expected: PricedWire[] = edp.items.map((item) =>
      item.id === 3
        ? { ...item, unit: 'm2', quantity: '12.5', unitPrice: '1000.5', amount: '12506.25' }
        : item.id === 4
          ? { ...item, unit: 'gl', quantity: '1', unitPrice: '2500000', amount: '2500000' }
          : item.id === 5
            ? { ...item, unit: 'ml', quantity: '3' }
            : item,
    );
    expect(response.body.result.edp).toEqual({ items: expected, version: 2 });
    // loadProject reads the same back (PostgreSQL's "12.5000" canonical)
    expect(await loadEdp(t, member.cookie, id)).toEqual({ items: expected, version: 2 });
    expect((await storedPrices(id))[3]).toEqual({ unit: 'm2', quantity: '12.5', unitPrice: '1000.5' });
  });

  it('keeps the stored prices when the fields are absent, clears them with null or a blank unit, and an item new to the EDP starts unpriced', async () => {
    const { id, code, edp } = await createEdpProject(t, member.cookie, 'KEEP');
    const priced = edp.items.map((item) =>
      item.id === 3 || item.id === 4 ? { ...item, unit: 'm3', quantity: '2', unitPrice: '100' } : item,
    );
    expect((await saveEdp(t, member.cookie, id, { items: priced, version: 1 })).statusCode).toBe(200);

    // the editor of issue 5 sends no price fields: the prices stay, also for a renamed and re-coded item
    const watch = await watchEdpWrites(t, kind);
    try {
      const plain = edp.items.map((item) =>
        item.id === 3 ? { ...item, code: `${code}.1.7`, name: 'Andén poniente' } : item,
      );
      const response = await saveEdp(t, member.cookie, id, {
        items: [...plain, { id: 10, parentId: 1, code: `${code}.3`, name: 'Patio' }],
        version: 2,
      });
      expect(response.statusCode, JSON.stringify(response.body)).toBe(200);
      const answered = response.body.result.edp.items as PricedWire[];
      expect(answered.find((item) => item.id === 3)).toEqual({
        id: 3,
        parentId: 2,
        code: `${code}.1.7`,
        name: 'Andén poniente',
        unit: 'm3',
        quantity: '2',
        unitPrice: '100',
        amount: '200',
      });
      expect(answered.find((item) => item.id === 10)).toEqual({
        id: 10,
        parentId: 1,
        code: `${code}.3`,
        name: 'Patio',
      });
      // only the renamed row and the new one were written
      expect(await watch.read(id)).toEqual([
        { id: 10, op: 'insert' },
        { id: 3, op: 'update' },
      ]);
    } finally {
      await watch.drop();
    }

    // null clears a field, a blank unit clears the unit; the other item stays as it was
    const current = (await loadEdp(t, member.cookie, id)).items as PricedWire[];
    const cleared = current.map(({ amount: _amount, ...item }) =>
      item.id === 3 ? { ...item, unit: '  ', quantity: null, unitPrice: '150' } : item,
    );
    const response = await saveEdp(t, member.cookie, id, { items: cleared, version: 3 });
    expect(response.statusCode, JSON.stringify(response.body)).toBe(200);
    expect(await storedPrices(id)).toMatchObject({
      3: { unit: null, quantity: null, unitPrice: '150' },
      4: { unit: 'm3', quantity: '2', unitPrice: '100' },
      10: { unit: null, quantity: null, unitPrice: null },
    });
    const item3 = (response.body.result.edp.items as PricedWire[]).find((item) => item.id === 3);
    expect(item3).toEqual({ id: 3, parentId: 2, code: `${code}.1.7`, name: 'Andén poniente', unitPrice: '150' });
  });

  it.each([
    // 3.3333 × 0.0123 = 0.04099959 → UF 0,041 (4 decimals stored); 3.3333 × 1500.5 = 5001.61665 → $5.002
    ['UF', '0.0123', '0.041'],
    ['CLP', '1500.5', '5002'],
    ['USD', '1.5', '5'], // 4.99995 → US$5,00
  ])('rounds the amount as the currency stores it: %s', async (currency, unitPrice, amount) => {
    const code = uniqueProjectCode('CUR');
    const project = await createProject(t, member.cookie, { name: `Obra en ${currency}`, code, currency });
    const edp = await loadEdp(t, member.cookie, project._id as string);
    const root = edp.items[0] as WireItem;
    const items = [
      root,
      { id: 90, parentId: root.id, code: `${code}.90`, name: 'Excavación', unit: 'm3', quantity: '3.3333', unitPrice },
    ];
    const response = await saveEdp(t, member.cookie, project._id as string, { items, version: edp.version });
    expect(response.statusCode, JSON.stringify(response.body)).toBe(200);
    expect((response.body.result.edp.items as PricedWire[]).at(-1)).toEqual({ ...items[1], amount });
  });

  describe('refuses a bad price with INVALID_ARGUMENT, its Spanish message and nothing written', () => {
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['a negative quantity', { quantity: '-1' }, 'edp.items.3.quantity: no puede ser negativo'],
      ['five decimals', { unitPrice: '1.23456' }, 'edp.items.3.unitPrice: admite como máximo 4 decimales'],
      ['text', { quantity: 'doce' }, 'edp.items.3.quantity: debe ser un número decimal, por ejemplo 1234567.89'],
      [
        '19 integer digits',
        { unitPrice: '1234567890123456789' },
        'edp.items.3.unitPrice: debe tener como máximo 18 dígitos enteros',
      ],
      ['a long unit', { unit: 'x'.repeat(21) }, 'edp.items.3.unit: debe tener como máximo 20 caracteres'],
    ];
    it.each(cases)('%s', async (_name, fields, message) => {
      const { id, edp } = await createEdpProject(t, member.cookie, 'BAD');
      const before = await storedEdp(t, id);
      const beforePrices = await storedPrices(id);
      const items = edp.items.map((item) => (item.id === 4 ? { ...item, ...fields } : item));
      const response = await saveEdp(t, member.cookie, id, { items, version: edp.version });
      expect(response.body.error).toEqual({ status: 'INVALID_ARGUMENT', message });
      expect(await storedEdp(t, id)).toEqual(before);
      expect(await storedPrices(id)).toEqual(beforePrices);
    });
  });

  it('updateItemEdp adds an item with its prices, changes only the prices of another, and keeps them on a rename', async () => {
    const { id, code } = await createEdpProject(t, member.cookie, 'UPD');
    const added = await updateItemEdp(t, member.cookie, {
      id,
      item: { parentId: 2, code: `${code}.1.4`, name: 'Rampa', unit: 'm2', quantity: '40', unitPrice: '35000' },
      action: 'add',
      version: 1,
    });
    expect(added.statusCode, JSON.stringify(added.body)).toBe(200);
    expect((added.body.result.edp.items as PricedWire[]).find((item) => item.id === 10)).toEqual({
      id: 10,
      parentId: 2,
      code: `${code}.1.4`,
      name: 'Rampa',
      unit: 'm2',
      quantity: '40',
      unitPrice: '35000',
      amount: '1400000',
    });

    const priced = await updateItemEdp(t, member.cookie, {
      id,
      item: { id: 3, code: `${code}.1.1`, name: 'Andén 1', quantity: '2,5'.replace(',', '.'), unitPrice: '10' },
      action: 'update',
      version: 2,
    });
    expect(priced.statusCode, JSON.stringify(priced.body)).toBe(200);
    expect(priced.body.result.message).toBe(`Ítem ${code}.1.1 actualizado`);

    const renamed = await updateItemEdp(t, member.cookie, {
      id,
      item: { id: 10, code: `${code}.1.9`, name: 'Rampa norte' },
      action: 'update',
      version: 3,
    });
    expect(renamed.statusCode, JSON.stringify(renamed.body)).toBe(200);
    const items = renamed.body.result.edp.items as PricedWire[];
    expect(items.find((item) => item.id === 10)).toMatchObject({
      code: `${code}.1.9`,
      name: 'Rampa norte',
      amount: '1400000',
    });
    expect(items.find((item) => item.id === 3)).toMatchObject({ quantity: '2.5', unitPrice: '10', amount: '25' });

    const clear = await updateItemEdp(t, member.cookie, {
      id,
      item: { id: 10, code: `${code}.1.9`, name: 'Rampa norte', unit: null, quantity: null, unitPrice: null },
      action: 'update',
      version: 4,
    });
    expect(clear.statusCode, JSON.stringify(clear.body)).toBe(200);
    expect((clear.body.result.edp.items as PricedWire[]).find((item) => item.id === 10)).toEqual({
      id: 10,
      parentId: 2,
      code: `${code}.1.9`,
      name: 'Rampa norte',
    });
    expect((await storedPrices(id))[3]).toEqual({ unit: null, quantity: '2.5', unitPrice: '10' });
  });

  it('updateItemEdp refuses a bad price and writes nothing', async () => {
    const { id, code } = await createEdpProject(t, member.cookie, 'UPB');
    const before = await storedEdp(t, id);
    const response = await updateItemEdp(t, member.cookie, {
      id,
      item: { id: 3, code: `${code}.1.1`, name: 'Andén 1', quantity: '1,5' },
      action: 'update',
      version: 1,
    });
    expect(response.body.error).toEqual({
      status: 'INVALID_ARGUMENT',
      message: 'item.quantity: debe ser un número decimal, por ejemplo 1234567.89',
    });
    expect(await storedEdp(t, id)).toEqual(before);
  });

  it('loadEdc and saveEdc answer the EDP item with its price and amount', async () => {
    const { id, code, edp } = await createEdpProject(t, member.cookie, 'EDC');
    const items = edp.items.map((item) =>
      item.id === 3 ? { ...item, unit: 'm2', quantity: '4', unitPrice: '2.25' } : item,
    );
    expect((await saveEdp(t, member.cookie, id, { items, version: 1 })).statusCode).toBe(200);
    const priced = { unit: 'm2', quantity: '4', unitPrice: '2.25', amount: '9' };
    const saved = await saveEdcOk(t, member.cookie, id, {
      id: 3,
      componentesEdc: [{ code: 'EXC', name: 'Excavación', parentCode: `${code}.1.1`, kind: 'main' }],
      version: 0,
    });
    expect(saved).toMatchObject({ id: 3, ...priced });
    expect(await loadEdcOk(t, member.cookie, id, 3)).toMatchObject({ id: 3, ...priced });
    const unpriced = await loadEdcOk(t, member.cookie, id, 4);
    expect(unpriced === null || !('amount' in unpriced)).toBe(true);
  });

  it('writes the prices of 5,000 items in chunked updates, and a save of one price change writes one row', async () => {
    const { id, code, edp } = await createEdpProject(t, member.cookie, 'BIG');
    const root = edp.items[0] as WireItem;
    const many: PricedWire[] = [root];
    for (let index = 1; index <= 5000; index += 1) {
      many.push({ id: index + 1, parentId: root.id, code: `${code}.${index}`, name: `Partida ${index}` });
    }
    const first = await saveEdp(t, member.cookie, id, { items: many, version: 1 });
    expect(first.statusCode, JSON.stringify(first.body).slice(0, 300)).toBe(200);
    const pricedItems = many.map((item) =>
      item.id === root.id ? item : { ...item, unit: 'un', quantity: String(item.id), unitPrice: '1.5' },
    );
    const priced = await saveEdp(t, member.cookie, id, { items: pricedItems, version: 2 });
    expect(priced.statusCode, JSON.stringify(priced.body).slice(0, 300)).toBe(200);
    const answered = priced.body.result.edp.items as PricedWire[];
    expect(answered.filter((item) => item.amount !== undefined)).toHaveLength(5000);
    expect(answered.at(-1)).toMatchObject({ id: 5001, quantity: '5001', unitPrice: '1.5', amount: '7501.5' });
    const stored = await storedPrices(id);
    expect(stored[2500]).toEqual({ unit: 'un', quantity: '2500', unitPrice: '1.5' });

    const watch = await watchEdpWrites(t, kind);
    try {
      const oneChange = pricedItems.map((item) => (item.id === 777 ? { ...item, unitPrice: '2' } : item));
      const response = await saveEdp(t, member.cookie, id, { items: oneChange, version: 3 });
      expect(response.statusCode).toBe(200);
      expect(await watch.read(id)).toEqual([{ id: 777, op: 'update' }]);
    } finally {
      await watch.drop();
    }
    expect((await storedPrices(id))[777]).toEqual({ unit: 'un', quantity: '777', unitPrice: '2' });
  });

  describe('the EDP workbook carries Unidad, Cantidad, Precio unitario and Monto', () => {
    /** A project whose EDP has items 3 and 4 priced (USD). */
    async function pricedProject(prefix: string) {
      const project = await createEdpProject(t, member.cookie, prefix);
      const items = project.edp.items.map((item) =>
        item.id === 3
          ? { ...item, unit: 'm2', quantity: '12.5', unitPrice: '1000.5' }
          : item.id === 4
            ? { ...item, unit: 'gl', quantity: '1', unitPrice: '2500000' }
            : item,
      );
      expect((await saveEdp(t, member.cookie, project.id, { items, version: 1 })).statusCode).toBe(200);
      return project;
    }

    it('exports the prices and each item total (bold on parents), and reads its own export back writing no row', async () => {
      const { id, code } = await pricedProject('XP');
      const { content } = okResult(await exportEdp(t, member.cookie, id));
      const { sheet, rows } = await openWorkbook(content, 'EDP');
      expect(rows.slice(0, 5)).toEqual([
        ['Código', 'Nombre', 'Nivel', 'Unidad', 'Cantidad', 'Precio unitario', 'Monto (USD)'],
        [code, 'Centro logístico', 0, undefined, undefined, undefined, 2512506.25],
        [`${code}.1`, 'Nave 1', 1, undefined, undefined, undefined, 2512506.25],
        [`${code}.1.1`, 'Andén 1', 2, 'm2', 12.5, 1000.5, 12506.25],
        [`${code}.1.2`, 'Andén 2', 2, 'gl', 1, 2500000, 2500000],
      ]);
      expect(rows[6]).toEqual([`${code}.2`, 'Nave 2', 1]);
      expect(sheet.getCell('G2').font?.bold).toBe(true);
      expect(sheet.getCell('G4').font?.bold).toBeFalsy();
      expect(sheet.getCell('G4').numFmt).toBe('#,##0.00');

      const before = await storedPrices(id);
      const watch = await watchEdpWrites(t, kind);
      try {
        const result = okResult(await importEdp(t, member.cookie, { id, content, version: 2 }));
        expect(result.preview).toMatchObject({ errors: [], kept: 9, added: 0, renamed: 0, removed: 0, repriced: 0 });
        expect(await watch.read(id)).toEqual([]);
      } finally {
        await watch.drop();
      }
      expect(await storedPrices(id)).toEqual(before);
    });

    it('imports edited prices: numbers and Chilean text, an emptied cell clears, Monto is ignored', async () => {
      const { id, code } = await pricedProject('XI');
      const opened = await openWorkbook(okResult(await exportEdp(t, member.cookie, id)).content, 'EDP');
      opened.sheet.getCell('E4').value = '1.234,5'; // Andén 1's quantity, typed the Chilean way
      opened.sheet.getCell('F4').value = '2.000'; // two thousand
      opened.sheet.getCell('G4').value = 1; // a Monto typed over: ignored
      opened.sheet.getCell('D5').value = null; // Andén 2's unit cleared
      opened.sheet.getCell('F5').value = null; // and its price
      opened.sheet.getCell('D6').value = 'ml'; // Bodega priced
      opened.sheet.getCell('E6').value = 3;
      opened.sheet.getCell('F6').value = 0.25;
      const content = await writeBack(opened);
      const result = okResult(await importEdp(t, member.cookie, { id, content, version: 2 }));
      expect(result.preview).toMatchObject({ errors: [], kept: 6, repriced: 3 });
      const items = result.edp.items as PricedWire[];
      expect(items.slice(2, 5)).toEqual([
        {
          id: 3,
          parentId: 2,
          code: `${code}.1.1`,
          name: 'Andén 1',
          unit: 'm2',
          quantity: '1234.5',
          unitPrice: '2000',
          amount: '2469000',
        },
        { id: 4, parentId: 2, code: `${code}.1.2`, name: 'Andén 2', quantity: '1' },
        {
          id: 5,
          parentId: 2,
          code: `${code}.1.3`,
          name: 'Bodega',
          unit: 'ml',
          quantity: '3',
          unitPrice: '0.25',
          amount: '0.75',
        },
      ]);
      expect(await loadEdp(t, member.cookie, id)).toEqual({ items, version: 3 });
    });

    it('keeps the stored prices when the workbook has no price columns (a workbook from before issue 16)', async () => {
      const { id, code } = await pricedProject('XK');
      const before = await storedPrices(id);
      const content = await workbookOf(
        [
          ['Código', 'Nombre', 'Nivel'],
          [code, 'Centro logístico', 0],
          [`${code}.1`, 'Nave 1', 1],
          [`${code}.1.1`, 'Andén norte', 2],
          [`${code}.1.2`, 'Andén 2', 2],
        ],
        'EDP',
      );
      const result = okResult(await importEdp(t, member.cookie, { id, content, version: 2 }));
      expect(result.preview).toMatchObject({ errors: [], kept: 3, renamed: 1, removed: 5, repriced: 0 });
      expect(await storedPrices(id)).toEqual({ 1: before[1], 2: before[2], 3: before[3], 4: before[4] });
      expect((result.edp.items as PricedWire[])[2]).toMatchObject({ name: 'Andén norte', amount: '12506.25' });
    });

    it('refuses bad numbers row by row in Spanish and writes nothing', async () => {
      const { id } = await pricedProject('XB');
      const opened = await openWorkbook(okResult(await exportEdp(t, member.cookie, id)).content, 'EDP');
      opened.sheet.getCell('E4').value = 'doce';
      opened.sheet.getCell('F7').value = -3;
      const content = await writeBack(opened);
      const before = await storedEdp(t, id);
      const beforePrices = await storedPrices(id);
      const preview = okResult(await importEdp(t, member.cookie, { id, content, version: 2, dryRun: true }));
      expect(preview.preview.errors).toEqual([
        {
          row: 4,
          field: 'Cantidad',
          message: 'Fila 4: Cantidad debe ser un número, por ejemplo 1.234,5; tiene «doce»',
        },
        { row: 7, field: 'Precio unitario', message: 'Fila 7: Precio unitario debe ser 0 o más; tiene «-3»' },
      ]);
      const response = await importEdp(t, member.cookie, { id, content, version: 2 });
      expect(response.body.error.status).toBe('INVALID_ARGUMENT');
      expect(response.body.error.message).toContain('Fila 4: Cantidad debe ser un número, por ejemplo 1.234,5');
      expect(await storedEdp(t, id)).toEqual(before);
      expect(await storedPrices(id)).toEqual(beforePrices);
    });
  });
});
