import { resourceInputSchema } from '@cimiento/domain/resources';
import { catalogueChange } from '@cimiento/domain/change-log';
import { resourcesForImport } from '@cimiento/domain/mspdi';
import type { ImportResourcePlan, ImportedSchedule } from '@cimiento/domain/mspdi';
import type { Kysely, Transaction } from 'kysely';
import { recordChangeLog } from '../collab/change-log-queries';
import type { ChangeLogCaller } from '../collab/change-log-queries';
import { loadResources, writeResource } from '../catalogues/resource-queries';
import type { Database } from '../db/schema';

/**
 * issue 35: importProject's resources (docs/EXCHANGE.md "Resources"): the file's resources against
 * the catalogue as it is (the domain's resourcesForImport), then, in the import's transaction, the
 * new ones written like saveObject writes them, each in the 'Registro de cambios' by who imported.
 */

/** What the import will do with the file's resources; undefined when its tasks use none. */
export async function planImportResources(
  db: Kysely<Database>,
  schedule: ImportedSchedule,
): Promise<ImportResourcePlan | undefined> {
  if (schedule.resources === undefined || schedule.resources.length === 0) return undefined;
  const catalogue = await db.selectFrom('catalogue_resource').select(['_id', 'code', 'name']).execute();
  return resourcesForImport(schedule.resources, catalogue, {
    currencyCode: schedule.currencyCode,
    hoursPerDay: schedule.hoursPerDay,
  });
}

/** Writes the plan's new resources; answers every file resource's catalogue `_id` by its UID. */
export async function writeImportResources(
  trx: Transaction<Database>,
  plan: ImportResourcePlan,
  caller: ChangeLogCaller,
): Promise<Map<number, string>> {
  const ids = new Map(plan.existing);
  const now = new Date().toISOString();
  for (const entry of plan.created) {
    const parsed = resourceInputSchema.parse(entry.object);
    const id = await writeResource(trx, undefined, parsed, now);
    ids.set(entry.uid, id);
    const [saved] = await loadResources(trx, id);
    await recordChangeLog(trx, caller, 'catalogue', catalogueChange('recursos', undefined, saved));
  }
  return ids;
}
