import { edcChange } from '@cimiento/domain/history';
import { MAX_EDC_ITEMS, deletedSourceMatcher, formatNumber } from '@cimiento/domain';
import type { CatalogueSystem, Component, EdcItem, EdcSkipped, EdpItem } from '@cimiento/domain';
import type { Kysely, Transaction } from 'kysely';
import { loadComponents, loadSystems } from '../catalogues/catalogue-queries';
import { chunks, isForeignKeyViolation } from '../db/db-helpers';
import { recordChange } from '../collab/history-queries';
import type { ChangeAuthor } from '../collab/history-queries';
import type { Database } from '../db/schema';
import { HttpsError } from '../core/https-error';
import { EDC_ITEM_COLUMNS, edcItemOfRow, edcItemRow, itemNotFound, projectNotFound } from './edc-queries';
import { lockGantt, purgeGanttSources } from '../edp/gantt-purge';

/**
 * The EDC of many EDP items at once (issue 13): assignEdc, copyEdc and unassignEdc. Each call is
 * one transaction that reads every item's list in chunks, decides what each item gets (the domain's
 * generateEdc / copyEdcItems, or the main item to remove), refuses the whole call before its first
 * write when one item cannot take it (unknown, stale, too long), and then writes in chunks: the
 * versions of the changed lists move on in one statement per chunk (a version that moved since it
 * was read refuses the call, as saveEdc's claim does), new rows are appended after each list's
 * last position, and a removal rewrites the lists it touches and purges their Gantt tasks
 * (gantt-purge.ts) exactly as saveEdc does. A constant number of statements per 500 items.
 */

export type BulkVersion = { id: number; version: number };
export type BulkEdcItem = { id: number; componentesEdc: EdcItem[]; version: number };
export type BulkEdcResult = { items: BulkEdcItem[]; skipped: EdcSkipped[]; unchanged: number };

/** One EDP item of the call as the database holds it now. */
export type Current = { edpItem: EdpItem; version: number; list: EdcItem[]; lastPosition: number };

/** What one item gets: items appended, or (removal) the codes that go; and why parts were left out. */
export type Plan = { append?: EdcItem[]; remove?: Set<string>; skipped: string[] };

function staleMessage(code: string): string {
  return `El EDC del ítem ${code} fue modificado por otra persona; recarga para ver los cambios`;
}

/** Item ids given twice are refused, naming the first. */
function refuseRepeated(ids: readonly number[], what = 'ítem'): void {
  const seen = new Set<number>();
  for (const id of ids) {
    if (seen.has(id)) throw new HttpsError('INVALID_ARGUMENT', `El ${what} ${id} está repetido en la selección`);
    seen.add(id);
  }
}

async function checkProject(db: Kysely<Database>, projectId: string): Promise<void> {
  const project = await db
    .selectFrom('project')
    .select('_id')
    .where('_id', '=', projectId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!project) throw projectNotFound();
}

/** The items' EDP rows, list versions and EDC rows, three queries per 500 ids; an unknown id → NOT_FOUND. */
export async function readCurrent(
  trx: Transaction<Database>,
  projectId: string,
  ids: readonly number[],
): Promise<Map<number, Current>> {
  const current = new Map<number, Current>();
  for (const part of chunks(ids)) {
    const edpRows = await trx
      .selectFrom('edp_item')
      .select(['id', 'parent_id', 'code', 'name'])
      .where('project_id', '=', projectId)
      .where('id', 'in', part)
      .execute();
    for (const row of edpRows) {
      // PostgreSQL returns bigint columns as strings
      const edpItem: EdpItem = { id: Number(row.id), code: row.code, name: row.name };
      if (row.parent_id !== null) edpItem.parentId = Number(row.parent_id);
      current.set(edpItem.id, { edpItem, version: 0, list: [], lastPosition: -1 });
    }
    const missing = part.find((id) => !current.has(id));
    if (missing !== undefined) throw itemNotFound(missing);

    const lists = await trx
      .selectFrom('edc_list')
      .select(['edp_item_id', 'version'])
      .where('project_id', '=', projectId)
      .where('edp_item_id', 'in', part)
      .execute();
    for (const list of lists) current.get(Number(list.edp_item_id))!.version = Number(list.version);

    const rows = await trx
      .selectFrom('edc_item')
      .select(['edp_item_id', 'position', ...EDC_ITEM_COLUMNS])
      .where('project_id', '=', projectId)
      .where('edp_item_id', 'in', part)
      .orderBy('edp_item_id')
      .orderBy('position')
      .execute();
    for (const row of rows) {
      const item = current.get(Number(row.edp_item_id))!;
      item.list.push(edcItemOfRow(row, item.edpItem.code));
      item.lastPosition = Math.max(item.lastPosition, Number(row.position));
    }
  }
  return current;
}

