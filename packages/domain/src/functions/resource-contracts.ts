import { z } from 'zod';
import { MONEY_DECIMALS } from '../format/money-math';
import {
  MAX_AVAILABILITY_RANGES,
  MAX_CREW_COUNT,
  MAX_CREW_ROWS,
  MAX_RESOURCE_CALENDAR_NAME,
  MAX_RESOURCE_CALENDAR_RANGES,
  MAX_RESOURCE_UNITS,
  RESOURCE_CURRENCIES,
  RESOURCE_TYPES,
  RESOURCE_TYPE_LABELS,
  availabilityErrors,
  resourceCalendarErrors,
} from '../resources/resources';
import { isoDateSchema } from './common';
import { MAX_UNIT, decimalTextSchema } from './price-fields';

/**
 * Issue 35: the catalogues of trades ('oficios') and resources ('recursos'), through saveObject /
 * loadObjects / removeObject like the other catalogues. A resource's crew names trades by `_id`.
 */

const recordIdSchema = z.string({ error: 'debe ser texto' }).trim().min(1, { error: 'es obligatorio' }).max(64);

const unitsSchema = z
  .number({ error: 'debe ser un número' })
  .min(0, { error: 'debe ser 0 o más' })
  .max(MAX_RESOURCE_UNITS, { error: `debe ser como máximo ${MAX_RESOURCE_UNITS}` })
  .refine((value) => Math.round(value * 100) === value * 100, { error: 'admite como máximo 2 decimales' });

export const resourceTypeSchema = z.enum(RESOURCE_TYPES, {
  error: `debe ser uno de: ${RESOURCE_TYPES.map((type) => `${type} (${RESOURCE_TYPE_LABELS[type]})`).join(', ')}`,
});
export const resourceCurrencySchema = z.enum(RESOURCE_CURRENCIES, {
  error: `debe ser una de: ${RESOURCE_CURRENCIES.join(', ')}`,
});

// ---- stored shapes (what loadObjects returns) ----

export const tradeSchema = z.object({
  _id: z.string(),
  id: z.string(),
  code: z.string(),
  name: z.string(),
  priority: z.number().int(),
});
export type Trade = z.infer<typeof tradeSchema>;

export const availabilityRangeSchema = z.object({ from: z.string(), to: z.string(), maxUnits: z.number() });
/** a crew row: the trade's `_id`, its name (answered, for reading), and how many */
export const crewMemberSchema = z.object({ trade: z.string(), tradeName: z.string(), count: z.number().int() });

export const resourceCalendarRangeSchema = z.object({ from: z.string(), to: z.string(), name: z.string() });
/** a resource's own calendar (absent: the project's) */
export const resourceCalendarSchema = z.object({
  /** 0 = Sunday … 6 = Saturday; absent: the project's weekdays */
  workingWeekdays: z.array(z.number().int()).optional(),
  /** non-working date ranges, both days included */
  exceptions: z.array(resourceCalendarRangeSchema),
});

export const resourceSchema = z.object({
  _id: z.string(),
  id: z.string(),
  code: z.string(),
  name: z.string(),
  priority: z.number().int(),
  type: resourceTypeSchema,
  unit: z.string(),
  /** the most units available at once, outside the availability ranges */
  maxUnits: z.number(),
  /** date ranges with another maximum (none overlap) */
  availability: z.array(availabilityRangeSchema),
  /** labour: the crew one unit is, trades by `_id` ([] for the other types) */
  crew: z.array(crewMemberSchema),
  /** decimal text in `currency` (absent: not set); at most one of the two */
  costPerDay: z.string().optional(),
  costPerUnit: z.string().optional(),
  currency: resourceCurrencySchema,
  /** its own non-working days on top of the project's calendar; absent: the project's calendar */
  calendar: resourceCalendarSchema.optional(),
});
export type CatalogueResource = z.infer<typeof resourceSchema>;

// ---- inputs (what saveObject accepts) ----

const priorityDefault = 1;

export const tradeInputSchema = z.strictObject({
  _id: recordIdSchema.optional(),
  id: z.union([z.string(), z.number()]).optional(),
  code: z
    .string({ error: 'debe ser texto' })
    .trim()
    .min(1, { error: 'es obligatorio' })
    .max(50, { error: 'debe tener como máximo 50 caracteres' }),
  name: z
    .string({ error: 'debe ser texto' })
    .trim()
    .min(1, { error: 'es obligatorio' })
    .max(200, { error: 'debe tener como máximo 200 caracteres' }),
  priority: z
    .number({ error: 'debe ser un número' })
    .int({ error: 'debe ser un número entero' })
    .min(1, { error: 'debe ser 1 o más' })
    .max(1_000_000, { error: 'debe ser como máximo 1.000.000' })
    .default(priorityDefault),
});
export type TradeInput = z.input<typeof tradeInputSchema>;

export const availabilityRangeInputSchema = z.strictObject({
  from: isoDateSchema,
  to: isoDateSchema,
  maxUnits: unitsSchema,
});

