import { z } from 'zod';
import { currencies } from '../format/money';
import { defineFunction } from './contract';
import { isoDateSchema, messageSchema } from './common';
import { MAX_WORKBOOK_BASE64_CHARS, exportedFileSchema, workbookRowErrorSchema } from './exchange-contracts';
import { projectIdSchema } from './gantt-contracts';
import { decimalTextSchema, percentTextSchema } from './price-fields';

export {
  MAX_UNIT,
  decimalTextSchema,
  edpItemPriceInputShape,
  edpItemPriceOutputShape,
  percentTextSchema,
} from './price-fields';

/**
 * Costs (issue 16; docs/COSTS.md): prices on EDP items, UF values, the S-curve ('Curva S') with
 * earned value, and the monthly estado de pago (EP). Every amount, quantity, price, percentage and
 * UF value travels as an exact decimal string ("1234.5", no exponent, '.' as the separator) and is
 * computed with money-math.ts (big.js), never as a binary float.
 */

/** A decimal string as answered (canonical: "1234.5", "0", "-20" for a negative difference). */
const decimalOutput = z.string();

// ---------------------------------------------------------------- UF values

/** One UF value: CLP per UF on `date` (Chile publishes one per day, with 2 decimals). */
export const ufValueSchema = z.object({ date: z.string(), value: decimalOutput });
export type UfValue = z.infer<typeof ufValueSchema>;

/** The most UF values one save or import takes (over 270 years of days). */
export const MAX_UF_VALUES = 100_000;

/**
 * saveUfValues {values, remove?}: 'Valores UF' — upserts each {date, value} (value > 0, up to 4
 * decimals; the same date twice in one call is refused) and deletes the dates in `remove`. Global
 * (the UF is the country's), any signed-in user. Answers the stored count and the range.
 */
export const saveUfValuesContract = defineFunction({
  name: 'saveUfValues',
  input: z.strictObject({
    values: z
      .array(z.strictObject({ date: isoDateSchema, value: decimalTextSchema({ positive: true }) }))
      .max(MAX_UF_VALUES, { error: `admite como máximo ${MAX_UF_VALUES} valores` }),
    remove: z
      .array(isoDateSchema)
      .max(MAX_UF_VALUES, { error: `admite como máximo ${MAX_UF_VALUES} fechas` })
      .default([]),
  }),
  output: z.object({ saved: z.number().int(), removed: z.number().int(), message: messageSchema }),
  bodyLimit: 16 * 1024 * 1024,
});

/** loadUfValues {from?, to?}: the stored UF values in [from, to] (both optional), by date. */
export const loadUfValuesContract = defineFunction({
  name: 'loadUfValues',
  input: z.union([
    z.null(),
    z.undefined(),
    z.strictObject({ from: isoDateSchema.optional(), to: isoDateSchema.optional() }),
  ]),
  output: z.object({
    values: z.array(ufValueSchema),
    /** every stored value's count and range, whatever from/to asked */
    count: z.number().int(),
    first: z.string().optional(),
    last: z.string().optional(),
    message: messageSchema,
  }),
});

/**
 * importUfValues {content (base64), fileName, dryRun?}: UF values from the files the Central Bank
 * (CSV or Excel: a date column and a value column) or the SII (a year's table: days down, months
 * across) publish, read by uf-values-file.ts. Errors are per row ('Fila 7: …') and any error refuses
 * the whole file; a dry run lists what would change. Then saved as saveUfValues.
 */
export const importUfValuesContract = defineFunction({
  name: 'importUfValues',
  input: z.strictObject({
    content: z
      .string({ error: 'debe ser texto' })
      .min(1, { error: 'es obligatorio' })
      .max(MAX_WORKBOOK_BASE64_CHARS, { error: 'el archivo supera los 10 MB' })
      .regex(/^[A-Za-z0-9+/]*={0,2}$/, { error: 'debe ser un archivo CSV o Excel (.xlsx) en base64' }),
    fileName: z
      .string({ error: 'debe ser texto' })
      .trim()
      .min(1, { error: 'es obligatorio' })
      .max(255, { error: 'debe tener como máximo 255 caracteres' }),
    dryRun: z.boolean({ error: 'debe ser verdadero o falso' }).default(false),
  }),
  output: z.object({
    preview: z.object({
      values: z.number().int(),
      added: z.number().int(),
      changed: z.number().int(),
      unchanged: z.number().int(),
      first: z.string().optional(),
      last: z.string().optional(),
      errors: z.array(workbookRowErrorSchema),
    }),
    message: messageSchema,
  }),
  bodyLimit: 16 * 1024 * 1024,
});