/** The versions the screen based the call on: one that differs from the stored one refuses the call, naming the item. */
function checkVersions(current: Map<number, Current>, versions: readonly BulkVersion[] | undefined): void {
  for (const { id, version } of versions ?? []) {
    const item = current.get(id);
    if (item && item.version !== version) throw new HttpsError('ABORTED', staleMessage(item.edpItem.code));
  }
}

/**
 * Moves the changed lists' versions on (creating the lists that had none) in one statement per
 * chunk. A list whose version is no longer the one read (another save committed meanwhile), or that
 * another call created meanwhile, refuses the call (ABORTED, naming the item).
 */
async function claimVersions(trx: Transaction<Database>, projectId: string, changed: readonly Current[]) {
  const now = new Date().toISOString();
  const existing = changed.filter((item) => item.version > 0);
  const created = changed.filter((item) => item.version === 0);
  const byId = new Map(changed.map((item) => [item.edpItem.id, item]));
  for (const part of chunks(existing)) {
    const rows = await trx
      .updateTable('edc_list')
      .set((eb) => ({ version: eb('version', '+', 1), updated_at: now }))
      .where('project_id', '=', projectId)
      .where(
        'edp_item_id',
        'in',
        part.map((item) => item.edpItem.id),
      )
      .returning(['edp_item_id', 'version'])
      .execute();
    const claimed = new Map(rows.map((row) => [Number(row.edp_item_id), Number(row.version)]));
    for (const item of part) {
      // gone: the EDP item was deleted meanwhile
      if (!claimed.has(item.edpItem.id)) throw itemNotFound(item.edpItem.id);
      if (claimed.get(item.edpItem.id) !== item.version + 1)
        throw new HttpsError('ABORTED', staleMessage(item.edpItem.code));
    }
  }
  for (const part of chunks(created)) {
    const rows = await trx
      .insertInto('edc_list')
      .values(
        part.map((item) => ({ project_id: projectId, edp_item_id: item.edpItem.id, version: 1, updated_at: now })),
      )
      .onConflict((conflict) => conflict.columns(['project_id', 'edp_item_id']).doNothing())
      .returning('edp_item_id')
      .execute();
    const inserted = new Set(rows.map((row) => Number(row.edp_item_id)));
    const lost = part.find((item) => !inserted.has(item.edpItem.id));
    if (lost) throw new HttpsError('ABORTED', staleMessage(byId.get(lost.edpItem.id)!.edpItem.code));
  }
}

/**
 * Runs the plan of every item in one transaction: reads, refuses before writing, then writes.
 * `prepare` reads what the plans need (the catalogue records, the copy's source) inside the same
 * transaction and may refuse the call.
 */
