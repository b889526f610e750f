import { catalogueSeedChange } from '@cimiento/domain/change-log';
import type { SeededCatalogueRecord } from '@cimiento/domain/change-log';
import {
  activityInputSchema,
  areaTypeInputSchema,
  catalogueCollections,
  componentInputSchema,
  starterCatalogue,
  systemInputSchema,
} from '@cimiento/domain';
import { resourceInputSchema, tradeInputSchema } from '@cimiento/domain/resources';
import type { CatalogueCollection, StarterCatalogue } from '@cimiento/domain';
import type { Kysely } from 'kysely';
import { SEED_COMMAND_AUTHOR, recordChangeLog } from '../collab/change-log-queries';
import type { ChangeLogCaller } from '../collab/change-log-queries';
import { codeKey, isUniqueViolation } from '../db/db-helpers';
import type { Database } from '../db/schema';
import {
  insertActivity,
  insertRecord,
  prepareSectors,
  prepareSubcomponents,
  recordTables,
  replaceSectors,
  replaceSubcomponents,
} from './catalogue-queries';
import { writeResource } from './resource-queries';

export type SeedCounts = Record<CatalogueCollection, number>;

async function existingKeys(db: Kysely<Database>, collection: CatalogueCollection): Promise<Set<string>> {
  const rows = await db.selectFrom(recordTables[collection]).select('code_key').execute();
  return new Set(rows.map((row) => row.code_key));
}

