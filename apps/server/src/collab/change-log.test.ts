import { starterCatalogue } from '@cimiento/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createObject, removeObject, saveObject } from '../../test/support/catalogues';
import { callFunction, createFirstAdmin, createSignedInUser } from '../../test/support/factories';
import type { CallResult, TestAccount } from '../../test/support/factories';
import { createTestApp, databaseKinds } from '../../test/support/test-app';
import type { TestApp } from '../../test/support/test-app';
import { okResult } from '../../test/support/workbooks';
import { recordAdminChange } from './change-log-queries';
import { UF_ADMIN_ONLY_MESSAGE } from '../costs/uf-queries';

/**
 * Issue 30, nothing destroyed without a trace: UF values are for administrators, and every change to
 * the catalogues and the UF values is one row of the 'Registro de cambios' (loadChangeLog), written
 * in the change's own transaction: a refused change leaves none.
 */

function base64(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64');
}

type StoredRow = {
  user_id: string | null;
  user_name: string;
  area: string;
  action: string;
  record: string;
  summary: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read whatever was stored
  detail: any;
};

describe.each(databaseKinds)("the 'Registro de cambios' (%s)", (kind) => {
  let t: TestApp;
  let admin: TestAccount;
  let member: TestAccount;
  let keeper: TestAccount;

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await createFirstAdmin(t, { name: 'Josefina Administradora' });
    member = await createSignedInUser(t, admin.cookie, { name: 'Pía Planificadora' });
    // issue 36: the catalogues are the administrators'; a second one keeps them here
    keeper = await createSignedInUser(t, admin.cookie, { name: 'Tomás Catalogador', admin: true });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** The id of the newest row (0 when none): rows written after it are the ones a step wrote. */
  async function mark(): Promise<number> {
    const row = await t.db
      .selectFrom('change_log')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst();
    return Number(row?.id ?? 0);
  }

  /** The rows written after `since`, oldest first, their detail parsed. */
  async function rowsSince(since: number): Promise<StoredRow[]> {
    const rows = await t.db
      .selectFrom('change_log')
      .select(['user_id', 'user_name', 'area', 'action', 'record', 'summary', 'detail'])
      .where('id', '>', since)
      .orderBy('id')
      .execute();
    return rows.map((row) => ({ ...row, detail: JSON.parse(row.detail) }));
  }

  async function ufRows() {
    const rows = await t.db.selectFrom('uf_value').selectAll().orderBy('date').execute();
    return rows.map((row) => ({ ...row, value: String(row.value) }));
  }

  function expectDenied(response: CallResult) {
    expect(response.statusCode, JSON.stringify(response.body)).toBe(403);
    expect(response.body.error).toEqual({ status: 'PERMISSION_DENIED', message: UF_ADMIN_ONLY_MESSAGE });
  }

  describe('UF values are for administrators', () => {
    it('refuses saving, deleting and importing UF values to a user who is not an administrator, writing nothing', async () => {
      okResult(
        await callFunction(t.app, 'saveUfValues', { values: [{ date: '2027-02-01', value: '39000' }] }, admin.cookie),
      );
      const values = await ufRows();
      const since = await mark();

      expectDenied(
        await callFunction(t.app, 'saveUfValues', { values: [{ date: '2027-02-01', value: '1' }] }, member.cookie),
      );
      expectDenied(await callFunction(t.app, 'saveUfValues', { values: [], remove: ['2027-02-01'] }, member.cookie));
      const csv = base64('Fecha;Valor\n02-02-2027;39.001,00\n');
      expectDenied(
        await callFunction(t.app, 'importUfValues', { content: csv, fileName: 'uf.csv', dryRun: true }, member.cookie),
      );
      expectDenied(await callFunction(t.app, 'importUfValues', { content: csv, fileName: 'uf.csv' }, member.cookie));

      expect(await ufRows()).toEqual(values);
      expect(await rowsSince(since)).toEqual([]);
      expect(UF_ADMIN_ONLY_MESSAGE).toMatch(/^Solo un administrador puede cambiar los valores UF/);
    });

    it('still lets every signed-in user read them', async () => {
      const loaded = okResult(await callFunction(t.app, 'loadUfValues', { from: '2027-02-01' }, member.cookie));
      expect(loaded.values).toEqual([{ date: '2027-02-01', value: '39000' }]);
    });
  });

  describe('UF writes', () => {
    it("records one value created, changed and deleted: 'UF 01-03-2027'", async () => {
      const since = await mark();
      const save = (data: unknown) => callFunction(t.app, 'saveUfValues', data, admin.cookie);
      okResult(await save({ values: [{ date: '2027-03-01', value: '39101.11' }] }));
      okResult(await save({ values: [{ date: '2027-03-01', value: '39101.5' }] }));
      okResult(await save({ values: [], remove: ['2027-03-01'] }));
      const rows = await rowsSince(since);
      expect(rows.map(({ area, action, record, summary }) => ({ area, action, record, summary }))).toEqual([
        { area: 'uf', action: 'create', record: 'UF 01-03-2027', summary: 'creó' },
        { area: 'uf', action: 'update', record: 'UF 01-03-2027', summary: 'modificó: Valor' },
        { area: 'uf', action: 'delete', record: 'UF 01-03-2027', summary: 'eliminó' },
      ]);
      expect(rows.map((row) => row.detail.changes)).toEqual([
        [{ field: 'Valor', from: '', to: '$39.101,11' }],
        [{ field: 'Valor', from: '$39.101,11', to: '$39.101,50' }],
        [{ field: 'Valor', from: '$39.101,50', to: '' }],
      ]);
      expect(rows.every((row) => row.user_id === admin.userId && row.user_name === 'Josefina Administradora')).toBe(
        true,
      );
    });

    it('records several values in one row, and nothing for a save that changed nothing or was refused', async () => {
      const save = (data: unknown) => callFunction(t.app, 'saveUfValues', data, admin.cookie);
      okResult(await save({ values: [{ date: '2027-04-30', value: '39200' }] }));
      const since = await mark();
      okResult(
        await save({
          values: [
            { date: '2027-04-01', value: '39150' },
            { date: '2027-04-02', value: '39151.25' },
          ],
          remove: ['2027-04-30', '2027-05-01'],
        }),
      );
      // the same values again, and a date twice: no row
      okResult(await save({ values: [{ date: '2027-04-01', value: '39150' }] }));
      const refused = await save({
        values: [
          { date: '2027-04-03', value: '1' },
          { date: '2027-04-03', value: '2' },
        ],
      });
      expect(refused.statusCode).toBe(400);
      const rows = await rowsSince(since);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        area: 'uf',
        action: 'update',
        record: 'Valores UF: 3 valores, del 01-04-2027 al 30-04-2027',
        summary: 'creó 2, eliminó 1',
        detail: {
          changes: [
            { item: 'UF 01-04-2027', field: 'Valor', from: '', to: '$39.150,00' },
            { item: 'UF 02-04-2027', field: 'Valor', from: '', to: '$39.151,25' },
            { item: 'UF 30-04-2027', field: 'Valor', from: '$39.200,00', to: '' },
          ],
          notes: [],
          omitted: 0,
        },
      });
    });

    it("records an import by its file, range and counts, and nothing for its preview: 'Valores UF: importación de 3 valores'", async () => {
      okResult(
        await callFunction(t.app, 'saveUfValues', { values: [{ date: '2027-06-01', value: '39300' }] }, admin.cookie),
      );
      const since = await mark();
      const content = base64('Fecha;Valor\n01-06-2027;39.310,00\n02-06-2027;39.320,00\n03-06-2027;39.330,00\n');
      const importFile = (dryRun: boolean) =>
        callFunction(t.app, 'importUfValues', { content, fileName: 'uf-junio.csv', dryRun }, admin.cookie);
      okResult(await importFile(true));
      expect(await rowsSince(since)).toEqual([]);
      okResult(await importFile(false));
      // the same file again changes nothing: no row
      okResult(await importFile(false));
      const rows = await rowsSince(since);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        user_name: 'Josefina Administradora',
        area: 'uf',
        action: 'import',
        record: 'Valores UF: importación de 3 valores',
        summary: 'importó uf-junio.csv: 2 nuevos, 1 modificado, 0 sin cambios',
        detail: {
          changes: [{ item: 'UF 01-06-2027', field: 'Valor', from: '$39.300,00', to: '$39.310,00' }],
          notes: [
            'Archivo: uf-junio.csv',
            'Fechas: del 01-06-2027 al 03-06-2027',
            '3 valores: 2 nuevos, 1 modificado, 0 sin cambios',
            'Los valores nuevos no se listan uno a uno; los modificados sí, con su valor anterior',
          ],
          omitted: 0,
        },
      });
    });

    it('tells racing saves of the same new date in order: the second replaced what the first wrote', async () => {
      for (let round = 1; round <= 5; round += 1) {
        const date = `2027-08-0${round}`;
        const since = await mark();
        const results = await Promise.all(
          ['39500.1', '39500.2'].map((value) =>
            callFunction(t.app, 'saveUfValues', { values: [{ date, value }] }, admin.cookie),
          ),
        );
        expect(results.map((result) => result.statusCode)).toEqual([200, 200]);
        const rows = await rowsSince(since);
        expect(rows.map((row) => row.summary)).toEqual(['creó', 'modificó: Valor']);
        const [first, second] = rows.map((row) => row.detail.changes[0]);
        expect(first?.from).toBe('');
        expect(second?.from).toBe(first?.to);
        // the value stored is the last one written
        const loaded = okResult(await callFunction(t.app, 'loadUfValues', { from: date, to: date }, member.cookie));
        const shown = { '39500.1': '$39.500,10', '39500.2': '$39.500,20' } as Record<string, string>;
        expect(shown[loaded.values[0].value]).toBe(second?.to);
      }
    });

    it('keeps a large import bounded: counts and range, at most 500 values listed', async () => {
      await t.db.deleteFrom('uf_value').execute();
      const lines = ['Fecha;Valor'];
      const values: { date: string; value: string }[] = [];
      for (let index = 0; index < 2_000; index += 1) {
        const date = new Date(Date.UTC(2030, 0, 1 + index)).toISOString().slice(0, 10);
        lines.push(`${date.slice(8, 10)}-${date.slice(5, 7)}-${date.slice(0, 4)};40000`);
        values.push({ date, value: '39000' });
      }
      okResult(await callFunction(t.app, 'saveUfValues', { values }, admin.cookie));
      const since = await mark();
      okResult(
        await callFunction(
          t.app,
          'importUfValues',
          { content: base64(lines.join('\n')), fileName: 'todo.csv' },
          admin.cookie,
        ),
      );
      const [row] = await rowsSince(since);
      expect(row?.record).toBe('Valores UF: importación de 2.000 valores');
      expect(row?.summary).toBe('importó todo.csv: 0 nuevos, 2.000 modificados, 0 sin cambios');
      expect(row?.detail.changes).toHaveLength(500);
      expect(row?.detail.omitted).toBe(1_500);
      expect(row?.detail.notes[1]).toBe('Fechas: del 01-01-2030 al 23-06-2035');
    });
  });

  describe('catalogue writes', () => {
    it("records an activity created, changed and deleted: 'Actividad ACT12 Relleno y compactación'", async () => {
      const since = await mark();
      const created = await createObject(t, keeper.cookie, 'actividades', {
        code: 'ACT12',
        name: 'Relleno y compactación',
        priority: 4,
        duration: 5,
      });
      await createObject(t, keeper.cookie, 'actividades', {
        _id: created._id,
        code: 'ACT12',
        name: 'Relleno compactado',
        priority: 4,
        duration: 3,
      });
      // saved as it was: nothing to record
      await createObject(t, keeper.cookie, 'actividades', {
        _id: created._id,
        code: 'ACT12',
        name: 'Relleno compactado',
        priority: 4,
        duration: 3,
      });
      // refused (a code taken): nothing to record
      await createObject(t, keeper.cookie, 'actividades', { code: 'ACT13', name: 'Otra' });
      const clash = await saveObject(t, keeper.cookie, 'actividades', { _id: created._id, code: 'act13', name: 'X' });
      expect(clash.statusCode).toBe(409);
      expect((await removeObject(t, keeper.cookie, 'actividades', created._id)).statusCode).toBe(200);
      // already gone: NOT_FOUND, nothing recorded
      expect((await removeObject(t, keeper.cookie, 'actividades', created._id)).statusCode).toBe(404);

      const rows = await rowsSince(since);
      expect(rows.map(({ area, action, record, summary }) => ({ area, action, record, summary }))).toEqual([
        { area: 'catalogue', action: 'create', record: 'Actividad ACT12 Relleno y compactación', summary: 'creó' },
        {
          area: 'catalogue',
          action: 'update',
          record: 'Actividad ACT12 Relleno compactado',
          summary: 'modificó: Nombre, Duración',
        },
        { area: 'catalogue', action: 'create', record: 'Actividad ACT13 Otra', summary: 'creó' },
        { area: 'catalogue', action: 'delete', record: 'Actividad ACT12 Relleno compactado', summary: 'eliminó' },
      ]);
      expect(rows[1]?.detail.changes).toEqual([
        { field: 'Nombre', from: 'Relleno y compactación', to: 'Relleno compactado' },
        { field: 'Duración', from: '5 días', to: '3 días' },
      ]);
      expect(rows.every((row) => row.user_id === keeper.userId && row.user_name === 'Tomás Catalogador')).toBe(true);
    });

    it('tells racing saves of one record in order: each starts from what the one before it saved', async () => {
      const record = await createObject(t, keeper.cookie, 'sistemas', { code: 'RACE', name: 'Carrera 0' });
      const since = await mark();
      const results = await Promise.all(
        [1, 2, 3, 4].map((round) =>
          saveObject(t, keeper.cookie, 'sistemas', { _id: record._id, code: 'RACE', name: `Carrera ${round}` }),
        ),
      );
      expect(results.map((result) => result.statusCode)).toEqual([200, 200, 200, 200]);
      const names = (await rowsSince(since)).map((row) => row.detail.changes[0]);
      expect(names).toHaveLength(4);
      expect(names[0]?.from).toBe('Carrera 0');
      for (let index = 1; index < names.length; index += 1) expect(names[index]?.from).toBe(names[index - 1]?.to);
    });

    it("records an area type's sub-areas, a system, and a component's subcomponents and ticks", async () => {
      const since = await mark();
      const areaType = await createObject(t, keeper.cookie, 'tipos-area', {
        code: 'TOR',
        name: 'Torre',
        sectores: [{ code: 'P1', name: 'Piso 1', quantity: 1 }],
      });
      await createObject(t, keeper.cookie, 'tipos-area', {
        _id: areaType._id,
        code: 'TOR',
        name: 'Torre',
        sectores: [
          { id: 1, code: 'P1', name: 'Piso 1', quantity: 4 },
          { code: 'P2', name: 'Piso 2' },
        ],
      });
      const system = await createObject(t, keeper.cookie, 'sistemas', { code: 'ELE', name: 'Eléctrico' });
      expect((await removeObject(t, keeper.cookie, 'sistemas', system._id)).statusCode).toBe(200);
      const excavar = await createObject(t, keeper.cookie, 'actividades', { code: 'EXC', name: 'Excavar' });
      const moldaje = await createObject(t, keeper.cookie, 'actividades', { code: 'MOL', name: 'Moldaje' });
      const component = await createObject(t, keeper.cookie, 'componentes', {
        code: 'MUR',
        name: 'Muros',
        subcomponents: [{ code: 'MP', name: 'Muro perimetral', actividades: [{ _id: excavar._id }] }],
      });
      await createObject(t, keeper.cookie, 'componentes', {
        _id: component._id,
        code: 'MUR',
        name: 'Muros',
        subcomponents: [{ id: 1, code: 'MP', name: 'Muro perimetral', actividades: [{ _id: moldaje._id }] }],
      });
      // deleting a ticked activity takes it off the subcomponent, and the row says where
      expect((await removeObject(t, keeper.cookie, 'actividades', moldaje._id)).body.result.message).toBe(
        'Actividad eliminada; se quitó de 1 componente básico',
      );

      const rows = await rowsSince(since);
      expect(rows.map(({ action, record, summary }) => ({ action, record, summary }))).toEqual([
        { action: 'create', record: 'Tipo de área TOR Torre', summary: 'creó' },
        { action: 'update', record: 'Tipo de área TOR Torre', summary: 'modificó: Subáreas' },
        { action: 'create', record: 'Sistema ELE Eléctrico', summary: 'creó' },
        { action: 'delete', record: 'Sistema ELE Eléctrico', summary: 'eliminó' },
        { action: 'create', record: 'Actividad EXC Excavar', summary: 'creó' },
        { action: 'create', record: 'Actividad MOL Moldaje', summary: 'creó' },
        { action: 'create', record: 'Componente MUR Muros', summary: 'creó' },
        { action: 'update', record: 'Componente MUR Muros', summary: 'modificó: Componentes básicos' },
        { action: 'delete', record: 'Actividad MOL Moldaje', summary: 'eliminó; se quitó de 1 componente básico' },
      ]);
      expect(rows[1]?.detail.changes).toEqual([
        { item: 'Subárea P1 Piso 1', field: 'Cantidad', from: '1', to: '4' },
        { field: 'Subárea', from: '', to: 'P2 Piso 2 (cantidad 1, prioridad 1)' },
      ]);
      expect(rows[6]?.detail.changes.at(-1)).toEqual({
        field: 'Componente básico',
        from: '',
        to: 'MP Muro perimetral (prioridad 1; 1 actividad: EXC)',
      });
      expect(rows[7]?.detail.changes).toEqual([
        { item: 'Componente básico MP Muro perimetral', field: 'Actividad', from: '', to: 'MOL Moldaje' },
        { item: 'Componente básico MP Muro perimetral', field: 'Actividad', from: 'EXC Excavar', to: '' },
      ]);
      expect(rows[8]?.detail.notes).toEqual([
        'Se quitó del componente básico MP Muro perimetral (componente MUR Muros)',
      ]);
    });

    it('records a seeding of the starter catalogue once, by its administrator, and nothing when refused or when it adds nothing', async () => {
      const since = await mark();
      expect((await callFunction(t.app, 'seedCatalogues', null, member.cookie)).statusCode).toBe(403);
      const { added } = okResult(await callFunction(t.app, 'seedCatalogues', null, admin.cookie));
      okResult(await callFunction(t.app, 'seedCatalogues', null, admin.cookie));
      const rows = await rowsSince(since);
      expect(rows).toHaveLength(1);
      // the test's own EXC activity was there already: the seeding skipped it
      expect(added.actividades).toBe(starterCatalogue.actividades.length - 1);
      expect(rows[0]).toMatchObject({
        user_id: admin.userId,
        area: 'catalogue',
        action: 'seed',
        record: 'Catálogos de ejemplo',
        summary: `cargó ${added['tipos-area']} tipos de área, ${added.actividades} actividades, ${added.sistemas} sistemas, ${added.componentes} componentes, ${added.oficios} oficios y ${added.recursos} recursos`,
      });
      const count =
        added['tipos-area'] + added.actividades + added.sistemas + added.componentes + added.oficios + added.recursos;
      expect(rows[0]?.detail.changes.length + rows[0]?.detail.omitted).toBe(count);
    });
  });

  describe('loadChangeLog', () => {
    it('answers every signed-in user the entries newest first, a page at a time, of one area or all', async () => {
      const first = okResult(await callFunction(t.app, 'loadChangeLog', { limit: 3 }, member.cookie));
      expect(first.entries).toHaveLength(3);
      expect(first.message).toBe('3 cambios cargados');
      const ids = first.entries.map((entry: { id: number }) => entry.id);
      expect(ids).toEqual([...ids].sort((a, b) => b - a));
      expect(first.entries[0]).toMatchObject({
        userName: 'Josefina Administradora',
        area: 'catalogue',
        action: 'seed',
        record: 'Catálogos de ejemplo',
      });
      expect(typeof first.entries[0].at).toBe('string');
      expect(first.next).toBe(ids[2]);

      // the next page starts after the cursor, whatever was written meanwhile
      okResult(
        await callFunction(t.app, 'saveUfValues', { values: [{ date: '2027-07-01', value: '39400' }] }, admin.cookie),
      );
      const second = okResult(
        await callFunction(t.app, 'loadChangeLog', { limit: 3, before: first.next }, member.cookie),
      );
      expect(second.entries[0].id).toBeLessThan(ids[2]);

      // all of one area, to the last page
      const uf: { id: number; area: string; record: string }[] = [];
      let before: number | undefined;
      for (;;) {
        const page = okResult(
          await callFunction(
            t.app,
            'loadChangeLog',
            { area: 'uf', limit: 2, ...(before ? { before } : {}) },
            admin.cookie,
          ),
        );
        uf.push(...page.entries);
        if (page.next === null) break;
        before = page.next;
      }
      const stored = await t.db
        .selectFrom('change_log')
        .select('id')
        .where('area', '=', 'uf')
        .orderBy('id', 'desc')
        .execute();
      expect(uf.map((entry) => entry.id)).toEqual(stored.map((row) => Number(row.id)));
      expect(uf.every((entry) => entry.area === 'uf')).toBe(true);
      expect(uf[0]?.record).toBe('UF 01-07-2027');
    });

    it('shows a trash entry whose detail has another shape as notes', async () => {
      await t.db.transaction().execute((trx) =>
        recordAdminChange(trx, {
          caller: { userId: admin.userId, name: admin.name },
          area: 'project',
          action: 'trash',
          record: 'Proyecto ES1 Edificio Sur',
          summary: 'movió a la papelera',
          detail: { proyecto: 'Edificio Sur' },
        }),
      );
      const page = okResult(await callFunction(t.app, 'loadChangeLog', { area: 'project' }, member.cookie));
      expect(page.entries).toEqual([
        expect.objectContaining({
          area: 'project',
          action: 'trash',
          record: 'Proyecto ES1 Edificio Sur',
          detail: { changes: [], notes: ['proyecto: Edificio Sur'], omitted: 0 },
        }),
      ]);
      expect(page.next).toBeNull();
    });

    it('refuses a page over 100, an unknown area and a signed-out caller, in Spanish', async () => {
      const tooMany = await callFunction(t.app, 'loadChangeLog', { limit: 101 }, member.cookie);
      expect(tooMany.statusCode).toBe(400);
      expect(tooMany.body.error.message).toContain('limit: debe ser como máximo 100');
      const area = await callFunction(t.app, 'loadChangeLog', { area: 'usuarios' }, member.cookie);
      expect(area.statusCode).toBe(400);
      expect(area.body.error.message).toContain('area: debe ser una de: catalogue, uf, project');
      expect((await callFunction(t.app, 'loadChangeLog', null)).statusCode).toBe(401);
    });
  });
});
