import { edcMainCode, edcSourceKey, unassignEdcContract } from '@cimiento/domain';
import { defineHandler } from '../core/define-handler';
import { bulkEdcMessage } from './bulk-edc-message';
import type { CatalogueSystem, Component, EdcItem } from '@cimiento/domain';
import type { Kysely, Transaction } from 'kysely';
import type { ChangeAuthor } from '../collab/history-queries';
import type { Database } from '../db/schema';
import type { BulkVersion, BulkEdcResult, Current, Plan } from './edc-bulk-queries';
import { runBulk, loadComponentAndSystem, readCurrent } from './edc-bulk-queries';

export type UnassignInput = { itemIds: readonly number[]; componentId: string; systemId: string };

/** What 'Quitar' takes from one item: the main row dropping the component on the system made, with everything under it. */
function unassignPlan(component: Component, system: CatalogueSystem): (item: Current) => Plan {
  return (item) => {
    const mainCode = edcMainCode(component, item.edpItem.code, system.code);
    const main = item.list.find(
      (entry) => entry.kind === 'main' && entry.code.toLowerCase() === mainCode.toLowerCase(),
    );
    if (!main) return { skipped: [`no tiene el componente ${mainCode}`] };
    return { remove: subtreeCodes(item.list, main.code), skipped: [] };
  };
}

/**
 * Issue 33: the Gantt tasks (by source key) an unassignEdc of `input` would delete with the rows it
 * removes, for the question before it ('Ten en cuenta: …'), read in the caller's transaction.
 */
export async function unassignedTaskKeys(
  trx: Transaction<Database>,
  projectId: string,
  input: UnassignInput,
): Promise<string[]> {
  const { component, system } = await loadComponentAndSystem(trx, input.componentId, input.systemId);
  const plan = unassignPlan(component, system);
  const keys: string[] = [];
  for (const item of (await readCurrent(trx, projectId, input.itemIds)).values()) {
    for (const code of plan(item).remove ?? []) keys.push(edcSourceKey(item.edpItem.id, code));
  }
  return keys;
}

/**
 * unassignEdc: removes from every item the main item that dropping the component on the system
 * made there (edcMainCode, case-insensitive) with everything under it; items without it are skipped.
 */
export async function unassignEdc(
  db: Kysely<Database>,
  projectId: string,
  input: UnassignInput & { versions?: readonly BulkVersion[] },
  author: ChangeAuthor,
): Promise<BulkEdcResult> {
  return runBulk(db, projectId, {
    author,
    itemIds: input.itemIds,
    versions: input.versions,
    prepare: async (trx) => {
      const { component, system } = await loadComponentAndSystem(trx, input.componentId, input.systemId);
      return unassignPlan(component, system);
    },
  });
}

/** The lower-cased codes of `rootCode` and everything under it in one list. */
function subtreeCodes(list: readonly EdcItem[], rootCode: string): Set<string> {
  const children = new Map<string, string[]>();
  for (const entry of list) {
    const key = entry.parentCode.toLowerCase();
    const siblings = children.get(key);
    if (siblings) siblings.push(entry.code.toLowerCase());
    else children.set(key, [entry.code.toLowerCase()]);
  }
  const codes = new Set<string>();
  const stack = [rootCode.toLowerCase()];
  while (stack.length > 0) {
    const code = stack.pop()!;
    if (codes.has(code)) continue;
    codes.add(code);
    stack.push(...(children.get(code) ?? []));
  }
  return codes;
}

/** 'Quitar de los seleccionados': removes a main component (and its Gantt tasks) from many EDP items at once. */
export const handleUnassignEdc = defineHandler(unassignEdcContract, async ({ id, ...input }, { db, caller }) => {
  const { items, skipped } = await unassignEdc(db, id, input, { caller, functionName: 'unassignEdc' });
  return { items, skipped, message: bulkEdcMessage('Componente quitado de', items.length, skipped.length, 'omitido') };
});