/** The items whose code is not stored yet (case-insensitive), each code once. */
function missing<T extends { code: string }>(items: readonly T[], present: Set<string>): T[] {
  const seen = new Set(present);
  return items.filter((item) => {
    const key = codeKey(item.code);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

async function seedOnce(
  db: Kysely<Database>,
  catalogue: StarterCatalogue,
  author: ChangeLogCaller,
): Promise<SeedCounts> {
  return db.transaction().execute(async (trx) => {
    const now = new Date().toISOString();
    const added: SeedCounts = {
      'tipos-area': 0,
      actividades: 0,
      sistemas: 0,
      componentes: 0,
      oficios: 0,
      recursos: 0,
    };
    const seeded: SeededCatalogueRecord[] = [];
    const note = (collection: CatalogueCollection, record: { code: string; name: string }) => {
      added[collection] += 1;
      seeded.push({ collection, code: record.code, name: record.name });
    };

    // the data file goes through the same schemas as saveObject (defaults, trimming, limits)
    for (const raw of missing(catalogue.tiposArea, await existingKeys(trx, 'tipos-area'))) {
      const areaType = areaTypeInputSchema.parse(raw);
      const id = await insertRecord(trx, recordTables['tipos-area'], areaType, now);
      await replaceSectors(trx, id, prepareSectors(areaType.sectores));
      note('tipos-area', areaType);
    }
    // issue 35: trades, then the resources whose crews name them by code
    for (const raw of missing(catalogue.oficios, await existingKeys(trx, 'oficios'))) {
      const trade = tradeInputSchema.parse(raw);
      await insertRecord(trx, recordTables.oficios, trade, now);
      note('oficios', trade);
    }
    const resourcesToAdd = missing(catalogue.recursos, await existingKeys(trx, 'recursos'));
    if (resourcesToAdd.length > 0) {
      const trades = await trx.selectFrom('catalogue_trade').select(['_id', 'code_key']).execute();
      const tradeIdByKey = new Map(trades.map((row) => [row.code_key, row._id]));
      for (const raw of resourcesToAdd) {
        const resource = resourceInputSchema.parse({
          ...raw,
          crew: raw.crew.map((member) => {
            const trade = tradeIdByKey.get(codeKey(member.trade));
            if (!trade)
              throw new Error(`catálogo de ejemplo: ${raw.code} nombra el oficio ${member.trade}, que no existe`);
            return { trade, count: member.count };
          }),
        });
        await writeResource(trx, undefined, resource, now);
        note('recursos', resource);
      }
    }
    // issue 35: an activity's default crew names its resource by code; every starter resource is stored by now
    const activitiesToAdd = missing(catalogue.actividades, await existingKeys(trx, 'actividades'));
    if (activitiesToAdd.length > 0) {
      const resources = await trx.selectFrom('catalogue_resource').select(['_id', 'code_key']).execute();
      const resourceIdByKey = new Map(resources.map((row) => [row.code_key, row._id]));
      for (const raw of activitiesToAdd) {
        const { resource: resourceCode, ...fields } = raw;
        const resourceId = resourceCode === undefined ? undefined : resourceIdByKey.get(codeKey(resourceCode));
        if (resourceCode !== undefined && resourceId === undefined)
          throw new Error(`catálogo de ejemplo: ${raw.code} nombra el recurso ${resourceCode}, que no existe`);
        const activity = activityInputSchema.parse({ ...fields, ...(resourceId === undefined ? {} : { resourceId }) });
        await insertActivity(trx, activity, now);
        note('actividades', activity);
      }
    }
    for (const raw of missing(catalogue.sistemas, await existingKeys(trx, 'sistemas'))) {
      const system = systemInputSchema.parse(raw);
      await insertRecord(trx, recordTables.sistemas, system, now);
      note('sistemas', system);
    }

    const componentsToAdd = missing(catalogue.componentes, await existingKeys(trx, 'componentes'));
    if (componentsToAdd.length > 0) {
      // starter subcomponents name their activities by code; every starter activity is stored by now
      const activities = await trx.selectFrom('catalogue_activity').select(['_id', 'code_key']).execute();
      const activityIdByKey = new Map(activities.map((row) => [row.code_key, row._id]));
      for (const raw of componentsToAdd) {
        const component = componentInputSchema.parse({
          code: raw.code,
          name: raw.name,
          priority: raw.priority,
          subcomponents: raw.subcomponents.map((sub) => ({
            code: sub.code,
            name: sub.name,
            priority: sub.priority,
            actividades: sub.actividades.map((activityCode) => {
              const activityId = activityIdByKey.get(codeKey(activityCode));
              if (!activityId) {
                throw new Error(
                  `catálogo de ejemplo: ${raw.code}/${sub.code} nombra la actividad ${activityCode}, que no existe`,
                );
              }
              return { _id: activityId };
            }),
          })),
        });
        const id = await insertRecord(trx, recordTables.componentes, component, now);
        await replaceSubcomponents(trx, id, prepareSubcomponents(component.subcomponents));
        note('componentes', component);
      }
    }
    // issue 30: what was added, in the 'Registro de cambios' (nothing when nothing was)
    await recordChangeLog(trx, author, 'catalogue', catalogueSeedChange(seeded));
    return added;
  });
}

/**
 * Inserts the starter catalogue, adding only records whose code (case-insensitive) is not stored
 * yet, in one transaction: running it twice adds nothing the second time. Used by seedCatalogues
 * (`author`: the caller) and by `npm run seed:catalogues` (the console). What it added is one entry
 * of the 'Registro de cambios', in the same transaction.
 */
export async function seedStarterCatalogue(
  db: Kysely<Database>,
  catalogue: StarterCatalogue = starterCatalogue,
  author: ChangeLogCaller = SEED_COMMAND_AUTHOR,
): Promise<SeedCounts> {
  try {
    return await seedOnce(db, catalogue, author);
  } catch (error) {
    // another seeding (or a save) took a code meanwhile: once more, now seeing what it committed
    if (isUniqueViolation(error)) return seedOnce(db, catalogue, author);
    throw error;
  }
}

const countWords: Record<CatalogueCollection, [string, string]> = {
  'tipos-area': ['tipo de área', 'tipos de área'],
  actividades: ['actividad', 'actividades'],
  sistemas: ['sistema', 'sistemas'],
  componentes: ['componente', 'componentes'],
  oficios: ['oficio', 'oficios'],
  recursos: ['recurso', 'recursos'],
};

/** "Catálogos de ejemplo cargados: 6 tipos de área, 30 actividades, 8 sistemas y 8 componentes". */
export function describeSeedResult(added: SeedCounts): string {
  const parts = catalogueCollections
    .filter((collection) => added[collection] > 0)
    .map((collection) => {
      const [one, many] = countWords[collection];
      return `${added[collection]} ${added[collection] === 1 ? one : many}`;
    });
  if (parts.length === 0) return 'Los catálogos de ejemplo ya estaban cargados; no se agregó nada';
  const list = parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} y ${parts.at(-1)}`;
  return `Catálogos de ejemplo cargados: ${list}`;
}
