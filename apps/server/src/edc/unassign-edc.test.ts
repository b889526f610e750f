import { generateEdc } from '@cimiento/domain';
import type { EdpUsage } from '@cimiento/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callBulkEdc,
  callBulkEdcOk,
  createEdcCatalogue,
  createEdcProject,
  loadEdcOk,
  saveEdcOk,
  snapshotEdcAndGantt,
  storedEdc,
} from '../../test/support/edc';
import type { WireEdcItem } from '../../test/support/edc';
import { callFunction, createFirstAdmin, createSignedInUser } from '../../test/support/factories';
import { saveProgressOk } from '../../test/support/progress';
import type { TestAccount } from '../../test/support/factories';
import { asInput, loadGanttOk, saveGantt, saveGanttOk, storedGantt } from '../../test/support/gantt';
import { createTestApp, databaseKinds } from '../../test/support/test-app';
import type { TestApp } from '../../test/support/test-app';

const UNKNOWN_ID = '01890000-0000-7000-8000-000000000000';

/*
 * unassignEdc (issue 13): 'Quitar de los seleccionados' removes the main component a drop of the
 * component on the system made, with everything under it, and its Gantt tasks in the same
 * transaction (gantt-purge, as saveEdc does). createEdcProject's EDP: 1 P · 2 P.1 · 3 P.1.1 ·
 * 4 P.1.2 · 5 P.2 · 6 P.2.1 · 7 P.2.2.
 */
