import { copyEdcContract, copyEdcItems } from '@cimiento/domain';
import { defineHandler } from '../core/define-handler';
import { bulkEdcMessage } from './bulk-edc-message';
import type { Kysely } from 'kysely';
import type { ChangeAuthor } from '../collab/history-queries';
import type { Database } from '../db/schema';
import { HttpsError } from '../core/https-error';
import type { BulkVersion, BulkEdcResult } from './edc-bulk-queries';
import { runBulk } from './edc-bulk-queries';

/**
 * copyEdc: appends the source item's whole EDC to every target with codes made for the target
 * (copyEdcItems); main components a target already has are skipped with their subtree.
 */
export async function copyEdc(
  db: Kysely<Database>,
  projectId: string,
  input: { fromItemId: number; toItemIds: readonly number[]; versions?: readonly BulkVersion[] },
  author: ChangeAuthor,
): Promise<BulkEdcResult> {
  return runBulk(db, projectId, {
    author,
    itemIds: input.toItemIds,
    versions: input.versions,
    alsoRead: input.toItemIds.includes(input.fromItemId) ? [] : [input.fromItemId],
    prepare: async (_trx, current) => {
      const source = current.get(input.fromItemId)!;
      if (input.toItemIds.includes(input.fromItemId)) {
        throw new HttpsError(
          'INVALID_ARGUMENT',
          `El ítem ${source.edpItem.code} es el origen de la copia; quítalo de los ítems de destino`,
        );
      }
      if (source.list.length === 0) {
        throw new HttpsError('FAILED_PRECONDITION', `El ítem ${source.edpItem.code} no tiene EDC que copiar`);
      }
      return (item) => {
        const { items, skipped } = copyEdcItems({
          source: source.edpItem,
          target: item.edpItem,
          items: source.list,
          existing: item.list,
        });
        return { append: items, skipped: skipped.map((skip) => skip.reason) };
      };
    },
  });
}

/** Copies one EDP item's whole EDC to many items, with codes made for each (atomic; components a target has are skipped). */
export const handleCopyEdc = defineHandler(copyEdcContract, async ({ id, ...input }, { db, caller }) => {
  const { items, skipped } = await copyEdc(db, id, input, { caller, functionName: 'copyEdc' });
  return {
    items,
    skipped,
    message: bulkEdcMessage('EDC copiado a', items.length, skipped.length, 'componente omitido'),
  };
});
