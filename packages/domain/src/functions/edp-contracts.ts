import { z } from 'zod';
import { currencies } from '../format/money';
import { defineFunction } from './contract';
import { messageSchema, versionSchema } from './common';
import { edpItemPriceInputShape } from './price-fields';
import { MAX_EDP_ITEMS, edpItemSchema } from './project-contracts';
import { bulkItemIdsSchema, catalogueIdSchema } from './edc-contracts';

/**
 * The EDP editor's saves (product-spec.md §7 saveEdp / updateItemEdp, issue 5). Every save carries
 * the EDP `version` it was based on; a save based on an older one is refused with ABORTED and the
 * message below, and nothing is written.
 */

export const EDP_STALE_MESSAGE = 'El EDP fue modificado por otra persona; recarga para ver los cambios';

/** The longest EDP code (renumbering checks the codes it makes against it). */
export const MAX_EDP_CODE = 100;
const MAX_CODE = MAX_EDP_CODE;
const MAX_NAME = 200;

const projectIdSchema = z
  .string({ error: 'debe ser texto' })
  .trim()
  .min(1, { error: 'es obligatorio' })
  .max(64, { error: 'debe tener como máximo 64 caracteres' });

const itemIdSchema = z
  .number({ error: 'debe ser un número' })
  .int({ error: 'debe ser un número entero' })
  .min(1, { error: 'debe ser 1 o más' })
  .max(Number.MAX_SAFE_INTEGER, { error: 'es demasiado grande' });

/** One item as the editor sends it; code and name are trimmed, and their emptiness is a rule of the whole EDP. */
export const edpItemInputSchema = z.strictObject({
  id: itemIdSchema,
  parentId: itemIdSchema.optional().nullable(),
  code: z
    .string({ error: 'debe ser texto' })
    .trim()
    .max(MAX_CODE, { error: `debe tener como máximo ${MAX_CODE} caracteres` }),
  name: z
    .string({ error: 'debe ser texto' })
    .trim()
    .max(MAX_NAME, { error: `debe tener como máximo ${MAX_NAME} caracteres` }),
  // the spec's items carry their EDC list; the EDP save ignores it (issue 6 saves EDCs)
  componentesEdc: z.array(z.unknown()).optional(),
  // issue 16: unit, quantity, unitPrice (absent: as stored; null: none); `amount` is the server's
  ...edpItemPriceInputShape,
  amount: z.unknown().optional(),
});
export type EdpItemInput = z.input<typeof edpItemInputSchema>;

export const loadedEdpSchema = z.object({ items: z.array(edpItemSchema), version: z.number().int() });
export type LoadedEdp = z.infer<typeof loadedEdpSchema>;

/** saveEdp {id (project _id), edp: {items, version}}: replaces the whole EDP. */
export const saveEdpContract = defineFunction({
  name: 'saveEdp',
  input: z.strictObject({
    id: projectIdSchema,
    edp: z.strictObject({
      items: z.array(edpItemInputSchema).max(MAX_EDP_ITEMS, { error: `admite como máximo ${MAX_EDP_ITEMS} ítems` }),
      version: versionSchema,
    }),
  }),
  output: z.object({ edp: loadedEdpSchema, message: messageSchema }),
  bodyLimit: 16 * 1024 * 1024,
});

export const edpItemActions = ['add', 'update', 'delete'] as const;
export type EdpItemAction = (typeof edpItemActions)[number];

/**
 * updateItemEdp {id, item, action, version}: one item's change. add: `item.id` is ignored (the
 * server gives highest + 1) and the item goes under `parentId` (the root when absent); update:
 * code, name and parent of `item.id`; delete: `item.id` with its subtree.
 */
export const updateItemEdpContract = defineFunction({
  name: 'updateItemEdp',
  input: z.strictObject({
    id: projectIdSchema,
    item: edpItemInputSchema.extend({ id: itemIdSchema.optional() }),
    action: z.enum(edpItemActions, { error: `debe ser una de: ${edpItemActions.join(', ')}` }),
    version: versionSchema,
  }),
  output: z.object({ edp: loadedEdpSchema, message: messageSchema }),
});

