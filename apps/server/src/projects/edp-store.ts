import {
  EDP_STALE_MESSAGE,
  appendEdpChild,
  deleteEdpSubtree,
  deletedSourceMatcher,
  edpSubtreeIds,
  findEdpCodeClash,
  moveEdpItem,
  validateEdp,
} from '@cimiento/domain';
import type { EdpItem, EdpItemAction, LoadedEdp, edpItemInputSchema } from '@cimiento/domain';
import { sql } from 'kysely';
import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import { chunks } from '../catalogues/catalogue-store';
import type { Database } from '../db/schema';
import { HttpsError } from '../functions/https-error';
import { purgeGanttSources } from './gantt-purge';

/**
 * The EDP editor's saves (issue 5; domain.md "EDP editing"). Both run in one transaction that
 * first moves `project.edp_version` from the version the editor loaded to the next one: the
 * conditional UPDATE both detects a stale save (no row changes) and, in PostgreSQL, holds the
 * project's row lock so two saves of the same EDP queue instead of interleaving. The items are
 * then written as a difference (deleted, inserted, changed rows only), so an item that stays keeps
 * its row and whatever hangs from it (its EDC, issue 6). A deleted item's EDC goes by cascade and
 * its Gantt tasks in the same transaction (gantt-purge.ts).
 */

type ItemInput = z.output<typeof edpItemInputSchema>;

function toItem(input: { id: number; parentId?: number | null; code: string; name: string }): EdpItem {
  const base = { id: input.id, code: input.code.trim(), name: input.name.trim() };
  return input.parentId === undefined || input.parentId === null ? base : { ...base, parentId: input.parentId };
}

/** The EDP's items in tree order, as loadProject gives them. */
export async function readEdpItems(db: Kysely<Database>, projectId: string): Promise<EdpItem[]> {
  const rows = await db
    .selectFrom('edp_item')
    .select(['id', 'parent_id', 'code', 'name'])
    .where('project_id', '=', projectId)
    .orderBy('position')
    .execute();
  // PostgreSQL returns bigint columns as strings
  return rows.map((row) =>
    toItem({
      id: Number(row.id),
      parentId: row.parent_id === null ? null : Number(row.parent_id),
      code: row.code,
      name: row.name,
    }),
  );
}

/** Moves the version on, or says why it cannot: unknown project (NOT_FOUND) or stale (ABORTED). */
async function claimNextVersion(trx: Transaction<Database>, projectId: string, basedOn: number): Promise<number> {
  const result = await trx
    .updateTable('project')
    .set({ edp_version: basedOn + 1, updated_at: new Date().toISOString() })
    .where('_id', '=', projectId)
    .where('edp_version', '=', basedOn)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 1) return basedOn + 1;
  const exists = await trx.selectFrom('project').select('_id').where('_id', '=', projectId).executeTakeFirst();
  if (!exists) throw new HttpsError('NOT_FOUND', 'Proyecto no encontrado');
  throw new HttpsError('ABORTED', EDP_STALE_MESSAGE);
}

const MAX_MESSAGE = 300;

function refuseInvalid(items: readonly EdpItem[]): void {
  const errors = validateEdp(items, 5);
  if (errors.length === 0) return;
  // a message can list every root or every item of a cycle (50,000 codes); the editor shows a toast
  const short = errors.map((error) => (error.length > MAX_MESSAGE ? `${error.slice(0, MAX_MESSAGE - 1)}…` : error));
  throw new HttpsError('INVALID_ARGUMENT', short.join('; '));
}

/**
 * The item's own fields checked against the EDP it joins, with messages about the item rather
 * than about the whole list (whose messages would name an id the new item does not have yet).
 */
function refuseItemFields(current: readonly EdpItem[], fields: { code: string; name: string }, exceptId?: number) {
  if (fields.code === '') throw new HttpsError('INVALID_ARGUMENT', 'item.code: es obligatorio');
  if (fields.name === '') throw new HttpsError('INVALID_ARGUMENT', 'item.name: es obligatorio');
  // domain.md: "Codes are unique within a project" (case-insensitive, like saveEdp's check)
  const clash = findEdpCodeClash(current, fields.code, exceptId);
  if (clash)
    throw new HttpsError(
      'INVALID_ARGUMENT',
      `Ya existe un ítem con el código ${clash.code} en el EDP («${clash.name}»)`,
    );
}