// ---------------------------------------------------------------- S-curve

/** What the S-curve's amounts measure: money, or working days when nothing is priced. */
export const sCurveBases = ['cost', 'duration'] as const;
export type SCurveBasis = (typeof sCurveBases)[number];

export const sCurvePointSchema = z.object({
  /**
   * YYYY-MM-DD in the cut-off's sense: the work done before this day. A month's point is the 1st of
   * the next month (work through the month's last day); a cut-off's is its date.
   */
  date: z.string(),
  /** this point is a recorded cut-off */
  cutoff: z.boolean(),
  /** planned value to date (PV): the baseline's amounts spread over its tasks' working days */
  planned: decimalOutput,
  /** earned value to date (EV): Σ amount × physical progress at this cut-off; null off cut-offs and after the latest */
  earned: decimalOutput.nullable(),
  /** planned / total × 100, 2 decimals */
  plannedPercent: decimalOutput,
  earnedPercent: decimalOutput.nullable(),
  /** actual cost to date entered at this cut-off (AC), or null */
  actualCost: decimalOutput.nullable(),
  /**
   * issue 33, what was reported stays put: the approved estado de pago at this cut-off whose figures
   * `earned` and `earnedPercent` are (its accumulated amount and %, as approved)
   */
  estadoPago: z.number().int().optional(),
  /** issue 33: what the same cut-off gives now, when later changes moved it off the approved EP's */
  recalculated: z.object({ earned: decimalOutput, earnedPercent: decimalOutput }).optional(),
  /**
   * issue 33, 'Proyectado': EV at the latest cut-off, then EV + the planned value of the remaining
   * work on the current schedule through this point; null before the latest cut-off or without one
   * (absent from a server before issue 33)
   */
  projected: decimalOutput.nullable().optional(),
  projectedPercent: decimalOutput.nullable().optional(),
});
export type SCurvePoint = z.infer<typeof sCurvePointSchema>;

/** issue 33, the forecast at the latest cut-off (docs/COSTS.md 'Forecast'). */
export const sCurveForecastSchema = z.object({
  /** the estimated finish: the current schedule's latest finish of the leaves in scope, YYYY-MM-DD */
  finish: z.string(),
  /** the baseline's finish (of the leaves in scope); null with no baseline */
  baselineFinish: z.string().nullable(),
  /** working days from the baseline's finish to the estimated finish (positive: late); null with no baseline */
  finishVariance: z.number().int().nullable(),
  /** EAC = AC + (BAC − EV) / CPI at the latest cut-off; null unless its actual cost is entered (cost basis) */
  eac: decimalOutput.nullable(),
  /** ETC = EAC − AC, the cost to finish */
  etc: decimalOutput.nullable(),
  /** VAC = BAC − EAC (negative: over the budget) */
  vac: decimalOutput.nullable(),
});
export type SCurveForecast = z.infer<typeof sCurveForecastSchema>;

export const sCurveSchema = z.object({
  currency: z.enum(currencies),
  /** 'duration': nothing is priced, so amounts are working days ('Avance ponderado por duración') */
  basis: z.enum(sCurveBases),
  /** the baseline the planned curve comes from; absent: none exists, so the current schedule */
  baselineId: z.string().optional(),
  baselineName: z.string().optional(),
  /** the EDP item the curve is restricted to (its subtree) */
  edpItemId: z.number().int().optional(),
  points: z.array(sCurvePointSchema),
  /** budget at completion: the sum of the amounts (or working days) */
  total: decimalOutput,
  /** the latest cut-off, and PV / EV / AC there */
  cutoff: z.string().optional(),
  /** EV / PV at the latest cut-off, 2 decimals; null without a cut-off or with PV = 0 */
  spi: decimalOutput.nullable(),
  /** EV / AC at the latest cut-off with an actual cost, 2 decimals; null without one */
  cpi: decimalOutput.nullable(),
  /** issue 33: the forecast; absent with no scheduled task (or from a server before issue 33) */
  forecast: sCurveForecastSchema.optional(),
});
export type SCurve = z.infer<typeof sCurveSchema>;

