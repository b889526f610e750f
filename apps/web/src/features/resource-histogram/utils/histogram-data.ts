import { formatIsoDate, formatMoney, formatNumber } from '@cimiento/domain';
import type { HistogramGroupBy, HistogramPeriod, ResourceHistogramOutput } from '../api/resource-histogram';

/**
 * What the 'Histograma de recursos' screen (issue 35) shows of loadResourceHistogram's answer, as
 * pure functions: the periods' labels in es-CL ('05-01-2026', 'ene 2026'), the chart's columns for
 * one series (with the baseline's on the same periods and where the cut-off falls), the table's
 * texts, the overloaded periods, and the manpower table (trades by period, workers and HH).
 */

export type HistogramSeries = ResourceHistogramOutput['series'][number];
export type HistogramPoint = HistogramSeries['points'][number];

const NONE = '—';

/** es-CL's short month names, as Intl writes them ('sept' included). */
const MONTHS = ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sept', 'oct', 'nov', 'dic'];

/** A period as the table and the tooltip name it: the day or the week's Monday dd-mm-aaaa, the month 'ene 2026'. */
export function periodLabel(date: string, period: HistogramPeriod): string {
  if (period === 'month') return `${MONTHS[Number(date.slice(5, 7)) - 1] ?? date.slice(5, 7)} ${date.slice(0, 4)}`;
  return formatIsoDate(date);
}

/** A period on the chart's axis, shorter: 'dd-mm' for a day or a week, 'ene 2026' for a month. */
export function periodTick(date: string, period: HistogramPeriod): string {
  if (period === 'month') return periodLabel(date, period);
  return `${date.slice(8, 10)}-${date.slice(5, 7)}`;
}

/** A number of units or hours in es-CL: whole, or with the one or two decimals it has ('0,71', '105,6'). */
export function formatAmount(value: number): string {
  if (Number.isInteger(value)) return formatNumber(value);
  const tenths = value * 10;
  return formatNumber(value, Math.abs(Math.round(tenths) - tenths) < 1e-9 ? 1 : 2);
}

/** Which hours a series counts: HH for labour, machine hours for equipment, 'Horas' when mixed or unknown. */
export type HoursKind = 'hh' | 'machineHours' | 'hours';

export function hoursKind(groupBy: HistogramGroupBy, series: Pick<HistogramSeries, 'key'> | undefined): HoursKind {
  if (groupBy === 'trade') return 'hh';
  if (groupBy === 'type' && series?.key === 'labor') return 'hh';
  if (groupBy === 'type' && series?.key === 'equipment') return 'machineHours';
  return 'hours';
}

/** The units counted are workers: every trade, and labour by type. */
export function countsWorkers(groupBy: HistogramGroupBy, series: Pick<HistogramSeries, 'unit'> | undefined): boolean {
  return groupBy === 'trade' || series?.unit === 'trabajadores';
}

/** The first day of the period after the one starting on `date`. */
function nextPeriodStart(date: string, period: HistogramPeriod): string {
  const day = new Date(`${date}T00:00:00.000Z`);
  if (period === 'day') day.setUTCDate(day.getUTCDate() + 1);
  else if (period === 'week') day.setUTCDate(day.getUTCDate() + 7);
  else day.setUTCMonth(day.getUTCMonth() + 1);
  return day.toISOString().slice(0, 10);
}

const dayNumber = (iso: string) => Date.parse(`${iso}T00:00:00.000Z`) / 86_400_000;

export type HistogramChartData = {
  /** each period's first day (YYYY-MM-DD), the current schedule's and the baseline's together */
  dates: string[];
  units: Array<number | null>;
  overload: boolean[];
  /** the least available on a day of the period (the baseline's where only it loads the period) */
  available: Array<number | null>;
  /** the baseline's busiest day per period (absent without a baseline) */
  baseline?: Array<number | null>;
  /** where the cut-off falls: the period's index and how far into it (0 its first day, 1 past its end) */
  cutoff?: { index: number; fraction: number };
};

/** The chart's columns for the series `key`. */
export function histogramChartData(
  histogram: ResourceHistogramOutput,
  key: string,
  period: HistogramPeriod,
): HistogramChartData {
  const current = histogram.series.find((series) => series.key === key);
  const planned = histogram.baseline?.series.find((series) => series.key === key);
  const byDate = new Map((current?.points ?? []).map((point) => [point.date, point]));
  const plannedByDate = new Map((planned?.points ?? []).map((point) => [point.date, point]));
  const dates = [...new Set([...byDate.keys(), ...plannedByDate.keys()])].sort();
  const data: HistogramChartData = {
    dates,
    units: dates.map((date) => byDate.get(date)?.units ?? null),
    overload: dates.map((date) => byDate.get(date)?.overload ?? false),
    available: dates.map((date) => byDate.get(date)?.maxUnits ?? plannedByDate.get(date)?.maxUnits ?? null),
  };
  if (histogram.baseline !== undefined) data.baseline = dates.map((date) => plannedByDate.get(date)?.units ?? null);
  const cutoff = histogram.cutoff;
  if (cutoff !== undefined && dates.length > 0) {
    const first = dates[0] as string;
    const last = dates[dates.length - 1] as string;
    if (cutoff >= first && cutoff < nextPeriodStart(last, period)) {
      let index = 0;
      while (index + 1 < dates.length && (dates[index + 1] as string) <= cutoff) index += 1;
      const start = dates[index] as string;
      const end = nextPeriodStart(start, period);
      // a day's period holds only that day: the cut-off on it is at its start; after it (a day off), past its end
      const fraction = Math.min(1, (dayNumber(cutoff) - dayNumber(start)) / (dayNumber(end) - dayNumber(start)));
      data.cutoff = { index, fraction };
    }
  }
  return data;
}