export async function runBulk(
  db: Kysely<Database>,
  projectId: string,
  options: {
    itemIds: readonly number[];
    versions: readonly BulkVersion[] | undefined;
    /** ids read with the items (the copy's source), whose versions are checked too */
    alsoRead?: readonly number[];
    prepare: (trx: Transaction<Database>, current: Map<number, Current>) => Promise<(item: Current) => Plan>;
    /** issue 19: who saved, for the project's history */
    author: ChangeAuthor;
  },
): Promise<BulkEdcResult> {
  refuseRepeated(options.itemIds);
  try {
    return await db.transaction().execute(async (trx) => {
      await checkProject(trx, projectId);
      const current = await readCurrent(trx, projectId, [...(options.alsoRead ?? []), ...options.itemIds]);
      checkVersions(current, options.versions);
      const planFor = await options.prepare(trx, current);

      const skipped: EdcSkipped[] = [];
      const changes: { item: Current; after: EdcItem[]; append?: EdcItem[]; dropped?: EdcItem[] }[] = [];
      for (const id of options.itemIds) {
        const item = current.get(id)!;
        const plan = planFor(item);
        for (const reason of plan.skipped) skipped.push({ id, code: item.edpItem.code, reason });
        if (plan.append && plan.append.length > 0) {
          changes.push({ item, after: [...item.list, ...plan.append], append: plan.append });
        } else if (plan.remove && plan.remove.size > 0) {
          const remove = plan.remove;
          const dropped = item.list.filter((entry) => remove.has(entry.code.toLowerCase()));
          const after = item.list.filter((entry) => !remove.has(entry.code.toLowerCase()));
          if (dropped.length > 0) changes.push({ item, after, dropped });
        }
      }
      const tooLong = changes.find((change) => change.after.length > MAX_EDC_ITEMS);
      if (tooLong) {
        throw new HttpsError(
          'INVALID_ARGUMENT',
          `El EDC del ítem ${tooLong.item.edpItem.code} tendría ${formatNumber(tooLong.after.length)} ítems; ` +
            `el máximo es ${formatNumber(MAX_EDC_ITEMS)}`,
        );
      }
      if (changes.length === 0) return { items: [], skipped, unchanged: options.itemIds.length };

      const removals = changes.filter((change) => change.dropped);
      // the project's row before the lists' rows, in the order saveEdp and saveEdc take them
      if (removals.length > 0) await lockGantt(trx, projectId);
      await claimVersions(
        trx,
        projectId,
        changes.map((change) => change.item),
      );

      // appends: after each list's last position
      const appended = changes.flatMap((change) =>
        (change.append ?? []).map((entry, index) =>
          edcItemRow(projectId, change.item.edpItem.id, change.item.lastPosition + 1 + index, entry),
        ),
      );
      // removals: the lists are written again, closed up (positions 0…n-1, as saveEdc writes them)
      for (const part of chunks(removals)) {
        await trx
          .deleteFrom('edc_item')
          .where('project_id', '=', projectId)
          .where(
            'edp_item_id',
            'in',
            part.map((change) => change.item.edpItem.id),
          )
          .execute();
      }
      if (removals.length > 0) {
        const edcItems = removals.flatMap((change) =>
          change.dropped!.map((entry) => ({ edpItemId: change.item.edpItem.id, code: entry.code })),
        );
        await purgeGanttSources(trx, projectId, deletedSourceMatcher({ edcItems }));
      }
      const rewritten = removals.flatMap((change) =>
        change.after.map((entry, position) => edcItemRow(projectId, change.item.edpItem.id, position, entry)),
      );
      for (const part of chunks([...appended, ...rewritten])) {
        await trx.insertInto('edc_item').values(part).execute();
      }
      const history = edcChange(
        changes.map((change) => ({ edpItem: change.item.edpItem, before: change.item.list, after: change.after })),
        bulkPrefixes[options.author.functionName] ?? 'EDC',
      );
      await recordChange(trx, projectId, options.author, 'edc', history);
      return {
        items: changes.map((change) => ({
          id: change.item.edpItem.id,
          componentesEdc: change.after,
          version: change.item.version + 1,
        })),
        skipped,
        unchanged: options.itemIds.length - changes.length,
      };
    });
  } catch (error) {
    // an EDP item deleted between reading it and creating its list
    if (isForeignKeyViolation(error)) {
      throw new HttpsError('ABORTED', 'Un ítem del EDP fue eliminado mientras tanto; recarga e intenta de nuevo');
    }
    // PostgreSQL: two calls waiting on each other's lists; one gives way
    if (isConcurrencyFailure(error)) {
      throw new HttpsError('ABORTED', 'Otra persona estaba modificando los mismos ítems; intenta de nuevo');
    }
    throw error;
  }
}

/** How the history names each bulk save (issue 19). */
const bulkPrefixes: Partial<Record<string, string>> = {
  assignEdc: 'EDC (asignar componente)',
  copyEdc: 'EDC (copiar EDC)',
  unassignEdc: 'EDC (quitar componente)',
};

function isConcurrencyFailure(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
  return code === '40P01' || code === '40001';
}

/** The main component (with its subcomponents and their activities) and the system, or NOT_FOUND naming the id. */
export async function loadComponentAndSystem(
  trx: Transaction<Database>,
  componentId: string,
  systemId: string,
): Promise<{ component: Component; system: CatalogueSystem }> {
  const [component] = await loadComponents(trx, componentId);
  if (!component) throw new HttpsError('NOT_FOUND', `El componente ${componentId} no existe en el catálogo`);
  const [system] = await loadSystems(trx, systemId);
  if (!system) throw new HttpsError('NOT_FOUND', `El sistema ${systemId} no existe en el catálogo`);
  return { component, system };
}
