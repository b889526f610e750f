import { z } from 'zod';
import { defineFunction } from './contract';
import { messageSchema } from './common';
import { edpItemSchema } from './project-contracts';
import { MAX_ACTIVITY_DURATION } from './catalogue-contracts';
import { WORK_UNITS } from '../resources/productivity';

/**
 * The EDC of one EDP item (product-spec.md §7 loadEdc / saveEdc, issue 6; domain.md "EDC generated
 * by dropping…"). The list is versioned per EDP item like the EDP: a save carries the version it
 * was based on (0 when the item had no EDC yet) and a stale one is refused with ABORTED.
 */

export const EDC_STALE_MESSAGE = 'El EDC de este ítem fue modificado por otra persona; recarga para ver los cambios';
/** At most 10,000 items in one EDP item's EDC list (validateEdcList, edc/validate-edc.ts). */
export const MAX_EDC_LIST_ITEMS = 10_000;
export const MAX_EDC_ITEMS = MAX_EDC_LIST_ITEMS;

export const edcItemKinds = ['main', 'sub', 'activity'] as const;

/** An EDC item's code (and its parent's) and name; a generated item's catalogue code and name have the same lengths. */
const MAX_EDC_CODE = 120;
const MAX_EDC_NAME = 200;

const projectIdSchema = z
  .string({ error: 'debe ser texto' })
  .trim()
  .min(1, { error: 'es obligatorio' })
  .max(64, { error: 'debe tener como máximo 64 caracteres' });

const edpItemIdSchema = z
  .number({ error: 'debe ser un número' })
  .int({ error: 'debe ser un número entero' })
  .min(0, { error: 'debe ser 0 o más' })
  .max(Number.MAX_SAFE_INTEGER, { error: 'es demasiado grande' });

export const edcItemSchema = z.object({
  code: z.string(),
  name: z.string(),
  parentCode: z.string(),
  kind: z.enum(edcItemKinds),
  /** the catalogue record it was generated from (component or activity `_id`); absent when typed by hand */
  sourceId: z.string().optional(),
  /** the catalogue code and name of the component, subcomponent or activity it was generated from */
  sourceCode: z.string().optional(),
  sourceName: z.string().optional(),
  /** issue 13: copies of the catalogue record's priority (main, sub, activity) and the activity's duration, for sequencing */
  priority: z.number().int().optional(),
  duration: z.number().int().optional(),
  /**
   * issue 35: an activity's quantity typed in the EDC grid, decimal text (absent: none, then its
   * EDP item's quantity when the item's unit is the activity's unit of work)
   */
  quantity: z.string().optional(),
  /** issue 35: the activity's unit of work and productivity in the catalogue now (for reading; a save ignores them) */
  workUnit: z.enum(WORK_UNITS).optional(),
  productivity: z.string().optional(),
});

export const edcItemInputSchema = z.strictObject({
  code: z
    .string({ error: 'debe ser texto' })
    .trim()
    .max(MAX_EDC_CODE, { error: `debe tener como máximo ${MAX_EDC_CODE} caracteres` }),
  name: z
    .string({ error: 'debe ser texto' })
    .trim()
    .max(MAX_EDC_NAME, { error: `debe tener como máximo ${MAX_EDC_NAME} caracteres` }),
  parentCode: z
    .string({ error: 'debe ser texto' })
    .trim()
    .max(MAX_EDC_CODE, { error: `debe tener como máximo ${MAX_EDC_CODE} caracteres` }),
  kind: z.enum(edcItemKinds, { error: `debe ser una de: ${edcItemKinds.join(', ')}` }),
  sourceId: z.string({ error: 'debe ser texto' }).max(64, { error: 'debe tener como máximo 64 caracteres' }).optional(),
  // a copy of the catalogue record's code and name; blank counts as none (the store keeps null)
  sourceCode: z
    .string({ error: 'debe ser texto' })
    .trim()
    .max(MAX_EDC_CODE, { error: `debe tener como máximo ${MAX_EDC_CODE} caracteres` })
    .optional(),
  sourceName: z
    .string({ error: 'debe ser texto' })
    .trim()
    .max(MAX_EDC_NAME, { error: `debe tener como máximo ${MAX_EDC_NAME} caracteres` })
    .optional(),
  // copies of the catalogue's priority and (activities) duration, which the Gantt's sequencing reads
  priority: z
    .number({ error: 'debe ser un número' })
    .int({ error: 'debe ser un número entero' })
    .min(0, { error: 'debe ser 0 o más' })
    .max(1_000_000, { error: 'debe ser como máximo 1.000.000' })
    .optional(),
  duration: z
    .number({ error: 'debe ser un número' })
    .int({ error: 'debe ser un número entero de días hábiles' })
    .min(0, { error: 'debe ser 0 o más' })
    .max(MAX_ACTIVITY_DURATION, { error: `debe ser como máximo ${MAX_ACTIVITY_DURATION}` })
    .optional(),
  /**
   * issue 35: an activity's quantity, decimal text or a number (null or blank: none); its rules
   * (greater than 0, at most 1.000.000.000, 4 decimals) are checked by validateEdcList, which names the row
   */
  quantity: z
    .union(
      [z.string({ error: 'debe ser texto' }).max(40, { error: 'debe tener como máximo 40 caracteres' }), z.number()],
      {
        error: 'debe ser un número decimal',
      },
    )
    .nullable()
    .optional(),
  // answered by loadEdc for reading (the catalogue's); a save ignores them
  workUnit: z.string({ error: 'debe ser texto' }).max(20).optional(),
  productivity: z.string({ error: 'debe ser texto' }).max(40).optional(),
});
export type EdcItemInput = z.input<typeof edcItemInputSchema>;