export type HistogramTableRow = {
  date: string;
  label: string;
  units: string;
  average: string;
  available: string;
  hours: string;
  cost: string;
  overload: boolean;
  /** the baseline's busiest day, '—' where it does not load the period (only with a baseline) */
  baselineUnits?: string;
};

export type HistogramTable = {
  rows: HistogramTableRow[];
  total: { units: string; hours: string; cost: string; baselineUnits?: string };
};

/** The table under the chart for the series `key`: a row per period, and the totals (the peak, hours, cost). */
export function histogramTable(
  histogram: ResourceHistogramOutput,
  key: string,
  period: HistogramPeriod,
): HistogramTable {
  const current = histogram.series.find((series) => series.key === key);
  const planned = histogram.baseline?.series.find((series) => series.key === key);
  const byDate = new Map((current?.points ?? []).map((point) => [point.date, point]));
  const plannedByDate = new Map((planned?.points ?? []).map((point) => [point.date, point]));
  const dates = [...new Set([...byDate.keys(), ...plannedByDate.keys()])].sort();
  const withBaseline = histogram.baseline !== undefined;
  const rows = dates.map((date): HistogramTableRow => {
    const point = byDate.get(date);
    const available = point?.maxUnits ?? plannedByDate.get(date)?.maxUnits;
    const plannedUnits = plannedByDate.get(date)?.units;
    return {
      date,
      label: periodLabel(date, period),
      units: point === undefined ? NONE : formatAmount(point.units),
      average: point === undefined ? NONE : formatAmount(point.average),
      available: available === undefined ? NONE : formatAmount(available),
      hours: point === undefined ? NONE : formatAmount(point.hours),
      cost: point === undefined ? NONE : formatMoney(point.cost, 'CLP'),
      overload: point?.overload ?? false,
      ...(withBaseline ? { baselineUnits: plannedUnits === undefined ? NONE : formatAmount(plannedUnits) } : {}),
    };
  });
  const points = current?.points ?? [];
  const peak = points.reduce((most, point) => Math.max(most, point.units), 0);
  const hours = points.reduce((sum, point) => sum + point.hours, 0);
  const cost = points.reduce((sum, point) => sum + point.cost, 0);
  const plannedPeak = (planned?.points ?? []).reduce((most, point) => Math.max(most, point.units), 0);
  return {
    rows,
    total: {
      units: formatAmount(peak),
      hours: formatAmount(Math.round(hours * 100) / 100),
      cost: formatMoney(cost, 'CLP'),
      ...(withBaseline ? { baselineUnits: formatAmount(plannedPeak) } : {}),
    },
  };
}

/** The labels of the series' overloaded periods, in order. */
export function overloadedPeriods(series: HistogramSeries | undefined, period: HistogramPeriod): string[] {
  return (series?.points ?? []).filter((point) => point.overload).map((point) => periodLabel(point.date, period));
}

/**
 * issue 35: the days a task asks for the series' resource on a day its own calendar leaves off (an
 * overload against 0), as dd-mm-aaaa, in order: the reason of those overloads.
 */
export function nonWorkingOverloadDays(series: HistogramSeries | undefined): string[] {
  return (series?.points ?? []).flatMap((point) => (point.nonWorkingDays ?? []).map(formatIsoDate));
}

/** Every currency some series could not turn into pesos, once each. */
export function missingCurrencies(histogram: ResourceHistogramOutput): string[] {
  return [...new Set(histogram.series.flatMap((series) => series.missingRates ?? []))].sort();
}

export type ManpowerCell = { workers: string; hours: string; overload: boolean } | null;
export type ManpowerTable = {
  dates: string[];
  labels: string[];
  rows: Array<{ key: string; name: string; cells: ManpowerCell[]; hours: string }>;
  /** the HH of all trades per period, and in all */
  totals: string[];
  total: string;
};

/** The manpower table (grouped by trade): a row per trade, per period its workers on the busiest day and its HH. */
export function manpowerTable(histogram: ResourceHistogramOutput, period: HistogramPeriod): ManpowerTable {
  const dates = [...new Set(histogram.series.flatMap((series) => series.points.map((point) => point.date)))].sort();
  const totals = dates.map(() => 0);
  const rows = histogram.series.map((series) => {
    const byDate = new Map(series.points.map((point) => [point.date, point]));
    let hours = 0;
    const cells = dates.map((date, index): ManpowerCell => {
      const point = byDate.get(date);
      if (point === undefined) return null;
      hours += point.hours;
      totals[index] = (totals[index] as number) + point.hours;
      return { workers: formatAmount(point.units), hours: formatAmount(point.hours), overload: point.overload };
    });
    return { key: series.key, name: series.name, cells, hours: formatAmount(Math.round(hours * 100) / 100) };
  });
  return {
    dates,
    labels: dates.map((date) => periodLabel(date, period)),
    rows,
    totals: totals.map((hours) => formatAmount(Math.round(hours * 100) / 100)),
    total: formatAmount(Math.round(totals.reduce((sum, hours) => sum + hours, 0) * 100) / 100),
  };
}

/** The PNG's file name: `<code>-histograma-recursos.png` or `<code>-histograma-mano-de-obra.png`. */
export function histogramPngName(projectCode: string, groupBy: HistogramGroupBy): string {
  const code = projectCode.replace(/[\\/:*?"<>|\s]+/g, '_') || 'proyecto';
  return `${code}-${groupBy === 'trade' ? 'histograma-mano-de-obra' : 'histograma-recursos'}.png`;
}
