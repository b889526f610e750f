import { canonicalDecimal } from '@cimiento/domain';
import type { Currency, Edc, EdcItem, EdpItem } from '@cimiento/domain';
import type { Kysely } from 'kysely';
import { chunks, codeKey } from '../db/db-helpers';
import type { Database } from '../db/schema';
import { HttpsError } from '../core/https-error';
import { withEdpAmounts } from '../edp/edp-queries';

/**
 * The EDC of one EDP item (issue 6): an `edc_list` row with the list's version and its items as
 * `edc_item` rows in list order. A save first moves the version from the one the screen loaded to
 * the next (0 = "no EDC yet", which creates the row): the conditional write both detects a stale
 * save and, in PostgreSQL, holds the list's row lock so two saves of the same list queue instead
 * of interleaving. Deleting the EDP item deletes its EDC (ON DELETE CASCADE). The Gantt tasks of
 * items a save removes go in the same transaction (gantt-purge.ts).
 */

export function projectNotFound(): HttpsError {
  return new HttpsError('NOT_FOUND', 'Proyecto no encontrado');
}

export function itemNotFound(id: number): HttpsError {
  return new HttpsError('NOT_FOUND', `El ítem ${id} no existe en el EDP del proyecto`);
}

/**
 * The EDP item `id` of the project, with its price fields and amount (issue 16) as the EDP answers
 * them; unknown project or item (ids start at 1, so 0 too) → NOT_FOUND.
 */