const edpItemIdSchema = z
  .number({ error: 'debe ser un número' })
  .int({ error: 'debe ser un número entero' })
  .min(1, { error: 'debe ser 1 o más' })
  .max(Number.MAX_SAFE_INTEGER, { error: 'es demasiado grande' });

const baselineIdSchema = z
  .string({ error: 'debe ser texto' })
  .trim()
  .min(1, { error: 'es obligatorio' })
  .max(64, { error: 'debe tener como máximo 64 caracteres' });

const sCurveInput = z.strictObject({
  id: projectIdSchema,
  /** absent: the project's chosen baseline (else the current schedule) */
  baselineId: baselineIdSchema.optional(),
  /** absent: the whole project */
  edpItemId: edpItemIdSchema.optional(),
});

/**
 * loadSCurve {id, baselineId?, edpItemId?}: the S-curve — one point at the project's start, one per
 * month and one per recorded cut-off — with SPI and CPI at the latest cut-off. Unknown project,
 * baseline or item → NOT_FOUND.
 */
export const loadSCurveContract = defineFunction({
  name: 'loadSCurve',
  input: sCurveInput,
  output: sCurveSchema.extend({ message: messageSchema }),
});

/** exportSCurve {id, baselineId?, edpItemId?}: the S-curve's table as an Excel workbook ('Curva S'). */
export const exportSCurveContract = defineFunction({
  name: 'exportSCurve',
  input: sCurveInput,
  output: exportedFileSchema.extend({ message: messageSchema }),
});

/**
 * saveActualCost {id, cutoff, amount | null}: the actual cost to date (AC, 'Costo real acumulado')
 * at a recorded cut-off, in the project's currency; null clears it. A date that is not a recorded
 * cut-off → NOT_FOUND.
 */
export const saveActualCostContract = defineFunction({
  name: 'saveActualCost',
  input: z.strictObject({ id: projectIdSchema, cutoff: isoDateSchema, amount: decimalTextSchema().nullable() }),
  output: z.object({ message: messageSchema }),
});

// ---------------------------------------------------------------- estados de pago

export const estadoPagoStatuses = ['draft', 'approved'] as const;
export type EstadoPagoStatus = (typeof estadoPagoStatuses)[number];

/** The contract's payment terms, per project ('Condiciones del contrato'). */
export const estadoPagoSettingsSchema = z.object({
  /** the contract's name or number, printed in the EP's header */
  contract: z.string(),
  /** the contractor ('Contratista'), printed in the header */
  contractor: z.string(),
  /** retention per EP on its gross amount, % (e.g. "5") */
  retentionPercent: decimalOutput,
  /** the retention's cap, % of the contract's amount (e.g. "5"); "0": no cap */
  retentionCapPercent: decimalOutput,
  /** the advance paid ('Anticipo'), in the project's currency; repaid in proportion to progress */
  advanceAmount: decimalOutput,
  /** IVA, % ("19") */
  vatPercent: decimalOutput,
});
export type EstadoPagoSettings = z.infer<typeof estadoPagoSettingsSchema>;

export const DEFAULT_ESTADO_PAGO_SETTINGS: EstadoPagoSettings = {
  contract: '',
  contractor: '',
  retentionPercent: '0',
  retentionCapPercent: '0',
  advanceAmount: '0',
  vatPercent: '19',
};

/**
 * One partida of an EP: every EDP item with a price, and every EDP leaf (unpriced: budget 0, its
 * progress still shown). Percentages have 2 decimals; amounts are rounded as a document shows
 * them (DOCUMENT_DECIMALS) before any total is added.
 */
