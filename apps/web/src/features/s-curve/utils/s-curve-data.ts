import { formatIsoDate, formatMoney, formatNumber, parseChileanDecimal } from '@cimiento/domain';
import type { EdpItem, SCurve } from '@cimiento/domain';

/**
 * What the 'Curva S' screen (issue 16) shows of loadSCurve's answer, as pure functions: the chart's
 * series (percentages, the only place a number is made of a decimal string: for drawing), the
 * table's texts in es-CL formats, the EDP item picker's options, the meaning of SPI and CPI, and
 * the 'Costo real' typed in Chilean notation.
 */

export type SCurveSeries = {
  /** UTC midnight of each point's date */
  dates: Date[];
  planned: number[];
  /** null off cut-offs (the line joins the cut-offs); 0 at the start, where nothing was done yet */
  earned: Array<number | null>;
  /** issue 33, 'Proyectado': from the latest cut-off on; null before it (or from an older server) */
  projected: Array<number | null>;
};

/** A YYYY-MM-DD day as a Date at UTC midnight (the chart's time axis). */
export function dayDate(iso: string): Date {
  return new Date(`${iso}T00:00:00.000Z`);
}

/** The chart's curves in % (Programado, Real, Proyectado). */
export function sCurveSeries(curve: Pick<SCurve, 'points'>): SCurveSeries {
  const hasCutoff = curve.points.some((point) => point.cutoff);
  return {
    dates: curve.points.map((point) => dayDate(point.date)),
    planned: curve.points.map((point) => Number(point.plannedPercent)),
    earned: curve.points.map((point, index) => {
      if (point.earnedPercent !== null) return Number(point.earnedPercent);
      // the real curve starts from nothing at the project's start
      return index === 0 && hasCutoff ? 0 : null;
    }),
    projected: curve.points.map((point) =>
      point.projectedPercent === undefined || point.projectedPercent === null ? null : Number(point.projectedPercent),
    ),
  };
}

export type SCurveTableRow = {
  date: string;
  /** YYYY-MM-DD, for saveActualCost */
  isoDate: string;
  cutoff: boolean;
  planned: string;
  earned: string;
  plannedPercent: string;
  earnedPercent: string;
  projected: string;
  projectedPercent: string;
  actualCost: string;
  /** the stored actual cost as the field shows it for editing ('' none) */
  actualCostInput: string;
  /** issue 33: the approved estado de pago whose figures 'Real' shows here (absent: the curve's own) */
  estadoPago?: number;
  /** issue 33: what the data gives here now, when it moved since that EP was approved */
  recalculated?: { earned: string; earnedPercent: string };
};

const NONE = '—';

/** An amount of the curve: money in the currency, or working days on the duration basis. */
export function formatCurveAmount(value: string, curve: Pick<SCurve, 'basis' | 'currency'>): string {
  if (curve.basis === 'duration') return `${formatNumber(value, value.includes('.') ? 2 : 0)} d`;
  return formatMoney(value, curve.currency);
}

export function formatPercent(value: string): string {
  return `${formatNumber(value, 2)} %`;
}

/** The actual cost as its field shows it: es-CL digits without the currency ("1.200.000", "12,5"). */
export function actualCostText(value: string | null): string {
  if (value === null) return '';
  return formatNumber(value, value.includes('.') ? value.split('.')[1]?.length : 0);
}

/**
 * The table under the chart: Fecha dd-mm-aaaa, Programado, Real, % programado, % real, Proyectado,
 * % proyectado, Costo real.
 */
export function sCurveTableRows(curve: Pick<SCurve, 'points' | 'basis' | 'currency'>): SCurveTableRow[] {
  return curve.points.map((point) => ({
    date: formatIsoDate(point.date),
    isoDate: point.date,
    cutoff: point.cutoff,
    planned: formatCurveAmount(point.planned, curve),
    earned: point.earned === null ? NONE : formatCurveAmount(point.earned, curve),
    plannedPercent: formatPercent(point.plannedPercent),
    earnedPercent: point.earnedPercent === null ? NONE : formatPercent(point.earnedPercent),
    projected:
      point.projected === undefined || point.projected === null ? NONE : formatCurveAmount(point.projected, curve),
    projectedPercent:
      point.projectedPercent === undefined || point.projectedPercent === null
        ? NONE
        : formatPercent(point.projectedPercent),
    actualCost: point.actualCost === null ? NONE : formatMoney(point.actualCost, curve.currency),
    actualCostInput: actualCostText(point.actualCost),
    ...(point.estadoPago === undefined ? {} : { estadoPago: point.estadoPago }),
    ...(point.recalculated === undefined
      ? {}
      : {
          recalculated: {
            earned: formatCurveAmount(point.recalculated.earned, curve),
            earnedPercent: formatPercent(point.recalculated.earnedPercent),
          },
        }),
  }));
}