export async function findEdpItem(db: Kysely<Database>, projectId: string, id: number): Promise<EdpItem> {
  const row = await db
    .selectFrom('edp_item')
    .innerJoin('project', 'project._id', 'edp_item.project_id')
    .select([
      'edp_item.id',
      'edp_item.parent_id',
      'edp_item.code',
      'edp_item.name',
      'edp_item.unit',
      'edp_item.quantity',
      'edp_item.unit_price',
      'project.currency',
    ])
    .where('edp_item.project_id', '=', projectId)
    .where('edp_item.id', '=', id)
    .where('project.deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) {
    const project = await db
      .selectFrom('project')
      .select('_id')
      .where('_id', '=', projectId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    throw project ? itemNotFound(id) : projectNotFound();
  }
  // PostgreSQL returns bigint columns as strings, numeric as "12.5000"
  const item: EdpItem & { unit?: string; quantity?: string; unitPrice?: string } = {
    id: Number(row.id),
    code: row.code,
    name: row.name,
  };
  if (row.parent_id !== null) item.parentId = Number(row.parent_id);
  if (row.unit !== null) item.unit = row.unit;
  if (row.quantity !== null) item.quantity = canonicalDecimal(row.quantity);
  if (row.unit_price !== null) item.unitPrice = canonicalDecimal(row.unit_price);
  return withEdpAmounts([item], row.currency as Currency)[0] as EdpItem;
}

/** An item as the contract gives it out: the optional fields only when they hold something (blank = none). */
/** The columns of an `edc_item` row that make an EdcItem (edcItemOfRow). */
export const EDC_ITEM_COLUMNS = [
  'code',
  'name',
  'parent_code',
  'kind',
  'source_id',
  'source_code',
  'source_name',
  'priority',
  'duration',
  'quantity',
] as const;

type EdcItemRow = {
  code: string;
  name: string;
  parent_code: string;
  kind: string;
  source_id: string | null;
  source_code: string | null;
  source_name: string | null;
  priority: number | string | null;
  duration: number | string | null;
  quantity: string | null;
};

/**
 * A stored row as loadEdc gives it: a main item hangs from its EDP item, whose code the EDP editor
 * may have changed since the list was saved (`edpItemCode`; the stored parent code when unknown).
 */
export function edcItemOfRow(row: EdcItemRow, edpItemCode: string | undefined): EdcItem {
  return toEdcItem({
    code: row.code,
    name: row.name,
    parentCode: row.kind === 'main' ? (edpItemCode ?? row.parent_code) : row.parent_code,
    kind: row.kind,
    sourceId: row.source_id,
    sourceCode: row.source_code,
    sourceName: row.source_name,
    priority: row.priority,
    duration: row.duration,
    // PostgreSQL's numeric reads back as "120.0000"
    quantity: row.quantity === null ? null : canonicalDecimal(row.quantity),
  });
}

export function toEdcItem(input: {
  code: string;
  name: string;
  parentCode: string;
  kind: string;
  sourceId?: string | null;
  sourceCode?: string | null;
  sourceName?: string | null;
  priority?: number | string | null;
  duration?: number | string | null;
  quantity?: number | string | null;
}): EdcItem {
  const item: EdcItem = {
    code: input.code,
    name: input.name,
    parentCode: input.parentCode,
    kind: input.kind as EdcItem['kind'],
  };
  if (input.sourceId !== undefined && input.sourceId !== null) item.sourceId = input.sourceId;
  if (input.sourceCode) item.sourceCode = input.sourceCode;
  if (input.sourceName) item.sourceName = input.sourceName;
  // PostgreSQL may hand integers back as strings; null (unknown) stays absent
  if (input.priority !== undefined && input.priority !== null) item.priority = Number(input.priority);
  if (input.duration !== undefined && input.duration !== null) item.duration = Number(input.duration);
  // issue 35: blank is none; checked by validateEdcList (naming the row), made canonical by canonicalQuantities
  if (input.quantity !== undefined && input.quantity !== null && String(input.quantity).trim() !== '') {
    item.quantity = String(input.quantity).trim();
  }
  return item;
}

export type LoadedEdc = { edpItem: EdpItem; edc: Edc | null };

/** The `edc_item` row of an item at `position` of EDP item `edpItemId`'s list. */
export function edcItemRow(projectId: string, edpItemId: number, position: number, item: EdcItem) {
  return {
    project_id: projectId,
    edp_item_id: edpItemId,
    position,
    code: item.code,
    code_key: codeKey(item.code),
    name: item.name,
    parent_code: item.parentCode,
    kind: item.kind,
    source_id: item.sourceId ?? null,
    source_code: item.sourceCode ?? null,
    source_name: item.sourceName ?? null,
    priority: item.priority ?? null,
    duration: item.duration ?? null,
    quantity: item.quantity ?? null,
  };
}

/** issue 35: a valid list's quantities in canonical form ('120.50' → '120.5'), as stored and answered. */
export function canonicalQuantities(items: readonly EdcItem[]): EdcItem[] {
  return items.map((item) =>
    item.quantity === undefined ? item : { ...item, quantity: canonicalDecimal(item.quantity) },
  );
}

/**
 * issue 35: the catalogue's unit of work and productivity of each generated activity, set on the
 * items (read, not stored: loadEdc answers them so the grid can show the quantity an activity
 * takes from its EDP item).
 */
export async function withActivityUnits(db: Kysely<Database>, items: EdcItem[]): Promise<EdcItem[]> {
  const ids = [...new Set(items.flatMap((item) => (item.kind === 'activity' && item.sourceId ? [item.sourceId] : [])))];
  if (ids.length === 0) return items;
  const units = new Map<string, { workUnit: string | null; productivity: string | null }>();
  for (const part of chunks(ids)) {
    const rows = await db
      .selectFrom('catalogue_activity')
      .select(['_id', 'work_unit', 'productivity'])
      .where('_id', 'in', part)
      .execute();
    for (const row of rows) units.set(row._id, { workUnit: row.work_unit, productivity: row.productivity });
  }
  for (const item of items) {
    const unit = item.kind === 'activity' && item.sourceId ? units.get(item.sourceId) : undefined;
    if (unit?.workUnit) item.workUnit = unit.workUnit as EdcItem['workUnit'];
    if (unit?.productivity) item.productivity = unit.productivity;
  }
  return items;
}
