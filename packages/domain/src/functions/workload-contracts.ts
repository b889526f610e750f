import { z } from 'zod';
import { defineFunction } from './contract';
import { messageSchema } from './common';
import { exportedFileSchema } from './exchange-contracts';
import { ganttOutputSchema, projectIdSchema } from './gantt-contracts';

/**
 * Issue 35: the resources' load over the project's schedule (docs/RESOURCES.md "Histogram"):
 * 'Histograma de recursos' and the 'Histograma de mano de obra'.
 */

export const histogramGroupBys = ['resource', 'trade', 'type'] as const;
export const histogramPeriods = ['day', 'week', 'month'] as const;

const histogramPointSchema = z.object({
  /** YYYY-MM-DD: the day, the week's Monday or the month's first day */
  date: z.string(),
  /** the busiest working day's units (workers for labour by trade or type) */
  units: z.number(),
  /** the mean over the period's working days */
  average: z.number(),
  /** HH for labour, machine hours for equipment */
  hours: z.number(),
  /** CLP, rounded to the peso */
  cost: z.number(),
  /** the fewest units available on one of the period's working days */
  maxUnits: z.number(),
  overload: z.boolean(),
  /** the hours and cost of the days before the cut-off */
  actualHours: z.number(),
  actualCost: z.number(),
  /** the overload's reason when a resource's own calendar makes it: the days a task asks for it off (dd) */
  nonWorkingDays: z.array(z.string()).optional(),
});

export const histogramSeriesSchema = z.object({
  key: z.string(),
  name: z.string(),
  unit: z.string(),
  maxUnits: z.number(),
  points: z.array(histogramPointSchema),
  /** currencies with no CLP value for the days (their costs are left out) */
  missingRates: z.array(z.string()).optional(),
});
export type HistogramSeriesOutput = z.infer<typeof histogramSeriesSchema>;

/** What loadResourceHistogram and exportResourceHistogram take. */
const resourceHistogramInput = z.strictObject({
  id: projectIdSchema,
  groupBy: z.enum(histogramGroupBys, { error: `debe ser una de: ${histogramGroupBys.join(', ')}` }),
  period: z.enum(histogramPeriods, { error: `debe ser una de: ${histogramPeriods.join(', ')}` }),
  baselineId: z
    .string({ error: 'debe ser texto' })
    .trim()
    .min(1, { error: 'es obligatorio' })
    .max(64, { error: 'debe tener como máximo 64 caracteres' })
    .optional(),
});

/**
 * loadResourceHistogram {id, groupBy, period, baselineId?}: the load of the resources the Gantt's
 * tasks use, on the current schedule and, with `baselineId`, on that baseline's dates (a second set
 * of series). Unknown project or baseline → NOT_FOUND.
 */
export const loadResourceHistogramContract = defineFunction({
  name: 'loadResourceHistogram',
  input: resourceHistogramInput,
  output: z.object({
    series: z.array(histogramSeriesSchema),
    /** the same resources on the baseline's dates (only when baselineId was asked) */
    baseline: z.object({ baselineId: z.string(), name: z.string(), series: z.array(histogramSeriesSchema) }).optional(),
    /** YYYY-MM-DD, the latest cut-off: the hours and cost before it are actual */
    cutoff: z.string().optional(),
    message: messageSchema,
  }),
});

/**
 * exportResourceHistogram {id, groupBy, period, baselineId?}: 'Descargar Excel' of the 'Histograma de
 * recursos' screen: loadResourceHistogram's answer as a workbook (sheet 'Histograma', every series'
 * rows; 'Línea base' with the baseline's; 'Mano de obra', trades by period, when grouped by trade).
 */
export const exportResourceHistogramContract = defineFunction({
  name: 'exportResourceHistogram',
  input: resourceHistogramInput,
  output: exportedFileSchema.extend({ message: messageSchema }),
});

export const levelOrders = ['totalFloat', 'lateStart', 'priority', 'edpOrder'] as const;

/**
 * levelResources {id, version, dryRun, order, withinSlack}: 'Redistribuir recursos'
 * (docs/RESOURCES.md "Levelling"). Delays tasks so that no resource is asked for more than it has,
 * after putting back any earlier levelling. `dryRun`: nothing is written, the answer says what would
 * move; else the moves are stored under the Gantt's version (stale → ABORTED) and `gantt` is the
 * Gantt as loadGantt answers it.
 */
export const levelResourcesContract = defineFunction({
  name: 'levelResources',
  input: z.strictObject({
    id: projectIdSchema,
    version: z.number({ error: 'debe ser un número' }).int({ error: 'debe ser un número entero' }).min(0),
    dryRun: z.boolean({ error: 'debe ser verdadero o falso' }),
    order: z.enum(levelOrders, { error: `debe ser una de: ${levelOrders.join(', ')}` }),
    withinSlack: z.boolean({ error: 'debe ser verdadero o falso' }),
  }),
  output: z.object({
    /** the tasks the levelling delays, in the order it placed them, with the working days and their new dates */
    moved: z.array(
      z.object({
        TaskID: z.number().int(),
        TaskCode: z.string(),
        TaskName: z.string(),
        days: z.number().int(),
        /** YYYY-MM-DD: the start before and after, and the finish after */
        from: z.string(),
        to: z.string(),
        finish: z.string(),
      }),
    ),
    /** YYYY-MM-DD: the project's finish after levelling, and before */
    finish: z.string(),
    finishBefore: z.string(),
    /** every overload left, by resource and stretch of days, with its reason in Spanish */
    overloads: z.array(
      z.object({
        resourceId: z.string(),
        resourceName: z.string(),
        from: z.string(),
        to: z.string(),
        units: z.number(),
        maxUnits: z.number(),
        tasks: z.array(z.object({ TaskID: z.number().int(), TaskCode: z.string() })),
        reason: z.string(),
      }),
    ),
    /** the Gantt after the levelling (absent on a dry run) */
    gantt: ganttOutputSchema.optional(),
    message: messageSchema,
  }),
});
