import { edpChange } from '@cimiento/domain/history';
import type { EdpHistoryItem } from '@cimiento/domain/history';
import {
  EDP_STALE_MESSAGE,
  appendEdpChild,
  canonicalDecimal,
  edpItemAmount,
  deleteEdpSubtree,
  deletedSourceMatcher,
  edpSubtreeIds,
  findEdpCodeClash,
  moveEdpItem,
  validateEdp,
} from '@cimiento/domain';
import type {
  Currency,
  EdpItem,
  EdpItemAction,
  ItemAmount,
  LoadedEdp,
  PricedEdpItem,
  edpItemInputSchema,
} from '@cimiento/domain';
import { PostgresAdapter, sql } from 'kysely';
import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import { chunks } from '../db/db-helpers';
import { recordChange } from '../collab/history-queries';
import type { ChangeAuthor } from '../collab/history-queries';
import type { Database } from '../db/schema';
import { HttpsError } from '../core/https-error';
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

export type ItemInput = z.output<typeof edpItemInputSchema>;

/**
 * An item's price fields as a save gives them (issue 16): absent keeps what is stored, null (or a
 * blank unit) clears it. An item new to the EDP starts with none, so absent leaves it unpriced.
 */
type PricePatch = { unit?: string | null; quantity?: string | null; unitPrice?: string | null };

/** An item to write: its tree fields and the price fields the save sets or clears. */
type NextItem = EdpItem & PricePatch;

export function toItem(input: {
  id: number;
  parentId?: number | null;
  code: string;
  name: string;
  unit?: string | null;
  quantity?: string | null;
  unitPrice?: string | null;
}): NextItem {
  const base: NextItem = { id: input.id, code: input.code.trim(), name: input.name.trim() };
  if (input.parentId !== undefined && input.parentId !== null) base.parentId = input.parentId;
  if (input.unit !== undefined) base.unit = input.unit === null || input.unit.trim() === '' ? null : input.unit.trim();
  if (input.quantity !== undefined) base.quantity = input.quantity;
  if (input.unitPrice !== undefined) base.unitPrice = input.unitPrice;
  return base;
}

/** PostgreSQL answers numeric as "12.5000", SQLite as the text stored: both canonical ("12.5"). */
function storedDecimal(value: string | number | null): string | undefined {
  return value === null ? undefined : canonicalDecimal(value);
}

/** The EDP's items in tree order with their price fields (absent: not set), as loadProject gives them. */
export async function readEdpItems(db: Kysely<Database>, projectId: string): Promise<PricedEdpItem[]> {
  const rows = await db
    .selectFrom('edp_item')
    .select(['id', 'parent_id', 'code', 'name', 'unit', 'quantity', 'unit_price'])
    .where('project_id', '=', projectId)
    .orderBy('position')
    .execute();
  // PostgreSQL returns bigint columns as strings
  return rows.map((row) => {
    const item: PricedEdpItem = { id: Number(row.id), code: row.code, name: row.name };
    if (row.parent_id !== null) item.parentId = Number(row.parent_id);
    if (row.unit !== null) item.unit = row.unit;
    const quantity = storedDecimal(row.quantity);
    const unitPrice = storedDecimal(row.unit_price);
    if (quantity !== undefined) item.quantity = quantity;
    if (unitPrice !== undefined) item.unitPrice = unitPrice;
    return item;
  });
}

/**
 * Every priced item's amount (edpItemAmount, in the project's currency), and that currency: what
 * a progress figure is weighted by (issue 33, 'ponderado por monto'). Reads only the priced rows.
 */
export async function readItemAmounts(
  db: Kysely<Database>,
  projectId: string,
): Promise<{ currency: Currency; items: ItemAmount[] }> {
  const currency = await readCurrency(db, projectId);
  const rows = await db
    .selectFrom('edp_item')
    .select(['id', 'quantity', 'unit_price'])
    .where('project_id', '=', projectId)
    .where('quantity', 'is not', null)
    .where('unit_price', 'is not', null)
    .orderBy('position')
    .execute();
  const items: ItemAmount[] = [];
  for (const row of rows) {
    const quantity = storedDecimal(row.quantity);
    const unitPrice = storedDecimal(row.unit_price);
    const amount = edpItemAmount({ quantity, unitPrice }, currency);
    if (amount !== undefined) items.push({ edpItemId: Number(row.id), amount });
  }
  return { currency, items };
}