export type IndexReading = 'ahead' | 'onTrack' | 'behind' | 'none';

/** SPI: > 1 ahead of the plan, < 1 behind; CPI: > 1 under budget ('ahead'), < 1 over. */
export function readIndex(value: string | null): IndexReading {
  if (value === null) return 'none';
  const number = Number(value);
  if (number > 1) return 'ahead';
  if (number < 1) return 'behind';
  return 'onTrack';
}

/** An index as shown: "1,08" (2 decimals, es-CL), '—' without one. */
export function formatIndex(value: string | null): string {
  return value === null ? NONE : formatNumber(value, 2);
}

export type VarianceReading = 'late' | 'ahead' | 'onTime' | 'none';

/** Δ finish in working days: positive late, negative ahead (issue 33). */
export function readFinishVariance(days: number | null | undefined): VarianceReading {
  if (days === null || days === undefined) return 'none';
  return days > 0 ? 'late' : days < 0 ? 'ahead' : 'onTime';
}

/** Δ finish as shown: "+16", "−2" (a true minus sign), "0"; '—' without a baseline. */
export function formatFinishVariance(days: number | null | undefined): string {
  if (days === null || days === undefined) return NONE;
  if (days > 0) return `+${formatNumber(days)}`;
  if (days < 0) return `−${formatNumber(-days)}`;
  return '0';
}

/** VAC's reading: a saving (> 0), an overrun (< 0) or even. */
export function readVac(vac: string): 'under' | 'even' | 'over' {
  if (vac.startsWith('-')) return 'over';
  return /^0(\.0*)?$/.test(vac) ? 'even' : 'under';
}

export type EdpItemOption = { id: number; label: string; depth: number };

/** The EDP items in tree order with their depth, for the 'Partida' picker ('Todo el proyecto' is the screen's). */
export function edpItemOptions(items: readonly EdpItem[]): EdpItemOption[] {
  const children = new Map<number | undefined, EdpItem[]>();
  const ids = new Set(items.map((item) => item.id));
  for (const item of items) {
    const parent = item.parentId !== undefined && ids.has(item.parentId) ? item.parentId : undefined;
    const list = children.get(parent) ?? [];
    list.push(item);
    children.set(parent, list);
  }
  const out: EdpItemOption[] = [];
  const stack: Array<{ item: EdpItem; depth: number }> = (children.get(undefined) ?? [])
    .map((item) => ({ item, depth: 0 }))
    .reverse();
  const seen = new Set<number>();
  while (stack.length > 0) {
    const { item, depth } = stack.pop() as { item: EdpItem; depth: number };
    if (seen.has(item.id)) continue;
    seen.add(item.id);
    out.push({ id: item.id, label: `${item.code} ${item.name}`, depth });
    for (const kid of [...(children.get(item.id) ?? [])].reverse()) stack.push({ item: kid, depth: depth + 1 });
  }
  return out;
}

export type ActualCostInput = { ok: true; value: string | null } | { ok: false; error: string };

/** 'Costo real' as typed: empty clears it; else Chilean notation ("1.234.567", "12,5", "$ 1.000"). */
export function parseActualCost(text: string): ActualCostInput {
  if (text.trim() === '') return { ok: true, value: null };
  const parsed = parseChileanDecimal(text);
  if (!parsed.ok) return parsed;
  if (parsed.value.startsWith('-')) return { ok: false, error: 'no puede ser negativo' };
  return parsed;
}

/** The stored amount and the typed one are the same (no save needed). */
export function sameActualCost(stored: string | null, typed: string | null): boolean {
  return stored === typed;
}

/** The PNG's file name: `<code>-curva-s.png`. */
export function sCurvePngName(projectCode: string): string {
  return `${projectCode.replace(/[\\/:*?"<>|\s]+/g, '_') || 'proyecto'}-curva-s.png`;
}
