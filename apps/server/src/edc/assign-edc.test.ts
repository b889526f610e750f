import { generateEdc } from '@cimiento/domain';
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
import { createFirstAdmin, createSignedInUser } from '../../test/support/factories';
import type { TestAccount } from '../../test/support/factories';
import { createTestApp, databaseKinds } from '../../test/support/test-app';
import type { TestApp } from '../../test/support/test-app';

const UNKNOWN_ID = '01890000-0000-7000-8000-000000000000';

/*
 * assignEdc (issue 13): the component dropped on the system for many EDP items at once.
 * createEdcProject's EDP: 1 P · 2 P.1 · 3 P.1.1 · 4 P.1.2 · 5 P.2 · 6 P.2.1 · 7 P.2.2;
 * createEdcCatalogue's 'Fundaciones' (priority 3): Zapatas (Excavar, Hormigonar), Vigas (Hormigonar, Curar).
 */
describe.each(databaseKinds)('assignEdc (%s)', (kind) => {
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

  function assign(projectId: string, itemIds: number[], extra: Record<string, unknown> = {}) {
    return callBulkEdc(t, member.cookie, 'assignEdc', {
      id: projectId,
      itemIds,
      componentId: catalogue.component._id,
      systemId: catalogue.system._id,
      ...extra,
    });
  }

  /** Expects the call refused with the status and message, and the project's EDC and Gantt exactly as before. */
  async function expectRefused(
    projectId: string,
    data: Record<string, unknown>,
    status: string,
    message: string | RegExp,
  ): Promise<void> {
    const before = await snapshotEdcAndGantt(t, projectId);
    const response = await callBulkEdc(t, member.cookie, 'assignEdc', {
      id: projectId,
      componentId: catalogue.component._id,
      systemId: catalogue.system._id,
      ...data,
    });
    expect(response.body.error?.status, JSON.stringify(response.body)).toBe(status);
    if (typeof message === 'string') expect(response.body.error.message).toBe(message);
    else expect(response.body.error.message).toMatch(message);
    expect(await snapshotEdcAndGantt(t, projectId)).toEqual(before);
  }

  describe('assigning', () => {
    it('gives every item its own generated codes, creates the lists at version 1 and says how many', async () => {
      const project = await createEdcProject(t, member.cookie, 'AS');
      const result = await callBulkEdcOk(t, member.cookie, 'assignEdc', {
        id: project.id,
        itemIds: [3, 4, 6],
        componentId: catalogue.component._id,
        systemId: catalogue.system._id,
      });
      expect(result.message).toBe('Componente asignado a 3 ítems');
      expect(result.skipped).toEqual([]);
      const expected = [
        { id: 3, componentesEdc: generate(`${project.code}.1.1`, catalogue.system), version: 1 },
        { id: 4, componentesEdc: generate(`${project.code}.1.2`, catalogue.system), version: 1 },
        { id: 6, componentesEdc: generate(`${project.code}.2.1`, catalogue.system), version: 1 },
      ];
      expect(result.items).toEqual(expected);
      // each its own main code: [component, EDP suffix, system, priority]
      expect(result.items.map((item) => item.componentesEdc[0]!.code)).toEqual([
        `${catalogue.component.code}.1.1.${catalogue.system.code}.3`,
        `${catalogue.component.code}.1.2.${catalogue.system.code}.3`,
        `${catalogue.component.code}.2.1.${catalogue.system.code}.3`,
      ]);
      // the catalogue's priority and duration go along as copies
      expect(result.items[0]!.componentesEdc[2]).toMatchObject({
        code: 'ACT1',
        name: 'Excavar',
        priority: 1,
        duration: 5,
      });
      for (const item of expected) {
        const loaded = await loadEdcOk(t, member.cookie, project.id, item.id);
        expect(loaded).toMatchObject({ id: item.id, componentesEdc: item.componentesEdc, version: 1 });
      }
      const stored = await storedEdc(t, project.id);
      expect(stored.lists).toEqual([
        { edpItemId: 3, version: 1 },
        { edpItemId: 4, version: 1 },
        { edpItemId: 6, version: 1 },
      ]);
      expect(stored.rows.filter((row) => row.edp_item_id === 4).map((row) => row.position)).toEqual([
        0, 1, 2, 3, 4, 5, 6,
      ]);
    });

    it('appends to a list the item already has: ACT numbers and positions run on, the version moves on', async () => {
      const project = await createEdcProject(t, member.cookie, 'AS');
      const edpCode = `${project.code}.1.1`;
      const first = generate(edpCode, catalogue.otherSystem);
      await saveEdcOk(t, member.cookie, project.id, { id: 3, componentesEdc: first, version: 0 });
      const saved = await saveEdcOk(t, member.cookie, project.id, { id: 3, componentesEdc: first, version: 1 });
      expect(saved.version).toBe(2);

      const result = await callBulkEdcOk(t, member.cookie, 'assignEdc', {
        id: project.id,
        itemIds: [3],
        componentId: catalogue.component._id,
        systemId: catalogue.system._id,
        versions: [{ id: 3, version: 2 }],
      });
      const second = generate(edpCode, catalogue.system, first);
      expect(second.filter((item) => item.kind === 'activity').map((item) => item.code)).toEqual([
        'ACT5',
        'ACT6',
        'ACT7',
        'ACT8',
      ]);
      expect(result.items).toEqual([{ id: 3, componentesEdc: [...first, ...second], version: 3 }]);
      expect(result.message).toBe('Componente asignado a 1 ítem');
      expect(await loadEdcOk(t, member.cookie, project.id, 3)).toMatchObject({
        componentesEdc: [...first, ...second],
        version: 3,
      });
      expect((await storedEdc(t, project.id)).rows.map((row) => row.position)).toEqual(
        [...first, ...second].map((_item, index) => index),
      );
    });

    it('skips the items that already have the component, naming each, and leaves their lists alone', async () => {
      const project = await createEdcProject(t, member.cookie, 'AS');
      await callBulkEdcOk(t, member.cookie, 'assignEdc', {
        id: project.id,
        itemIds: [3, 7],
        componentId: catalogue.component._id,
        systemId: catalogue.system._id,
      });
      const result = await callBulkEdcOk(t, member.cookie, 'assignEdc', {
        id: project.id,
        itemIds: [7, 4, 3, 6],
        componentId: catalogue.component._id,
        systemId: catalogue.system._id,
      });
      const main = (suffix: string) => `${catalogue.component.code}.${suffix}.${catalogue.system.code}.3`;
      expect(result.skipped).toEqual([
        { id: 7, code: `${project.code}.2.2`, reason: `ya tiene el componente ${main('2.2')}` },
        { id: 3, code: `${project.code}.1.1`, reason: `ya tiene el componente ${main('1.1')}` },
      ]);
      expect(result.items.map((item) => [item.id, item.version])).toEqual([
        [4, 1],
        [6, 1],
      ]);
      expect(result.message).toBe('Componente asignado a 2 ítems; 2 omitidos');
      expect((await storedEdc(t, project.id)).lists).toEqual([
        { edpItemId: 3, version: 1 },
        { edpItemId: 4, version: 1 },
        { edpItemId: 6, version: 1 },
        { edpItemId: 7, version: 1 },
      ]);

      // every item skipped: nothing written, nothing changed
      const before = await snapshotEdcAndGantt(t, project.id);
      const none = await callBulkEdcOk(t, member.cookie, 'assignEdc', {
        id: project.id,
        itemIds: [3, 4],
        componentId: catalogue.component._id,
        systemId: catalogue.system._id,
      });
      expect(none).toMatchObject({ items: [], message: 'Componente asignado a 0 ítems; 2 omitidos' });
      expect(await snapshotEdcAndGantt(t, project.id)).toEqual(before);
    });

    it('finds the component already there whatever the case of its code', async () => {
      const project = await createEdcProject(t, member.cookie, 'AS');
      // the main and subcomponent codes lower-cased (activities must stay ACT{r})
      const lower = generate(`${project.code}.1.2`, catalogue.system).map((item) => ({
        ...item,
        code: item.kind === 'activity' ? item.code : item.code.toLowerCase(),
        parentCode: item.kind === 'main' ? item.parentCode : item.parentCode.toLowerCase(),
      }));
      await saveEdcOk(t, member.cookie, project.id, { id: 4, componentesEdc: lower, version: 0 });
      const result = await callBulkEdcOk(t, member.cookie, 'assignEdc', {
        id: project.id,
        itemIds: [4],
        componentId: catalogue.component._id,
        systemId: catalogue.system._id,
      });
      expect(result.items).toEqual([]);
      expect(result.skipped[0]!.reason).toMatch(/^ya tiene el componente /);
    });

    it("skips an item whose own list holds a code the drop would make, with generateEdc's reason", async () => {
      const project = await createEdcProject(t, member.cookie, 'AS');
      const edpCode = `${project.code}.2.1`;
      const main = `${catalogue.component.code}.2.1.${catalogue.system.code}.3`;
      await saveEdcOk(t, member.cookie, project.id, {
        id: 6,
        componentesEdc: [
          { code: 'X', name: 'A mano', parentCode: edpCode, kind: 'main' },
          { code: `${main}.1`, name: 'Tomado', parentCode: 'X', kind: 'sub' },
        ],
        version: 0,
      });
      const result = await callBulkEdcOk(t, member.cookie, 'assignEdc', {
        id: project.id,
        itemIds: [6, 7],
        componentId: catalogue.component._id,
        systemId: catalogue.system._id,
      });
      expect(result.skipped).toEqual([
        { id: 6, code: edpCode, reason: `El código ${main}.1 ya existe en el EDC de ${edpCode}` },
      ]);
      expect(result.items.map((item) => item.id)).toEqual([7]);
    });

    it('accepts versions that match, 0 for an item without EDC', async () => {
      const project = await createEdcProject(t, member.cookie, 'AS');
      await saveEdcOk(t, member.cookie, project.id, {
        id: 3,
        componentesEdc: generate(`${project.code}.1.1`, catalogue.otherSystem),
        version: 0,
      });
      const result = await callBulkEdcOk(t, member.cookie, 'assignEdc', {
        id: project.id,
        itemIds: [3, 4],
        componentId: catalogue.component._id,
        systemId: catalogue.system._id,
        versions: [
          { id: 3, version: 1 },
          { id: 4, version: 0 },
        ],
      });
      expect(result.items.map((item) => [item.id, item.version])).toEqual([
        [3, 2],
        [4, 1],
      ]);
    });
  });

  describe('refusals: a Spanish message naming the item, and nothing written', () => {
    let project: Awaited<ReturnType<typeof createEdcProject>>;

    beforeAll(async () => {
      project = await createEdcProject(t, member.cookie, 'AR');
      // item 3 has an EDC (version 2), item 4 has the component already
      const list = generate(`${project.code}.1.1`, catalogue.otherSystem);
      await saveEdcOk(t, member.cookie, project.id, { id: 3, componentesEdc: list, version: 0 });
      await saveEdcOk(t, member.cookie, project.id, { id: 3, componentesEdc: list, version: 1 });
      await callBulkEdcOk(t, member.cookie, 'assignEdc', {
        id: project.id,
        itemIds: [4],
        componentId: catalogue.component._id,
        systemId: catalogue.system._id,
      });
    });

    it('refuses an unknown project', async () => {
      const response = await assign(UNKNOWN_ID, [3]);
      expect(response.statusCode).toBe(404);
      expect(response.body.error).toEqual({ status: 'NOT_FOUND', message: 'Proyecto no encontrado' });
    });

    it('refuses an item that is not in the EDP, even after items that would take it', async () => {
      await expectRefused(
        project.id,
        { itemIds: [5, 6, 57] },
        'NOT_FOUND',
        'El ítem 57 no existe en el EDP del proyecto',
      );
    });

    it('refuses an unknown main component, naming its id', async () => {
      await expectRefused(
        project.id,
        { itemIds: [5, 6], componentId: UNKNOWN_ID },
        'NOT_FOUND',
        `El componente ${UNKNOWN_ID} no existe en el catálogo`,
      );
    });

    it('refuses an unknown system, naming its id', async () => {
      await expectRefused(
        project.id,
        { itemIds: [5, 6], systemId: 'no-existe' },
        'NOT_FOUND',
        'El sistema no-existe no existe en el catálogo',
      );
    });

    it('refuses an item given twice', async () => {
      await expectRefused(
        project.id,
        { itemIds: [5, 6, 5] },
        'INVALID_ARGUMENT',
        'El ítem 5 está repetido en la selección',
      );
    });

    it('refuses the whole call when one item changed since the screen read it (ABORTED, naming it)', async () => {
      await expectRefused(
        project.id,
        {
          itemIds: [5, 6, 3],
          versions: [
            { id: 5, version: 0 },
            { id: 6, version: 0 },
            { id: 3, version: 1 },
          ],
        },
        'ABORTED',
        `El EDC del ítem ${project.code}.1.1 fue modificado por otra persona; recarga para ver los cambios`,
      );
      // an item that got an EDC meanwhile (the screen thought it had none)
      await expectRefused(
        project.id,
        { itemIds: [4], versions: [{ id: 4, version: 0 }] },
        'ABORTED',
        new RegExp(`^El EDC del ítem ${project.code}\\.1\\.2 fue modificado`),
      );
    });

    it('refuses an item whose list would pass the most an EDC takes, naming it', async () => {
      const big = await createEdcProject(t, member.cookie, 'AX');
      const edpCode = `${big.code}.2.2`;
      // 1 main, 1 sub and 9,996 activities: the drop's 7 items would make 10,005
      const list: WireEdcItem[] = [
        { code: 'M', name: 'Principal', parentCode: edpCode, kind: 'main' },
        { code: 'M.1', name: 'Básico', parentCode: 'M', kind: 'sub' },
        ...Array.from({ length: 9_996 }, (_, index): WireEdcItem => ({
          code: `ACT${index + 1}`,
          name: 'Tarea',
          parentCode: 'M.1',
          kind: 'activity',
        })),
      ];
      await saveEdcOk(t, member.cookie, big.id, { id: 7, componentesEdc: list, version: 0 });
      await expectRefused(
        big.id,
        { itemIds: [6, 7] },
        'INVALID_ARGUMENT',
        `El EDC del ítem ${edpCode} tendría 10.005 ítems; el máximo es 10.000`,
      );
    });

    it('refuses a payload the contract does not take (no items, a bad id, an unknown field)', async () => {
      await expectRefused(project.id, { itemIds: [] }, 'INVALID_ARGUMENT', 'itemIds: marca al menos un ítem del EDP');
      await expectRefused(project.id, { itemIds: [1.5] }, 'INVALID_ARGUMENT', /^itemIds\.0: /);
      await expectRefused(project.id, { itemIds: [5], extra: true }, 'INVALID_ARGUMENT', /extra/);
    });
  });
});
