import { z } from 'zod';
import { defineFunction } from './contract';
import { messageSchema } from './common';
import { projectIdSchema } from './gantt-contracts';

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

/**
 * loadResourceHistogram {id, groupBy, period, baselineId?}: the load of the resources the Gantt's
 * tasks use, on the current schedule and, with `baselineId`, on that baseline's dates (a second set
 * of series). Unknown project or baseline → NOT_FOUND.
 */
export const loadResourceHistogramContract = defineFunction({
  name: 'loadResourceHistogram',
  input: z.strictObject({
    id: projectIdSchema,
    groupBy: z.enum(histogramGroupBys, { error: `debe ser una de: ${histogramGroupBys.join(', ')}` }),
    period: z.enum(histogramPeriods, { error: `debe ser una de: ${histogramPeriods.join(', ')}` }),
    baselineId: z
      .string({ error: 'debe ser texto' })
      .trim()
      .min(1, { error: 'es obligatorio' })
      .max(64, { error: 'debe tener como máximo 64 caracteres' })
      .optional(),
  }),
  output: z.object({
    series: z.array(histogramSeriesSchema),
    /** the same resources on the baseline's dates (only when baselineId was asked) */
    baseline: z.object({ baselineId: z.string(), name: z.string(), series: z.array(histogramSeriesSchema) }).optional(),
    /** YYYY-MM-DD, the latest cut-off: the hours and cost before it are actual */
    cutoff: z.string().optional(),
    message: messageSchema,
  }),
});
