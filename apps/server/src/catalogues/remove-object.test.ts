import type { CatalogueCollection } from '@cimiento/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createObject, loadObjects, removeObject, snapshotCatalogues, uniqueCode } from '../../test/support/catalogues';
import { createFirstAdmin, createSignedInUser } from '../../test/support/factories';
import type { TestAccount } from '../../test/support/factories';
import { createTestApp, databaseKinds } from '../../test/support/test-app';
import type { TestApp } from '../../test/support/test-app';

const removedMessages: Record<CatalogueCollection, string> = {
  'tipos-area': 'Tipo de área eliminado',
  actividades: 'Actividad eliminada',
  sistemas: 'Sistema eliminado',
  componentes: 'Componente eliminado',
  oficios: 'Oficio eliminado',
  recursos: 'Recurso eliminado',
};
/** issue 35: what a record of each collection needs besides its code and name (a resource: type, unit, maximum) */
const required = (collection: CatalogueCollection): Record<string, unknown> =>
  collection === 'recursos' ? { type: 'equipment', unit: 'un', maxUnits: 1 } : {};
const collections = Object.keys(removedMessages) as CatalogueCollection[];

describe.each(databaseKinds)('removeObject (%s)', (kind) => {
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

  describe.each(collections)('%s', (collection) => {
    it('deletes the record by _id, says so, and leaves the others', async () => {
      const keep = await createObject(t, member.cookie, collection, {
        ...required(collection),
        code: uniqueCode('KEEP'),
        name: 'Queda',
      });
      const gone = await createObject(t, member.cookie, collection, {
        ...required(collection),
        code: uniqueCode('GONE'),
        name: 'Se va',
      });
      const response = await removeObject(t, member.cookie, collection, gone._id);
      expect(response.statusCode).toBe(200);
      expect(response.body.result).toEqual({ message: removedMessages[collection] });
      const list = await loadObjects(t, member.cookie, collection);
      expect(list.find((entry) => entry._id === gone._id)).toBeUndefined();
      expect(list.find((entry) => entry._id === keep._id)).toEqual(keep);
    });

    it('frees the code for a new record', async () => {
      const code = uniqueCode('FREE');
      const first = await createObject(t, member.cookie, collection, {
        ...required(collection),
        code,
        name: 'Primero',
      });
      await removeObject(t, member.cookie, collection, first._id);
      await createObject(t, member.cookie, collection, { ...required(collection), code, name: 'Segundo' });
    });

    it('answers NOT_FOUND for an _id that does not exist and deletes nothing', async () => {
      const before = await snapshotCatalogues(t, member.cookie);
      const response = await removeObject(t, member.cookie, collection, '01890000-0000-7000-8000-000000000000');
      expect(response.statusCode).toBe(404);
      expect(response.body.error).toEqual({ status: 'NOT_FOUND', message: 'El registro no existe' });
      expect(await snapshotCatalogues(t, member.cookie)).toEqual(before);
    });
  });

  it('answers NOT_FOUND for a record of another collection', async () => {
    const system = await createObject(t, member.cookie, 'sistemas', { code: uniqueCode('SYS'), name: 'Agua' });
    const response = await removeObject(t, member.cookie, 'actividades', system._id);
    expect(response.body.error.status).toBe('NOT_FOUND');
    expect((await loadObjects(t, member.cookie, 'sistemas')).some((entry) => entry._id === system._id)).toBe(true);
  });

  it('refuses an unknown collection or a missing id with INVALID_ARGUMENT', async () => {
    expect((await removeObject(t, member.cookie, 'proyectos', 'x')).body.error.status).toBe('INVALID_ARGUMENT');
    expect((await removeObject(t, member.cookie, 'sistemas', '')).body.error).toEqual({
      status: 'INVALID_ARGUMENT',
      message: 'id: es obligatorio',
    });
  });

  it('deletes an area type together with its sub-areas', async () => {
    const areaType = await createObject(t, member.cookie, 'tipos-area', {
      code: uniqueCode('AT'),
      name: 'Con subáreas',
      sectores: [{ code: 'A', name: 'A' }],
    });
    await removeObject(t, member.cookie, 'tipos-area', areaType._id);
    const rows = await t.db
      .selectFrom('catalogue_sector')
      .select('id')
      .where('area_type_id', '=', areaType._id)
      .execute();
    expect(rows).toEqual([]);
  });

  it('deletes a component with its subcomponents and their ticks, and leaves the activities', async () => {
    const activity = await createObject(t, member.cookie, 'actividades', { code: uniqueCode('ACT'), name: 'Pintar' });
    const component = await createObject(t, member.cookie, 'componentes', {
      code: uniqueCode('CP'),
      name: 'Terminaciones',
      subcomponents: [{ code: 'S', name: 'S', actividades: [{ _id: activity._id }] }],
    });
    await removeObject(t, member.cookie, 'componentes', component._id);
    expect(
      await t.db.selectFrom('catalogue_subcomponent').select('id').where('component_id', '=', component._id).execute(),
    ).toEqual([]);
    expect(
      await t.db
        .selectFrom('catalogue_subcomponent_activity')
        .select('activity_id')
        .where('component_id', '=', component._id)
        .execute(),
    ).toEqual([]);
    expect((await loadObjects(t, member.cookie, 'actividades')).some((entry) => entry._id === activity._id)).toBe(true);
  });

  describe('deleting an activity (domain.md: it is removed from the subcomponents that list it)', () => {
    it('removes it from every subcomponent that lists it and says how many', async () => {
      const [gone, stays] = [
        await createObject(t, member.cookie, 'actividades', { code: uniqueCode('ACT'), name: 'Se va' }),
        await createObject(t, member.cookie, 'actividades', { code: uniqueCode('ACT'), name: 'Queda' }),
      ];
      const both = [{ _id: gone._id }, { _id: stays._id }];
      const first = await createObject(t, member.cookie, 'componentes', {
        code: uniqueCode('CP'),
        name: 'Uno',
        subcomponents: [
          { code: 'A', name: 'A', actividades: both },
          { code: 'B', name: 'B', actividades: [{ _id: gone._id }] },
          { code: 'C', name: 'C', actividades: [{ _id: stays._id }] },
        ],
      });
      const second = await createObject(t, member.cookie, 'componentes', {
        code: uniqueCode('CP'),
        name: 'Dos',
        subcomponents: [{ code: 'A', name: 'A', actividades: both }],
      });

      const response = await removeObject(t, member.cookie, 'actividades', gone._id);
      expect(response.statusCode).toBe(200);
      expect(response.body.result.message).toBe('Actividad eliminada; se quitó de 3 componentes básicos');

      const components = await loadObjects(t, member.cookie, 'componentes');
      const ticks = (id: string) =>
        components
          .find((entry) => entry._id === id)
          .subcomponents.map((sub: { code: string; actividades: { _id: string }[] }) => [
            sub.code,
            sub.actividades.map((activity) => activity._id),
          ]);
      expect(ticks(first._id)).toEqual([
        ['A', [stays._id]],
        ['B', []],
        ['C', [stays._id]],
      ]);
      expect(ticks(second._id)).toEqual([['A', [stays._id]]]);
    });

    it('says "1 componente básico" for one', async () => {
      const activity = await createObject(t, member.cookie, 'actividades', { code: uniqueCode('ACT'), name: 'Una' });
      await createObject(t, member.cookie, 'componentes', {
        code: uniqueCode('CP'),
        name: 'Solo',
        subcomponents: [{ code: 'A', name: 'A', actividades: [{ _id: activity._id }] }],
      });
      const response = await removeObject(t, member.cookie, 'actividades', activity._id);
      expect(response.body.result.message).toBe('Actividad eliminada; se quitó de 1 componente básico');
    });
  });
});