/** The items as the functions answer them: each priced one with its `amount` in `currency`. */
export function withEdpAmounts(items: readonly PricedEdpItem[], currency: Currency): LoadedEdp['items'] {
  return items.map((item) => {
    const amount = edpItemAmount(item, currency);
    return amount === undefined ? item : { ...item, amount };
  });
}

/** The project's currency (the EDP's amounts are in it). */
async function readCurrency(db: Kysely<Database>, projectId: string): Promise<Currency> {
  const row = await db
    .selectFrom('project')
    .select('currency')
    .where('_id', '=', projectId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw new HttpsError('NOT_FOUND', 'Proyecto no encontrado');
  return row.currency as Currency;
}

/** The stored EDP as a save answers it: its items with their amounts, and the version. */
export async function answerEdp(trx: Transaction<Database>, projectId: string, version: number): Promise<LoadedEdp> {
  const currency = await readCurrency(trx, projectId);
  return { items: withEdpAmounts(await readEdpItems(trx, projectId), currency), version };
}

/** Moves the version on, or says why it cannot: unknown project (NOT_FOUND) or stale (ABORTED). */
export async function claimNextVersion(
  trx: Transaction<Database>,
  projectId: string,
  basedOn: number,
): Promise<number> {
  const result = await trx
    .updateTable('project')
    .set({ edp_version: basedOn + 1, updated_at: new Date().toISOString() })
    .where('_id', '=', projectId)
    .where('edp_version', '=', basedOn)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 1) return basedOn + 1;
  const exists = await trx
    .selectFrom('project')
    .select('_id')
    .where('_id', '=', projectId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!exists) throw new HttpsError('NOT_FOUND', 'Proyecto no encontrado');
  throw new HttpsError('ABORTED', EDP_STALE_MESSAGE);
}

const MAX_MESSAGE = 300;

export function refuseInvalid(items: readonly EdpItem[]): void {
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

/**
 * Writes `next` over the stored EDP as a difference; positions follow `next`'s order. An item's
 * price fields absent from `next` keep their stored values (none for a new item). Answers the
 * items as they were read and as they were written, for the history (issue 19).
 */
export async function writeDifference(
  trx: Transaction<Database>,
  projectId: string,
  next: readonly NextItem[],
): Promise<{ before: EdpHistoryItem[]; after: EdpHistoryItem[] }> {
  const stored = await trx
    .selectFrom('edp_item')
    .select(['id', 'parent_id', 'code', 'name', 'position', 'unit', 'quantity', 'unit_price'])
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

  type Row = {
    id: number;
    parent_id: number | null;
    code: string;
    name: string;
    position: number;
    unit: string | null;
    quantity: string | null;
    unit_price: string | null;
  };
  const inserted: Row[] = [];
  const changed: Row[] = [];
  const after: EdpHistoryItem[] = [];
  for (const [position, item] of next.entries()) {
    const old = storedById.get(item.id);
    const oldQuantity = old ? (storedDecimal(old.quantity) ?? null) : null;
    const oldUnitPrice = old ? (storedDecimal(old.unit_price) ?? null) : null;
    const row: Row = {
      id: item.id,
      parent_id: item.parentId ?? null,
      code: item.code,
      name: item.name,
      position,
      unit: item.unit === undefined ? (old?.unit ?? null) : item.unit,
      quantity: item.quantity === undefined ? oldQuantity : item.quantity,
      unit_price: item.unitPrice === undefined ? oldUnitPrice : item.unitPrice,
    };
    after.push(historyItem(row));
    if (!old) {
      inserted.push(row);
      continue;
    }
    const oldParent = old.parent_id === null ? null : Number(old.parent_id);
    if (
      oldParent !== row.parent_id ||
      old.code !== row.code ||
      old.name !== row.name ||
      old.position !== position ||
      old.unit !== row.unit ||
      oldQuantity !== row.quantity ||
      oldUnitPrice !== row.unit_price
    ) {
      changed.push(row);
    }
  }
  // One statement per chunk, not per row: a save that shifts every position or re-codes every
  // item (5,000 rows) took 1.3 s on PostgreSQL as single-row UPDATEs, one round trip each. The
  // CTE with a column list and UPDATE … FROM work on both PostgreSQL and SQLite (3.33+); the
  // casts give PostgreSQL the VALUES' types (untyped parameters would be text). The prices go as
  // text cast to the column's type (numeric on PostgreSQL; text on SQLite, where the cast keeps it).
  const decimalType = sql.raw(trx.getExecutor().adapter instanceof PostgresAdapter ? 'numeric(22, 4)' : 'text');
  for (const part of chunks(changed)) {
    const values = sql.join(
      part.map(
        (row) =>
          sql`(CAST(${row.id} AS bigint), CAST(${row.parent_id} AS bigint), CAST(${row.code} AS text), CAST(${row.name} AS text), CAST(${row.position} AS integer), CAST(${row.unit} AS text), CAST(${row.quantity} AS ${decimalType}), CAST(${row.unit_price} AS ${decimalType}))`,
      ),
    );
    await sql`WITH next_item (id, parent_id, code, name, position, unit, quantity, unit_price) AS (VALUES ${values})
      UPDATE edp_item SET parent_id = next_item.parent_id, code = next_item.code, name = next_item.name,
        position = next_item.position, unit = next_item.unit, quantity = next_item.quantity,
        unit_price = next_item.unit_price
      FROM next_item
      WHERE edp_item.project_id = ${projectId} AND edp_item.id = next_item.id`.execute(trx);
  }
  for (const part of chunks(inserted)) {
    await trx
      .insertInto('edp_item')
      .values(part.map((row) => ({ project_id: projectId, ...row })))
      .execute();
  }
  const before = stored.map((row) =>
    historyItem({
      id: Number(row.id),
      code: row.code,
      name: row.name,
      parent_id: row.parent_id === null ? null : Number(row.parent_id),
      unit: row.unit,
      quantity: storedDecimal(row.quantity) ?? null,
      unit_price: storedDecimal(row.unit_price) ?? null,
    }),
  );
  return { before, after };
}

/** An item as the history compares it (prices canonical, none as null). */
function historyItem(row: {
  id: number;
  code: string;
  name: string;
  parent_id: number | null;
  unit: string | null;
  quantity: string | null;
  unit_price: string | null;
}): EdpHistoryItem {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    parentId: row.parent_id,
    unit: row.unit,
    quantity: row.quantity === null ? null : canonicalDecimal(row.quantity),
    unitPrice: row.unit_price === null ? null : canonicalDecimal(row.unit_price),
  };
}

