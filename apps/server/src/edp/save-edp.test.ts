import { EDP_STALE_MESSAGE, MAX_EDP_ITEMS } from '@cimiento/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEdpProject, loadEdp, saveEdp, storedEdp, watchEdpWrites } from '../../test/support/edp';
import type { WireItem } from '../../test/support/edp';
import { callFunction, createFirstAdmin, createSignedInUser } from '../../test/support/factories';
import type { CallResult, TestAccount } from '../../test/support/factories';
import { countProjectRows, loadProject } from '../../test/support/projects';
import { createTestApp, databaseKinds } from '../../test/support/test-app';
import type { TestApp } from '../../test/support/test-app';

const UNKNOWN_PROJECT = '01890000-0000-7000-8000-000000000000';

/** A flat EDP of `count` items: the root and `count - 1` children under it. */
function flatEdp(count: number, prefix = 'X'): WireItem[] {
  return Array.from({ length: count }, (_, index) =>
    index === 0
      ? { id: 1, code: prefix, name: 'Raíz' }
      : { id: index + 1, parentId: 1, code: `${prefix}.${index}`, name: `Ítem ${index}` },
  );
}

describe.each(databaseKinds)('saveEdp (%s)', (kind) => {
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

  /** Expects a refusal with the given status and message, and that the project's EDP rows and version did not change. */
  async function expectRefusedAndNothingWritten(projectId: string, edp: unknown, status: string, message: string) {
    const before = await storedEdp(t, projectId);
    const counts = await countProjectRows(t);
    const response = await saveEdp(t, member.cookie, projectId, edp);
    expect(response.body.error, JSON.stringify(response.body).slice(0, 500)).toEqual({ status, message });
    expect(await storedEdp(t, projectId)).toEqual(before);
    expect(await countProjectRows(t)).toEqual(counts);
    return response;
  }

  it('saves edits made to the loaded list as a difference: version + 1, the order sent, unchanged rows untouched', async () => {
    const { id, code, edp } = await createEdpProject(t, member.cookie, 'RT');
    const [root, nave1, anden11, anden12, bodega1, , , , bodega2] = edp.items as [
      WireItem,
      WireItem,
      WireItem,
      WireItem,
      WireItem,
      WireItem,
      WireItem,
      WireItem,
      WireItem,
    ];
    const items: WireItem[] = [
      root,
      nave1,
      { ...anden11, name: 'Andén norte' }, // renamed
      { ...anden12, code: `${code}.1.9` }, // re-coded
      bodega1,
      { ...bodega2, parentId: 2, code: `${code}.1.4` }, // moved from Nave 2 to Nave 1
      { id: 10, parentId: 1, code: `${code}.3`, name: 'Patio' }, // added
      { id: 11, parentId: 10, code: `${code}.3.1`, name: 'Jardín' }, // added under the new one
      // Nave 2 (6) deleted with what was left under it (7, 8)
    ];
    const watch = await watchEdpWrites(t, kind);
    try {
      const response = await saveEdp(t, member.cookie, id, { items, version: edp.version });
      expect(response.statusCode, JSON.stringify(response.body)).toBe(200);
      expect(response.body.result).toEqual({
        edp: { items, version: edp.version + 1 },
        message: 'EDP grabado: 8 ítems',
      });
      expect(await watch.read(id)).toEqual([
        { id: 6, op: 'delete' },
        { id: 7, op: 'delete' },
        { id: 8, op: 'delete' },
        { id: 10, op: 'insert' },
        { id: 11, op: 'insert' },
        { id: 3, op: 'update' },
        { id: 4, op: 'update' },
        { id: 9, op: 'update' },
      ]);
    } finally {
      await watch.drop();
    }
    expect(await loadEdp(t, member.cookie, id)).toEqual({ items, version: 2 });
    const stored = await storedEdp(t, id);
    expect(stored.rows.map((row) => row.position)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });

  it('saves the same list again without touching a row, and still moves the version on', async () => {
    const { id, edp } = await createEdpProject(t, member.cookie, 'SAME');
    const watch = await watchEdpWrites(t, kind);
    try {
      const response = await saveEdp(t, member.cookie, id, edp);
      expect(response.statusCode).toBe(200);
      expect(response.body.result).toEqual({ edp: { ...edp, version: 2 }, message: 'EDP grabado: 9 ítems' });
      expect(await watch.read(id)).toEqual([]);
    } finally {
      await watch.drop();
    }
  });

  it('keeps the order sent (a reordering only rewrites positions), trims codes and names, and ignores componentesEdc', async () => {
    const { id, code, edp } = await createEdpProject(t, member.cookie, 'ORD');
    const [root, nave1, a, b, c, nave2, d, e, f] = edp.items as WireItem[] as [
      WireItem,
      WireItem,
      WireItem,
      WireItem,
      WireItem,
      WireItem,
      WireItem,
      WireItem,
      WireItem,
    ];
    const sent = [
      root,
      nave2,
      f,
      e,
      d,
      nave1,
      { ...c, code: `  ${c.code} `, name: ' Bodega ', componentesEdc: [] },
      b,
      a,
    ];
    const response = await saveEdp(t, member.cookie, id, { items: sent, version: 1 });
    expect(response.statusCode, JSON.stringify(response.body)).toBe(200);
    const expected = [root, nave2, f, e, d, nave1, { ...c, code: `${code}.1.3`, name: 'Bodega' }, b, a];
    expect(response.body.result.edp).toEqual({ items: expected, version: 2 });
    expect((await loadEdp(t, member.cookie, id)).items).toEqual(expected);
  });

  it('accepts parentId null for the root, and answers the root without parentId', async () => {
    const { id, edp } = await createEdpProject(t, member.cookie, 'NUL');
    const items = edp.items.map((item) => (item.parentId === undefined ? { ...item, parentId: null } : item));
    const response = await saveEdp(t, member.cookie, id, { items, version: 1 });
    expect(response.statusCode, JSON.stringify(response.body)).toBe(200);
    expect(response.body.result.edp.items).toEqual(edp.items);
  });

  describe('refuses an EDP that breaks a rule with INVALID_ARGUMENT, its Spanish message and nothing written', () => {
    let project: Awaited<ReturnType<typeof createEdpProject>>;
    beforeAll(async () => {
      project = await createEdpProject(t, member.cookie, 'VAL');
    });
    const withItems = (change: (items: WireItem[]) => unknown[]) => ({
      items: change(structuredClone(project.edp.items)),
      version: project.edp.version,
    });

    it('repeated ids', async () => {
      await expectRefusedAndNothingWritten(
        project.id,
        withItems((items) => [...items, { id: 5, parentId: 1, code: 'OTRO', name: 'Otro' }]),
        'INVALID_ARGUMENT',
        'El id 5 está repetido',
      );
    });

    it('a parentId that does not exist', async () => {
      await expectRefusedAndNothingWritten(
        project.id,
        withItems((items) => [...items, { id: 10, parentId: 77, code: 'HUERFANO', name: 'Huérfano' }]),
        'INVALID_ARGUMENT',
        'El padre 77 del ítem HUERFANO no existe',
      );
    });

    it('a cycle', async () => {
      // Nave 1 (2) under Andén 1 of Nave 1 (3): 2 → 3 → 2
      await expectRefusedAndNothingWritten(
        project.id,
        withItems((items) => items.map((item) => (item.id === 2 ? { ...item, parentId: 3 } : item))),
        'INVALID_ARGUMENT',
        `Los ítems ${project.code}.1, ${project.code}.1.1 forman un ciclo`,
      );
    });

    it('an item that is its own parent', async () => {
      await expectRefusedAndNothingWritten(
        project.id,
        withItems((items) => items.map((item) => (item.id === 4 ? { ...item, parentId: 4 } : item))),
        'INVALID_ARGUMENT',
        `El ítem ${project.code}.1.2 no puede ser su propio padre`,
      );
    });

    it('no root', async () => {
      await expectRefusedAndNothingWritten(
        project.id,
        withItems((items) => items.map((item) => (item.id === 1 ? { ...item, parentId: 9 } : item))),
        'INVALID_ARGUMENT',
        `El EDP debe tener una raíz (un ítem sin padre); Los ítems ${project.code}, ${project.code}.2, ${project.code}.2.3 forman un ciclo`,
      );
    });

    it('an empty list (no root)', async () => {
      await expectRefusedAndNothingWritten(
        project.id,
        { items: [], version: project.edp.version },
        'INVALID_ARGUMENT',
        'El EDP debe tener una raíz',
      );
    });

    it('two roots', async () => {
      await expectRefusedAndNothingWritten(
        project.id,
        withItems((items) => items.map(({ parentId, ...item }) => (item.id === 6 ? item : { ...item, parentId }))),
        'INVALID_ARGUMENT',
        `El EDP debe tener una sola raíz y tiene 2: ${project.code}, ${project.code}.2`,
      );
    });

    it('an empty code (blank after trimming)', async () => {
      await expectRefusedAndNothingWritten(
        project.id,
        withItems((items) => items.map((item) => (item.id === 7 ? { ...item, code: '   ' } : item))),
        'INVALID_ARGUMENT',
        'El ítem 7 no tiene código',
      );
    });

    it('an empty name', async () => {
      await expectRefusedAndNothingWritten(
        project.id,
        withItems((items) => items.map((item) => (item.id === 7 ? { ...item, name: '' } : item))),
        'INVALID_ARGUMENT',
        `El ítem ${project.code}.2.1 no tiene nombre`,
      );
    });

    it('a duplicate code, whatever its case or surrounding spaces', async () => {
      await expectRefusedAndNothingWritten(
        project.id,
        withItems((items) =>
          items.map((item) => (item.id === 8 ? { ...item, code: ` ${project.code.toLowerCase()}.1.1 ` } : item)),
        ),
        'INVALID_ARGUMENT',
        `El código ${project.code.toLowerCase()}.1.1 está repetido (ítems 3 y 8)`,
      );
    });

    it('several problems at once: at most five of them, joined', async () => {
      await expectRefusedAndNothingWritten(
        project.id,
        withItems((items) => items.map((item) => ({ ...item, code: '', name: '' }))),
        'INVALID_ARGUMENT',
        'El ítem 1 no tiene código; El ítem 1 no tiene nombre; El ítem 2 no tiene código; El ítem 2 no tiene nombre; El ítem 3 no tiene código',
      );
    });

    it(`more than ${MAX_EDP_ITEMS} items`, async () => {
      await expectRefusedAndNothingWritten(
        project.id,
        { items: flatEdp(MAX_EDP_ITEMS + 1), version: project.edp.version },
        'INVALID_ARGUMENT',
        'edp.items: admite como máximo 50000 ítems',
      );
    });

    it('an id of 0', async () => {
      await expectRefusedAndNothingWritten(
        project.id,
        withItems((items) => items.map((item) => (item.id === 9 ? { ...item, id: 0 } : item))),
        'INVALID_ARGUMENT',
        'edp.items.8.id: debe ser 1 o más',
      );
    });

    it('a fractional id', async () => {
      await expectRefusedAndNothingWritten(
        project.id,
        withItems((items) => items.map((item) => (item.id === 9 ? { ...item, id: 1.5 } : item))),
        'INVALID_ARGUMENT',
        'edp.items.8.id: debe ser un número entero',
      );
    });

    it('an id sent as text', async () => {
      await expectRefusedAndNothingWritten(
        project.id,
        withItems((items) => items.map((item) => (item.id === 9 ? { ...item, id: '9' } : item))),
        'INVALID_ARGUMENT',
        'edp.items.8.id: debe ser un número',
      );
    });

    it('a fractional parentId', async () => {
      await expectRefusedAndNothingWritten(
        project.id,
        withItems((items) => items.map((item) => (item.id === 9 ? { ...item, parentId: 6.5 } : item))),
        'INVALID_ARGUMENT',
        'edp.items.8.parentId: debe ser un número entero',
      );
    });

    it('a code that is not text', async () => {
      await expectRefusedAndNothingWritten(
        project.id,
        withItems((items) => items.map((item) => (item.id === 9 ? { ...item, code: 12 } : item))),
        'INVALID_ARGUMENT',
        'edp.items.8.code: debe ser texto',
      );
    });

    it('a name that is not text', async () => {
      await expectRefusedAndNothingWritten(
        project.id,
        withItems((items) => items.map((item) => (item.id === 9 ? { ...item, name: null } : item))),
        'INVALID_ARGUMENT',
        'edp.items.8.name: debe ser texto',
      );
    });

    it('an unknown field on an item', async () => {
      await expectRefusedAndNothingWritten(
        project.id,
        withItems((items) => items.map((item) => (item.id === 9 ? { ...item, level: 2 } : item))),
        'INVALID_ARGUMENT',
        'edp.items.8: Llave desconocida: "level"',
      );
    });

    it('a missing version', async () => {
      await expectRefusedAndNothingWritten(
        project.id,
        { items: project.edp.items },
        'INVALID_ARGUMENT',
        'edp.version: debe ser un número',
      );
    });
  });

  it(`accepts exactly ${MAX_EDP_ITEMS} items, and a save back down to a few`, async () => {
    const { id } = await createEdpProject(t, member.cookie, 'MAX');
    const items = flatEdp(MAX_EDP_ITEMS, 'M');
    const started = performance.now();
    const response = await saveEdp(t, member.cookie, id, { items, version: 1 });
    const savedMs = performance.now() - started;
    expect(response.statusCode, JSON.stringify(response.body).slice(0, 500)).toBe(200);
    expect(response.body.result.message).toBe('EDP grabado: 50.000 ítems');
    expect(response.body.result.edp.version).toBe(2);
    expect(response.body.result.edp.items).toEqual(items);
    const loaded = await loadEdp(t, member.cookie, id);
    expect(loaded.items.length).toBe(MAX_EDP_ITEMS);
    expect(loaded.items.at(-1)).toEqual(items.at(-1));

    const small = flatEdp(3, 'M');
    const back = await saveEdp(t, member.cookie, id, { items: small, version: 2 });
    expect(back.statusCode).toBe(200);
    expect(await loadEdp(t, member.cookie, id)).toEqual({ items: small, version: 3 });
    // speed is measured in bench/, never asserted; printed so a slow database shows in the log
    console.info(`saveEdp of ${MAX_EDP_ITEMS} items on ${kind}: ${savedMs.toFixed(0)} ms`);
  });

  it(`refuses a save based on an older version with ABORTED (409) '${EDP_STALE_MESSAGE}'; the first save stays`, async () => {
    const { id, code, edp } = await createEdpProject(t, member.cookie, 'TWO');
    const seenByA = await loadEdp(t, member.cookie, id);
    const seenByB = await loadEdp(t, admin.cookie, id);
    expect(seenByA.version).toBe(seenByB.version);

    const itemsOfA = seenByA.items.map((item) => (item.id === 3 ? { ...item, name: 'Cambio de A' } : item));
    const savedByA = await saveEdp(t, member.cookie, id, { items: itemsOfA, version: seenByA.version });
    expect(savedByA.statusCode).toBe(200);
    expect(savedByA.body.result.edp.version).toBe(edp.version + 1);
    const afterA = await storedEdp(t, id);

    const itemsOfB = seenByB.items.filter((item) => item.id !== 9);
    itemsOfB.push({ id: 10, parentId: 1, code: `${code}.9`, name: 'Cambio de B' });
    const savedByB = await saveEdp(t, admin.cookie, id, { items: itemsOfB, version: seenByB.version });
    expect(savedByB.statusCode).toBe(409);
    expect(savedByB.body.error).toEqual({ status: 'ABORTED', message: EDP_STALE_MESSAGE });
    expect(await storedEdp(t, id)).toEqual(afterA);
    expect(await loadEdp(t, admin.cookie, id)).toEqual({ items: itemsOfA, version: edp.version + 1 });

    // B reloads and redoes the edit on the new version
    const reloaded = await loadEdp(t, admin.cookie, id);
    const redone = [...reloaded.items.filter((item) => item.id !== 9), itemsOfB.at(-1) as WireItem];
    const retried = await saveEdp(t, admin.cookie, id, { items: redone, version: reloaded.version });
    expect(retried.statusCode).toBe(200);
    expect(retried.body.result.edp).toEqual({ items: redone, version: edp.version + 2 });
  });

  it('refuses a version from the future too (ABORTED), and writes nothing', async () => {
    const { id, edp } = await createEdpProject(t, member.cookie, 'FUT');
    await expectRefusedAndNothingWritten(id, { ...edp, version: 7 }, 'ABORTED', EDP_STALE_MESSAGE);
  });

  it('lets exactly one of two saves fired at once from the same version through; the other is ABORTED and the winner is stored', async () => {
    for (let round = 0; round < 5; round += 1) {
      const { id, code, edp } = await createEdpProject(t, member.cookie, 'RACE');
      const versionA = edp.items.map((item) => (item.id === 1 ? { ...item, name: `Versión A ${round}` } : item));
      const versionB = [
        ...edp.items.filter((item) => item.id < 6),
        { id: 10, parentId: 1, code: `${code}.B`, name: `Versión B ${round}` },
      ];
      const [a, b] = await Promise.all([
        saveEdp(t, member.cookie, id, { items: versionA, version: edp.version }),
        saveEdp(t, admin.cookie, id, { items: versionB, version: edp.version }),
      ]);
      const statuses = [a.statusCode, b.statusCode].sort();
      expect(statuses, JSON.stringify([a.body, b.body])).toEqual([200, 409]);
      const [winner, loser] = a.statusCode === 200 ? [versionA, b] : [versionB, a];
      expect(loser.body.error).toEqual({ status: 'ABORTED', message: EDP_STALE_MESSAGE });
      expect(await loadEdp(t, member.cookie, id)).toEqual({ items: winner, version: edp.version + 1 });
      const stored = await storedEdp(t, id);
      expect(stored.rows.map(({ id: itemId, code: itemCode, name }) => ({ itemId, itemCode, name }))).toEqual(
        winner.map((item) => ({ itemId: item.id, itemCode: item.code, name: item.name })),
      );
    }
  });

  // Only PostgreSQL can hold a second writer open in the same process: better-sqlite3 is
  // synchronous, so a second SQLite connection waiting on the lock would stall the event loop
  // (and SQLite's one connection per app serializes the app's transactions anyway).
  if (kind === 'postgres') {
    it("queues two saves of the same version behind the project's row lock: one wins, the other is ABORTED", async () => {
      const { id, code, edp } = await createEdpProject(t, member.cookie, 'LOCK');
      const versionA = edp.items.map((item) => (item.id === 3 ? { ...item, name: 'De A' } : item));
      const versionB = [...edp.items, { id: 10, parentId: 6, code: `${code}.2.4`, name: 'De B' }];
      let saves: Promise<[CallResult, CallResult]> | undefined;
      await t.db.transaction().execute(async (trx) => {
        await trx.selectFrom('project').select('_id').where('_id', '=', id).forUpdate().execute();
        saves = Promise.all([
          saveEdp(t, member.cookie, id, { items: versionA, version: edp.version }),
          saveEdp(t, admin.cookie, id, { items: versionB, version: edp.version }),
        ]);
        // both saves are inside their transactions, waiting on the row this one holds
        for (let attempt = 0; ; attempt += 1) {
          const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM pg_stat_activity
            WHERE datname = current_database() AND wait_event_type = 'Lock'`.execute(t.db);
          if (Number(rows[0]?.n) === 2) break;
          if (attempt > 400) throw new Error('las dos grabaciones no llegaron a esperar el bloqueo');
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
      });
      const [a, b] = await (saves as NonNullable<typeof saves>);
      expect([a.statusCode, b.statusCode].sort(), JSON.stringify([a.body, b.body])).toEqual([200, 409]);
      const [winner, loser] = a.statusCode === 200 ? [versionA, b] : [versionB, a];
      expect(loser.body.error).toEqual({ status: 'ABORTED', message: EDP_STALE_MESSAGE });
      expect(await loadEdp(t, member.cookie, id)).toEqual({ items: winner, version: edp.version + 1 });
    });
  }

  it('keeps a refusal message short when it would list thousands of codes', async () => {
    const { id, edp } = await createEdpProject(t, member.cookie, 'LONG');
    const roots = Array.from({ length: 2000 }, (_, index) => ({ id: index + 1, code: `R${index + 1}`, name: 'Raíz' }));
    const response = await expectRefusedAndNothingWritten(
      id,
      { items: roots, version: edp.version },
      'INVALID_ARGUMENT',
      `El EDP debe tener una sola raíz y tiene 2000: ${roots
        .map((item) => item.code)
        .join(', ')
        .slice(0, 300 - 'El EDP debe tener una sola raíz y tiene 2000: '.length - 1)}…`,
    );
    expect(response.body.error.message.length).toBe(300);
  });

  it(`refuses a cycle through all ${MAX_EDP_ITEMS} items with a short message`, async () => {
    const { id, edp } = await createEdpProject(t, member.cookie, 'RING');
    // 1 → 2 → … → 50,000 → 1: no root, one ring
    const ring = flatEdp(MAX_EDP_ITEMS, 'A').map((item, index) => ({
      ...item,
      parentId: index + 2 > MAX_EDP_ITEMS ? 1 : index + 2,
    }));
    const response = await expectRefusedAndNothingWritten(
      id,
      { items: ring, version: edp.version },
      'INVALID_ARGUMENT',
      `El EDP debe tener una raíz (un ítem sin padre); Los ítems ${ring
        .map((item) => item.code)
        .join(', ')
        .slice(0, 300 - 'Los ítems '.length - 1)}…`,
    );
    expect(response.statusCode).toBe(400);
  });

  it("answers NOT_FOUND (404) 'Proyecto no encontrado' for an unknown project and writes nothing", async () => {
    const counts = await countProjectRows(t);
    const response = await saveEdp(t, member.cookie, UNKNOWN_PROJECT, { items: flatEdp(3), version: 1 });
    expect(response.statusCode).toBe(404);
    expect(response.body.error).toEqual({ status: 'NOT_FOUND', message: 'Proyecto no encontrado' });
    expect(await countProjectRows(t)).toEqual(counts);
  });

  it('says "1 ítem" for a one-item EDP', async () => {
    const { id, edp } = await createEdpProject(t, member.cookie, 'ONE');
    const response = await saveEdp(t, member.cookie, id, { items: [edp.items[0]], version: 1 });
    expect(response.statusCode).toBe(200);
    expect(response.body.result.message).toBe('EDP grabado: 1 ítem');
  });

  it("is open to every signed-in user, not only the project's creator", async () => {
    const { id, edp } = await createEdpProject(t, member.cookie, 'OPEN');
    const response = await saveEdp(t, admin.cookie, id, edp);
    expect(response.statusCode).toBe(200);
  });

  it('leaves nothing behind when the project is deleted for good after edits (ON DELETE CASCADE)', async () => {
    const { id, code, edp } = await createEdpProject(t, member.cookie, 'DEL');
    const items = [...edp.items, { id: 10, parentId: 6, code: `${code}.2.4`, name: 'Nuevo' }];
    expect((await saveEdp(t, member.cookie, id, { items, version: 1 })).statusCode).toBe(200);
    // issue 30: 'Eliminar proyecto' keeps the EDP in the Papelera; a save from a stale tab changes nothing
    const saved = await storedEdp(t, id);
    const removed = await callFunction(t.app, 'removeProject', { id }, member.cookie);
    expect(removed.statusCode).toBe(200);
    const trashed = await storedEdp(t, id);
    expect(trashed).toEqual(saved);
    const response = await callFunction(t.app, 'loadProject', { id }, member.cookie);
    expect(response.statusCode).toBe(404);
    const stale = await saveEdp(t, member.cookie, id, { items, version: 2 });
    expect(stale.body.error).toEqual({ status: 'NOT_FOUND', message: 'Proyecto no encontrado' });
    expect(await storedEdp(t, id)).toEqual(trashed);
    expect((await callFunction(t.app, 'purgeProject', { id }, admin.cookie)).statusCode).toBe(200);
    expect(await storedEdp(t, id)).toEqual({ version: undefined, updatedAt: undefined, rows: [] });
    // a save of the purged project's EDP is NOT_FOUND, not a resurrection
    const late = await saveEdp(t, member.cookie, id, { items, version: 2 });
    expect(late.body.error).toEqual({ status: 'NOT_FOUND', message: 'Proyecto no encontrado' });
    expect(await storedEdp(t, id)).toEqual({ version: undefined, updatedAt: undefined, rows: [] });
  });

  it('moves the project updated_at on an accepted save', async () => {
    const { id, edp } = await createEdpProject(t, member.cookie, 'UPD');
    const before = await storedEdp(t, id);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await saveEdp(t, member.cookie, id, edp)).statusCode).toBe(200);
    const after = await storedEdp(t, id);
    expect(Date.parse(after.updatedAt as string)).toBeGreaterThan(Date.parse(before.updatedAt as string));
    expect(await loadProject(t, member.cookie, id)).toMatchObject({ edp: { version: 2 } });
  });
});
