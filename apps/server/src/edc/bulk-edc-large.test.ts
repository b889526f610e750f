import { edcMainCode } from '@cimiento/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callBulkEdcOk,
  countEdcRows,
  createEdcCatalogue,
  createLargeEdcProject,
  loadEdcOk,
} from '../../test/support/edc';
import { createFirstAdmin, createSignedInUser } from '../../test/support/factories';
import type { TestAccount } from '../../test/support/factories';
import { createTestApp, databaseKinds } from '../../test/support/test-app';
import type { TestApp } from '../../test/support/test-app';

/*
 * Issue 13: "It handles 2,000 items in one call." A project of 3 towers × 999 flats (3,001 EDP
 * items); the component (7 EDC items per drop) assigned to 2,000 flats in one call, copied from one
 * flat to 2,000 others, and removed from 2,000 in one call.
 */
describe.each(databaseKinds)('the EDC of 2,000 items in one call (%s)', (kind) => {
  let t: TestApp;
  let member: TestAccount;
  let catalogue: Awaited<ReturnType<typeof createEdcCatalogue>>;
  let project: Awaited<ReturnType<typeof createLargeEdcProject>>;

  beforeAll(async () => {
    t = await createTestApp(kind);
    const admin = await createFirstAdmin(t);
    member = await createSignedInUser(t, admin.cookie);
    catalogue = await createEdcCatalogue(t, member.cookie);
    project = await createLargeEdcProject(t, member.cookie, 3, 999);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  const codeOf = (id: number) => project.items.find((item) => item.id === id)!.code;

  it('assigns the component to 2,000 items, each with its own codes', async () => {
    const ids = project.leafIds.slice(0, 2_000);
    const result = await callBulkEdcOk(t, member.cookie, 'assignEdc', {
      id: project.id,
      itemIds: ids,
      componentId: catalogue.component._id,
      systemId: catalogue.system._id,
      versions: ids.map((id) => ({ id, version: 0 })),
    });
    expect(result.message).toBe('Componente asignado a 2.000 ítems');
    expect(result.items).toHaveLength(2_000);
    expect(result.items.every((item) => item.version === 1 && item.componentesEdc.length === 7)).toBe(true);
    const mains = result.items.map((item) => item.componentesEdc[0]!.code);
    expect(mains).toEqual(ids.map((id) => edcMainCode(catalogue.component, codeOf(id), catalogue.system.code)));
    expect(new Set(mains).size).toBe(2_000);
    expect(await countEdcRows(t)).toEqual({ lists: 2_000, items: 14_000 });
    const last = ids.at(-1)!;
    expect((await loadEdcOk(t, member.cookie, project.id, last))?.componentesEdc[0]?.code).toBe(mains.at(-1));
  }, 60_000);

  it('copies one item to 2,000 others (those that have it already skipped), then removes it from 2,000', async () => {
    const source = project.leafIds[0]!;
    // flats 997…2,996 (0-based): the first 1,003 have the component from the assignment
    const targets = project.leafIds.slice(997, 2_997);
    expect(targets).toHaveLength(2_000);
    const copied = await callBulkEdcOk(t, member.cookie, 'copyEdc', {
      id: project.id,
      fromItemId: source,
      toItemIds: targets,
    });
    expect(copied.skipped).toHaveLength(1_003);
    expect(copied.skipped[0]!.reason).toMatch(/^ya tiene el componente /);
    expect(copied.items).toHaveLength(997);
    expect(copied.message).toBe('EDC copiado a 997 ítems; 1.003 componentes omitidos');
    const item = copied.items.at(-1)!;
    expect(item.componentesEdc[0]!.code).toBe(edcMainCode(catalogue.component, codeOf(item.id), catalogue.system.code));
    expect(await countEdcRows(t)).toEqual({ lists: 2_997, items: 20_979 });

    const removed = await callBulkEdcOk(t, member.cookie, 'unassignEdc', {
      id: project.id,
      itemIds: project.leafIds.slice(0, 2_000),
      componentId: catalogue.component._id,
      systemId: catalogue.system._id,
    });
    expect(removed.message).toBe('Componente quitado de 2.000 ítems');
    expect(await countEdcRows(t)).toEqual({ lists: 2_997, items: 6_979 });
  }, 60_000);
});