/** The history entry of an EDP save (issue 19), in its transaction. */
export async function recordEdpChange(
  trx: Transaction<Database>,
  projectId: string,
  author: ChangeAuthor,
  written: { before: readonly EdpHistoryItem[]; after: readonly EdpHistoryItem[] },
): Promise<void> {
  const prefix = author.functionName === 'importEdp' ? 'EDP importado desde Excel' : 'EDP';
  await recordChange(trx, projectId, author, 'edp', edpChange(written.before, written.after, prefix));
}

/**
 * updateItemEdp: one item's change, checked against the whole EDP as it will be. add: a new id
 * (highest + 1) under `parentId`, or the root; update: code, name and parent; delete: the subtree.
 */
export async function updateEdpItem(
  db: Kysely<Database>,
  projectId: string,
  change: { item: Omit<ItemInput, 'id'> & { id?: number }; action: EdpItemAction; version: number },
  author: ChangeAuthor,
): Promise<{ edp: LoadedEdp; affected: EdpItem[] }> {
  return db.transaction().execute(async (trx) => {
    const version = await claimNextVersion(trx, projectId, change.version);
    const current = await readEdpItems(trx, projectId);
    const { item, action } = change;
    // the item's price fields as sent (absent: as stored; null: cleared)
    const { unit, quantity, unitPrice } = toItem({ ...item, id: item.id ?? 0 });
    const prices: PricePatch = {
      ...(unit === undefined ? {} : { unit }),
      ...(quantity === undefined ? {} : { quantity }),
      ...(unitPrice === undefined ? {} : { unitPrice }),
    };
    let next: NextItem[];
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
      // appendEdpChild gives the new item highest + 1; found by id (comparing the lists was quadratic:
      // 3.5 s of blocked event loop at 50,000 items)
      next = added.items.map((candidate) => (candidate.id === highest + 1 ? { ...candidate, ...prices } : candidate));
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
        const updated: NextItem = {
          ...(next.find((candidate) => candidate.id === id) as NextItem),
          code: item.code.trim(),
          name: item.name.trim(),
          ...prices,
        };
        next = next.map((candidate) => (candidate.id === id ? updated : candidate));
        affected = [updated];
      }
    }
    refuseInvalid(next);
    await recordEdpChange(trx, projectId, author, await writeDifference(trx, projectId, next));
    return { edp: await answerEdp(trx, projectId, version), affected };
  });
}
