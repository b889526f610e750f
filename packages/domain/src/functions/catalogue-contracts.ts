import { z } from 'zod';
import { defineFunction } from './contract';
import { messageSchema, noInputSchema } from './common';
import { resourceInputSchema, resourceSchema, tradeInputSchema, tradeSchema } from './resource-contracts';
import type { CatalogueResource, Trade } from './resource-contracts';
import { MAX_CREWS, WORK_UNITS } from '../resources/productivity';
import { decimalTextSchema } from './price-fields';

/**
 * The catalogues (product-spec.md §3, §7): saveObject / removeObject / loadObjects on four
 * collections. Records carry the server key `_id` (UUIDv7) and the spec's `id` (the same string
 * for top-level records); sub-areas and subcomponents keep numeric ids unique within their parent.
 */
export const catalogueCollections = [
  'tipos-area',
  'actividades',
  'sistemas',
  'componentes',
  // issue 35: the trades and the resources
  'oficios',
  'recursos',
] as const;
export const catalogueCollectionSchema = z.enum(catalogueCollections, {
  error: `debe ser una de: ${catalogueCollections.join(', ')}`,
});
export type CatalogueCollection = z.infer<typeof catalogueCollectionSchema>;

export const DEFAULT_CATALOGUE_PRIORITY = 1;
export const DEFAULT_SECTOR_QUANTITY = 1;
/** issue 13: an activity's default duration in working days ('Duración (días hábiles)'); 0 is a milestone. */
export const DEFAULT_ACTIVITY_DURATION = 5;
export const MAX_ACTIVITY_DURATION = 10_000;

const MAX_TEXT = 200;
const MAX_CODE = 50;

const codeSchema = z
  .string({ error: 'debe ser texto' })
  .trim()
  .min(1, { error: 'es obligatorio' })
  .max(MAX_CODE, { error: `debe tener como máximo ${MAX_CODE} caracteres` });
const nameSchema = z
  .string({ error: 'debe ser texto' })
  .trim()
  .min(1, { error: 'es obligatorio' })
  .max(MAX_TEXT, { error: `debe tener como máximo ${MAX_TEXT} caracteres` });
const prioritySchema = z
  .number({ error: 'debe ser un número' })
  .int({ error: 'debe ser un número entero' })
  .min(1, { error: 'debe ser 1 o más' })
  .max(1_000_000, { error: 'debe ser como máximo 1.000.000' });
const childIdSchema = z
  .number({ error: 'debe ser un número' })
  .int({ error: 'debe ser un número entero' })
  .min(0, { error: 'debe ser 0 o más' })
  .max(Number.MAX_SAFE_INTEGER);
const recordIdSchema = z.string({ error: 'debe ser texto' }).trim().min(1, { error: 'es obligatorio' }).max(64);

// ---- stored shapes (what loadObjects returns) ----

export const sectorSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  quantity: z.number().int(),
  priority: z.number().int(),
});
export type Sector = z.infer<typeof sectorSchema>;

export const areaTypeSchema = z.object({
  _id: z.string(),
  id: z.string(),
  code: z.string(),
  name: z.string(),
  priority: z.number().int(),
  sectores: z.array(sectorSchema),
});
export type AreaType = z.infer<typeof areaTypeSchema>;

export const systemSchema = z.object({
  _id: z.string(),
  id: z.string(),
  code: z.string(),
  name: z.string(),
  priority: z.number().int(),
});
export type CatalogueSystem = z.infer<typeof systemSchema>;

/**
 * An activity: a system's fields and its default duration in working days (issue 13; 0: a
 * milestone). Issue 35: its unit of work, productivity ('Rendimiento', units per crew-day, decimal
 * text), default resource and number of crews: a task with a quantity lasts
 * ⌈quantity ÷ (productivity × crews)⌉ working days (durationFromQuantity).
 */
export const activitySchema = systemSchema.extend({
  duration: z.number().int(),
  workUnit: z.enum(WORK_UNITS).optional(),
  productivity: z.string().optional(),
  resourceId: z.string().optional(),
  /** answered with resourceId, for reading */
  resourceName: z.string().optional(),
  /** absent: 1 */
  crews: z.number().int().optional(),
});
export type Activity = z.infer<typeof activitySchema>;

