import type { CatalogueCollection } from '@cimiento/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createObject, loadObjects, saveObject, snapshotCatalogues, uniqueCode } from '../../test/support/catalogues';
import { callFunction, createFirstAdmin, createSignedInUser } from '../../test/support/factories';
import type { TestAccount } from '../../test/support/factories';
import { createTestApp, databaseKinds } from '../../test/support/test-app';
import type { TestApp } from '../../test/support/test-app';

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const savedMessages: Record<CatalogueCollection, string> = {
  'tipos-area': 'Tipo de área guardado',
  actividades: 'Actividad guardada',
  sistemas: 'Sistema guardado',
  componentes: 'Componente guardado',
  oficios: 'Oficio guardado',
  recursos: 'Recurso guardado',
};
const duplicateWords: Record<CatalogueCollection, string> = {
  'tipos-area': 'un tipo de área',
  actividades: 'una actividad',
  sistemas: 'un sistema',
  componentes: 'un componente',
  oficios: 'un oficio',
  recursos: 'un recurso',
};
/** issue 35: what a record of each collection needs besides its code and name (a resource: type, unit, maximum) */
const required = (collection: CatalogueCollection): Record<string, unknown> =>
  collection === 'recursos' ? { type: 'equipment', unit: 'un', maxUnits: 1 } : {};
const collections = Object.keys(savedMessages) as CatalogueCollection[];