export const crewMemberInputSchema = z.strictObject({
  trade: recordIdSchema,
  /** what loadObjects answers along; ignored (the trade is its `_id`) */
  tradeName: z.string().optional(),
  count: z
    .number({ error: 'debe ser un número' })
    .int({ error: 'debe ser un número entero de personas' })
    .min(1, { error: 'debe ser 1 o más' })
    .max(MAX_CREW_COUNT, { error: `debe ser como máximo ${MAX_CREW_COUNT}` }),
});

export const resourceCalendarRangeInputSchema = z.strictObject({
  from: isoDateSchema,
  to: isoDateSchema,
  name: z
    .string({ error: 'debe ser texto' })
    .trim()
    .max(MAX_RESOURCE_CALENDAR_NAME, { error: `debe tener como máximo ${MAX_RESOURCE_CALENDAR_NAME} caracteres` })
    .default(''),
});

/**
 * A resource's own calendar as saveObject takes it: weekdays 0 (Sunday) … 6 (Saturday), each once,
 * at least one (absent: the project's); at most MAX_RESOURCE_CALENDAR_RANGES non-working ranges.
 */
export const resourceCalendarInputSchema = z.strictObject({
  workingWeekdays: z
    .array(
      z
        .number({ error: 'debe ser un número' })
        .int({ error: 'debe ser un día de la semana de 0 (domingo) a 6 (sábado)' })
        .min(0, { error: 'debe ser un día de la semana de 0 (domingo) a 6 (sábado)' })
        .max(6, { error: 'debe ser un día de la semana de 0 (domingo) a 6 (sábado)' }),
      { error: 'debe ser una lista de días de la semana' },
    )
    .max(7, { error: 'admite como máximo 7 días' })
    .refine((days) => new Set(days).size === days.length, { error: 'tiene un día repetido' })
    .optional(),
  exceptions: z
    .array(resourceCalendarRangeInputSchema, { error: 'debe ser una lista de rangos' })
    .max(MAX_RESOURCE_CALENDAR_RANGES, { error: `admite como máximo ${MAX_RESOURCE_CALENDAR_RANGES} rangos` })
    .default([]),
});

const costSchema = decimalTextSchema({ max: '1000000000000' });

/** A resource as saveObject takes it; the cross-field rules (crew, cost, ranges) name their field. */
export const resourceInputSchema = z
  .strictObject({
    _id: recordIdSchema.optional(),
    id: z.union([z.string(), z.number()]).optional(),
    code: tradeInputSchema.shape.code,
    name: tradeInputSchema.shape.name,
    priority: tradeInputSchema.shape.priority,
    type: resourceTypeSchema,
    unit: z
      .string({ error: 'debe ser texto' })
      .trim()
      .min(1, { error: 'es obligatoria' })
      .max(MAX_UNIT, { error: `debe tener como máximo ${MAX_UNIT} caracteres` }),
    maxUnits: unitsSchema,
    availability: z
      .array(availabilityRangeInputSchema)
      .max(MAX_AVAILABILITY_RANGES, { error: `admite como máximo ${MAX_AVAILABILITY_RANGES} rangos` })
      .default([]),
    crew: z
      .array(crewMemberInputSchema)
      .max(MAX_CREW_ROWS, { error: `admite como máximo ${MAX_CREW_ROWS} oficios` })
      .default([]),
    costPerDay: costSchema.nullable().optional(),
    costPerUnit: costSchema.nullable().optional(),
    currency: resourceCurrencySchema.default('CLP'),
    /** absent or null: the project's calendar */
    calendar: resourceCalendarInputSchema.nullable().optional(),
  })
  .superRefine((resource, context) => {
    if (resource.type !== 'labor' && resource.crew.length > 0)
      context.addIssue({ code: 'custom', path: ['crew'], message: 'solo la mano de obra tiene cuadrilla' });
    const trades = new Set<string>();
    resource.crew.forEach((member, index) => {
      if (trades.has(member.trade))
        context.addIssue({
          code: 'custom',
          path: ['crew', index, 'trade'],
          message: 'el oficio ya está en la cuadrilla',
        });
      trades.add(member.trade);
    });
    const perDay = resource.costPerDay ?? undefined;
    const perUnit = resource.costPerUnit ?? undefined;
    if (perDay !== undefined && perUnit !== undefined)
      context.addIssue({
        code: 'custom',
        path: ['costPerUnit'],
        message: 'un recurso tiene costo por día o por unidad, no ambos',
      });
    for (const [field, value] of [
      ['costPerDay', perDay],
      ['costPerUnit', perUnit],
    ] as const) {
      const decimals = value?.split('.')[1]?.length ?? 0;
      const allowed = MONEY_DECIMALS[resource.currency];
      if (value !== undefined && decimals > allowed)
        context.addIssue({
          code: 'custom',
          path: [field],
          message:
            allowed === 0
              ? `en ${resource.currency} es un monto sin decimales`
              : `en ${resource.currency} admite como máximo ${allowed} decimales`,
        });
    }
    for (const message of availabilityErrors(resource.availability))
      context.addIssue({ code: 'custom', path: ['availability'], message });
    if (resource.calendar !== undefined && resource.calendar !== null)
      for (const message of resourceCalendarErrors(resource.calendar))
        context.addIssue({ code: 'custom', path: ['calendar'], message });
  });
export type ResourceInput = z.input<typeof resourceInputSchema>;