/** An activity ticked for a subcomponent, as a copy of the activity's fields. */
export const subcomponentActivitySchema = activitySchema;
export type SubcomponentActivity = z.infer<typeof subcomponentActivitySchema>;

export const subcomponentSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  priority: z.number().int(),
  actividades: z.array(subcomponentActivitySchema),
});
export type Subcomponent = z.infer<typeof subcomponentSchema>;

export const componentSchema = z.object({
  _id: z.string(),
  id: z.string(),
  code: z.string(),
  name: z.string(),
  priority: z.number().int(),
  subcomponents: z.array(subcomponentSchema),
});
export type Component = z.infer<typeof componentSchema>;

// ---- inputs (what saveObject accepts); `_id` present = update, absent = create ----

const recordKeys = {
  _id: recordIdSchema.optional(),
  // the spec's copies carry `id` too; the server ignores it and uses `_id`
  id: z.union([z.string(), z.number()]).optional(),
  code: codeSchema,
  name: nameSchema,
  priority: prioritySchema.default(DEFAULT_CATALOGUE_PRIORITY),
};

export const sectorInputSchema = z.strictObject({
  /** absent for a new row: the server gives it the highest id + 1 */
  id: childIdSchema.optional(),
  code: codeSchema,
  name: nameSchema,
  quantity: z
    .number({ error: 'debe ser un número' })
    .int({ error: 'debe ser un número entero' })
    .min(1, { error: 'debe ser 1 o más' })
    .max(999, { error: 'debe ser como máximo 999' })
    .default(DEFAULT_SECTOR_QUANTITY),
  priority: prioritySchema.default(DEFAULT_CATALOGUE_PRIORITY),
});

export const areaTypeInputSchema = z.strictObject({
  ...recordKeys,
  sectores: z.array(sectorInputSchema).max(500, { error: 'admite como máximo 500 subáreas' }).default([]),
});
export type AreaTypeInput = z.input<typeof areaTypeInputSchema>;

const durationSchema = z
  .number({ error: 'debe ser un número' })
  .int({ error: 'debe ser un número entero de días hábiles' })
  .min(0, { error: 'debe ser 0 o más (0: un hito)' })
  .max(MAX_ACTIVITY_DURATION, { error: `debe ser como máximo ${MAX_ACTIVITY_DURATION}` });

export const workUnitSchema = z.enum(WORK_UNITS, { error: `debe ser una de: ${WORK_UNITS.join(', ')}` });
export const crewsSchema = z
  .number({ error: 'debe ser un número' })
  .int({ error: 'debe ser un número entero de cuadrillas' })
  .min(1, { error: 'debe ser 1 o más' })
  .max(MAX_CREWS, { error: `debe ser como máximo ${MAX_CREWS}` });

export const activityInputSchema = z
  .strictObject({
    ...recordKeys,
    // absent: DEFAULT_ACTIVITY_DURATION for a new activity; an update without it keeps the stored one
    duration: durationSchema.optional(),
    // issue 35: absent keeps what is stored (none for a new activity); null clears it
    workUnit: workUnitSchema.nullable().optional(),
    productivity: decimalTextSchema({ positive: true, max: '1000000' }).nullable().optional(),
    resourceId: recordIdSchema.nullable().optional(),
    /** what loadObjects answers along; ignored */
    resourceName: z.string().optional(),
    // absent: 1 for a new activity, kept on an update
    crews: crewsSchema.optional(),
  })
  .superRefine((activity, context) => {
    if (typeof activity.productivity === 'string' && activity.workUnit === null)
      context.addIssue({
        code: 'custom',
        path: ['workUnit'],
        message: 'el rendimiento necesita la unidad de trabajo',
      });
  });
export type ActivityInput = z.input<typeof activityInputSchema>;

export const systemInputSchema = z.strictObject(recordKeys);
export type SystemInput = z.input<typeof systemInputSchema>;

/** A ticked activity, by its `_id`; the other fields of a loaded copy may come along and are ignored. */
export const subcomponentActivityInputSchema = z.strictObject({
  _id: recordIdSchema,
  id: z.union([z.string(), z.number()]).optional(),
  code: z.string().optional(),
  name: z.string().optional(),
  priority: z.number().optional(),
  duration: z.number().optional(),
  // issue 35: the activity's own fields, read from the catalogue, never from here
  workUnit: z.string().optional(),
  productivity: z.string().optional(),
  resourceId: z.string().optional(),
  resourceName: z.string().optional(),
  crews: z.number().optional(),
});