export const estadoPagoLineSchema = z.object({
  edpItemId: z.number().int(),
  code: z.string(),
  name: z.string(),
  /** the item's depth in the EDP (1 = a root) */
  level: z.number().int(),
  unit: z.string().optional(),
  quantity: decimalOutput.optional(),
  unitPrice: decimalOutput.optional(),
  /** the item's amount ('Presupuesto'), rounded as the document shows it */
  budget: decimalOutput,
  /** the previous EP's accumulated % (0 in EP N°1 or for a new partida) */
  previousPercent: decimalOutput,
  /** accumulated − previous */
  periodPercent: decimalOutput,
  /** physical progress at the cut-off, its tasks weighted by working days */
  accumulatedPercent: decimalOutput,
  /** the previous EP's accumulated amount, as approved */
  previousAmount: decimalOutput,
  /** accumulated − previous amount (a price or progress changed since shows here) */
  periodAmount: decimalOutput,
  /** budget × accumulated %, rounded */
  accumulatedAmount: decimalOutput,
});
export type EstadoPagoLine = z.infer<typeof estadoPagoLineSchema>;

/** The totals block: each 'period' figure is its 'accumulated' one less the previous EP's. */
export const estadoPagoTotalsSchema = z.object({
  /** Σ budget: the contract's amount */
  contractAmount: decimalOutput,
  /** Σ lines' amounts */
  previousAmount: decimalOutput,
  periodAmount: decimalOutput,
  accumulatedAmount: decimalOutput,
  /** accumulatedAmount / contractAmount × 100, 2 decimals */
  accumulatedPercent: decimalOutput,
  /** min(retention % × accumulated amount, cap % × contract amount) */
  retentionAccumulated: decimalOutput,
  retentionPeriod: decimalOutput,
  /** the cap reached by this EP */
  retentionCapped: z.boolean(),
  /** min(advance × accumulated amount / contract amount, advance) */
  advanceRepaymentAccumulated: decimalOutput,
  advanceRepaymentPeriod: decimalOutput,
  /** periodAmount − retentionPeriod − advanceRepaymentPeriod */
  net: decimalOutput,
  /** net × IVA % */
  vat: decimalOutput,
  /** net + vat */
  total: decimalOutput,
});
export type EstadoPagoTotals = z.infer<typeof estadoPagoTotalsSchema>;

export const estadoPagoSchema = z.object({
  /** N°1, 2, … in cut-off order */
  number: z.number().int(),
  /** the cut-off it pays up to (work before this day) */
  cutoff: z.string(),
  /** the period: from the previous EP's cut-off (or the project's start) to the day before `cutoff` */
  periodStart: z.string(),
  periodEnd: z.string(),
  status: z.enum(estadoPagoStatuses),
  createdAt: z.string(),
  createdBy: z.string(),
  approvedAt: z.string().optional(),
  approvedBy: z.string().optional(),
  currency: z.enum(currencies),
  /** the terms it was computed with (frozen with it once approved) */
  settings: estadoPagoSettingsSchema,
  /** UF contracts: the UF value used, of the EP's cut-off date, and the net, IVA and total in CLP */
  uf: z
    .object({
      date: z.string(),
      value: decimalOutput,
      netClp: decimalOutput,
      vatClp: decimalOutput,
      totalClp: decimalOutput,
    })
    .optional(),
  lines: z.array(estadoPagoLineSchema),
  totals: estadoPagoTotalsSchema,
});
export type EstadoPago = z.infer<typeof estadoPagoSchema>;

/** An EP as loadEstadosPago lists it. */
export const estadoPagoSummarySchema = estadoPagoSchema.omit({ lines: true, settings: true });
export type EstadoPagoSummary = z.infer<typeof estadoPagoSummarySchema>;

const epNumberSchema = z
  .number({ error: 'debe ser un número' })
  .int({ error: 'debe ser un número entero' })
  .min(1, { error: 'debe ser 1 o más' })
  .max(10_000, { error: 'es demasiado grande' });

