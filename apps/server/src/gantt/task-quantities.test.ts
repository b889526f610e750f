import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createObject, uniqueCode } from '../../test/support/catalogues';
import { callFunction, createFirstAdmin, createSignedInUser } from '../../test/support/factories';
import type { TestAccount } from '../../test/support/factories';
import { loadEdcOk, saveEdc, saveEdcOk } from '../../test/support/edc';
import type { WireEdcItem } from '../../test/support/edc';
import { asInput, createGanttProject, edcList, loadGanttOk, saveGanttOk } from '../../test/support/gantt';
import type { WireGantt } from '../../test/support/gantt';
import { priceEdpItems } from '../../test/support/prices';
import { createTestApp, databaseKinds } from '../../test/support/test-app';
import type { TestApp } from '../../test/support/test-app';

/**
 * Issue 35, durations from quantities, on both databases: an EDC activity's `quantity` (saveEdc /
 * loadEdc, checked naming the row), its EDP item's quantity when the units match, and the Gantt's
 * leaves lasting ⌈quantity ÷ (rendimiento × crews)⌉ working days: on the first build, on a later
 * load after the quantity changed, after a save that changed the crews (effort-driven), and never
 * over a duration typed by hand. docs/RESOURCES.md "Quantities and durations".
 *
 * createGanttProject's EDP: 1 P · 2 P.1 · 3 P.1.1 · 4 P.1.2 · 5 P.2 · 6 P.2.1 · 7 P.2.2; the EDC
 * here is on item 4 (P.1.2), priced at 120 m².
 */
type Formula = {
  quantity: string;
  workUnit: string;
  productivity: string;
  resourceId?: string;
  catalogueCrews?: number;
};
type Task = WireGantt['activities'][number] & {
  Resources?: { resourceId: string; units: number }[];
  DurationFormula?: Formula;
  DurationByHand?: boolean;
};

