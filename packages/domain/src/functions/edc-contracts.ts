import { z } from 'zod';
import { defineFunction } from './contract';
import { messageSchema } from './common';
import { edpItemSchema } from './project-contracts';
import { MAX_EDC_LIST_ITEMS } from '../edc/validate-edc';

/**
 * The EDC of one EDP item (product-spec.md §7 loadEdc / saveEdc, issue 6; domain.md "EDC generated
 * by dropping…"). The list is versioned per EDP item like the EDP: a save carries the version it
 * was based on (0 when the item had no EDC yet) and a stale one is refused with ABORTED.
 */

export const EDC_STALE_MESSAGE = 'El EDC de este ítem fue modificado por otra persona; recarga para ver los cambios';
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