/** loadEstadosPago {id}: the project's EPs (N° order), its payment terms and the cut-offs an EP can take. */
export const loadEstadosPagoContract = defineFunction({
  name: 'loadEstadosPago',
  input: z.strictObject({ id: projectIdSchema, number: epNumberSchema.optional() }),
  output: z.object({
    estadosPago: z.array(estadoPagoSummarySchema),
    /** with `number`: that EP whole */
    estadoPago: estadoPagoSchema.optional(),
    settings: estadoPagoSettingsSchema,
    /** recorded cut-offs after the last EP's (where 'Nuevo estado de pago' can go), oldest first */
    availableCutoffs: z.array(z.string()),
    message: messageSchema,
  }),
});

/**
 * saveEstadoPagoSettings {id, settings}: the contract's payment terms. They apply to drafts and
 * later EPs, never to an approved one.
 */
export const saveEstadoPagoSettingsContract = defineFunction({
  name: 'saveEstadoPagoSettings',
  input: z.strictObject({
    id: projectIdSchema,
    settings: z.strictObject({
      contract: z
        .string({ error: 'debe ser texto' })
        .trim()
        .max(200, { error: 'debe tener como máximo 200 caracteres' }),
      contractor: z
        .string({ error: 'debe ser texto' })
        .trim()
        .max(200, { error: 'debe tener como máximo 200 caracteres' }),
      retentionPercent: percentTextSchema,
      retentionCapPercent: percentTextSchema,
      advanceAmount: decimalTextSchema(),
      vatPercent: percentTextSchema,
    }),
  }),
  output: z.object({ settings: estadoPagoSettingsSchema, message: messageSchema }),
});

/**
 * saveEstadoPago {id, cutoff}: 'Nuevo estado de pago' at a recorded cut-off → the next N°; the same
 * cut-off again recomputes that draft. Refused (FAILED_PRECONDITION, nothing written): a cut-off
 * not recorded, one not after the last approved EP's, while an earlier EP is still a draft, an
 * approved EP's cut-off, a UF contract with no UF value on the cut-off's date (the message names it).
 */
export const saveEstadoPagoContract = defineFunction({
  name: 'saveEstadoPago',
  input: z.strictObject({ id: projectIdSchema, cutoff: isoDateSchema }),
  output: z.object({ estadoPago: estadoPagoSchema, message: messageSchema }),
});

/**
 * approveEstadoPago {id, number}: 'Aprobar' freezes a draft EP as it stands. Refused: an EP already
 * approved, an earlier EP still a draft, an EP whose cut-off has no progress.
 */
export const approveEstadoPagoContract = defineFunction({
  name: 'approveEstadoPago',
  input: z.strictObject({ id: projectIdSchema, number: epNumberSchema }),
  output: z.object({ estadoPago: estadoPagoSchema, message: messageSchema }),
});

/** removeEstadoPago {id, number}: deletes a draft EP (the last one); an approved EP is refused. */
export const removeEstadoPagoContract = defineFunction({
  name: 'removeEstadoPago',
  input: z.strictObject({ id: projectIdSchema, number: epNumberSchema }),
  output: z.object({ message: messageSchema }),
});

export const estadoPagoFormats = ['xlsx', 'pdf'] as const;

/**
 * exportEstadoPago {id, number, format}: the EP laid out as a Chilean EP — header (project,
 * contract, contractor, period, EP N°, UF value used), the partidas table, the totals block.
 */
export const exportEstadoPagoContract = defineFunction({
  name: 'exportEstadoPago',
  input: z.strictObject({
    id: projectIdSchema,
    number: epNumberSchema,
    format: z.enum(estadoPagoFormats, { error: 'debe ser xlsx o pdf' }),
  }),
  output: exportedFileSchema.extend({ message: messageSchema }),
});

/** The refusal of a conversion with no UF value on `date` (YYYY-MM-DD): it names the date missing. */
export function missingUfValueMessage(date: string): string {
  const [year, month, day] = date.split('-');
  return `No hay valor UF para el ${day}-${month}-${year}: ingrésalo en «Valores UF»`;
}
