import { z } from 'zod';
import { defineFunction } from './contract';
import { messageSchema, versionSchema } from './common';
import { edpItemPriceInputShape } from './price-fields';
import { MAX_EDP_ITEMS, edpItemSchema } from './project-contracts';

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

export const edpUsageSchema = z.object({
  /** every saved item that carries EDC rows or Gantt tasks, by id */
  items: z.array(
    z.object({
      id: z.number().int(),
      edcCount: countSchema,
      ganttTaskCount: countSchema,
      ganttLinkCount: countSchema,
    }),
  ),
  /** links joining the tasks of two different items a < b (counted in both), so a group's links add up exactly */
  crossLinks: z.array(z.object({ a: z.number().int(), b: z.number().int(), count: countSchema })),
});
export type EdpUsage = z.infer<typeof edpUsageSchema>;

/**
 * loadEdpUsage {id (project _id)} (issue 12): what each saved EDP item carries, so the editor can
 * say what a deletion takes: its EDC rows, its stored Gantt tasks (its own and its EDC items') and
 * the links touching them. Unknown project → NOT_FOUND.
 */
export const loadEdpUsageContract = defineFunction({
  name: 'loadEdpUsage',
  input: z.strictObject({ id: projectIdSchema }),
  output: z.object({ usage: edpUsageSchema, message: messageSchema }),
});
