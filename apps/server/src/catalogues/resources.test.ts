import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createObject,
  loadObjects,
  removeObject,
  saveObject,
  snapshotCatalogues,
  uniqueCode,
} from '../../test/support/catalogues';
import { createFirstAdmin, createSignedInUser } from '../../test/support/factories';
import type { TestAccount } from '../../test/support/factories';
import { createTestApp, databaseKinds } from '../../test/support/test-app';
import type { TestApp } from '../../test/support/test-app';

/**
 * Issue 35: the trades ('oficios') and resources ('recursos') catalogues through saveObject /
 * loadObjects / removeObject, on both databases: a labour resource with its crew, availability
 * ranges and cost; the rules refused in Spanish at their field, changing nothing; a trade in a
 * crew kept from deletion, saying where.
 */
describe.each(databaseKinds)('resources catalogue (%s)', (kind) => {
  let t: TestApp;
  let member: TestAccount;
  let capataz: { _id: string };
  let carpintero: { _id: string };
  let jornal: { _id: string };

  beforeAll(async () => {
    t = await createTestApp(kind);
    const admin = await createFirstAdmin(t);
    // issue 36: the catalogues are the administrators'; a second one keeps them here
    member = await createSignedInUser(t, admin.cookie, { admin: true });
    capataz = await createObject(t, member.cookie, 'oficios', { code: uniqueCode('CAP'), name: 'Capataz' });
    carpintero = await createObject(t, member.cookie, 'oficios', { code: uniqueCode('CAR'), name: 'Carpintero' });
    jornal = await createObject(t, member.cookie, 'oficios', { code: uniqueCode('JOR'), name: 'Jornal' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const moldaje = () => ({
    code: uniqueCode('CMOL'),
    name: 'Cuadrilla de moldaje',
    type: 'labor',
    unit: 'cuadrilla',
    maxUnits: 2,
    crew: [
      { trade: capataz._id, count: 1 },
      { trade: carpintero._id, count: 4 },
      { trade: jornal._id, count: 2 },
    ],
    availability: [{ from: '2026-01-05', to: '2026-02-27', maxUnits: 3 }],
    costPerDay: '520000',
    currency: 'CLP',
  });

  it('keeps a labour resource with its crew, availability and cost; an update replaces them', async () => {
    const saved = await createObject(t, member.cookie, 'recursos', moldaje());
    expect(saved).toMatchObject({
      type: 'labor',
      unit: 'cuadrilla',
      maxUnits: 2,
      crew: [
        { trade: capataz._id, tradeName: 'Capataz', count: 1 },
        { trade: carpintero._id, tradeName: 'Carpintero', count: 4 },
        { trade: jornal._id, tradeName: 'Jornal', count: 2 },
      ],
      availability: [{ from: '2026-01-05', to: '2026-02-27', maxUnits: 3 }],
      costPerDay: '520000',
      currency: 'CLP',
      priority: 1,
    });
    expect('costPerUnit' in saved).toBe(false);
    expect((await loadObjects(t, member.cookie, 'recursos')).find((entry) => entry._id === saved._id)).toEqual(saved);
    // the loaded record sent back with changes: a smaller crew, no ranges, the cost in UF
    const updated = await createObject(t, member.cookie, 'recursos', {
      ...saved,
      crew: [{ trade: carpintero._id, count: 3 }],
      availability: [],
      costPerDay: '13.5',
      currency: 'UF',
    });
    expect(updated).toMatchObject({
      _id: saved._id,
      crew: [{ trade: carpintero._id, tradeName: 'Carpintero', count: 3 }],
      availability: [],
      costPerDay: '13.5',
      currency: 'UF',
    });
    // equipment and materials, with a cost per unit
    const concrete = await createObject(t, member.cookie, 'recursos', {
      code: uniqueCode('H30'),
      name: 'Hormigón G30',
      type: 'material',
      unit: 'm3',
      maxUnits: 120.5,
      costPerUnit: 118000,
    });
    expect(concrete).toMatchObject({
      type: 'material',
      maxUnits: 120.5,
      costPerUnit: '118000',
      currency: 'CLP',
      crew: [],
    });
  });

  it.each([
    [
      { type: 'grua' },
      'type: debe ser uno de: labor (Mano de obra), equipment (Equipo), material (Material), subcontract (Subcontrato)',
    ],
    [{ type: 'equipment' }, 'crew: solo la mano de obra tiene cuadrilla'],
    [{ unit: '' }, 'unit: es obligatoria'],
    [{ maxUnits: -1 }, 'maxUnits: debe ser 0 o más'],
    [{ maxUnits: 1.125 }, 'maxUnits: admite como máximo 2 decimales'],
    [{ costPerUnit: '1000' }, 'costPerUnit: un recurso tiene costo por día o por unidad, no ambos'],
    [{ costPerDay: '520000.5' }, 'costPerDay: en CLP es un monto sin decimales'],
    [{ costPerDay: '13.125', currency: 'USD' }, 'costPerDay: en USD admite como máximo 2 decimales'],
    [{ currency: 'EUR' }, 'currency: debe ser una de: CLP, UF, USD'],
    [
      {
        availability: [
          { from: '2026-01-05', to: '2026-01-30', maxUnits: 3 },
          { from: '2026-01-26', to: '2026-02-27', maxUnits: 1 },
        ],
      },
      'availability: Disponibilidad: las filas 1 y 2 se superponen; cada día tiene un solo máximo',
    ],
    [
      { availability: [{ from: '2026-02-05', to: '2026-01-30', maxUnits: 3 }] },
      'availability: Disponibilidad, fila 1: el término (30-01-2026) es anterior al inicio (05-02-2026)',
    ],
    [
      { crew: [{ trade: 'no-existe', count: 2 }] },
      'crew.0.trade: el oficio no-existe no existe en el catálogo de oficios',
    ],
    [{ crew: [{ trade: 'x', count: 0 }] }, 'crew.0.count: debe ser 1 o más'],
    // a resource's own calendar
    [{ calendar: { workingWeekdays: [] } }, 'calendar: Calendario: marca al menos un día de la semana'],
    [
      { calendar: { workingWeekdays: [1, 7] } },
      'calendar.workingWeekdays.1: debe ser un día de la semana de 0 (domingo) a 6 (sábado)',
    ],
    [
      { calendar: { exceptions: [{ from: '2026-02-05', to: '2026-01-30' }] } },
      'calendar: Calendario, fila 1: el término (30-01-2026) es anterior al inicio (05-02-2026)',
    ],
    [
      {
        calendar: {
          exceptions: [
            { from: '2026-01-05', to: '2026-01-09' },
            { from: '2026-01-09', to: '2026-01-12' },
          ],
        },
      },
      'calendar: Calendario: las filas 1 y 2 se superponen',
    ],
    [
      { calendar: { exceptions: Array.from({ length: 201 }, () => ({ from: '2026-01-05', to: '2026-01-05' })) } },
      'calendar.exceptions: admite como máximo 200 rangos',
    ],
  ])('refuses %j in Spanish at its field, changing nothing', async (change, message) => {
    const before = await snapshotCatalogues(t, member.cookie);
    const response = await saveObject(t, member.cookie, 'recursos', { ...moldaje(), ...change });
    expect(response.statusCode, JSON.stringify(response.body)).toBe(400);
    expect(response.body.error.message).toContain(message);
    expect(await snapshotCatalogues(t, member.cookie)).toEqual(before);
  });

  it('refuses to delete a trade in a crew, naming the resources and their count; frees it once they go', async () => {
    const trade = await createObject(t, member.cookie, 'oficios', { code: uniqueCode('ENF'), name: 'Enfierrador' });
    const first = await createObject(t, member.cookie, 'recursos', {
      ...moldaje(),
      name: 'Cuadrilla de enfierradura',
      crew: [{ trade: trade._id, count: 4 }],
    });
    const second = await createObject(t, member.cookie, 'recursos', {
      ...moldaje(),
      name: 'Cuadrilla de losas',
      crew: [{ trade: trade._id, count: 2 }],
    });
    const before = await snapshotCatalogues(t, member.cookie);
    const refused = await removeObject(t, member.cookie, 'oficios', trade._id);
    expect(refused.statusCode).toBe(400);
    expect(refused.body.error).toEqual({
      status: 'FAILED_PRECONDITION',
      message: `El oficio ${trade.code} está en la cuadrilla de 2 recursos: ${[first, second]
        .map((resource) => `${resource.code} ${resource.name}`)
        .sort()
        .join(', ')}. Quítalo de ellas antes de eliminarlo.`,
    });
    expect(await snapshotCatalogues(t, member.cookie)).toEqual(before);
    for (const resource of [first, second]) {
      expect((await removeObject(t, member.cookie, 'recursos', resource._id)).body.result).toEqual({
        message: 'Recurso eliminado',
      });
    }
    expect((await removeObject(t, member.cookie, 'oficios', trade._id)).body.result).toEqual({
      message: 'Oficio eliminado',
    });
  });

  it('an activity carries its unit of work, productivity, default resource and crews; kept when left out, cleared with null', async () => {
    const crane = await createObject(t, member.cookie, 'recursos', moldaje());
    const activity = await createObject(t, member.cookie, 'actividades', {
      code: uniqueCode('MOL'),
      name: 'Moldaje de losa',
      duration: 5,
      workUnit: 'm2',
      productivity: '12,5'.replace(',', '.'),
      resourceId: crane._id,
      crews: 2,
    });
    expect(activity).toMatchObject({
      workUnit: 'm2',
      productivity: '12.5',
      resourceId: crane._id,
      resourceName: 'Cuadrilla de moldaje',
      crews: 2,
    });
    // an update that leaves them out keeps them (an older screen, a script)
    const renamed = await createObject(t, member.cookie, 'actividades', {
      _id: activity._id,
      code: activity.code,
      name: 'Moldaje de losas',
    });
    expect(renamed).toMatchObject({ name: 'Moldaje de losas', workUnit: 'm2', productivity: '12.5', crews: 2 });
    // the resource in use is not deleted: the message names the activity
    const refused = await removeObject(t, member.cookie, 'recursos', crane._id);
    expect(refused.body.error).toEqual({
      status: 'FAILED_PRECONDITION',
      message: `El recurso ${crane.code} es el recurso de 1 actividad: ${activity.code} Moldaje de losas. Cámbialo en ella antes de eliminarlo.`,
    });
    // null clears them
    const cleared = await createObject(t, member.cookie, 'actividades', {
      ...renamed,
      workUnit: null,
      productivity: null,
      resourceId: null,
    });
    expect(['workUnit', 'productivity', 'resourceId', 'resourceName'].filter((field) => field in cleared)).toEqual([]);
    expect((await removeObject(t, member.cookie, 'recursos', crane._id)).statusCode).toBe(200);
  });

  it.each([
    [{ productivity: '8', workUnit: null }, 'workUnit: el rendimiento necesita la unidad de trabajo'],
    [{ workUnit: 'm4' }, 'workUnit: debe ser una de: m2, m3, kg, ml, un, gl'],
    [{ workUnit: 'm3', productivity: '0' }, 'productivity: debe ser mayor que 0'],
    [{ crews: 0 }, 'crews: debe ser 1 o más'],
    [{ crews: 1.5 }, 'crews: debe ser un número entero de cuadrillas'],
    [
      { resourceId: '01890000-0000-7000-8000-000000000000' },
      'resourceId: el recurso no existe en el catálogo de recursos',
    ],
  ])('refuses an activity with %j in Spanish, changing nothing', async (change, message) => {
    const before = await snapshotCatalogues(t, member.cookie);
    const response = await saveObject(t, member.cookie, 'actividades', {
      code: uniqueCode('ACT'),
      name: 'Hormigonado',
      ...change,
    });
    expect(response.statusCode, JSON.stringify(response.body)).toBe(400);
    expect(response.body.error.message).toContain(message);
    expect(await snapshotCatalogues(t, member.cookie)).toEqual(before);
  });

  it("keeps a resource's own calendar, replaces it on update and clears it with null", async () => {
    const calendar = {
      workingWeekdays: [6, 1, 2, 3, 4, 5],
      exceptions: [
        { from: '2026-02-16', to: '2026-02-27', name: 'Vacaciones' },
        { from: '2026-01-05', to: '2026-01-05' },
      ],
    };
    const saved = await createObject(t, member.cookie, 'recursos', { ...moldaje(), calendar });
    // weekdays in order; the ranges in the order sent, a missing name as ''
    expect(saved.calendar).toEqual({
      workingWeekdays: [1, 2, 3, 4, 5, 6],
      exceptions: [
        { from: '2026-02-16', to: '2026-02-27', name: 'Vacaciones' },
        { from: '2026-01-05', to: '2026-01-05', name: '' },
      ],
    });
    expect((await loadObjects(t, member.cookie, 'recursos')).find((entry) => entry._id === saved._id)).toEqual(saved);
    const row = await t.db
      .selectFrom('change_log')
      .select(['detail'])
      .where('record', '=', `Recurso ${saved.code} Cuadrilla de moldaje`)
      .executeTakeFirstOrThrow();
    expect(String(row.detail)).toContain(
      'L–S; no trabaja: 16-02-2026 a 27-02-2026 Vacaciones, 05-01-2026 a 05-01-2026',
    );
    // only ranges: the project's weekdays
    const ranges = await createObject(t, member.cookie, 'recursos', {
      ...saved,
      calendar: { exceptions: [{ from: '2026-03-02', to: '2026-03-06', name: 'Paro' }] },
    });
    expect(ranges.calendar).toEqual({ exceptions: [{ from: '2026-03-02', to: '2026-03-06', name: 'Paro' }] });
    // null, absent or empty: the project's calendar
    const cleared = await createObject(t, member.cookie, 'recursos', { ...ranges, calendar: null });
    expect('calendar' in cleared).toBe(false);
    const again = await createObject(t, member.cookie, 'recursos', { ...cleared, calendar: { exceptions: [] } });
    expect('calendar' in again).toBe(false);
    const log = await t.db
      .selectFrom('change_log')
      .select(['summary', 'detail'])
      .where('record', '=', `Recurso ${saved.code} Cuadrilla de moldaje`)
      .execute();
    expect(log.map((entry) => String(entry.detail)).join('\n')).toContain('Calendario');
  });

  it('records the resource in the change log with its fields', async () => {
    const saved = await createObject(t, member.cookie, 'recursos', moldaje());
    const row = await t.db
      .selectFrom('change_log')
      .select(['record', 'summary', 'detail'])
      .where('record', '=', `Recurso ${saved.code} Cuadrilla de moldaje`)
      .executeTakeFirstOrThrow();
    expect(row.summary).toBe('creó');
    expect(String(row.detail)).toContain('1 × Capataz + 4 × Carpintero + 2 × Jornal');
    expect(String(row.detail)).toContain('520000 CLP por día');
    expect(String(row.detail)).toContain('05-01-2026 a 27-02-2026: 3');
  });
});
