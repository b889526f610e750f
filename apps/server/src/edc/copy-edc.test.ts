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
 * copyEdc (issue 13): one EDP item's whole EDC appended to many, with codes made for each target.
 * createEdcProject's EDP: 1 P · 2 P.1 · 3 P.1.1 · 4 P.1.2 · 5 P.2 · 6 P.2.1 · 7 P.2.2.
 */
describe.each(databaseKinds)('copyEdc (%s)', (kind) => {
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

  /** Item 3's EDC: the component on both systems (ACT1…ACT8), version 1. */
  async function withSource(prefix: string) {
    const project = await createEdcProject(t, member.cookie, prefix);
    const edpCode = `${project.code}.1.1`;
    const first = generate(edpCode, catalogue.system);
    const source = [...first, ...generate(edpCode, catalogue.otherSystem, first)];
    await saveEdcOk(t, member.cookie, project.id, { id: 3, componentesEdc: source, version: 0 });
    return { project, source };
  }

  it("appends the source's whole EDC to each target with the codes a drop there would make", async () => {
    const { project, source } = await withSource('CP');
    // item 7 has an EDC of its own already: ACT numbers run on from its own
    const own = [
      { code: 'MAN', name: 'A mano', parentCode: `${project.code}.2.2`, kind: 'main' as const },
      { code: 'MAN.1', name: 'Básico', parentCode: 'MAN', kind: 'sub' as const },
      { code: 'ACT3', name: 'Suelta', parentCode: 'MAN.1', kind: 'activity' as const, duration: 2 },
    ];
    await saveEdcOk(t, member.cookie, project.id, { id: 7, componentesEdc: own, version: 0 });

    const result = await callBulkEdcOk(t, member.cookie, 'copyEdc', {
      id: project.id,
      fromItemId: 3,
      toItemIds: [4, 6, 7],
    });
    expect(result.skipped).toEqual([]);
    expect(result.message).toBe('EDC copiado a 3 ítems');
    const dropBoth = (edpCode: string, existing: WireEdcItem[] = []) => {
      const first = generate(edpCode, catalogue.system, existing);
      return [...first, ...generate(edpCode, catalogue.otherSystem, [...existing, ...first])];
    };
    expect(result.items).toEqual([
      { id: 4, componentesEdc: dropBoth(`${project.code}.1.2`), version: 1 },
      { id: 6, componentesEdc: dropBoth(`${project.code}.2.1`), version: 1 },
      { id: 7, componentesEdc: [...own, ...dropBoth(`${project.code}.2.2`, own)], version: 2 },
    ]);
    const target7 = result.items[2]!.componentesEdc;
    expect(target7[3]!.code).toBe(`${catalogue.component.code}.2.2.${catalogue.system.code}.3`);
    expect(target7.filter((item) => item.kind === 'activity').map((item) => item.code)).toEqual([
      'ACT3',
      'ACT4',
      'ACT5',
      'ACT6',
      'ACT7',
      'ACT8',
      'ACT9',
      'ACT10',
      'ACT11',
    ]);
    // the copies keep the catalogue fields
    expect(target7[5]).toEqual({ ...source[2], code: 'ACT4', parentCode: target7[4]!.code });
    for (const item of result.items) {
      expect(await loadEdcOk(t, member.cookie, project.id, item.id)).toMatchObject({
        componentesEdc: item.componentesEdc,
        version: item.version,
      });
    }
    // the source is left as it was
    expect(await loadEdcOk(t, member.cookie, project.id, 3)).toMatchObject({ componentesEdc: source, version: 1 });
  });

  it('skips a main component the target already has, with its subtree, and copies the rest', async () => {
    const { project } = await withSource('CP');
    await callBulkEdcOk(t, member.cookie, 'assignEdc', {
      id: project.id,
      itemIds: [4, 5],
      componentId: catalogue.component._id,
      systemId: catalogue.otherSystem._id,
    });
    await callBulkEdcOk(t, member.cookie, 'copyEdc', { id: project.id, fromItemId: 3, toItemIds: [5] });
    const result = await callBulkEdcOk(t, member.cookie, 'copyEdc', {
      id: project.id,
      fromItemId: 3,
      toItemIds: [4, 5, 6],
    });
    const main = (suffix: string, system: { code: string }) => `${catalogue.component.code}.${suffix}.${system.code}.3`;
    expect(result.skipped).toEqual([
      {
        id: 4,
        code: `${project.code}.1.2`,
        reason: `ya tiene el componente ${main('1.2', catalogue.otherSystem)}`,
      },
      { id: 5, code: `${project.code}.2`, reason: `ya tiene el componente ${main('2', catalogue.system)}` },
      { id: 5, code: `${project.code}.2`, reason: `ya tiene el componente ${main('2', catalogue.otherSystem)}` },
    ]);
    expect(result.items.map((item) => [item.id, item.version, item.componentesEdc.length])).toEqual([
      [4, 2, 14],
      [6, 1, 14],
    ]);
    expect(result.message).toBe('EDC copiado a 2 ítems; 3 componentes omitidos');
    const item4 = result.items[0]!.componentesEdc;
    expect(item4.filter((item) => item.kind === 'main').map((item) => item.code)).toEqual([
      main('1.2', catalogue.otherSystem),
      main('1.2', catalogue.system),
    ]);
    expect(item4.filter((item) => item.kind === 'activity').map((item) => item.code)).toEqual(
      Array.from({ length: 8 }, (_, index) => `ACT${index + 1}`),
    );
  });

  describe('refusals: a Spanish message naming the item, and nothing written', () => {
    async function expectRefused(
      projectId: string,
      data: Record<string, unknown>,
      status: string,
      message: string,
    ): Promise<void> {
      const before = await snapshotEdcAndGantt(t, projectId);
      const response = await callBulkEdc(t, member.cookie, 'copyEdc', { id: projectId, ...data });
      expect(response.body.error, JSON.stringify(response.body)).toEqual({ status, message });
      expect(await snapshotEdcAndGantt(t, projectId)).toEqual(before);
    }

    it('refuses an unknown project', async () => {
      const response = await callBulkEdc(t, member.cookie, 'copyEdc', {
        id: UNKNOWN_ID,
        fromItemId: 3,
        toItemIds: [4],
      });
      expect(response.body.error).toEqual({ status: 'NOT_FOUND', message: 'Proyecto no encontrado' });
    });

    it('refuses a source or a target that is not in the EDP', async () => {
      const { project } = await withSource('CR');
      await expectRefused(
        project.id,
        { fromItemId: 57, toItemIds: [4] },
        'NOT_FOUND',
        'El ítem 57 no existe en el EDP del proyecto',
      );
      await expectRefused(
        project.id,
        { fromItemId: 3, toItemIds: [4, 6, 58] },
        'NOT_FOUND',
        'El ítem 58 no existe en el EDP del proyecto',
      );
    });

    it('refuses the source among the targets, a repeated target and a source without EDC', async () => {
      const { project } = await withSource('CR');
      await expectRefused(
        project.id,
        { fromItemId: 3, toItemIds: [4, 3] },
        'INVALID_ARGUMENT',
        `El ítem ${project.code}.1.1 es el origen de la copia; quítalo de los ítems de destino`,
      );
      await expectRefused(
        project.id,
        { fromItemId: 3, toItemIds: [4, 6, 4] },
        'INVALID_ARGUMENT',
        'El ítem 4 está repetido en la selección',
      );
      await expectRefused(
        project.id,
        { fromItemId: 5, toItemIds: [4] },
        'FAILED_PRECONDITION',
        `El ítem ${project.code}.2 no tiene EDC que copiar`,
      );
    });

    it('refuses when a target or the source changed since the screen read it', async () => {
      const { project } = await withSource('CR');
      await callBulkEdcOk(t, member.cookie, 'copyEdc', { id: project.id, fromItemId: 3, toItemIds: [7] });
      await expectRefused(
        project.id,
        {
          fromItemId: 3,
          toItemIds: [4, 7],
          versions: [
            { id: 4, version: 0 },
            { id: 7, version: 0 },
          ],
        },
        'ABORTED',
        `El EDC del ítem ${project.code}.2.2 fue modificado por otra persona; recarga para ver los cambios`,
      );
      await expectRefused(
        project.id,
        { fromItemId: 3, toItemIds: [4], versions: [{ id: 3, version: 5 }] },
        'ABORTED',
        `El EDC del ítem ${project.code}.1.1 fue modificado por otra persona; recarga para ver los cambios`,
      );
    });

    it('refuses a target whose list would pass the most an EDC takes', async () => {
      const project = await createEdcProject(t, member.cookie, 'CX');
      const edpCode = `${project.code}.1.1`;
      const list: WireEdcItem[] = [
        { code: 'M', name: 'Principal', parentCode: edpCode, kind: 'main' },
        { code: 'M.1', name: 'Básico', parentCode: 'M', kind: 'sub' },
        ...Array.from({ length: 5_998 }, (_, index): WireEdcItem => ({
          code: `ACT${index + 1}`,
          name: 'Tarea',
          parentCode: 'M.1',
          kind: 'activity',
        })),
      ];
      await saveEdcOk(t, member.cookie, project.id, { id: 3, componentesEdc: list, version: 0 });
      await callBulkEdcOk(t, member.cookie, 'copyEdc', { id: project.id, fromItemId: 3, toItemIds: [4] });
      expect((await storedEdc(t, project.id)).lists).toEqual([
        { edpItemId: 3, version: 1 },
        { edpItemId: 4, version: 1 },
      ]);
      // item 4 now holds 6,000 items with main 'M': rename the source's main so the copy is not skipped
      const renamed = list.map((item) =>
        item.kind === 'main'
          ? { ...item, code: 'N' }
          : item.kind === 'sub'
            ? { ...item, code: 'N.1', parentCode: 'N' }
            : { ...item, parentCode: 'N.1' },
      );
      await saveEdcOk(t, member.cookie, project.id, { id: 3, componentesEdc: renamed, version: 1 });
      await expectRefused(
        project.id,
        { fromItemId: 3, toItemIds: [6, 4] },
        'INVALID_ARGUMENT',
        `El EDC del ítem ${project.code}.1.2 tendría 12.000 ítems; el máximo es 10.000`,
      );
    });
  });
});