describe.each(databaseKinds)('saveObject (%s)', (kind) => {
  let t: TestApp;
  let admin: TestAccount;
  let member: TestAccount;

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await createFirstAdmin(t);
    // issue 36: the catalogues are the administrators'; a second one keeps them here
    member = await createSignedInUser(t, admin.cookie, { admin: true });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Expects a refusal with the given status, and that no catalogue changed. */
  async function expectRefusedAndUnchanged(collection: string, object: unknown, status: string, message?: RegExp) {
    const before = await snapshotCatalogues(t, member.cookie);
    const response = await saveObject(t, member.cookie, collection, object);
    expect(response.body.error?.status, JSON.stringify(response.body)).toBe(status);
    if (message) expect(response.body.error.message).toMatch(message);
    expect(await snapshotCatalogues(t, member.cookie)).toEqual(before);
    return response;
  }

  it('issue 36: refuses a user who is not an administrator, in Spanish, writing nothing; reading stays open', async () => {
    const planner = await createSignedInUser(t, admin.cookie, { name: 'Rosa Planificadora' });
    const record = await createObject(t, member.cookie, 'sistemas', { code: 'NOADM', name: 'Sanitario' });
    const before = await snapshotCatalogues(t, member.cookie);
    for (const collection of collections) {
      const created = await saveObject(t, planner.cookie, collection, { code: 'NOADM2', name: 'Nuevo' });
      expect(created.statusCode).toBe(403);
      expect(created.body.error).toEqual({
        status: 'PERMISSION_DENIED',
        message: 'Solo un administrador puede modificar los catálogos',
      });
    }
    const removed = await callFunction(
      t.app,
      'removeObject',
      { collection: 'sistemas', id: record._id },
      planner.cookie,
    );
    expect(removed.statusCode).toBe(403);
    const seeded = await callFunction(t.app, 'seedCatalogues', null, planner.cookie);
    expect(seeded.statusCode).toBe(403);
    expect(await snapshotCatalogues(t, planner.cookie)).toEqual(before);
  });

  describe.each(collections)('%s', (collection) => {
    it('creates a record with a new UUIDv7 _id (id = _id), priority 1 by default, and says so', async () => {
      const code = uniqueCode('NEW');
      const response = await saveObject(t, member.cookie, collection, {
        ...required(collection),
        code,
        name: `Registro ${code}`,
      });
      expect(response.statusCode).toBe(200);
      const { object, message } = response.body.result;
      expect(message).toBe(savedMessages[collection]);
      expect(object._id).toMatch(UUID_V7);
      expect(object.id).toBe(object._id);
      expect(object).toMatchObject({ code, name: `Registro ${code}`, priority: 1 });
      expect((await loadObjects(t, member.cookie, collection)).find((entry) => entry._id === object._id)).toEqual(
        object,
      );
    });

    it('trims code and name', async () => {
      const code = uniqueCode('TRIM');
      const object = await createObject(t, member.cookie, collection, {
        ...required(collection),
        code: `  ${code} `,
        name: '  Con espacios ',
      });
      expect(object).toMatchObject({ code, name: 'Con espacios' });
    });

    it('updates the record named by _id, keeping its _id, and changes nothing else', async () => {
      const other = await createObject(t, member.cookie, collection, {
        ...required(collection),
        code: uniqueCode('OTR'),
        name: 'Otro',
      });
      const created = await createObject(t, member.cookie, collection, {
        ...required(collection),
        code: uniqueCode('UPD'),
        name: 'Antes',
      });
      const code = uniqueCode('UPD');
      const response = await saveObject(t, member.cookie, collection, {
        ...required(collection),
        ...created,
        code,
        name: 'Después',
        priority: 7,
      });
      expect(response.statusCode).toBe(200);
      expect(response.body.result.message).toBe(savedMessages[collection]);
      expect(response.body.result.object).toMatchObject({
        _id: created._id,
        id: created._id,
        code,
        name: 'Después',
        priority: 7,
      });
      const list = await loadObjects(t, member.cookie, collection);
      expect(list.filter((entry) => entry._id === created._id)).toHaveLength(1);
      expect(list.find((entry) => entry._id === other._id)).toEqual(other);
    });

    it('may change only the case of its own code', async () => {
      const code = uniqueCode('case');
      const created = await createObject(t, member.cookie, collection, {
        ...required(collection),
        code,
        name: 'Mayúsculas',
      });
      const updated = await createObject(t, member.cookie, collection, {
        ...required(collection),
        ...created,
        code: code.toUpperCase(),
      });
      expect(updated.code).toBe(code.toUpperCase());
    });

    it('refuses an _id that does not exist with NOT_FOUND and creates nothing', async () => {
      await expectRefusedAndUnchanged(
        collection,
        {
          ...required(collection),
          _id: '01890000-0000-7000-8000-000000000000',
          code: uniqueCode('NF'),
          name: 'Fantasma',
        },
        'NOT_FOUND',
        /^El registro no existe$/,
      );
    });

    it('refuses a duplicate code, whatever its case, with ALREADY_EXISTS naming the code', async () => {
      const code = uniqueCode('Dup');
      await createObject(t, member.cookie, collection, { ...required(collection), code, name: 'Primero' });
      const response = await expectRefusedAndUnchanged(
        collection,
        { ...required(collection), code: code.toLowerCase(), name: 'Segundo' },
        'ALREADY_EXISTS',
      );
      expect(response.statusCode).toBe(409);
      expect(response.body.error.message).toBe(
        `Ya existe ${duplicateWords[collection]} con el código ${code.toLowerCase()}`,
      );
    });

    it("refuses to update a record to another record's code (ALREADY_EXISTS) and changes nothing", async () => {
      const taken = uniqueCode('TAK');
      await createObject(t, member.cookie, collection, {
        ...required(collection),
        code: taken,
        name: 'Dueño del código',
      });
      const mine = await createObject(t, member.cookie, collection, {
        ...required(collection),
        code: uniqueCode('MIN'),
        name: 'Mío',
      });
      await expectRefusedAndUnchanged(collection, { ...mine, code: ` ${taken.toUpperCase()} ` }, 'ALREADY_EXISTS');
    });

    it('lets only one of two simultaneous saves with the same code through', async () => {
      const code = uniqueCode('RACE');
      const responses = await Promise.all([
        saveObject(t, member.cookie, collection, { ...required(collection), code, name: 'Uno' }),
        saveObject(t, member.cookie, collection, { ...required(collection), code: code.toLowerCase(), name: 'Dos' }),
      ]);
      expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409]);
      const list = await loadObjects(t, member.cookie, collection);
      expect(list.filter((entry) => entry.code.toLowerCase() === code.toLowerCase())).toHaveLength(1);
    });

    it.each([
      ['code missing', { name: 'Sin código' }, /^object\.code: /],
      ['code blank', { code: '   ', name: 'Código en blanco' }, /^object\.code: es obligatorio$/],
      ['name missing', { code: 'X-1' }, /^object\.name: /],
      ['name blank', { code: 'X-1', name: '' }, /^object\.name: es obligatorio$/],
      ['code not text', { code: 12, name: 'Número' }, /^object\.code: debe ser texto$/],
      ['priority 0', { code: 'X-1', name: 'Cero', priority: 0 }, /^object\.priority: debe ser 1 o más$/],
      ['priority negative', { code: 'X-1', name: 'Negativa', priority: -3 }, /^object\.priority: debe ser 1 o más$/],
      [
        'priority not whole',
        { code: 'X-1', name: 'Fracción', priority: 1.5 },
        /^object\.priority: debe ser un número entero$/,
      ],
      ['priority as text', { code: 'X-1', name: 'Texto', priority: '1' }, /^object\.priority: debe ser un número$/],
      ['an unexpected field', { ...required(collection), code: 'X-1', name: 'Campo extra', color: 'rojo' }, /color/],
      ['no object at all', null, /^object: /],
    ])('refuses %s with INVALID_ARGUMENT in Spanish and changes nothing', async (_label, object, message) => {
      const response = await expectRefusedAndUnchanged(collection, object, 'INVALID_ARGUMENT', message);
      expect(response.statusCode).toBe(400);
    });
  });

  it('refuses an unknown collection with INVALID_ARGUMENT naming the valid ones', async () => {
    await expectRefusedAndUnchanged(
      'proyectos',
      { code: 'X', name: 'X' },
      'INVALID_ARGUMENT',
      /^collection: debe ser una de: tipos-area, actividades, sistemas, componentes, oficios, recursos$/,
    );
  });

  it('refuses an unexpected field next to collection and object', async () => {
    const response = await callFunction(
      t.app,
      'saveObject',
      { collection: 'sistemas', object: { code: 'X', name: 'X' }, extra: 1 },
      member.cookie,
    );
    expect(response.body.error.status).toBe('INVALID_ARGUMENT');
  });

  describe('tipos-area: sub-areas (sectores)', () => {
    it('applies quantity 1 and priority 1 by default and numbers new sub-areas 1, 2, … in the order given', async () => {
      const areaType = await createObject(t, member.cookie, 'tipos-area', {
        code: uniqueCode('AT'),
        name: 'Edificio',
        sectores: [
          { code: 'S1', name: 'Subterráneo' },
          { code: 'S2', name: 'Piso tipo', quantity: 8, priority: 2 },
        ],
      });
      expect(areaType.sectores).toEqual([
        { id: 1, code: 'S1', name: 'Subterráneo', quantity: 1, priority: 1 },
        { id: 2, code: 'S2', name: 'Piso tipo', quantity: 8, priority: 2 },
      ]);
    });

    it('gives a new sub-area the highest existing id + 1 and keeps the ids given (large ones too)', async () => {
      const areaType = await createObject(t, member.cookie, 'tipos-area', {
        code: uniqueCode('AT'),
        name: 'Con ids',
        sectores: [
          { id: 4, code: 'A', name: 'Cuatro', priority: 1 },
          { code: 'B', name: 'Nueva', priority: 2 },
          { id: 1_700_000_000_000, code: 'C', name: 'Marca de tiempo', priority: 3 },
          { code: 'D', name: 'Otra nueva', priority: 4 },
        ],
      });
      expect(areaType.sectores.map((sector: { id: number }) => sector.id)).toEqual([
        4, 1_700_000_000_001, 1_700_000_000_000, 1_700_000_000_002,
      ]);
    });

    it('replaces the sub-areas on update (edited, added and removed rows)', async () => {
      const areaType = await createObject(t, member.cookie, 'tipos-area', {
        code: uniqueCode('AT'),
        name: 'Lote',
        sectores: [
          { code: 'A', name: 'Uno' },
          { code: 'B', name: 'Dos', priority: 2 },
        ],
      });
      const updated = await createObject(t, member.cookie, 'tipos-area', {
        ...areaType,
        sectores: [
          { ...areaType.sectores[1], name: 'Dos editada', quantity: 3 },
          { code: 'C', name: 'Tres', priority: 3 },
        ],
      });
      expect(updated.sectores).toEqual([
        { id: 2, code: 'B', name: 'Dos editada', quantity: 3, priority: 2 },
        { id: 3, code: 'C', name: 'Tres', quantity: 1, priority: 3 },
      ]);
    });

    it.each([
      ['quantity 0', { code: 'A', name: 'A', quantity: 0 }, /^object\.sectores\.0\.quantity: debe ser 1 o más$/],
      [
        'quantity not whole',
        { code: 'A', name: 'A', quantity: 1.5 },
        /^object\.sectores\.0\.quantity: debe ser un número entero$/,
      ],
      ['priority 0', { code: 'A', name: 'A', priority: 0 }, /^object\.sectores\.0\.priority: debe ser 1 o más$/],
      ['code blank', { code: '', name: 'A' }, /^object\.sectores\.0\.code: es obligatorio$/],
      ['name missing', { code: 'A' }, /^object\.sectores\.0\.name: /],
      ['an unexpected field', { code: 'A', name: 'A', color: 'azul' }, /color/],
    ])('refuses a sub-area with %s (INVALID_ARGUMENT) and changes nothing', async (_label, sector, message) => {
      await expectRefusedAndUnchanged(
        'tipos-area',
        { code: uniqueCode('AT'), name: 'Malo', sectores: [sector] },
        'INVALID_ARGUMENT',
        message,
      );
    });

    it('refuses sectores that is not a list', async () => {
      await expectRefusedAndUnchanged(
        'tipos-area',
        { code: uniqueCode('AT'), name: 'Malo', sectores: 'todas' },
        'INVALID_ARGUMENT',
        /^object\.sectores: /,
      );
    });

    it('refuses two sub-areas with the same code (case-insensitive), naming it, and changes nothing', async () => {
      const areaType = await createObject(t, member.cookie, 'tipos-area', {
        code: uniqueCode('AT'),
        name: 'Original',
        sectores: [{ code: 'P1', name: 'Primer piso' }],
      });
      await expectRefusedAndUnchanged(
        'tipos-area',
        {
          ...areaType,
          name: 'Cambiado',
          sectores: [
            { code: 'PT', name: 'Piso' },
            { code: 'pt', name: 'Otro piso' },
          ],
        },
        'INVALID_ARGUMENT',
        /^La subárea con el código pt está repetida en este tipo de área$/,
      );
    });

    it('refuses two sub-areas with the same id and changes nothing', async () => {
      await expectRefusedAndUnchanged(
        'tipos-area',
        {
          code: uniqueCode('AT'),
          name: 'Ids repetidos',
          sectores: [
            { id: 3, code: 'A', name: 'A' },
            { id: 3, code: 'B', name: 'B' },
          ],
        },
        'INVALID_ARGUMENT',
        /^La subárea con id 3 está repetida$/,
      );
    });

    it('allows the same sub-area code in two different area types', async () => {
      await createObject(t, member.cookie, 'tipos-area', {
        code: uniqueCode('AT'),
        name: 'Uno',
        sectores: [{ code: 'CUB', name: 'Cubierta' }],
      });
      await createObject(t, member.cookie, 'tipos-area', {
        code: uniqueCode('AT'),
        name: 'Dos',
        sectores: [{ code: 'CUB', name: 'Cubierta' }],
      });
    });
  });

  describe('actividades: duration in working days (issue 13)', () => {
    it('stores the duration given, 0 (a milestone) too, and loadObjects gives it back', async () => {
      const paving = await createObject(t, member.cookie, 'actividades', {
        code: uniqueCode('DUR'),
        name: 'Pavimentar',
        duration: 12,
      });
      const milestone = await createObject(t, member.cookie, 'actividades', {
        code: uniqueCode('DUR'),
        name: 'Recepción municipal',
        duration: 0,
      });
      expect(paving).toMatchObject({ name: 'Pavimentar', duration: 12 });
      expect(milestone).toMatchObject({ name: 'Recepción municipal', duration: 0 });
      const loaded = await loadObjects(t, member.cookie, 'actividades');
      expect(loaded.find((entry) => entry._id === paving._id)).toEqual(paving);
      expect(loaded.find((entry) => entry._id === milestone._id)).toEqual(milestone);
      const row = await t.db
        .selectFrom('catalogue_activity')
        .select('duration')
        .where('_id', '=', milestone._id)
        .executeTakeFirstOrThrow();
      expect(Number(row.duration)).toBe(0);
    });

    it('gives 5 working days to a new activity without a duration, and an update without one keeps the stored duration', async () => {
      const created = await createObject(t, member.cookie, 'actividades', { code: uniqueCode('DUR'), name: 'Sin' });
      expect(created.duration).toBe(5);
      const longer = await createObject(t, member.cookie, 'actividades', { ...created, duration: 9 });
      expect(longer.duration).toBe(9);
      const { _id, code, priority } = longer;
      // a caller that does not know the field (a script written before issue 13) loses nothing
      const back = await createObject(t, member.cookie, 'actividades', { _id, code, name: 'Renombrada', priority });
      expect(back).toMatchObject({ name: 'Renombrada', duration: 9 });
      expect((await loadObjects(t, member.cookie, 'actividades')).find((entry) => entry._id === _id)).toEqual(back);
    });

    it('updates the duration of the copies that components carry', async () => {
      const activity = await createObject(t, member.cookie, 'actividades', {
        code: uniqueCode('DUR'),
        name: 'Enfierrar',
        duration: 4,
      });
      const component = await createObject(t, member.cookie, 'componentes', {
        code: uniqueCode('CP'),
        name: 'Losa',
        subcomponents: [{ code: 'L', name: 'Losa', actividades: [{ _id: activity._id }] }],
      });
      expect(component.subcomponents[0].actividades[0]).toMatchObject({ _id: activity._id, duration: 4 });
      await createObject(t, member.cookie, 'actividades', { ...activity, duration: 6 });
      const components = await loadObjects(t, member.cookie, 'componentes');
      const loaded = components.find((entry) => entry._id === component._id);
      expect(loaded.subcomponents[0].actividades[0]).toMatchObject({ _id: activity._id, duration: 6 });
    });

    it('has no duration on systems, area types or components', async () => {
      for (const collection of ['sistemas', 'tipos-area', 'componentes'] as const) {
        const object = await createObject(t, member.cookie, collection, { code: uniqueCode('ND'), name: 'Sin' });
        expect(object, collection).not.toHaveProperty('duration');
      }
    });

    it.each([
      [-1, 'object.duration: debe ser 0 o más (0: un hito)'],
      [2.5, 'object.duration: debe ser un número entero de días hábiles'],
      [10001, 'object.duration: debe ser como máximo 10000'],
      ['5', 'object.duration: debe ser un número'],
    ])('refuses a duration of %j with a Spanish message and writes nothing', async (duration, message) => {
      const response = await expectRefusedAndUnchanged(
        'actividades',
        { code: uniqueCode('DUR'), name: 'Mala', duration },
        'INVALID_ARGUMENT',
      );
      expect(response.body.error.message).toBe(message);
    });

    it('refuses a bad duration on update and keeps the stored one', async () => {
      const activity = await createObject(t, member.cookie, 'actividades', {
        code: uniqueCode('DUR'),
        name: 'Estucar',
        duration: 7,
      });
      await expectRefusedAndUnchanged(
        'actividades',
        { ...activity, name: 'Cambiada', duration: -1 },
        'INVALID_ARGUMENT',
      );
      expect((await loadObjects(t, member.cookie, 'actividades')).find((entry) => entry._id === activity._id)).toEqual(
        activity,
      );
    });
  });

  describe('componentes: subcomponents and their activities', () => {
    let excavar: { _id: string; code: string; name: string; priority: number; duration: number };
    let hormigonar: { _id: string; code: string; name: string; priority: number; duration: number };

    beforeAll(async () => {
      hormigonar = await createObject(t, member.cookie, 'actividades', {
        code: uniqueCode('ACT'),
        name: 'Hormigonar',
        priority: 2,
        duration: 3,
      });
      excavar = await createObject(t, member.cookie, 'actividades', {
        code: uniqueCode('ACT'),
        name: 'Excavar',
        priority: 1,
      });
    });

    it('numbers new subcomponents, links activities by _id and returns copies of them in priority order', async () => {
      const component = await createObject(t, member.cookie, 'componentes', {
        code: uniqueCode('CP'),
        name: 'Fundaciones',
        subcomponents: [
          { code: 'ZAP', name: 'Zapatas', actividades: [{ _id: hormigonar._id }, { _id: excavar._id }] },
          { code: 'VIG', name: 'Vigas de fundación', priority: 2, actividades: [] },
        ],
      });
      const copy = (activity: typeof excavar) => ({
        _id: activity._id,
        id: activity._id,
        code: activity.code,
        name: activity.name,
        priority: activity.priority,
        duration: activity.duration,
      });
      // each copy carries the activity's duration (the default 5 when none was given)
      expect([excavar.duration, hormigonar.duration]).toEqual([5, 3]);
      expect(component.subcomponents).toEqual([
        { id: 1, code: 'ZAP', name: 'Zapatas', priority: 1, actividades: [copy(excavar), copy(hormigonar)] },
        { id: 2, code: 'VIG', name: 'Vigas de fundación', priority: 2, actividades: [] },
      ]);
    });

    it('accepts the loaded copies of activities back as they are, and a tick given twice counts once', async () => {
      const component = await createObject(t, member.cookie, 'componentes', {
        code: uniqueCode('CP'),
        name: 'Muros',
        subcomponents: [{ id: 5, code: 'M1', name: 'Muro', actividades: [{ _id: excavar._id }] }],
      });
      const again = await createObject(t, member.cookie, 'componentes', {
        ...component,
        subcomponents: [
          {
            ...component.subcomponents[0],
            actividades: [...component.subcomponents[0].actividades, excavar, { _id: hormigonar._id }],
          },
          { code: 'M2', name: 'Muro nuevo', priority: 2 },
        ],
      });
      expect(again.subcomponents.map((sub: { id: number }) => sub.id)).toEqual([5, 6]);
      expect(again.subcomponents[0].actividades.map((activity: { _id: string }) => activity._id)).toEqual([
        excavar._id,
        hormigonar._id,
      ]);
      expect(again.subcomponents[1].actividades).toEqual([]);
    });

    it('refuses an activity that does not exist, naming it, and keeps the saved subcomponents', async () => {
      const component = await createObject(t, member.cookie, 'componentes', {
        code: uniqueCode('CP'),
        name: 'Losas',
        subcomponents: [{ code: 'L1', name: 'Losa', actividades: [{ _id: excavar._id }] }],
      });
      await expectRefusedAndUnchanged(
        'componentes',
        {
          ...component,
          name: 'Losas cambiadas',
          subcomponents: [
            { code: 'L1', name: 'Losa', actividades: [{ _id: 'no-existe', code: 'ACT-X' }] },
            { code: 'L2', name: 'Otra' },
          ],
        },
        'INVALID_ARGUMENT',
        /^La actividad ACT-X \(no-existe\) marcada en el componente básico L1 no existe$/,
      );
    });

    it('refuses two subcomponents with the same code (case-insensitive), naming it', async () => {
      await expectRefusedAndUnchanged(
        'componentes',
        {
          code: uniqueCode('CP'),
          name: 'Repetidos',
          subcomponents: [
            { code: 'Pil', name: 'Pilar' },
            { code: 'PIL', name: 'Pilar 2' },
          ],
        },
        'INVALID_ARGUMENT',
        /^El componente básico con el código PIL está repetido en este componente$/,
      );
    });

    it('refuses two subcomponents with the same id', async () => {
      await expectRefusedAndUnchanged(
        'componentes',
        {
          code: uniqueCode('CP'),
          name: 'Repetidos',
          subcomponents: [
            { id: 2, code: 'A', name: 'A' },
            { id: 2, code: 'B', name: 'B' },
          ],
        },
        'INVALID_ARGUMENT',
        /^El componente básico con id 2 está repetido$/,
      );
    });

    it.each([
      ['priority 0', { code: 'A', name: 'A', priority: 0 }, /^object\.subcomponents\.0\.priority: debe ser 1 o más$/],
      ['an id that is not a number', { id: 'uno', code: 'A', name: 'A' }, /^object\.subcomponents\.0\.id: /],
      ['activities without _id', { code: 'A', name: 'A', actividades: [{ code: 'ACT-1' }] }, /_id/],
      ['an unexpected field', { code: 'A', name: 'A', checked: true }, /checked/],
    ])('refuses a subcomponent with %s (INVALID_ARGUMENT) and changes nothing', async (_label, sub, message) => {
      await expectRefusedAndUnchanged(
        'componentes',
        { code: uniqueCode('CP'), name: 'Malo', subcomponents: [sub] },
        'INVALID_ARGUMENT',
        message,
      );
    });
  });

  it('lets every signed-in user, not only administrators, save', async () => {
    const response = await saveObject(t, member.cookie, 'sistemas', { code: uniqueCode('SYS'), name: 'Gas' });
    expect(response.statusCode).toBe(200);
  });
});