export const subcomponentInputSchema = z.strictObject({
  id: childIdSchema.optional(),
  code: codeSchema,
  name: nameSchema,
  priority: prioritySchema.default(DEFAULT_CATALOGUE_PRIORITY),
  actividades: z
    .array(subcomponentActivityInputSchema)
    .max(1000, { error: 'admite como máximo 1000 actividades' })
    .default([]),
});

export const componentInputSchema = z.strictObject({
  ...recordKeys,
  subcomponents: z
    .array(subcomponentInputSchema)
    .max(500, { error: 'admite como máximo 500 componentes básicos' })
    .default([]),
});
export type ComponentInput = z.input<typeof componentInputSchema>;

export const saveObjectInputSchema = z.discriminatedUnion(
  'collection',
  [
    z.strictObject({ collection: z.literal('tipos-area'), object: areaTypeInputSchema }),
    z.strictObject({ collection: z.literal('actividades'), object: activityInputSchema }),
    z.strictObject({ collection: z.literal('sistemas'), object: systemInputSchema }),
    z.strictObject({ collection: z.literal('componentes'), object: componentInputSchema }),
    z.strictObject({ collection: z.literal('oficios'), object: tradeInputSchema }),
    z.strictObject({ collection: z.literal('recursos'), object: resourceInputSchema }),
  ],
  { error: `debe ser una de: ${catalogueCollections.join(', ')}` },
);
export type SaveObjectInput = z.input<typeof saveObjectInputSchema>;

// a system is an activity without its duration, so it has its own place in the union (issue 13)
const catalogueObjectSchema = z.union([
  areaTypeSchema,
  activitySchema,
  systemSchema,
  componentSchema,
  tradeSchema,
  resourceSchema,
]);
export type CatalogueObject = AreaType | Activity | CatalogueSystem | Component | Trade | CatalogueResource;

export const saveObjectContract = defineFunction({
  name: 'saveObject',
  input: saveObjectInputSchema,
  output: z.object({ object: catalogueObjectSchema, message: messageSchema }),
});

export const removeObjectContract = defineFunction({
  name: 'removeObject',
  input: z.strictObject({ collection: catalogueCollectionSchema, id: recordIdSchema }),
  output: z.object({ message: messageSchema }),
});

export const loadObjectsOutputSchema = z.discriminatedUnion('collection', [
  z.object({ collection: z.literal('tipos-area'), objects: z.array(areaTypeSchema), message: messageSchema }),
  z.object({ collection: z.literal('actividades'), objects: z.array(activitySchema), message: messageSchema }),
  z.object({ collection: z.literal('sistemas'), objects: z.array(systemSchema), message: messageSchema }),
  z.object({ collection: z.literal('componentes'), objects: z.array(componentSchema), message: messageSchema }),
  z.object({ collection: z.literal('oficios'), objects: z.array(tradeSchema), message: messageSchema }),
  z.object({ collection: z.literal('recursos'), objects: z.array(resourceSchema), message: messageSchema }),
]);
export type LoadObjectsOutput = z.infer<typeof loadObjectsOutputSchema>;

export const loadObjectsContract = defineFunction({
  name: 'loadObjects',
  input: z.strictObject({ collection: catalogueCollectionSchema }),
  output: loadObjectsOutputSchema,
});

/** The spec's fixed load messages (§8). */
export const catalogueLoadedMessages: Record<CatalogueCollection, string> = {
  'tipos-area': 'Tipos de área cargadas',
  actividades: 'Actividades cargadas',
  sistemas: 'Sistemas cargados',
  componentes: 'Componentes cargados',
  oficios: 'Oficios cargados',
  recursos: 'Recursos cargados',
};

/** Loads the starter catalogue into the installation; only what is missing (by code) is added. */
export const seedCataloguesContract = defineFunction({
  name: 'seedCatalogues',
  input: noInputSchema,
  output: z.object({
    added: z.object({
      'tipos-area': z.number().int(),
      actividades: z.number().int(),
      sistemas: z.number().int(),
      componentes: z.number().int(),
      oficios: z.number().int(),
      recursos: z.number().int(),
    }),
    message: messageSchema,
  }),
});