describe.each(databaseKinds)('durations from quantities (%s)', (kind) => {
  let t: TestApp;
  let member: TestAccount;
  let crew: { _id: string };
  let moldaje: { _id: string };

  beforeAll(async () => {
    t = await createTestApp(kind);
    const admin = await createFirstAdmin(t);
    member = await createSignedInUser(t, admin.cookie);
    crew = await createObject(t, member.cookie, 'recursos', {
      code: uniqueCode('CMOL'),
      name: 'Cuadrilla moldaje',
      type: 'labor',
      unit: 'cuadrilla',
      maxUnits: 4,
    });
    moldaje = await createObject(t, member.cookie, 'actividades', {
      code: uniqueCode('MOL'),
      name: 'Moldaje de losa',
      duration: 4,
      workUnit: 'm2',
      productivity: '8',
      resourceId: crew._id,
      crews: 2,
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  const task = (gantt: Pick<WireGantt, 'activities'>, code: string) =>
    gantt.activities.find((item) => item.sourceKey === `edc:4:${code.toLowerCase()}`) as Task;

  /** Item 4's EDC: ACT1 and ACT2 from the catalogue's Moldaje (ACT2 with `quantity`), ACT3 typed by hand. */
  function list(edpCode: string, quantity?: string | number | null): WireEdcItem[] {
    const [main, sub, act1, act2, act3] = edcList(edpCode, ['Moldar muros', 'Moldar losa', 'Limpiar']) as [
      WireEdcItem,
      WireEdcItem,
      WireEdcItem,
      WireEdcItem,
      WireEdcItem,
    ];
    return [
      main,
      sub,
      { ...act1, sourceId: moldaje._id, duration: 4 },
      {
        ...act2,
        sourceId: moldaje._id,
        duration: 4,
        ...(quantity === undefined ? {} : ({ quantity } as unknown as { quantity: string })),
      },
      act3,
    ];
  }

  async function project() {
    const created = await createGanttProject(t, member.cookie);
    await priceEdpItems(t, member.cookie, created.id, { 4: { unit: 'm²', quantity: '120', unitPrice: '1000' } });
    const edc = await saveEdcOk(t, member.cookie, created.id, {
      id: 4,
      componentesEdc: list(`${created.code}.1.2`, '40'),
      version: 0,
    });
    return { ...created, edc };
  }

  it('saveEdc keeps an activity’s quantity; loadEdc answers it with the catalogue’s unit and productivity', async () => {
    const { id, code, edc } = await project();
    const act2 = edc.componentesEdc.find((item) => item.code === 'ACT2');
    expect(act2).toMatchObject({ quantity: '40', workUnit: 'm2', productivity: '8' });
    const loaded = await loadEdcOk(t, member.cookie, id, 4);
    const act1 = loaded?.componentesEdc.find((item) => item.code === 'ACT1');
    expect(act1).toMatchObject({ workUnit: 'm2', productivity: '8' });
    expect(act1?.quantity).toBeUndefined();
    expect(loaded?.componentesEdc.find((item) => item.code === 'ACT2')?.quantity).toBe('40');
    // a number comes back as canonical text; blank and null clear it
    const saved = await saveEdcOk(t, member.cookie, id, {
      id: 4,
      componentesEdc: list(`${code}.1.2`, 12.5),
      version: loaded?.version as number,
    });
    expect(saved.componentesEdc.find((item) => item.code === 'ACT2')?.quantity).toBe('12.5');
    // the 'Historial' says so
    const history = await callFunction(t.app, 'loadProjectHistory', { id, limit: 1 }, member.cookie);
    expect(history.body.result.entries[0].summary).toBe(`EDC de ${code}.1.2 «Sala 2»: 1 componente con otra cantidad`);
    const cleared = await saveEdcOk(t, member.cookie, id, {
      id: 4,
      componentesEdc: list(`${code}.1.2`, ' '),
      version: saved.version,
    });
    expect(cleared.componentesEdc.find((item) => item.code === 'ACT2')?.quantity).toBeUndefined();
  });

  it('refuses a bad quantity naming the row, and writes nothing', async () => {
    const { id, code, edc } = await project();
    for (const [quantity, message] of [
      ['0', 'La actividad ACT2 del EDC: Cantidad debe ser mayor que 0'],
      ['12,5', 'La actividad ACT2 del EDC: Cantidad debe ser un número decimal, por ejemplo 1234567.89'],
      ['2000000000', 'La actividad ACT2 del EDC: Cantidad debe ser como máximo 1.000.000.000'],
      ['1.23456', 'La actividad ACT2 del EDC: Cantidad admite como máximo 4 decimales'],
    ] as const) {
      const response = await saveEdc(t, member.cookie, id, {
        id: 4,
        componentesEdc: list(`${code}.1.2`, quantity),
        version: edc.version,
      });
      expect(response.statusCode).toBe(400);
      expect(response.body.error.status).toBe('INVALID_ARGUMENT');
      expect(response.body.error.message).toBe(message);
    }
    const [main, ...rest] = list(`${code}.1.2`);
    const onMain = await saveEdc(t, member.cookie, id, {
      id: 4,
      componentesEdc: [{ ...(main as WireEdcItem), quantity: '3' }, ...rest],
      version: edc.version,
    });
    expect(onMain.body.error.message).toBe(
      'El ítem M del EDC no es una actividad: solo las actividades llevan cantidad',
    );
    expect((await loadEdcOk(t, member.cookie, id, 4))?.version).toBe(edc.version);
  });

  it('builds each leaf from its quantity: 120 m² ÷ (8 × 2) = 8 days, 40 m² typed → 3, no quantity → as today', async () => {
    const { id } = await project();
    const gantt = await loadGanttOk(t, member.cookie, id);
    expect(task(gantt, 'ACT1')).toMatchObject({
      Duration: 8,
      Resources: [{ resourceId: crew._id, units: 2 }],
      DurationFormula: { quantity: '120', workUnit: 'm2', productivity: '8', resourceId: crew._id, catalogueCrews: 2 },
    });
    expect(task(gantt, 'ACT1').DurationByHand).toBeUndefined();
    // 40 ÷ 16 = 2,5 → 3 working days
    expect(task(gantt, 'ACT2')).toMatchObject({ Duration: 3, DurationFormula: { quantity: '40' } });
    // typed by hand in the EDC, no catalogue activity: the default duration
    expect(task(gantt, 'ACT3').Duration).toBe(5);
    expect(task(gantt, 'ACT3').DurationFormula).toBeUndefined();
  });

  it('effort-driven crews, a duration typed by hand that wins across loads, and the formula back on request', async () => {
    const { id, code } = await project();
    const loaded = await loadGanttOk(t, member.cookie, id);
    const act1 = task(loaded, 'ACT1').TaskID;
    const act2 = task(loaded, 'ACT2').TaskID;
    const edit = (gantt: WireGantt, changes: Record<number, Record<string, unknown>>) =>
      asInput(gantt.activities).map((item) => ({ ...item, ...(changes[item.TaskID as number] ?? {}) }));

    // three crews on ACT1 (sent with the formula's 5 days, as the screen does) and 12 days typed on ACT2
    const saved = await saveGanttOk(
      t,
      member.cookie,
      id,
      {
        activities: edit(loaded, {
          [act1]: { Resources: [{ resourceId: crew._id, units: 3 }], Duration: 5 },
          [act2]: { Duration: 12 },
        }),
      },
      loaded.version,
    );
    expect(task(saved, 'ACT1')).toMatchObject({ Duration: 5 });
    expect(task(saved, 'ACT1').DurationByHand).toBeUndefined();
    expect(task(saved, 'ACT2')).toMatchObject({ Duration: 12, DurationByHand: true });

    // a new quantity typed in the EDC, and 240 m² on the EDP item: ACT1 follows (240 ÷ 24 = 10), ACT2 keeps its 12
    const edc = await loadEdcOk(t, member.cookie, id, 4);
    await saveEdcOk(t, member.cookie, id, {
      id: 4,
      componentesEdc: list(`${code}.1.2`, '80'),
      version: edc?.version as number,
    });
    await priceEdpItems(t, member.cookie, id, { 4: { unit: 'm2', quantity: '240', unitPrice: '1000' } });
    const reloaded = await loadGanttOk(t, member.cookie, id);
    expect(task(reloaded, 'ACT1')).toMatchObject({ Duration: 10, DurationFormula: { quantity: '240' } });
    expect(task(reloaded, 'ACT2')).toMatchObject({
      Duration: 12,
      DurationByHand: true,
      DurationFormula: { quantity: '80' },
    });
    // a second load changes nothing
    expect((await loadGanttOk(t, member.cookie, id)).version).toBe(reloaded.version);

    // 'Calcular con el rendimiento': DurationByHand false puts the formula back (80 ÷ 16 = 5)
    const back = await saveGanttOk(
      t,
      member.cookie,
      id,
      { activities: edit(reloaded, { [act2]: { DurationByHand: false } }) },
      reloaded.version,
    );
    expect(task(back, 'ACT2').Duration).toBe(5);
    expect(task(back, 'ACT2').DurationByHand).toBeUndefined();
    const stored = await t.db
      .selectFrom('gantt_task')
      .select(['duration', 'duration_by_hand'])
      .where('project_id', '=', id)
      .where('id', '=', act2)
      .executeTakeFirstOrThrow();
    expect(Number(stored.duration)).toBe(5);
    expect(stored.duration_by_hand).toBeNull();
  });

  it('answers the same through the remembered load and a full merge', async () => {
    const { id } = await project();
    const first = await loadGanttOk(t, member.cookie, id);
    const second = await callFunction(t.app, 'loadGantt', { id }, member.cookie);
    expect(second.body.result).toEqual(first);
  });
});
