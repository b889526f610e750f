import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createObject, loadObjects } from '../../test/support/catalogues';
import { callFunction, createFirstAdmin, createSignedInUser } from '../../test/support/factories';
import type { TestAccount } from '../../test/support/factories';
import { createTestApp, databaseKinds } from '../../test/support/test-app';
import type { TestApp } from '../../test/support/test-app';

// Created out of order on purpose: priority, then code (numeric-aware), then name decide.
const unordered = [
  { code: '1.10', name: 'B', priority: 2 },
  { code: '2', name: 'Z', priority: 1 },
  { code: '1.2', name: 'C', priority: 2 },
  { code: '1.2b', name: 'A', priority: 2 },
  { code: '10', name: 'Y', priority: 1 },
  { code: '1.1', name: 'D', priority: 3 },
];
const expectedCodes = ['2', '10', '1.2', '1.2b', '1.10', '1.1'];

describe.each(databaseKinds)('loadObjects (%s)', (kind) => {
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

  it.each([
    ['tipos-area', 'Tipos de área cargadas'],
    ['actividades', 'Actividades cargadas'],
    ['sistemas', 'Sistemas cargados'],
    ['componentes', 'Componentes cargados'],
  ])('answers %s with the spec message "%s" (an empty list on a new installation)', async (collection, message) => {
    const response = await callFunction(t.app, 'loadObjects', { collection }, member.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.body.result).toEqual({ collection, objects: [], message });
  });

  it('refuses an unknown collection with INVALID_ARGUMENT', async () => {
    const response = await callFunction(t.app, 'loadObjects', { collection: 'usuarios' }, member.cookie);
    expect(response.statusCode).toBe(400);
    expect(response.body.error).toEqual({
      status: 'INVALID_ARGUMENT',
      message: 'collection: debe ser una de: tipos-area, actividades, sistemas, componentes, oficios, recursos',
    });
  });

  it.each(['actividades', 'sistemas'] as const)(
    'sorts %s by priority, then code numeric-aware ("1.2" < "1.10"), then name',
    async (collection) => {
      for (const record of unordered) await createObject(t, member.cookie, collection, record);
      const list = await loadObjects(t, member.cookie, collection);
      expect(list.map((entry) => entry.code)).toEqual(expectedCodes);
    },
  );

  it('sorts area types and, inside each, its sub-areas by priority', async () => {
    for (const record of unordered) {
      await createObject(t, member.cookie, 'tipos-area', {
        ...record,
        code: `AT-${record.code}`,
        sectores: unordered.map((sector) => ({ ...sector, quantity: 2 })),
      });
    }
    const list = await loadObjects(t, member.cookie, 'tipos-area');
    expect(list.map((entry) => entry.code)).toEqual(expectedCodes.map((code) => `AT-${code}`));
    for (const areaType of list) {
      expect(areaType.sectores.map((sector: { code: string }) => sector.code)).toEqual(expectedCodes);
      expect(areaType.sectores.every((sector: { quantity: number }) => sector.quantity === 2)).toBe(true);
    }
  });

  it('sorts components, their subcomponents and each subcomponent’s activities by priority', async () => {
    const activities: { _id: string }[] = [];
    for (const record of unordered) {
      activities.push(await createObject(t, member.cookie, 'actividades', { ...record, code: `ACT-${record.code}` }));
    }
    for (const record of unordered) {
      await createObject(t, member.cookie, 'componentes', {
        ...record,
        code: `CP-${record.code}`,
        subcomponents: unordered.map((sub) => ({
          ...sub,
          actividades: activities.map((activity) => ({ _id: activity._id })),
        })),
      });
    }
    const list = await loadObjects(t, member.cookie, 'componentes');
    expect(list.map((entry) => entry.code)).toEqual(expectedCodes.map((code) => `CP-${code}`));
    for (const component of list) {
      expect(component.subcomponents.map((sub: { code: string }) => sub.code)).toEqual(expectedCodes);
      for (const sub of component.subcomponents) {
        expect(sub.actividades.map((activity: { code: string }) => activity.code)).toEqual(
          expectedCodes.map((code) => `ACT-${code}`),
        );
      }
    }
  });

  it('shows an activity’s current name, priority and duration in the subcomponents that list it', async () => {
    const activity = await createObject(t, member.cookie, 'actividades', { code: 'VIVA', name: 'Antes' });
    const component = await createObject(t, member.cookie, 'componentes', {
      code: 'CP-VIVA',
      name: 'Enlace',
      subcomponents: [{ code: 'S', name: 'S', actividades: [{ _id: activity._id }] }],
    });
    await createObject(t, member.cookie, 'actividades', { ...activity, name: 'Después', priority: 9, duration: 0 });
    const loaded = (await loadObjects(t, member.cookie, 'componentes')).find((entry) => entry._id === component._id);
    expect(loaded.subcomponents[0].actividades).toEqual([
      { _id: activity._id, id: activity._id, code: 'VIVA', name: 'Después', priority: 9, duration: 0 },
    ]);
  });
});
