import { assignEdcContract, edcMainCode, generateEdc } from '@cimiento/domain';
import { defineHandler } from '../core/define-handler';
import { bulkEdcMessage } from './bulk-edc-message';
import type { Kysely } from 'kysely';
import type { ChangeAuthor } from '../collab/history-queries';
import type { Database } from '../db/schema';
import type { BulkVersion, BulkEdcResult } from './edc-bulk-queries';
import { runBulk, loadComponentAndSystem } from './edc-bulk-queries';

/**
 * assignEdc: drops the component on the system for every item (generateEdc against each item's
 * own list); an item that already has the main code is skipped, naming it.
 */
export async function assignEdc(
  db: Kysely<Database>,
  projectId: string,
  input: { itemIds: readonly number[]; componentId: string; systemId: string; versions?: readonly BulkVersion[] },
  author: ChangeAuthor,
): Promise<BulkEdcResult> {
  return runBulk(db, projectId, {
    author,
    itemIds: input.itemIds,
    versions: input.versions,
    prepare: async (trx) => {
      const { component, system } = await loadComponentAndSystem(trx, input.componentId, input.systemId);
      return (item) => {
        const result = generateEdc({ edpItem: item.edpItem, system, components: [component], existing: item.list });
        if (result.ok) return { append: result.items, skipped: [] };
        const mainCode = edcMainCode(component, item.edpItem.code, system.code);
        const taken = item.list.some((entry) => entry.code.toLowerCase() === mainCode.toLowerCase());
        return { skipped: [taken ? `ya tiene el componente ${mainCode}` : result.error] };
      };
    },
  });
}

/** Drops a main component on a system for many EDP items at once (atomic; items that have it are skipped). */
export const handleAssignEdc = defineHandler(assignEdcContract, async ({ id, ...input }, { db, caller }) => {
  const { items, skipped } = await assignEdc(db, id, input, { caller, functionName: 'assignEdc' });
  return { items, skipped, message: bulkEdcMessage('Componente asignado a', items.length, skipped.length, 'omitido') };
});
