import { EDP_STALE_MESSAGE, MAX_EDP_ITEMS } from '@cimiento/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEdpProject, loadEdp, saveEdp, storedEdp, updateItemEdp, watchEdpWrites } from '../../test/support/edp';
import type { WireItem } from '../../test/support/edp';
import { callFunction, createFirstAdmin, createSignedInUser } from '../../test/support/factories';
import type { TestAccount } from '../../test/support/factories';
import { countProjectRows } from '../../test/support/projects';
import { createTestApp, databaseKinds } from '../../test/support/test-app';
import type { TestApp } from '../../test/support/test-app';

const UNKNOWN_PROJECT = '01890000-0000-7000-8000-000000000000';

describe.each(databaseKinds)('updateItemEdp (%s)', (kind) => {
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

  function update(data: { id: string; item: unknown; action: string; version: number }, cookie = member.cookie) {
    return updateItemEdp(t, cookie, data);
  }

  /** Expects a refusal with the given status and message, and that the project's EDP rows and version did not change. */
  async function expectRefusedAndNothingWritten(
    data: { id: string; item: unknown; action: string; version: number },
    status: string,
    message: string,
  ) {
    const before = await storedEdp(t, data.id);
    const counts = await countProjectRows(t);
    const response = await update(data);
    expect(response.body.error, JSON.stringify(response.body)).toEqual({ status, message });
    expect(await storedEdp(t, data.id)).toEqual(before);
    expect(await countProjectRows(t)).toEqual(counts);
    return response;
  }

  const byId = (items: readonly WireItem[], id: number) => items.find((item) => item.id === id) as WireItem;

  describe('add', () => {
    it('adds an item with id = highest + 1 as the last child of the given parent, and says so', async () => {
      const { id, code, edp } = await createEdpProject(t, member.cookie, 'ADD');
      const watch = await watchEdpWrites(t, kind);
      let response;
      try {
        response = await update({
          id,
          action: 'add',
          item: { parentId: 2, code: ` ${code}.1.4 `, name: ' Oficina ' },
          version: 1,
        });
        expect(response.statusCode, JSON.stringify(response.body)).toBe(200);
        // the new row, and the positions of the rows after it; nothing else
        expect(await watch.read(id)).toEqual([
          { id: 10, op: 'insert' },
          { id: 6, op: 'update' },
          { id: 7, op: 'update' },
          { id: 8, op: 'update' },
          { id: 9, op: 'update' },
        ]);
      } finally {
        await watch.drop();
      }
      const added = { id: 10, parentId: 2, code: `${code}.1.4`, name: 'Oficina' };
      const items = [...edp.items.slice(0, 5), added, ...edp.items.slice(5)];
      expect(response.body.result).toEqual({ edp: { items, version: 2 }, message: `Ítem ${code}.1.4 agregado` });
      expect(await loadEdp(t, member.cookie, id)).toEqual({ items, version: 2 });
    });

    it('adds under the root, as its last child, when no parentId is given (and ignores an item id sent)', async () => {
      const { id, code, edp } = await createEdpProject(t, member.cookie, 'ROOT');
      const response = await update({
        id,
        action: 'add',
        item: { id: 3, code: `${code}.3`, name: 'Patio' },
        version: 1,
      });
      expect(response.statusCode, JSON.stringify(response.body)).toBe(200);
      const items = [...edp.items, { id: 10, parentId: 1, code: `${code}.3`, name: 'Patio' }];
      expect(response.body.result.edp).toEqual({ items, version: 2 });

      // parentId null means the root too; the next id follows the highest, even after a deletion
      const deleted = await update({ id, action: 'delete', item: { id: 10, code: '', name: '' }, version: 2 });
      expect(deleted.statusCode).toBe(200);
      const again = await update({
        id,
        action: 'add',
        item: { parentId: null, code: `${code}.4`, name: 'Acceso' },
        version: 3,
      });
      expect(again.statusCode).toBe(200);
      expect(again.body.result.edp).toEqual({
        items: [...edp.items, { id: 10, parentId: 1, code: `${code}.4`, name: 'Acceso' }],
        version: 4,
      });
    });

    it(`refuses an item past the ${MAX_EDP_ITEMS} the EDP admits`, async () => {
      const { id } = await createEdpProject(t, member.cookie, 'FULL');
      const items = Array.from({ length: MAX_EDP_ITEMS }, (_, index) =>
        index === 0
          ? { id: 1, code: 'F', name: 'Raíz' }
          : { id: index + 1, parentId: 1, code: `F.${index}`, name: 'Ítem' },
      );
      expect((await saveEdp(t, member.cookie, id, { items, version: 1 })).statusCode).toBe(200);
      await expectRefusedAndNothingWritten(
        { id, action: 'add', item: { code: 'F.X', name: 'Uno más' }, version: 2 },
        'INVALID_ARGUMENT',
        'El EDP tiene 50.001 ítems; el máximo es 50.000',
      );
    });

    it('refuses an add when the next id would pass the largest id saveEdp accepts', async () => {
      const { id, code, edp } = await createEdpProject(t, member.cookie, 'BIGID');
      const items = [...edp.items, { id: Number.MAX_SAFE_INTEGER, parentId: 1, code: `${code}.9`, name: 'Último' }];
      const saved = await saveEdp(t, member.cookie, id, { items, version: 1 });
      expect(saved.statusCode, JSON.stringify(saved.body)).toBe(200);
      expect(await loadEdp(t, member.cookie, id)).toEqual({ items, version: 2 });
      await expectRefusedAndNothingWritten(
        { id, action: 'add', item: { code: `${code}.10`, name: 'Nuevo' }, version: 2 },
        'FAILED_PRECONDITION',
        `El EDP ya usa el id más alto posible (${Number.MAX_SAFE_INTEGER}); graba el EDP completo con ids menores para agregar ítems`,
      );
    });

    it('refuses a parent that does not exist', async () => {
      const { id, code } = await createEdpProject(t, member.cookie, 'NOPA');
      await expectRefusedAndNothingWritten(
        { id, action: 'add', item: { parentId: 99, code: `${code}.X`, name: 'X' }, version: 1 },
        'INVALID_ARGUMENT',
        'El padre 99 no existe en el EDP',
      );
    });

    it('refuses a code already in the EDP (case-insensitive) naming the item that has it, an empty code and an empty name', async () => {
      const { id, code } = await createEdpProject(t, member.cookie, 'ADUP');
      await expectRefusedAndNothingWritten(
        { id, action: 'add', item: { parentId: 6, code: `${code.toLowerCase()}.2.1`, name: 'Copia' }, version: 1 },
        'INVALID_ARGUMENT',
        `Ya existe un ítem con el código ${code}.2.1 en el EDP («Andén 1»)`,
      );
      await expectRefusedAndNothingWritten(
        { id, action: 'add', item: { parentId: 6, code: '  ', name: 'Sin código' }, version: 1 },
        'INVALID_ARGUMENT',
        'item.code: es obligatorio',
      );
      await expectRefusedAndNothingWritten(
        { id, action: 'add', item: { parentId: 6, code: `${code}.2.4`, name: '' }, version: 1 },
        'INVALID_ARGUMENT',
        'item.name: es obligatorio',
      );
    });
  });

  describe('update', () => {
    it('changes code and name in place, and says so with the new code', async () => {
      const { id, code, edp } = await createEdpProject(t, member.cookie, 'UPD');
      const watch = await watchEdpWrites(t, kind);
      let response;
      try {
        response = await update({
          id,
          action: 'update',
          item: { id: 4, parentId: 2, code: `${code}.1.20`, name: 'Andén sur' },
          version: 1,
        });
        expect(response.statusCode, JSON.stringify(response.body)).toBe(200);
        expect(await watch.read(id)).toEqual([{ id: 4, op: 'update' }]);
      } finally {
        await watch.drop();
      }
      const items = edp.items.map((item) =>
        item.id === 4 ? { ...item, code: `${code}.1.20`, name: 'Andén sur' } : item,
      );
      expect(response.body.result).toEqual({ edp: { items, version: 2 }, message: `Ítem ${code}.1.20 actualizado` });
      expect(await loadEdp(t, member.cookie, id)).toEqual({ items, version: 2 });
    });

    it('keeps the parent when parentId is absent, and lets an item change only the case of its own code', async () => {
      const { id, code, edp } = await createEdpProject(t, member.cookie, 'KEEP');
      const response = await update({
        id,
        action: 'update',
        item: { id: 6, code: `${code.toLowerCase()}.2`, name: 'Nave dos' },
        version: 1,
      });
      expect(response.statusCode, JSON.stringify(response.body)).toBe(200);
      expect(response.body.result.edp.items).toEqual(
        edp.items.map((item) =>
          item.id === 6 ? { ...item, code: `${code.toLowerCase()}.2`, name: 'Nave dos' } : item,
        ),
      );
    });

    it('moves the item with its subtree when the parent changes (last child of the new parent)', async () => {
      const { id, code, edp } = await createEdpProject(t, member.cookie, 'MOVE');
      const response = await update({
        id,
        action: 'update',
        item: { id: 2, parentId: 6, code: `${code}.2.4`, name: 'Nave 1' },
        version: 1,
      });
      expect(response.statusCode, JSON.stringify(response.body)).toBe(200);
      const at = (itemId: number) => byId(edp.items, itemId);
      expect(response.body.result).toEqual({
        edp: {
          items: [
            at(1),
            at(6),
            at(7),
            at(8),
            at(9),
            { ...at(2), parentId: 6, code: `${code}.2.4` },
            at(3),
            at(4),
            at(5),
          ],
          version: 2,
        },
        message: `Ítem ${code}.2.4 actualizado`,
      });
      expect(await loadEdp(t, member.cookie, id)).toEqual(response.body.result.edp);
    });

    it('refuses to move an item under itself or under one of its descendants', async () => {
      const { id, code } = await createEdpProject(t, member.cookie, 'LOOP');
      await expectRefusedAndNothingWritten(
        { id, action: 'update', item: { id: 2, parentId: 4, code: `${code}.1`, name: 'Nave 1' }, version: 1 },
        'INVALID_ARGUMENT',
        `${code}.1 no se puede mover bajo sí mismo ni bajo sus ítems`,
      );
      await expectRefusedAndNothingWritten(
        { id, action: 'update', item: { id: 2, parentId: 2, code: `${code}.1`, name: 'Nave 1' }, version: 1 },
        'INVALID_ARGUMENT',
        `${code}.1 no se puede mover bajo sí mismo ni bajo sus ítems`,
      );
    });

    it('refuses to move the root, or to a parent that does not exist', async () => {
      const { id, code } = await createEdpProject(t, member.cookie, 'RMOV');
      await expectRefusedAndNothingWritten(
        { id, action: 'update', item: { id: 1, parentId: 2, code, name: 'Raíz' }, version: 1 },
        'INVALID_ARGUMENT',
        'La raíz del EDP no se puede mover',
      );
      await expectRefusedAndNothingWritten(
        { id, action: 'update', item: { id: 3, parentId: 42, code: `${code}.1.1`, name: 'Andén 1' }, version: 1 },
        'INVALID_ARGUMENT',
        'El padre 42 no existe en el EDP',
      );
    });

    it('refuses a code used by another item (case-insensitive) naming that item, an empty code and an empty name', async () => {
      const { id, code } = await createEdpProject(t, member.cookie, 'UDUP');
      await expectRefusedAndNothingWritten(
        { id, action: 'update', item: { id: 8, code: ` ${code.toLowerCase()}.2.1`, name: 'Andén 2' }, version: 1 },
        'INVALID_ARGUMENT',
        `Ya existe un ítem con el código ${code}.2.1 en el EDP («Andén 1»)`,
      );
      await expectRefusedAndNothingWritten(
        { id, action: 'update', item: { id: 8, code: '', name: 'Andén 2' }, version: 1 },
        'INVALID_ARGUMENT',
        'item.code: es obligatorio',
      );
      await expectRefusedAndNothingWritten(
        { id, action: 'update', item: { id: 8, code: `${code}.2.2`, name: '   ' }, version: 1 },
        'INVALID_ARGUMENT',
        'item.name: es obligatorio',
      );
    });

    it('renames the root', async () => {
      const { id, code, edp } = await createEdpProject(t, member.cookie, 'RREN');
      const response = await update({
        id,
        action: 'update',
        item: { id: 1, code, name: 'Centro renovado' },
        version: 1,
      });
      expect(response.statusCode, JSON.stringify(response.body)).toBe(200);
      expect(response.body.result.edp.items[0]).toEqual({ ...edp.items[0], name: 'Centro renovado' });
    });
  });

  describe('delete', () => {
    it('deletes the item with its subtree and says how many went with it', async () => {
      const { id, code, edp } = await createEdpProject(t, member.cookie, 'DSUB');
      const response = await update({ id, action: 'delete', item: { id: 2, code: '', name: '' }, version: 1 });
      expect(response.statusCode, JSON.stringify(response.body)).toBe(200);
      const items = edp.items.filter((item) => ![2, 3, 4, 5].includes(item.id));
      expect(response.body.result).toEqual({
        edp: { items, version: 2 },
        message: `Ítem ${code}.1 eliminado junto con 3 ítems bajo él`,
      });
      expect(await loadEdp(t, member.cookie, id)).toEqual({ items, version: 2 });
      expect((await storedEdp(t, id)).rows.map((row) => row.id)).toEqual([1, 6, 7, 8, 9]);
    });

    it('deletes a leaf with its own message, and "1 ítem" for a single descendant', async () => {
      const { id, code } = await createEdpProject(t, member.cookie, 'DLEAF');
      const leaf = await update({ id, action: 'delete', item: { id: 9, code: '', name: '' }, version: 1 });
      expect(leaf.statusCode).toBe(200);
      expect(leaf.body.result.message).toBe(`Ítem ${code}.2.3 eliminado`);
      expect((await update({ id, action: 'delete', item: { id: 8, code: '', name: '' }, version: 2 })).statusCode).toBe(
        200,
      );
      const one = await update({ id, action: 'delete', item: { id: 6, code: '', name: '' }, version: 3 });
      expect(one.statusCode).toBe(200);
      expect(one.body.result.message).toBe(`Ítem ${code}.2 eliminado junto con 1 ítem bajo él`);
      expect(one.body.result.edp.version).toBe(4);
      expect(one.body.result.edp.items.map((item: WireItem) => item.id)).toEqual([1, 2, 3, 4, 5]);
    });

    it('refuses to delete the root', async () => {
      const { id, code } = await createEdpProject(t, member.cookie, 'DROOT');
      await expectRefusedAndNothingWritten(
        { id, action: 'delete', item: { id: 1, code, name: 'Centro logístico' }, version: 1 },
        'INVALID_ARGUMENT',
        'La raíz del EDP no se puede eliminar',
      );
    });
  });

  it('works on a 50,000-level chain: adds at the bottom, refuses a move under its own bottom, deletes it all but the root', async () => {
    const { id } = await createEdpProject(t, member.cookie, 'CHAIN');
    const chain = Array.from({ length: MAX_EDP_ITEMS - 1 }, (_, index) =>
      index === 0
        ? { id: 1, code: 'C', name: 'Raíz' }
        : { id: index + 1, parentId: index, code: `C${index}`, name: 'Nivel' },
    );
    expect((await saveEdp(t, member.cookie, id, { items: chain, version: 1 })).statusCode).toBe(200);
    const added = await update({
      id,
      action: 'add',
      item: { parentId: MAX_EDP_ITEMS - 1, code: 'FONDO', name: 'Fondo' },
      version: 2,
    });
    expect(added.statusCode, JSON.stringify(added.body).slice(0, 300)).toBe(200);
    expect(added.body.result.edp.items.at(-1)).toEqual({
      id: MAX_EDP_ITEMS,
      parentId: MAX_EDP_ITEMS - 1,
      code: 'FONDO',
      name: 'Fondo',
    });
    await expectRefusedAndNothingWritten(
      { id, action: 'update', item: { id: 2, parentId: MAX_EDP_ITEMS, code: 'C1', name: 'Nivel' }, version: 3 },
      'INVALID_ARGUMENT',
      'C1 no se puede mover bajo sí mismo ni bajo sus ítems',
    );
    const deleted = await update({ id, action: 'delete', item: { id: 2, code: '', name: '' }, version: 3 });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.body.result).toEqual({
      edp: { items: [chain[0]], version: 4 },
      message: 'Ítem C1 eliminado junto con 49.998 ítems bajo él',
    });
  });

  it('answers NOT_FOUND for an item id that is not in the EDP (update and delete) and writes nothing', async () => {
    const { id } = await createEdpProject(t, member.cookie, 'NOIT');
    for (const action of ['update', 'delete']) {
      await expectRefusedAndNothingWritten(
        { id, action, item: { id: 999, code: 'X', name: 'X' }, version: 1 },
        'NOT_FOUND',
        'El ítem 999 no existe en el EDP',
      );
    }
  });

  it('refuses update and delete without an item id', async () => {
    const { id } = await createEdpProject(t, member.cookie, 'NOID');
    for (const action of ['update', 'delete']) {
      await expectRefusedAndNothingWritten(
        { id, action, item: { code: 'X', name: 'X' }, version: 1 },
        'INVALID_ARGUMENT',
        'item.id: es obligatorio',
      );
    }
  });

  it('refuses an unknown action and wrong types with INVALID_ARGUMENT', async () => {
    const { id } = await createEdpProject(t, member.cookie, 'TYPE');
    await expectRefusedAndNothingWritten(
      { id, action: 'indent', item: { id: 3, code: 'X', name: 'X' }, version: 1 },
      'INVALID_ARGUMENT',
      'action: debe ser una de: add, update, delete',
    );
    await expectRefusedAndNothingWritten(
      { id, action: 'update', item: { id: 1.5, code: 'X', name: 'X' }, version: 1 },
      'INVALID_ARGUMENT',
      'item.id: debe ser un número entero',
    );
    await expectRefusedAndNothingWritten(
      { id, action: 'update', item: { id: 3, code: 3, name: 'X' }, version: 1 },
      'INVALID_ARGUMENT',
      'item.code: debe ser texto',
    );
    await expectRefusedAndNothingWritten(
      { id, action: 'update', item: { id: 3, code: 'X', name: 'X' }, version: 0 },
      'INVALID_ARGUMENT',
      'version: debe ser 1 o más',
    );
  });

  it('moves the version on by exactly 1 per accepted change, and refuses a stale one with ABORTED (409), writing nothing', async () => {
    const { id, code } = await createEdpProject(t, member.cookie, 'VER');
    const seenByB = await loadEdp(t, admin.cookie, id);
    const steps = [
      { action: 'add', item: { parentId: 6, code: `${code}.2.4`, name: 'Nueva' } },
      { action: 'update', item: { id: 10, code: `${code}.2.5`, name: 'Nueva bis' } },
      { action: 'delete', item: { id: 10, code: '', name: '' } },
    ];
    for (const [index, step] of steps.entries()) {
      const response = await update({ id, ...step, version: index + 1 });
      expect(response.statusCode, JSON.stringify(response.body)).toBe(200);
      expect(response.body.result.edp.version).toBe(index + 2);
    }
    const final = await loadEdp(t, member.cookie, id);
    expect(final.version).toBe(4);
    expect(final.items).toEqual(seenByB.items);

    // B still holds version 1: each of its changes is refused, whatever it is
    for (const step of steps) {
      const response = await expectRefusedAndNothingWritten(
        { id, ...step, version: seenByB.version },
        'ABORTED',
        EDP_STALE_MESSAGE,
      );
      expect(response.statusCode).toBe(409);
    }
    // a stale change to an item that is gone is still ABORTED (reload), not NOT_FOUND
    await expectRefusedAndNothingWritten(
      { id, action: 'update', item: { id: 10, code: 'X', name: 'X' }, version: 3 },
      'ABORTED',
      EDP_STALE_MESSAGE,
    );
    expect(await loadEdp(t, member.cookie, id)).toEqual(final);
  });

  it('lets exactly one of two changes fired at once from the same version through; the other is ABORTED', async () => {
    for (let round = 0; round < 5; round += 1) {
      const { id, code, edp } = await createEdpProject(t, member.cookie, 'URACE');
      const [a, b] = await Promise.all([
        update({ id, action: 'add', item: { parentId: 2, code: `${code}.A`, name: 'De A' }, version: 1 }),
        update({ id, action: 'add', item: { parentId: 6, code: `${code}.B`, name: 'De B' }, version: 1 }, admin.cookie),
      ]);
      expect([a.statusCode, b.statusCode].sort(), JSON.stringify([a.body, b.body])).toEqual([200, 409]);
      const [winner, loser] = a.statusCode === 200 ? [a, b] : [b, a];
      expect(loser.body.error).toEqual({ status: 'ABORTED', message: EDP_STALE_MESSAGE });
      const stored = await loadEdp(t, member.cookie, id);
      expect(stored).toEqual(winner.body.result.edp);
      expect(stored.version).toBe(2);
      expect(stored.items.length).toBe(edp.items.length + 1);
    }
  });

  it("answers NOT_FOUND (404) 'Proyecto no encontrado' for an unknown project, for every action", async () => {
    const counts = await countProjectRows(t);
    for (const action of ['add', 'update', 'delete']) {
      const response = await update({ id: UNKNOWN_PROJECT, action, item: { id: 2, code: 'X', name: 'X' }, version: 1 });
      expect(response.statusCode).toBe(404);
      expect(response.body.error).toEqual({ status: 'NOT_FOUND', message: 'Proyecto no encontrado' });
    }
    expect(await countProjectRows(t)).toEqual(counts);
  });

  it('leaves nothing behind when the project is deleted for good after item changes (ON DELETE CASCADE)', async () => {
    const { id, code } = await createEdpProject(t, member.cookie, 'CASC');
    expect(
      (await update({ id, action: 'add', item: { parentId: 3, code: `${code}.1.1.1`, name: 'Hoja' }, version: 1 }))
        .statusCode,
    ).toBe(200);
    // issue 30: 'Eliminar proyecto' moves it to the Papelera; the purge deletes its rows
    const saved = await storedEdp(t, id);
    expect((await callFunction(t.app, 'removeProject', { id }, member.cookie)).statusCode).toBe(200);
    const stale = await update({ id, action: 'delete', item: { id: 11, code: '', name: '' }, version: 2 });
    expect(stale.body.error).toEqual({ status: 'NOT_FOUND', message: 'Proyecto no encontrado' });
    expect(await storedEdp(t, id)).toEqual(saved);
    expect((await callFunction(t.app, 'purgeProject', { id }, admin.cookie)).statusCode).toBe(200);
    expect(await storedEdp(t, id)).toEqual({ version: undefined, updatedAt: undefined, rows: [] });
    const late = await update({ id, action: 'delete', item: { id: 11, code: '', name: '' }, version: 2 });
    expect(late.body.error).toEqual({ status: 'NOT_FOUND', message: 'Proyecto no encontrado' });
  });
});
