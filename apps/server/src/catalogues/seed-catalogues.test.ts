import { starterCatalogue } from '@cimiento/domain';
import type { StarterCatalogue } from '@cimiento/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createObject, loadObjects, snapshotCatalogues } from '../../test/support/catalogues';
import { callFunction, createFirstAdmin, createSignedInUser } from '../../test/support/factories';
import type { TestAccount } from '../../test/support/factories';
import { createTestApp, databaseKinds } from '../../test/support/test-app';
import type { TestApp } from '../../test/support/test-app';
import { describeSeedResult, seedStarterCatalogue } from './seed-starter-catalogue';

const small: StarterCatalogue = {
  tiposArea: [{ code: 'EDH', name: 'Edificio', sectores: [{ code: 'PT', name: 'Piso tipo', quantity: 4 }] }],
  actividades: [
    { code: 'EXC', name: 'Excavación', priority: 1 },
    { code: 'HOR', name: 'Hormigonado', priority: 2 },
  ],
  sistemas: [{ code: 'AP', name: 'Agua potable' }],
  componentes: [
    {
      code: 'FUN',
      name: 'Fundaciones',
      priority: 1,
      subcomponents: [{ code: 'ZAP', name: 'Zapatas', priority: 1, actividades: ['exc', 'HOR'] }],
    },
  ],
  oficios: [{ code: 'CAR', name: 'Carpintero' }],
  recursos: [
    {
      code: 'CMOL',
      name: 'Cuadrilla de moldaje',
      type: 'labor',
      unit: 'cuadrilla',
      maxUnits: 2,
      crew: [{ trade: 'car', count: 4 }],
      costPerDay: '500000',
      currency: 'CLP',
    },
  ],
};

describe('describeSeedResult', () => {
  it('lists what was added in Spanish, singular and plural', () => {
    expect(
      describeSeedResult({ 'tipos-area': 6, actividades: 1, sistemas: 0, componentes: 8, oficios: 0, recursos: 0 }),
    ).toBe('Catálogos de ejemplo cargados: 6 tipos de área, 1 actividad y 8 componentes');
    expect(
      describeSeedResult({ 'tipos-area': 0, actividades: 0, sistemas: 1, componentes: 0, oficios: 0, recursos: 0 }),
    ).toBe('Catálogos de ejemplo cargados: 1 sistema');
    expect(
      describeSeedResult({ 'tipos-area': 0, actividades: 0, sistemas: 0, componentes: 0, oficios: 0, recursos: 0 }),
    ).toBe('Los catálogos de ejemplo ya estaban cargados; no se agregó nada');
  });
});

describe.each(databaseKinds)('seedCatalogues (%s)', (kind) => {
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

  it('refuses a user who is not an administrator with PERMISSION_DENIED and adds nothing', async () => {
    const before = await snapshotCatalogues(t, member.cookie);
    const response = await callFunction(t.app, 'seedCatalogues', null, member.cookie);
    expect(response.statusCode).toBe(403);
    expect(response.body.error).toEqual({
      status: 'PERMISSION_DENIED',
      message: 'Solo un administrador puede cargar los catálogos de ejemplo',
    });
    expect(await snapshotCatalogues(t, member.cookie)).toEqual(before);
  });

  it('loads the whole starter catalogue for an administrator, with every subcomponent activity resolved', async () => {
    const response = await callFunction(t.app, 'seedCatalogues', null, admin.cookie);
    expect(response.statusCode).toBe(200);
    const expected = {
      'tipos-area': starterCatalogue.tiposArea.length,
      actividades: starterCatalogue.actividades.length,
      sistemas: starterCatalogue.sistemas.length,
      componentes: starterCatalogue.componentes.length,
      oficios: starterCatalogue.oficios.length,
      recursos: starterCatalogue.recursos.length,
    };
    expect(response.body.result).toEqual({ added: expected, message: describeSeedResult(expected) });

    const loaded = await snapshotCatalogues(t, member.cookie);
    expect(loaded['tipos-area']).toHaveLength(expected['tipos-area']);
    expect(loaded.actividades).toHaveLength(expected.actividades);
    expect(loaded.sistemas).toHaveLength(expected.sistemas);
    expect(loaded.componentes).toHaveLength(expected.componentes);
    // issue 35: every crew's trades resolved, in the starter's order
    expect(loaded.recursos).toHaveLength(expected.recursos);
    const tradeNames = new Map(starterCatalogue.oficios.map((trade) => [trade.code, trade.name]));
    for (const starter of starterCatalogue.recursos) {
      const stored = loaded.recursos.find((entry) => entry.code === starter.code);
      expect(
        stored.crew.map((member: { tradeName: string; count: number }) => [member.tradeName, member.count]),
      ).toEqual(starter.crew.map((member) => [tradeNames.get(member.trade), member.count]));
    }

    for (const starter of starterCatalogue.tiposArea) {
      const stored = loaded['tipos-area'].find((entry) => entry.code === starter.code);
      expect(stored.sectores.map((sector: { code: string }) => sector.code).sort()).toEqual(
        (starter.sectores ?? []).map((sector) => sector.code).sort(),
      );
    }
    // each activity keeps its starter duration in working days (issue 13), milestones at 0
    expect(
      loaded.actividades.map((activity: { code: string; duration: number }) => [activity.code, activity.duration]),
    ).toEqual(starterCatalogue.actividades.map((activity) => [activity.code, activity.duration]));
    for (const starter of starterCatalogue.componentes) {
      const stored = loaded.componentes.find((entry) => entry.code === starter.code);
      for (const sub of starter.subcomponents) {
        const storedSub = stored.subcomponents.find((entry: { code: string }) => entry.code === sub.code);
        expect(storedSub.actividades.map((activity: { code: string }) => activity.code).sort()).toEqual(
          [...new Set(sub.actividades)].sort(),
        );
      }
    }
  });

  it('adds nothing when run again', async () => {
    const before = await snapshotCatalogues(t, member.cookie);
    const response = await callFunction(t.app, 'seedCatalogues', {}, admin.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.body.result).toEqual({
      added: { 'tipos-area': 0, actividades: 0, sistemas: 0, componentes: 0, oficios: 0, recursos: 0 },
      message: 'Los catálogos de ejemplo ya estaban cargados; no se agregó nada',
    });
    expect(await snapshotCatalogues(t, member.cookie)).toEqual(before);
  });
});