const countSchema = z.number().int().min(0);

/** issue 33: at most this many tasks asked about in one loadEdpUsage (a whole large Gantt's subtree). */
export const MAX_USAGE_TASKS = 100_000;

/** issue 33: an amount paid for an EDP item in an approved EP: that EP's period amount on its line (decimal). */
const edpPaidSchema = z.object({ number: z.number().int(), amount: z.string() });

/** issue 33: what deleting the asked Gantt tasks (with everything under them) touches of the money. */
export const taskSelectionUsageSchema = z.object({
  /** the progress recorded under the tasks at the latest cut-off, % to 2 decimals, weighted as an EP's partida; absent: none */
  progress: z.string().optional(),
  /** names of the baselines holding any of them, oldest first */
  baselines: z.array(z.string()),
  /** the EDP items whose partida they are or belong to, with what approved EPs paid for them (only the paid ones) */
  partidas: z.array(
    z.object({ id: z.number().int(), code: z.string(), name: z.string(), paid: z.array(edpPaidSchema) }),
  ),
});
export type TaskSelectionUsage = z.infer<typeof taskSelectionUsageSchema>;

export const edpUsageSchema = z.object({
  /** every saved item that carries EDC rows, Gantt tasks, recorded progress, payments or baselines, by id */
  items: z.array(
    z.object({
      id: z.number().int(),
      edcCount: countSchema,
      ganttTaskCount: countSchema,
      ganttLinkCount: countSchema,
      /** issue 33: progress recorded under its Gantt task at the latest cut-off, % to 2 decimals (absent: none) */
      progress: z.string().optional(),
      /** issue 33: what each approved EP paid on its line (EP N° order; absent: nothing) */
      paid: z.array(edpPaidSchema).optional(),
      /** issue 33: names of the baselines holding its Gantt task, oldest first (absent: none) */
      baselines: z.array(z.string()).optional(),
    }),
  ),
  /** links joining the tasks of two different items a < b (counted in both), so a group's links add up exactly */
  crossLinks: z.array(z.object({ a: z.number().int(), b: z.number().int(), count: countSchema })),
  /** issue 33: the project's currency, the paid amounts' */
  currency: z.enum(currencies),
  /** issue 33: with `taskIds` or `taskKeys` asked, what deleting those tasks touches */
  selection: taskSelectionUsageSchema.optional(),
});
export type EdpUsage = z.infer<typeof edpUsageSchema>;

/**
 * loadEdpUsage {id (project _id)} (issue 12): what each saved EDP item carries, so the editor can
 * say what a deletion takes: its EDC rows, its stored Gantt tasks (its own and its EDC items') and
 * the links touching them. Unknown project → NOT_FOUND. Issue 33: and what touches the money: the
 * progress recorded under each item, what approved EPs paid for it and the baselines holding it;
 * with `taskIds` / `taskKeys`, the same for exactly those tasks (`selection`: the Gantt's and the
 * EDC's questions send the task and everything under it).
 */
export const loadEdpUsageContract = defineFunction({
  name: 'loadEdpUsage',
  input: z.strictObject({
    id: projectIdSchema,
    /** issue 33: Gantt tasks about to be deleted (the Gantt's question), by id */
    taskIds: z.array(z.number().int()).max(MAX_USAGE_TASKS).optional(),
    /** issue 33: Gantt tasks about to be deleted by source key (the EDC's question: `edc:{item}:{code}`) */
    taskKeys: z.array(z.string().max(400)).max(MAX_USAGE_TASKS).optional(),
    /** issue 33: the Gantt tasks an unassignEdc of these would delete ('Quitar de los seleccionados') */
    unassign: z
      .strictObject({ itemIds: bulkItemIdsSchema, componentId: catalogueIdSchema, systemId: catalogueIdSchema })
      .optional(),
  }),
  output: z.object({ usage: edpUsageSchema, message: messageSchema }),
  // a deleted summary of a large Gantt names its whole subtree
  bodyLimit: 8 * 1024 * 1024,
});
