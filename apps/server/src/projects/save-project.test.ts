import { edpTemplates } from '@cimiento/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createObject, removeObject } from '../../test/support/catalogues';
import { createFirstAdmin, createSignedInUser } from '../../test/support/factories';
import type { TestAccount } from '../../test/support/factories';
import {
  countProjectRows,
  createAreaType,
  createProject,
  loadProject,
  loadProjects,
  saveProject,
  uniqueProjectCode,
} from '../../test/support/projects';
import { createTestApp, databaseKinds } from '../../test/support/test-app';
import type { TestApp } from '../../test/support/test-app';

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe.each(databaseKinds)('saveProject (%s)', (kind) => {
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

  /** Expects a refusal with the given status and message, and that no project row of any kind was written. */
  async function expectRefusedAndNothingWritten(project: unknown, status: string, message: string | RegExp) {
    const before = await countProjectRows(t);
    const listBefore = await loadProjects(t, member.cookie);
    const response = await saveProject(t, member.cookie, project);
    expect(response.body.error?.status, JSON.stringify(response.body)).toBe(status);
    if (typeof message === 'string') expect(response.body.error.message).toBe(message);
    else expect(response.body.error.message).toMatch(message);
    expect(await countProjectRows(t)).toEqual(before);
    expect(await loadProjects(t, member.cookie)).toEqual(listBefore);
    return response;
  }

  it('creates a project with a new UUIDv7 _id (id = _id), its fields, creation date and EDP size, and says so', async () => {
    const code = uniqueProjectCode('OBRA');
    const started = Math.floor(Date.now() / 1000);
    const response = await saveProject(t, member.cookie, {
      name: '  Edificio Los Aromos ',
      code: ` ${code} `,
      priority: 3,
      template: 'plantilla-1',
      startYear: 2024,
      endYear: '2026',
      currency: 'CLP',
      budget: 1234567.89,
      // the draft's own id and date are ignored
      id: 'del-borrador',
      date: { _seconds: 1 },
    });
    expect(response.statusCode, JSON.stringify(response.body)).toBe(200);
    const { project, message } = response.body.result;
    const itemCount = 1 + edpTemplates['plantilla-1'].length;
    expect(message).toBe(`Proyecto «Edificio Los Aromos» creado con ${itemCount} ítems en su EDP`);
    expect(project._id).toMatch(UUID_V7);
    expect(project).toEqual({
      _id: project._id,
      id: project._id,
      name: 'Edificio Los Aromos',
      code,
      priority: '3',
      template: 'plantilla-1',
      startYear: '2024',
      endYear: '2026',
      currency: 'CLP',
      budget: '1234567.89',
      tiposArea: [],
      date: { _seconds: expect.any(Number) },
      edpItemCount: itemCount,
      workWeek: 'mon-fri',
      // issue 13: 'Tren de actividades' unless the wizard chose otherwise
      sequencing: 'train',
      version: 1,
    });
    expect(project.date._seconds).toBeGreaterThanOrEqual(started);
    expect(project.date._seconds).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000));
  });

  it('round-trips through loadProject: the same fields, the EDP and version 1', async () => {
    const areaType = await createAreaType(t, member.cookie, { sectores: [{ code: 'S', name: 'Sala', quantity: 2 }] });
    const saved = await createProject(t, member.cookie, {
      name: 'Ida y vuelta',
      code: uniqueProjectCode('RT'),
      priority: '12',
      currency: 'UF',
      budget: '987.6543',
      startYear: '2025',
      endYear: '2030',
      tiposArea: [{ _id: areaType._id, quantity: 2 }],
    });
    const loaded = await loadProject(t, member.cookie, saved._id);
    const { edp, ...fields } = loaded;
    expect(fields).toEqual(saved);
    expect(edp.version).toBe(1);
    expect(edp.items).toHaveLength(saved.edpItemCount);
    expect(saved.edpItemCount).toBe(1 + 2 * (1 + 2));
  });

  it('applies the spec §9 defaults when fields are omitted (priority 0, generica, 2023–2023, USD, budget 0)', async () => {
    const code = uniqueProjectCode('DEF');
    const response = await saveProject(t, member.cookie, { name: 'Con valores por omisión', code });
    expect(response.statusCode, JSON.stringify(response.body)).toBe(200);
    // one item, the root: the message says "ítem", not "ítems"
    expect(response.body.result.message).toBe('Proyecto «Con valores por omisión» creado con 1 ítem en su EDP');
    const saved = response.body.result.project;
    expect(saved).toMatchObject({
      priority: '0',
      template: 'generica',
      startYear: '2023',
      endYear: '2023',
      currency: 'USD',
      budget: '0',
      tiposArea: [],
      edpItemCount: 1,
    });
    const loaded = await loadProject(t, member.cookie, saved._id);
    expect(loaded).toMatchObject({ priority: '0', template: 'generica', budget: '0', currency: 'USD' });
    expect(loaded.edp.items).toEqual([{ id: 1, code, name: 'Con valores por omisión' }]);
  });

  it('generates the generica EDP: area types by priority, repeated by quantity with " {i}", sub-areas numbered under each', async () => {
    const oficina = await createAreaType(t, member.cookie, { name: 'Oficina', priority: 1 });
    const torre = await createAreaType(t, member.cookie, {
      name: 'Torre',
      priority: 2,
      sectores: [
        { code: 'PT', name: 'Piso tipo', quantity: 2, priority: 2 },
        { code: 'SUB', name: 'Subterráneo', quantity: 1, priority: 1 },
      ],
    });
    const bodega = await createAreaType(t, member.cookie, { name: 'Bodega', priority: 3 });
    const code = uniqueProjectCode('P');
    const saved = await createProject(t, member.cookie, {
      name: 'Conjunto',
      code,
      // sent out of priority order, with a quantity 0 one in between
      tiposArea: [
        { _id: torre._id, quantity: 3 },
        { _id: bodega._id, quantity: 0 },
        { _id: oficina._id, quantity: 1 },
      ],
    });
    const { edp } = await loadProject(t, member.cookie, saved._id);
    const tower = (n: number, i: number) => {
      const parentId = edp.items.find((item: { code: string }) => item.code === `${code}.${n}`).id;
      return [
        { parentId: 1, code: `${code}.${n}`, name: `Torre ${i}` },
        { parentId, code: `${code}.${n}.1`, name: 'Subterráneo' },
        { parentId, code: `${code}.${n}.2`, name: 'Piso tipo 1' },
        { parentId, code: `${code}.${n}.3`, name: 'Piso tipo 2' },
      ];
    };
    expect(edp.items.map(({ id: _id, ...rest }: { id: number }) => rest)).toEqual([
      { code, name: 'Conjunto' },
      { parentId: 1, code: `${code}.1`, name: 'Oficina' },
      ...tower(2, 1),
      ...tower(3, 2),
      ...tower(4, 3),
    ]);
    // ids 1, 2, 3, … in generation order
    expect(edp.items.map((item: { id: number }) => item.id)).toEqual(
      edp.items.map((_: unknown, index: number) => index + 1),
    );
    expect(saved.edpItemCount).toBe(14);
  });

  it('keeps copies of every area type sent (quantity 0 too), in the order sent, from the catalogue not the request', async () => {
    const first = await createAreaType(t, member.cookie, {
      name: 'Casa',
      priority: 5,
      sectores: [{ code: 'LIV', name: 'Living', quantity: 1, priority: 1 }],
    });
    const second = await createAreaType(t, member.cookie, { name: 'Piscina', priority: 1 });
    const saved = await createProject(t, member.cookie, {
      name: 'Copias',
      code: uniqueProjectCode('CP'),
      // what the wizard had loaded earlier; the server trusts only _id and quantity
      tiposArea: [
        { ...first, name: 'Nombre viejo', code: 'VIEJO', quantity: 2 },
        { _id: second._id, quantity: 0 },
      ],
    });
    const expected = [
      { ...first, quantity: 2 },
      { ...second, quantity: 0 },
    ];
    expect(saved.tiposArea).toEqual(expected);
    // the catalogue changes afterwards (edited, then deleted): the project keeps its copies
    await createObject(t, member.cookie, 'tipos-area', { ...first, name: 'Casa editada', sectores: [] });
    await removeObject(t, admin.cookie, 'tipos-area', second._id);
    const loaded = await loadProject(t, member.cookie, saved._id);
    expect(loaded.tiposArea).toEqual(expected);
    expect(loaded.edp.items.map((item: { name: string }) => item.name)).toEqual([
      'Copias',
      'Casa 1',
      'Living',
      'Casa 2',
      'Living',
    ]);
  });

  it.each(['plantilla-1', 'plantilla-2'] as const)(
    'generates the fixed %s EDP under the root, codes prefixed with the project code',
    async (template) => {
      const areaType = await createAreaType(t, member.cookie, { sectores: [{ code: 'X', name: 'X', quantity: 5 }] });
      const code = uniqueProjectCode('PL');
      const saved = await createProject(t, member.cookie, {
        name: `Con ${template}`,
        code,
        template,
        // area types are kept but do not shape a fixed template
        tiposArea: [{ _id: areaType._id, quantity: 4 }],
      });
      const entries = edpTemplates[template];
      expect(saved.edpItemCount).toBe(1 + entries.length);
      expect(saved.tiposArea).toHaveLength(1);
      const { edp } = await loadProject(t, member.cookie, saved._id);
      expect(edp.items[0]).toEqual({ id: 1, code, name: `Con ${template}` });
      expect(edp.items.slice(1).map((item: { code: string; name: string }) => [item.code, item.name])).toEqual(
        entries.map((entry) => [`${code}.${entry.code}`, entry.name]),
      );
      const byId = new Map(edp.items.map((item: { id: number; code: string }) => [item.id, item.code]));
      for (const item of edp.items.slice(1)) {
        // each item hangs from the item whose code is its own minus the last segment
        expect(byId.get(item.parentId)).toBe(item.code.slice(0, item.code.lastIndexOf('.')));
      }
    },
  );

  describe('budget: an exact decimal', () => {
    it.each([
      ['the string 1234.5', '1234.5', '1234.5'],
      ['a string with trailing zeros', '1234.5000', '1234.5'],
      ['a number with 4 decimals', 0.1234, '0.1234'],
      ['zero', 0, '0'],
      ['12345678901234567.1234, beyond a float', '12345678901234567.1234', '12345678901234567.1234'],
      ['the largest allowed, 18 integer digits', '999999999999999999.9999', '999999999999999999.9999'],
    ])(
      'accepts %s and gives it back exactly through save, loadProject and loadProjects',
      async (_label, budget, expected) => {
        const saved = await createProject(t, member.cookie, {
          name: 'Presupuesto',
          code: uniqueProjectCode('B'),
          budget,
        });
        expect(saved.budget).toBe(expected);
        expect((await loadProject(t, member.cookie, saved._id)).budget).toBe(expected);
        const row = (await loadProjects(t, member.cookie)).find((entry) => entry._id === saved._id);
        expect(row.budget).toBe(expected);
      },
    );
  });

  describe('refusals (INVALID_ARGUMENT 400, Spanish, nothing written)', () => {
    it.each([
      ['name missing', { code: 'X1' }, /^project\.name: /],
      ['name blank', { name: '   ', code: 'X1' }, 'project.name: es obligatorio'],
      ['code missing', { name: 'Sin código' }, /^project\.code: /],
      ['code blank', { name: 'Código vacío', code: ' ' }, 'project.code: es obligatorio'],
      ['a code with spaces', { name: 'Espacios', code: 'P 01' }, 'project.code: no puede tener espacios'],
      ['a code with dots', { name: 'Puntos', code: 'P.01' }, 'project.code: no puede contener puntos'],
      [
        'a currency out of the list',
        { name: 'Moneda', code: 'X1', currency: 'EUR' },
        'project.currency: debe ser una de: CLP, UF, USD, MUSD, MMUSD',
      ],
      [
        'a template out of the list',
        { name: 'Plantilla', code: 'X1', template: 'plantilla-3' },
        'project.template: debe ser una de: generica, plantilla-1, plantilla-2',
      ],
      ['a negative budget', { name: 'B', code: 'X1', budget: -1 }, 'project.budget: no puede ser negativo'],
      ['a negative budget as text', { name: 'B', code: 'X1', budget: '-0.5' }, 'project.budget: no puede ser negativo'],
      [
        'a budget with 5 decimals',
        { name: 'B', code: 'X1', budget: '1.23456' },
        'project.budget: admite como máximo 4 decimales',
      ],
      [
        'a float budget like 0.1 + 0.2',
        { name: 'B', code: 'X1', budget: 0.1 + 0.2 },
        'project.budget: admite como máximo 4 decimales',
      ],
      [
        'a budget with 19 integer digits',
        { name: 'B', code: 'X1', budget: '1234567890123456789' },
        'project.budget: debe tener como máximo 18 dígitos enteros',
      ],
      [
        'a budget that is not a number',
        { name: 'B', code: 'X1', budget: '12,5' },
        'project.budget: debe ser un número decimal, por ejemplo 1234567.89',
      ],
      [
        'a 3-digit year',
        { name: 'A', code: 'X1', startYear: '999' },
        'project.startYear: debe ser un año de 4 dígitos',
      ],
      ['a 5-digit year', { name: 'A', code: 'X1', endYear: 20231 }, 'project.endYear: debe ser un año de 4 dígitos'],
      [
        'a start year after the end year',
        { name: 'A', code: 'X1', startYear: '2026', endYear: '2025' },
        'project.endYear: debe ser igual o posterior al año de inicio de obras',
      ],
      [
        'a negative priority',
        { name: 'A', code: 'X1', priority: -1 },
        'project.priority: debe ser un número entero entre 0 y 1.000.000',
      ],
      ['an unexpected field', { name: 'A', code: 'X1', color: 'rojo' }, /color/],
    ])('refuses %s', async (_label, project, message) => {
      const response = await expectRefusedAndNothingWritten(project, 'INVALID_ARGUMENT', message);
      expect(response.statusCode).toBe(400);
    });

    it.each([
      ['-1', -1, 'project.tiposArea.0.quantity: debe ser 0 o más'],
      ['1000', 1000, 'project.tiposArea.0.quantity: debe ser como máximo 999'],
      ['1.5', 1.5, 'project.tiposArea.0.quantity: debe ser un número entero'],
      ['"2" (text)', '2', 'project.tiposArea.0.quantity: debe ser un número'],
    ])('refuses an area-type quantity of %s', async (_label, quantity, message) => {
      const areaType = await createAreaType(t, member.cookie);
      await expectRefusedAndNothingWritten(
        { name: 'Cantidad', code: uniqueProjectCode('Q'), tiposArea: [{ _id: areaType._id, quantity }] },
        'INVALID_ARGUMENT',
        message,
      );
    });

    it('refuses an area type that is no longer in the catalogue, naming its position', async () => {
      const kept = await createAreaType(t, member.cookie);
      const other = await createAreaType(t, member.cookie);
      const gone = await createAreaType(t, member.cookie);
      await removeObject(t, admin.cookie, 'tipos-area', gone._id);
      await expectRefusedAndNothingWritten(
        {
          name: 'Catálogo viejo',
          code: uniqueProjectCode('OLD'),
          tiposArea: [
            { _id: kept._id, quantity: 1 },
            { _id: other._id, quantity: 0 },
            { _id: gone._id, quantity: 2 },
          ],
        },
        'INVALID_ARGUMENT',
        'tiposArea.2: el tipo de área ya no existe en el catálogo; recarga el asistente',
      );
    });

    it('refuses the same area type sent twice', async () => {
      const areaType = await createAreaType(t, member.cookie);
      await expectRefusedAndNothingWritten(
        {
          name: 'Repetido',
          code: uniqueProjectCode('REP'),
          tiposArea: [
            { _id: areaType._id, quantity: 1 },
            { _id: areaType._id, quantity: 2 },
          ],
        },
        'INVALID_ARGUMENT',
        'project.tiposArea.1._id: está repetido',
      );
    });

    it('refuses an EDP over 50.000 items, naming its size, and accepts one of exactly 50.000', async () => {
      // 999 × (1 + 49) + 1 = 49,951; a second area type adds 49 (→ 50,000) or 50 (→ 50,001)
      const big = await createAreaType(t, member.cookie, {
        name: 'Bloque',
        sectores: [{ code: 'D', name: 'Depto', quantity: 49 }],
      });
      const small = await createAreaType(t, member.cookie, { name: 'Caseta' });
      const tooBig = {
        name: 'Demasiado grande',
        code: uniqueProjectCode('BIG'),
        tiposArea: [
          { _id: big._id, quantity: 999 },
          { _id: small._id, quantity: 50 },
        ],
      };
      await expectRefusedAndNothingWritten(
        tooBig,
        'INVALID_ARGUMENT',
        'El EDP generado tendría 50.001 ítems; el máximo es 50.000',
      );
      const response = await saveProject(t, member.cookie, {
        ...tooBig,
        tiposArea: [
          { _id: big._id, quantity: 999 },
          { _id: small._id, quantity: 49 },
        ],
      });
      expect(response.statusCode, JSON.stringify(response.body)).toBe(200);
      expect(response.body.result.message).toBe('Proyecto «Demasiado grande» creado con 50.000 ítems en su EDP');
      const stored = await t.db
        .selectFrom('edp_item')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('project_id', '=', response.body.result.project._id)
        .executeTakeFirstOrThrow();
      expect(Number(stored.n)).toBe(50_000);
    });
  });

  describe('codes are unique without regard to case', () => {
    it('refuses a code another project has in another case with ALREADY_EXISTS (409) naming the stored code', async () => {
      const code = uniqueProjectCode('Dup');
      await createProject(t, member.cookie, { name: 'Primero', code });
      const response = await expectRefusedAndNothingWritten(
        { name: 'Segundo', code: code.toUpperCase() },
        'ALREADY_EXISTS',
        `Ya existe un proyecto con el código «${code}»`,
      );
      expect(response.statusCode).toBe(409);
    });

    it('lets exactly one of two simultaneous saves with the same code through; the other gets ALREADY_EXISTS', async () => {
      const code = uniqueProjectCode('Race');
      const areaType = await createAreaType(t, member.cookie, { sectores: [{ code: 'S', name: 'S', quantity: 3 }] });
      const project = (name: string, projectCode: string) => ({
        name,
        code: projectCode,
        tiposArea: [{ _id: areaType._id, quantity: 200 }],
      });
      const responses = await Promise.all([
        saveProject(t, member.cookie, project('Uno', code)),
        saveProject(t, admin.cookie, project('Dos', code.toLowerCase())),
      ]);
      expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409]);
      const loser = responses.find((response) => response.statusCode === 409);
      expect(loser?.body.error.status).toBe('ALREADY_EXISTS');
      const rows = await t.db.selectFrom('project').select('_id').where('code_key', '=', code.toLowerCase()).execute();
      expect(rows).toHaveLength(1);
      const winner = rows[0]?._id ?? '';
      const items = await t.db
        .selectFrom('edp_item')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('project_id', '=', winner)
        .executeTakeFirstOrThrow();
      expect(Number(items.n)).toBe(1 + 200 * 4);
    });

    // Only PostgreSQL can hold a second writer open in the same process: better-sqlite3 is
    // synchronous, so a second SQLite connection waiting on the lock would stall the event loop.
    if (kind === 'postgres') {
      it('answers ALREADY_EXISTS when the UNIQUE code_key refuses a save that passed its check first', async () => {
        const code = uniqueProjectCode('Lock');
        const before = await countProjectRows(t);
        let pending: ReturnType<typeof saveProject> | undefined;
        await t.db.transaction().execute(async (trx) => {
          const now = new Date().toISOString();
          await trx
            .insertInto('project')
            .values({
              _id: '01890000-0000-7000-8000-00000000cafe',
              code,
              code_key: code.toLowerCase(),
              name: 'Sin confirmar',
              priority: 0,
              template: 'generica',
              start_year: 2023,
              end_year: 2023,
              currency: 'USD',
              budget: '0',
              created_by: null,
              created_at: now,
              updated_at: now,
            })
            .execute();
          // the save does not see the uncommitted row, passes its check and waits on the unique index
          pending = saveProject(t, member.cookie, { name: 'Llega tarde', code: code.toLowerCase() });
          const deadline = Date.now() + 10_000;
          for (;;) {
            const { rows } = await sql<{ waiting: number }>`
              select count(*)::int as waiting from pg_stat_activity
              where datname = current_database() and wait_event_type = 'Lock'`.execute(t.db);
            if ((rows[0]?.waiting ?? 0) > 0) break;
            if (Date.now() > deadline) throw new Error('saveProject never waited on the lock');
            await new Promise((resolve) => setTimeout(resolve, 10));
          }
        });
        const response = await pending;
        expect(response?.statusCode).toBe(409);
        expect(response?.body.error).toEqual({
          status: 'ALREADY_EXISTS',
          message: `Ya existe un proyecto con el código «${code.toLowerCase()}»`,
        });
        expect(await countProjectRows(t)).toEqual({ ...before, project: before.project + 1 });
      });
    }
  });

  it('creates the project, its area types and its EDP in one transaction: a failing EDP insert leaves nothing', async () => {
    const code = uniqueProjectCode('TRX');
    const failingCode = `${code}.600`;
    // a real trigger in the database refuses one EDP row deep into the insert (after 500+ rows went in)
    if (kind === 'sqlite') {
      await sql
        .raw(
          `CREATE TRIGGER fail_edp_item BEFORE INSERT ON edp_item WHEN NEW.code = '${failingCode}'
           BEGIN SELECT RAISE(ABORT, 'falla de prueba'); END`,
        )
        .execute(t.db);
    } else {
      await sql
        .raw(
          `CREATE FUNCTION fail_edp_item() RETURNS trigger LANGUAGE plpgsql AS $$
           BEGIN
             IF NEW.code = '${failingCode}' THEN RAISE EXCEPTION 'falla de prueba'; END IF;
             RETURN NEW;
           END $$`,
        )
        .execute(t.db);
      await sql
        .raw('CREATE TRIGGER fail_edp_item BEFORE INSERT ON edp_item FOR EACH ROW EXECUTE FUNCTION fail_edp_item()')
        .execute(t.db);
    }
    const areaType = await createAreaType(t, member.cookie);
    const project = { name: 'Transacción', code, tiposArea: [{ _id: areaType._id, quantity: 700 }] };
    const before = await countProjectRows(t);
    try {
      const response = await saveProject(t, member.cookie, project);
      expect(response.statusCode).toBe(500);
      expect(response.body.error.status).toBe('INTERNAL');
      expect(await countProjectRows(t)).toEqual(before);
      const rows = await t.db.selectFrom('project').select('_id').where('code_key', '=', code.toLowerCase()).execute();
      expect(rows).toEqual([]);
      const orphans = await t.db.selectFrom('edp_item').select('code').where('code', 'like', `${code}%`).execute();
      expect(orphans).toEqual([]);
    } finally {
      await sql
        .raw(kind === 'sqlite' ? 'DROP TRIGGER fail_edp_item' : 'DROP TRIGGER fail_edp_item ON edp_item')
        .execute(t.db);
      if (kind === 'postgres') await sql.raw('DROP FUNCTION fail_edp_item()').execute(t.db);
    }
    // the code was never taken
    const saved = await createProject(t, member.cookie, project);
    expect(saved.edpItemCount).toBe(701);
  });
});
