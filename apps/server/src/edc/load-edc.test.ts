import { generateEdc } from '@cimiento/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEdcCatalogue, createEdcProject, loadEdc, loadEdcOk, saveEdcOk, storedEdc } from '../../test/support/edc';
import { callFunction, createFirstAdmin, createSignedInUser } from '../../test/support/factories';
import type { TestAccount } from '../../test/support/factories';
import { loadProject } from '../../test/support/projects';
import { createTestApp, databaseKinds } from '../../test/support/test-app';
import type { TestApp } from '../../test/support/test-app';

describe.each(databaseKinds)('loadEdc (%s)', (kind) => {
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

  it("answers edc: null and 'El ítem … aún no tiene EDC' for an item with no saved EDC, and writes nothing", async () => {
    const project = await createEdcProject(t, member.cookie);
    const response = await loadEdc(t, member.cookie, project.id, 3);
    expect(response.statusCode).toBe(200);
    expect(response.body.result).toEqual({ edc: null, message: `El ítem ${project.code}.1.1 aún no tiene EDC` });
    expect(await storedEdc(t, project.id)).toEqual({ lists: [], rows: [] });
  });

  it("answers the saved EDC: the EDP item's fields, the items in list order, the version, 'EDC cargado'", async () => {
    const project = await createEdcProject(t, member.cookie);
    const generated = generateEdc({
      edpItem: { code: `${project.code}.2.1` },
      system: catalogue.system,
      components: [catalogue.component],
      existing: [],
    });
    if (!generated.ok) throw new Error(generated.error);
    // a hand-typed item (no sourceId) after the generated ones
    const componentesEdc = [
      ...generated.items,
      { code: 'EXTRA', name: 'Escritos a mano', parentCode: `${project.code}.2.1`, kind: 'main' as const },
    ];
    await saveEdcOk(t, member.cookie, project.id, { id: 6, componentesEdc, version: 0 });

    const response = await loadEdc(t, member.cookie, project.id, 6);
    expect(response.statusCode).toBe(200);
    expect(response.body.result).toEqual({
      edc: { id: 6, parentId: 5, code: `${project.code}.2.1`, name: 'Sala 1', componentesEdc, version: 1 },
      message: 'EDC cargado',
    });
    // sourceId is left out, not null, where there is none
    expect(response.body.result.edc.componentesEdc[1]).not.toHaveProperty('sourceId');
    expect(response.body.result.edc.componentesEdc.at(-1)).not.toHaveProperty('sourceId');
    // the EDC belongs to its item only
    expect(await loadEdcOk(t, member.cookie, project.id, 7)).toBeNull();
  });

  it('answers the root item without parentId, and an emptied list as an EDC with no items (not null)', async () => {
    const project = await createEdcProject(t, member.cookie);
    const main = { code: 'M', name: 'Principal', parentCode: project.code, kind: 'main' as const };
    await saveEdcOk(t, member.cookie, project.id, { id: 1, componentesEdc: [main], version: 0 });
    await saveEdcOk(t, member.cookie, project.id, { id: 1, componentesEdc: [], version: 1 });
    expect(await loadEdcOk(t, member.cookie, project.id, 1)).toEqual({
      id: 1,
      code: project.code,
      name: 'Edificio',
      componentesEdc: [],
      version: 2,
    });
  });

  it('answers main items under the EDP item as it is coded now, so a list saved before the item was re-coded saves again', async () => {
    const project = await createEdcProject(t, member.cookie);
    const generated = generateEdc({
      edpItem: { code: `${project.code}.1.2` },
      system: catalogue.system,
      components: [catalogue.component],
      existing: [],
    });
    if (!generated.ok) throw new Error(generated.error);
    await saveEdcOk(t, member.cookie, project.id, { id: 4, componentesEdc: generated.items, version: 0 });
    const { edp } = await loadProject(t, member.cookie, project.id);
    const recoded = await callFunction(
      t.app,
      'updateItemEdp',
      {
        id: project.id,
        item: { id: 4, parentId: 2, code: `${project.code}.1.9`, name: 'Sala 9' },
        action: 'update',
        version: edp.version,
      },
      member.cookie,
    );
    expect(recoded.statusCode, JSON.stringify(recoded.body)).toBe(200);

    const loaded = await loadEdcOk(t, member.cookie, project.id, 4);
    expect(loaded).toMatchObject({ id: 4, code: `${project.code}.1.9`, name: 'Sala 9', version: 1 });
    // the generated codes stay as they were; only the main item's parent follows the EDP item
    expect(loaded?.componentesEdc).toEqual(
      generated.items.map((item) => (item.kind === 'main' ? { ...item, parentCode: `${project.code}.1.9` } : item)),
    );
    expect((await saveEdcOk(t, member.cookie, project.id, loaded!)).version).toBe(2);
  });

  it.each([
    ['an unknown project', 'unknown-project', 3, 'Proyecto no encontrado'],
    ['an unknown EDP item', 'known', 99, 'El ítem 99 no existe en el EDP del proyecto'],
    ['the unselected item (id 0)', 'known', 0, 'El ítem 0 no existe en el EDP del proyecto'],
  ])('answers NOT_FOUND (404) for %s', async (_label, which, id, message) => {
    const project = await createEdcProject(t, member.cookie);
    const projectId = which === 'known' ? project.id : '01890000-0000-7000-8000-000000000000';
    const response = await loadEdc(t, member.cookie, projectId, id);
    expect(response.statusCode).toBe(404);
    expect(response.body.error).toEqual({ status: 'NOT_FOUND', message });
  });

  it("does not read another project's EDC for the same item id", async () => {
    const first = await createEdcProject(t, member.cookie);
    const second = await createEdcProject(t, member.cookie);
    const main = { code: 'M', name: 'Principal', parentCode: `${first.code}.1`, kind: 'main' as const };
    await saveEdcOk(t, member.cookie, first.id, { id: 2, componentesEdc: [main], version: 0 });
    expect(await loadEdcOk(t, member.cookie, second.id, 2)).toBeNull();
  });
});