describe.each(databaseKinds)('unassignEdc (%s)', (kind) => {
  let t: TestApp;
  let member: TestAccount;
  let catalogue: Awaited<ReturnType<typeof createEdcCatalogue>>;

  beforeAll(async () => {
    t = await createTestApp(kind);
    const admin = await createFirstAdmin(t);
    member = await createSignedInUser(t, admin.cookie);
    catalogue = await createEdcCatalogue(t, member.cookie);
  });
  afterAll(async () => {
    await t?.close();
  });

  function generate(edpCode: string, system: { code: string }, existing: WireEdcItem[] = []): WireEdcItem[] {
    const result = generateEdc({ edpItem: { code: edpCode }, system, components: [catalogue.component], existing });
    if (!result.ok) throw new Error(result.error);
    return result.items;
  }

  function unassignData(projectId: string, itemIds: number[], extra: Record<string, unknown> = {}) {
    return {
      id: projectId,
      itemIds,
      componentId: catalogue.component._id,
      systemId: catalogue.system._id,
      ...extra,
    };
  }

  /** Items 3, 4 and 6 with the component on both systems (system first); item 7 on the other system only. */
  async function assigned(prefix: string) {
    const project = await createEdcProject(t, member.cookie, prefix);
    for (const system of [catalogue.system, catalogue.otherSystem]) {
      await callBulkEdcOk(t, member.cookie, 'assignEdc', {
        id: project.id,
        itemIds: [3, 4, 6],
        componentId: catalogue.component._id,
        systemId: system._id,
      });
    }
    await callBulkEdcOk(t, member.cookie, 'assignEdc', {
      id: project.id,
      itemIds: [7],
      componentId: catalogue.component._id,
      systemId: catalogue.otherSystem._id,
    });
    return project;
  }

  it('removes the main component and everything under it from each item, keeping the rest closed up', async () => {
    const project = await assigned('UN');
    const result = await callBulkEdcOk(t, member.cookie, 'unassignEdc', unassignData(project.id, [3, 7, 6]));
    const main = (suffix: string) => `${catalogue.component.code}.${suffix}.${catalogue.system.code}.3`;
    expect(result.skipped).toEqual([
      { id: 7, code: `${project.code}.2.2`, reason: `no tiene el componente ${main('2.2')}` },
    ]);
    expect(result.message).toBe('Componente quitado de 2 ítems; 1 omitido');
    // what stays is the other system's drop, with the codes it was given (ACT5…ACT8)
    const remaining = (edpCode: string) => {
      const first = generate(edpCode, catalogue.system);
      return generate(edpCode, catalogue.otherSystem, first);
    };
    expect(result.items).toEqual([
      { id: 3, componentesEdc: remaining(`${project.code}.1.1`), version: 3 },
      { id: 6, componentesEdc: remaining(`${project.code}.2.1`), version: 3 },
    ]);
    expect(await loadEdcOk(t, member.cookie, project.id, 3)).toMatchObject({
      componentesEdc: remaining(`${project.code}.1.1`),
      version: 3,
    });
    const stored = await storedEdc(t, project.id);
    expect(stored.lists).toEqual([
      { edpItemId: 3, version: 3 },
      { edpItemId: 4, version: 2 },
      { edpItemId: 6, version: 3 },
      { edpItemId: 7, version: 1 },
    ]);
    expect(stored.rows.filter((row) => row.edp_item_id === 3).map((row) => row.position)).toEqual([
      0, 1, 2, 3, 4, 5, 6,
    ]);
    // item 4, not selected, keeps both
    expect(stored.rows.filter((row) => row.edp_item_id === 4)).toHaveLength(14);
  });

  it('matches the main code without regard to case', async () => {
    const project = await createEdcProject(t, member.cookie, 'UN');
    const edpCode = `${project.code}.1.2`;
    const list = generate(edpCode, catalogue.system).map((item) =>
      item.kind === 'activity'
        ? item
        : {
            ...item,
            code: item.code.toLowerCase(),
            parentCode: item.kind === 'main' ? item.parentCode : item.parentCode.toLowerCase(),
          },
    );
    await saveEdcOk(t, member.cookie, project.id, { id: 4, componentesEdc: list, version: 0 });
    const result = await callBulkEdcOk(t, member.cookie, 'unassignEdc', unassignData(project.id, [4]));
    expect(result.items).toEqual([{ id: 4, componentesEdc: [], version: 2 }]);
    expect((await storedEdc(t, project.id)).rows).toEqual([]);
  });

  it("takes the removed items' Gantt tasks in the same transaction, and the Gantt's version moves on", async () => {
    const project = await assigned('UG');
    const gantt = await loadGanttOk(t, member.cookie, project.id);
    const before = await storedGantt(t, project.id);
    const key = (id: number, code: string) => `edc:${id}:${code.toLowerCase()}`;
    const main3 = `${catalogue.component.code}.1.1.${catalogue.system.code}.3`;
    expect(before.tasks.map((task) => task.sourceKey)).toContain(key(3, main3));
    expect(before.tasks.map((task) => task.sourceKey)).toContain(key(3, 'ACT1'));

    const result = await callBulkEdcOk(t, member.cookie, 'unassignEdc', unassignData(project.id, [3, 4]));
    expect(result.items.map((item) => item.id)).toEqual([3, 4]);
    const after = await storedGantt(t, project.id);
    const goneCodes = new Set<string>();
    for (const id of [3, 4]) {
      const edpCode = id === 3 ? `${project.code}.1.1` : `${project.code}.1.2`;
      for (const item of generate(edpCode, catalogue.system)) goneCodes.add(key(id, item.code));
    }
    expect(after.tasks.filter((task) => task.sourceKey !== null && goneCodes.has(task.sourceKey))).toEqual([]);
    // the other system's tasks stay, positions closed up
    expect(after.tasks.length).toBe(before.tasks.length - goneCodes.size);
    expect(after.tasks.map((task) => task.position)).toEqual(after.tasks.map((_task, index) => index));
    expect(after.version).toBe(gantt.version + 1);
    // a Gantt opened before cannot save the removed tasks back
    const stale = await saveGantt(
      t,
      member.cookie,
      project.id,
      { activities: asInput(gantt.activities) },
      gantt.version,
    );
    expect(stale.body.error?.status).toBe('ABORTED');
    const reopened = await loadGanttOk(t, member.cookie, project.id);
    expect(reopened.activities.some((task) => task.sourceKey === key(3, main3))).toBe(false);
    await saveGanttOk(t, member.cookie, project.id, { activities: asInput(reopened.activities) }, reopened.version);
  });

  it("the question before it (issue 33): loadEdpUsage's `unassign` names exactly what the call deletes, and writes nothing", async () => {
    const project = await assigned('UQ');
    const gantt = await loadGanttOk(t, member.cookie, project.id);
    const key = (id: number, code: string) => `edc:${id}:${code.toLowerCase()}`;
    const act1 = gantt.activities.find((task) => task.sourceKey === key(3, 'ACT1'));
    if (!act1?.StartDate) throw new Error('ACT1 of item 3 has no task');
    // ACT1 of item 3 (the first system's drop) half done at a cut-off on its first day
    await saveProgressOk(t, member.cookie, {
      id: project.id,
      cutoff: act1.StartDate,
      entries: [{ TaskID: act1.TaskID, ActualStart: act1.StartDate, Progress: 50 }],
      version: gantt.version,
    });
    const goneKeys: string[] = [];
    for (const id of [3, 4]) {
      const edpCode = id === 3 ? `${project.code}.1.1` : `${project.code}.1.2`;
      for (const item of generate(edpCode, catalogue.system)) goneKeys.push(key(id, item.code));
    }
    const ask = async (data: Record<string, unknown>) => {
      const response = await callFunction(t.app, 'loadEdpUsage', { id: project.id, ...data }, member.cookie);
      expect(response.statusCode, JSON.stringify(response.body).slice(0, 300)).toBe(200);
      return (response.body.result as { usage: EdpUsage }).usage.selection;
    };
    const before = await storedEdc(t, project.id);
    const unassign = { itemIds: [3, 4], componentId: catalogue.component._id, systemId: catalogue.system._id };
    const asked = await ask({ unassign });
    // the same answer as the rows it removes named one by one (the EDC's own question)
    expect(asked).toEqual(await ask({ taskKeys: goneKeys }));
    expect(asked?.progress).toBeDefined();
    expect(Number(asked?.progress)).toBeGreaterThan(0);
    // the other system's ACT1 is not in it: naming it too changes the figure
    expect(await ask({ taskKeys: [...goneKeys, key(3, 'ACT5')] })).not.toEqual(asked);
    expect(await storedEdc(t, project.id)).toEqual(before);

    // bad input is refused at the edge, in Spanish, and nothing is read
    const refused = async (data: Record<string, unknown>) =>
      (await callFunction(t.app, 'loadEdpUsage', { id: project.id, ...data }, member.cookie)).body.error;
    expect((await refused({ unassign: { ...unassign, itemIds: [] } }))?.message).toContain(
      'marca al menos un ítem del EDP',
    );
    expect(await refused({ unassign: { ...unassign, componentId: UNKNOWN_ID } })).toMatchObject({
      status: 'NOT_FOUND',
      message: `El componente ${UNKNOWN_ID} no existe en el catálogo`,
    });
  });

  it('leaves the Gantt version alone when the project has no stored Gantt', async () => {
    const project = await assigned('UV');
    const before = (await storedGantt(t, project.id)).version;
    await callBulkEdcOk(t, member.cookie, 'unassignEdc', unassignData(project.id, [3]));
    expect((await storedGantt(t, project.id)).version).toBe(before);
  });

  describe('refusals: a Spanish message naming the item, and nothing written (Gantt included)', () => {
    let project: Awaited<ReturnType<typeof assigned>>;

    beforeAll(async () => {
      project = await assigned('UR');
      await loadGanttOk(t, member.cookie, project.id);
    });

    async function expectRefused(data: Record<string, unknown>, status: string, message: string) {
      const before = await snapshotEdcAndGantt(t, project.id);
      const response = await callBulkEdc(t, member.cookie, 'unassignEdc', unassignData(project.id, [3, 4], data));
      expect(response.body.error, JSON.stringify(response.body)).toEqual({ status, message });
      expect(await snapshotEdcAndGantt(t, project.id)).toEqual(before);
    }

    it('refuses an unknown project', async () => {
      const response = await callBulkEdc(t, member.cookie, 'unassignEdc', unassignData(UNKNOWN_ID, [3]));
      expect(response.body.error).toEqual({ status: 'NOT_FOUND', message: 'Proyecto no encontrado' });
    });

    it('refuses an unknown item, component or system, and an item given twice', async () => {
      await expectRefused({ itemIds: [3, 4, 57] }, 'NOT_FOUND', 'El ítem 57 no existe en el EDP del proyecto');
      await expectRefused(
        { componentId: UNKNOWN_ID },
        'NOT_FOUND',
        `El componente ${UNKNOWN_ID} no existe en el catálogo`,
      );
      await expectRefused({ systemId: UNKNOWN_ID }, 'NOT_FOUND', `El sistema ${UNKNOWN_ID} no existe en el catálogo`);
      await expectRefused({ itemIds: [3, 4, 3] }, 'INVALID_ARGUMENT', 'El ítem 3 está repetido en la selección');
    });

    it('refuses when an item changed since the screen read it', async () => {
      await expectRefused(
        {
          versions: [
            { id: 3, version: 2 },
            { id: 4, version: 1 },
          ],
        },
        'ABORTED',
        `El EDC del ítem ${project.code}.1.2 fue modificado por otra persona; recarga para ver los cambios`,
      );
    });
  });
});