describe.each(databaseKinds)('seedStarterCatalogue (%s)', (kind) => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    cookie = (await createFirstAdmin(t)).cookie;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('adds only codes that are not stored yet (case-insensitive) and links to the activities already there', async () => {
    const existing = await createObject(t, cookie, 'actividades', {
      code: 'exc',
      name: 'Excavación propia',
      priority: 5,
    });
    await createObject(t, cookie, 'sistemas', { code: 'Ap', name: 'Agua potable propia' });

    const added = await seedStarterCatalogue(t.db, small);
    expect(added).toEqual({ 'tipos-area': 1, actividades: 1, sistemas: 0, componentes: 1, oficios: 1, recursos: 1 });
    // issue 35: the resource's crew names its trade by code ('car'), stored by the trade's _id
    const [trade] = await loadObjects(t, cookie, 'oficios');
    const [resource] = await loadObjects(t, cookie, 'recursos');
    expect(resource).toMatchObject({
      code: 'CMOL',
      type: 'labor',
      maxUnits: 2,
      crew: [{ trade: trade._id, tradeName: 'Carpintero', count: 4 }],
      costPerDay: '500000',
      currency: 'CLP',
    });

    const activities = await loadObjects(t, cookie, 'actividades');
    expect(activities.map((activity) => activity.code)).toEqual(['HOR', 'exc']);
    expect(activities.find((activity) => activity.code === 'exc')).toEqual(existing);
    const [component] = await loadObjects(t, cookie, 'componentes');
    expect(component.subcomponents).toEqual([
      {
        id: 1,
        code: 'ZAP',
        name: 'Zapatas',
        priority: 1,
        actividades: [
          expect.objectContaining({ code: 'HOR', name: 'Hormigonado' }),
          expect.objectContaining({ _id: existing._id, code: 'exc' }),
        ],
      },
    ]);
    const [areaType] = await loadObjects(t, cookie, 'tipos-area');
    expect(areaType).toMatchObject({ code: 'EDH', priority: 1 });
    expect(areaType.sectores).toEqual([{ id: 1, code: 'PT', name: 'Piso tipo', quantity: 4, priority: 1 }]);
  });

  it('is idempotent', async () => {
    const before = await snapshotCatalogues(t, cookie);
    expect(await seedStarterCatalogue(t.db, small)).toEqual({
      'tipos-area': 0,
      actividades: 0,
      sistemas: 0,
      componentes: 0,
      oficios: 0,
      recursos: 0,
    });
    expect(await snapshotCatalogues(t, cookie)).toEqual(before);
  });

  it('two seedings at once add everything once', async () => {
    const other: StarterCatalogue = {
      tiposArea: [],
      actividades: Array.from({ length: 20 }, (_, index) => ({ code: `PAR-${index}`, name: `Paralela ${index}` })),
      sistemas: [],
      componentes: [],
      oficios: [],
      recursos: [],
    };
    const results = await Promise.all([seedStarterCatalogue(t.db, other), seedStarterCatalogue(t.db, other)]);
    expect(results[0].actividades + results[1].actividades).toBe(20);
    const codes = (await loadObjects(t, cookie, 'actividades')).map((activity) => activity.code);
    expect(codes.filter((code) => code.startsWith('PAR-'))).toHaveLength(20);
  });

  it('refuses a starter component naming an activity the catalogue lacks, and adds nothing', async () => {
    const before = await snapshotCatalogues(t, cookie);
    const broken: StarterCatalogue = {
      tiposArea: [],
      actividades: [{ code: 'NUEVA', name: 'Nueva' }],
      sistemas: [],
      componentes: [
        {
          code: 'ROTO',
          name: 'Roto',
          priority: 1,
          subcomponents: [{ code: 'S', name: 'S', priority: 1, actividades: ['NADA'] }],
        },
      ],
      oficios: [],
      recursos: [],
    };
    await expect(seedStarterCatalogue(t.db, broken)).rejects.toThrow(/NADA/);
    expect(await snapshotCatalogues(t, cookie)).toEqual(before);
  });
});
