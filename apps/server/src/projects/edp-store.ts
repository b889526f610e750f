import {
  EDP_STALE_MESSAGE,
  appendEdpChild,
  deleteEdpSubtree,
  edpSubtreeIds,
  moveEdpItem,
  validateEdp,
} from '@cimiento/domain';
import type { EdpItem, EdpItemAction, LoadedEdp, edpItemInputSchema } from '@cimiento/domain';
import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import { chunks } from '../catalogues/catalogue-store';
import type { Database } from '../db/schema';
import { HttpsError } from '../functions/https-error';

/**
 * The EDP editor's saves (issue 5; domain.md "EDP editing"). Both run in one transaction that
 * first moves `project.edp_version` from the version the editor loaded to the next one: the
 * conditional UPDATE both detects a stale save (no row changes) and, in PostgreSQL, holds the
 * project's row lock so two saves of the same EDP queue instead of interleaving. The items are
 * then written as a difference (deleted, inserted, changed rows only), so an item that stays keeps
 * its row and whatever hangs from it (its EDC, issue 6).
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

function refuseInvalid(items: readonly EdpItem[]): void {
  const errors = validateEdp(items, 5);
  if (errors.length > 0) throw new HttpsError('INVALID_ARGUMENT', errors.join('; '));
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

  const inserted: Array<{ id: number; parent_id: number | null; code: string; name: string; position: number }> = [];
  for (const [position, item] of next.entries()) {
    const parentId = item.parentId ?? null;
    const row = storedById.get(item.id);
    if (!row) {
      inserted.push({ id: item.id, parent_id: parentId, code: item.code, name: item.name, position });
      continue;
    }
    const storedParent = row.parent_id === null ? null : Number(row.parent_id);
    if (storedParent === parentId && row.code === item.code && row.name === item.name && row.position === position) {
      continue;
    }
    await trx
      .updateTable('edp_item')
      .set({ parent_id: parentId, code: item.code, name: item.name, position })
      .where('project_id', '=', projectId)
      .where('id', '=', item.id)
      .execute();
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
      const added = appendEdpChild(current, parentId, { code: item.code.trim(), name: item.name.trim() });
      if (!added.ok) throw new HttpsError('INVALID_ARGUMENT', added.error);
      next = added.items;
      affected = [next.find((candidate) => !current.some((old) => old.id === candidate.id)) as EdpItem];
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