/** An EDP item with its EDC list (the spec's `componentesEdc`) and the list's version. */
export const edcSchema = edpItemSchema.extend({
  componentesEdc: z.array(edcItemSchema),
  version: z.number().int(),
});
export type Edc = z.infer<typeof edcSchema>;

/** loadEdc {projectId, id}: the item's saved EDC, or null when it has none yet; unknown item → NOT_FOUND. */
export const loadEdcContract = defineFunction({
  name: 'loadEdc',
  input: z.strictObject({ projectId: projectIdSchema, id: edpItemIdSchema }),
  output: z.object({ edc: edcSchema.nullable(), message: messageSchema }),
});

/** saveEdc {id (project _id), edc: {id (EDP item id), componentesEdc, version}}: replaces the item's EDC list. */
export const saveEdcContract = defineFunction({
  name: 'saveEdc',
  input: z.strictObject({
    id: projectIdSchema,
    edc: z.object({
      id: edpItemIdSchema,
      componentesEdc: z
        .array(edcItemInputSchema)
        .max(MAX_EDC_ITEMS, { error: `admite como máximo ${MAX_EDC_ITEMS} ítems` }),
      version: z.number({ error: 'debe ser un número' }).int({ error: 'debe ser un número entero' }).min(0),
      // the EDP item's own fields may come along (the screen sends the selected item); they are ignored
    }),
  }),
  output: z.object({ edc: edcSchema, message: messageSchema }),
  bodyLimit: 8 * 1024 * 1024,
});

// ---------------------------------------------------------------- issue 13: the EDC of many items at once

/** The most EDP items one assignEdc / copyEdc / unassignEdc call takes. */
export const MAX_BULK_EDC_ITEMS = 10_000;

export const catalogueIdSchema = z
  .string({ error: 'debe ser texto' })
  .trim()
  .min(1, { error: 'es obligatorio' })
  .max(64, { error: 'debe tener como máximo 64 caracteres' });

export const bulkItemIdsSchema = z
  .array(edpItemIdSchema)
  .min(1, { error: 'marca al menos un ítem del EDP' })
  .max(MAX_BULK_EDC_ITEMS, { error: `admite como máximo ${MAX_BULK_EDC_ITEMS} ítems` });

/**
 * The EDC versions the screen based the call on, one per item it knows (0: the item had no EDC).
 * When given, an item whose EDC changed since is refused (ABORTED, naming the item) and nothing is written.
 */
const bulkVersionsSchema = z
  .array(
    z.strictObject({
      id: edpItemIdSchema,
      version: z.number({ error: 'debe ser un número' }).int({ error: 'debe ser un número entero' }).min(0),
    }),
  )
  .max(MAX_BULK_EDC_ITEMS, { error: `admite como máximo ${MAX_BULK_EDC_ITEMS} versiones` })
  .optional();

/** An EDP item the bulk call left as it was, and why (e.g. 'ya tiene el componente P1.2.S1.1'). */
export const edcSkippedSchema = z.object({ id: z.number().int(), code: z.string(), reason: z.string() });
export type EdcSkipped = z.infer<typeof edcSkippedSchema>;

/** What a bulk call answers: the EDC (list and version) of every item it changed, the skipped ones, and a message. */
export const bulkEdcOutputSchema = z.object({
  items: z.array(z.object({ id: z.number().int(), componentesEdc: z.array(edcItemSchema), version: z.number().int() })),
  skipped: z.array(edcSkippedSchema),
  message: messageSchema,
});
export type BulkEdcOutput = z.infer<typeof bulkEdcOutputSchema>;

/**
 * assignEdc {id (project _id), itemIds, componentId, systemId, versions?}: drops the main component
 * on the system for every item, each with its own generated codes (domain.md "EDC generated by
 * dropping…"). Atomic: every item or none; an item that already has that component is skipped
 * (listed in `skipped`); an unknown component or system, an unknown item, or a stale version refuses
 * the whole call with a Spanish message naming it.
 */
export const assignEdcContract = defineFunction({
  name: 'assignEdc',
  input: z.strictObject({
    id: projectIdSchema,
    itemIds: bulkItemIdsSchema,
    componentId: catalogueIdSchema,
    systemId: catalogueIdSchema,
    versions: bulkVersionsSchema,
  }),
  output: bulkEdcOutputSchema,
  bodyLimit: 2 * 1024 * 1024,
});

/**
 * copyEdc {id, fromItemId, toItemIds, versions?}: appends the whole EDC of one item to each target,
 * with codes made for the target (the main code's EDP suffix, its subcomponents' codes, ACT{r}
 * running on from the target's own). A main component the target already has is skipped. Same
 * guarantees as assignEdc.
 */
export const copyEdcContract = defineFunction({
  name: 'copyEdc',
  input: z.strictObject({
    id: projectIdSchema,
    fromItemId: edpItemIdSchema,
    toItemIds: bulkItemIdsSchema,
    versions: bulkVersionsSchema,
  }),
  output: bulkEdcOutputSchema,
  bodyLimit: 2 * 1024 * 1024,
});

/**
 * unassignEdc {id, itemIds, componentId, systemId, versions?}: 'Quitar de los seleccionados' removes
 * the main item that dropping the component on the system made (its code as assignEdc makes it)
 * and everything under it from each item; items without it are skipped. Their Gantt tasks go with
 * them (gantt-purge). Same guarantees as assignEdc.
 */
export const unassignEdcContract = defineFunction({
  name: 'unassignEdc',
  input: z.strictObject({
    id: projectIdSchema,
    itemIds: bulkItemIdsSchema,
    componentId: catalogueIdSchema,
    systemId: catalogueIdSchema,
    versions: bulkVersionsSchema,
  }),
  output: bulkEdcOutputSchema,
  bodyLimit: 2 * 1024 * 1024,
});