/** Writes `next` over the stored EDP as a difference; positions follow `next`'s order. */
async function writeDifference(trx: Transaction<Database>, projectId: string, next: readonly EdpItem[]) {
  const stored = await trx
    .selectFrom('edp_item')
    .select(['id', 'parent_id', 'code', 'name', 'position'])
    .where('project_id', '=', projectId)
    .execute();
  const storedById = new Map(stored.map((row) => [Number(row.id), row]));
  const nextIds = new Set(next.map((item) => item.id));

  const removed = stored.map((row) => Number(row.id)).filter((id) => !nextIds.has(id));
  for (const part of chunks(removed)) {
    await trx.deleteFrom('edp_item').where('project_id', '=', projectId).where('id', 'in', part).execute();
  }
  // their EDC went by ON DELETE CASCADE; their Gantt tasks go now, before a new item can take the id
  if (removed.length > 0) await purgeGanttSources(trx, projectId, deletedSourceMatcher({ edpItemIds: removed }));

  type Row = { id: number; parent_id: number | null; code: string; name: string; position: number };
  const inserted: Row[] = [];
  const changed: Row[] = [];
  for (const [position, item] of next.entries()) {
    const row: Row = { id: item.id, parent_id: item.parentId ?? null, code: item.code, name: item.name, position };
    const old = storedById.get(item.id);
    if (!old) {
      inserted.push(row);
      continue;
    }
    const oldParent = old.parent_id === null ? null : Number(old.parent_id);
    if (oldParent !== row.parent_id || old.code !== row.code || old.name !== row.name || old.position !== position) {
      changed.push(row);
    }
  }
  // One statement per chunk, not per row: a save that shifts every position or re-codes every
  // item (5,000 rows) took 1.3 s on PostgreSQL as single-row UPDATEs, one round trip each. The
  // CTE with a column list and UPDATE … FROM work on both PostgreSQL and SQLite (3.33+); the
  // casts give PostgreSQL the VALUES' types (untyped parameters would be text).
  for (const part of chunks(changed)) {
    const values = sql.join(
      part.map(
        (row) =>
          sql`(CAST(${row.id} AS bigint), CAST(${row.parent_id} AS bigint), CAST(${row.code} AS text), CAST(${row.name} AS text), CAST(${row.position} AS integer))`,
      ),
    );
    await sql`WITH next_item (id, parent_id, code, name, position) AS (VALUES ${values})
      UPDATE edp_item SET parent_id = next_item.parent_id, code = next_item.code, name = next_item.name,
        position = next_item.position
      FROM next_item
      WHERE edp_item.project_id = ${projectId} AND edp_item.id = next_item.id`.execute(trx);
  }
  for (const part of chunks(inserted)) {
    await trx
      .insertInto('edp_item')
      .values(part.map((row) => ({ project_id: projectId, ...row })))
      .execute();
  }
}

/** saveEdp: replaces the whole EDP after checking it (issue 5's rules); refused saves write nothing. */
export async function saveEdp(
  db: Kysely<Database>,
  projectId: string,
  edp: { items: readonly ItemInput[]; version: number },
): Promise<LoadedEdp> {
  const items = edp.items.map(toItem);
  refuseInvalid(items);
  return db.transaction().execute(async (trx) => {
    const version = await claimNextVersion(trx, projectId, edp.version);
    await writeDifference(trx, projectId, items);
    return { items: await readEdpItems(trx, projectId), version };
  });
}

/**
 * updateItemEdp: one item's change, checked against the whole EDP as it will be. add: a new id
 * (highest + 1) under `parentId`, or the root; update: code, name and parent; delete: the subtree.
 */
export async function updateEdpItem(
  db: Kysely<Database>,
  projectId: string,
  change: { item: Omit<ItemInput, 'id'> & { id?: number }; action: EdpItemAction; version: number },
): Promise<{ edp: LoadedEdp; affected: EdpItem[] }> {
  return db.transaction().execute(async (trx) => {
    const version = await claimNextVersion(trx, projectId, change.version);
    const current = await readEdpItems(trx, projectId);
    const { item, action } = change;
    let next: EdpItem[];
    let affected: EdpItem[];

    if (action === 'add') {
      const parentId = item.parentId ?? current.find((candidate) => candidate.parentId === undefined)?.id;
      if (parentId === undefined) throw new HttpsError('FAILED_PRECONDITION', 'El EDP no tiene raíz');
      const fields = { code: item.code.trim(), name: item.name.trim() };
      refuseItemFields(current, fields);
      // highest + 1 must stay an id saveEdp's contract accepts (and a double holds exactly)
      const highest = current.reduce((max, candidate) => Math.max(max, candidate.id), 0);
      if (highest >= Number.MAX_SAFE_INTEGER) {
        throw new HttpsError(
          'FAILED_PRECONDITION',
          `El EDP ya usa el id más alto posible (${highest}); graba el EDP completo con ids menores para agregar ítems`,
        );
      }
      const added = appendEdpChild(current, parentId, fields);
      if (!added.ok) throw new HttpsError('INVALID_ARGUMENT', added.error);
      next = added.items;
      // appendEdpChild gives the new item highest + 1; found by id (comparing the lists was quadratic:
      // 3.5 s of blocked event loop at 50,000 items)
      affected = [next.find((candidate) => candidate.id === highest + 1) as EdpItem];
    } else {
      if (item.id === undefined) throw new HttpsError('INVALID_ARGUMENT', 'item.id: es obligatorio');
      const id = item.id;
      const existing = current.find((candidate) => candidate.id === id);
      if (!existing) throw new HttpsError('NOT_FOUND', `El ítem ${id} no existe en el EDP`);
      if (action === 'delete') {
        const removed = deleteEdpSubtree(current, id);
        if (!removed.ok) throw new HttpsError('INVALID_ARGUMENT', removed.error);
        const gone = new Set(edpSubtreeIds(current, id));
        affected = current.filter((candidate) => gone.has(candidate.id));
        next = removed.items;
      } else {
        refuseItemFields(current, { code: item.code.trim(), name: item.name.trim() }, id);
        next = current;
        const parentId = item.parentId ?? undefined;
        if (parentId !== undefined && parentId !== existing.parentId) {
          const moved = moveEdpItem(current, id, parentId);
          if (!moved.ok) throw new HttpsError('INVALID_ARGUMENT', moved.error);
          next = moved.items;
        }
        const updated: EdpItem = {
          ...(next.find((candidate) => candidate.id === id) as EdpItem),
          code: item.code.trim(),
          name: item.name.trim(),
        };
        next = next.map((candidate) => (candidate.id === id ? updated : candidate));
        affected = [updated];
      }
    }
    refuseInvalid(next);
    await writeDifference(trx, projectId, next);
    return { edp: { items: await readEdpItems(trx, projectId), version }, affected };
  });
}
