import Big from 'big.js';
import type { SCurve, SCurveBasis, SCurveForecast, SCurvePoint } from '../functions/cost-contracts';
import type { WorkingCalendar } from '../gantt/calendar';
import { dayNumber, isoDay } from '../gantt/calendar';
import { plannedDaysBefore } from '../gantt/planned-progress';
import { finishVariance } from '../gantt/tracking';
import type { MoneyCurrency } from '../format/money-math';
import { DOCUMENT_DECIMALS } from '../format/money-math';

/**
 * The S-curve ('Curva S', issue 16; docs/COSTS.md): planned value (PV) against earned value (EV)
 * and actual cost (AC), with SPI = EV / PV and CPI = EV / AC at the latest cut-off. Pure.
 *
 * - PV at a date: every planned task's amount spread linearly over its working days, a
 *   milestone's whole on its date, summed.
 * - The cut-off convention (issue 15): a point dated D counts the work done through D − 1. A
 *   month's point is the 1st of the next month (the month's work); a cut-off's point is its date.
 * - Points: the project's start (PV 0), one per month through the later of the planned finish and
 *   the latest cut-off, and one per recorded cut-off (a month's point and a cut-off on the same
 *   date are one point, `cutoff: true`). EV and AC only at cut-off points.
 * - EV at a cut-off: Σ amount × physical progress (0–100) of the tasks that have progress there;
 *   its percentage (issue 33) is over the tasks' current amounts (the project's physical progress
 *   'ponderado por monto'), the planned one over the planned total.
 * - When nothing is priced (every amount 0) the basis is 'duration': every planned task weighs its
 *   working days ('Avance ponderado por duración'), for PV and EV alike; no CPI then (days are
 *   not money).
 * - Exact: big.js throughout; the amounts are rounded as a document shows them (DOCUMENT_DECIMALS;
 *   working days to 2 decimals) only in the answer, percentages and indices to 2 decimals.
 *
 * - Forecast (issue 33, 'Proyectado'; given `forecast`): at the latest cut-off the EV there; at each
 *   later point EV + the planned value of the remaining work through the day before, where the
 *   current schedule places it. A task's remaining amount is its amount × (1 − its progress at the
 *   latest cut-off / 100), spread linearly over its remaining span's working days (a milestone's on
 *   its date); a task the schedule places nowhere (done there, or unknown to it) has its remainder on
 *   the cut-off's date. So it ends at Σ amount, at the first month's point after the estimated
 *   finish, through which the points then run. The estimated finish's difference with the
 *   baseline's in working days ('Δ Fin', positive: late); EAC = AC + (BAC − EV) / CPI with CPI =
 *   EV / AC unrounded, only with an actual cost entered at the latest cut-off on the cost basis;
 *   ETC = EAC − AC and VAC = BAC − EAC from the rounded EAC, AC and BAC, so the cards add up.
 *
 * Fast for 20,000 tasks, 24 cut-offs and ~30 months: PV goes through a difference array of daily
 * rates over working days (one pass over the tasks, one over the days), not a planned value per
 * task per point; EV is one sum per cut-off over the tasks with progress. A task's last day takes
 * its amount less the other days' rates, so a finished task adds exactly its amount.
 */

/** A planned task: `duration` in working days from `start` (0: a milestone); `amount` a decimal string. */
export type SCurvePlannedTask = { taskId: number; start: string; duration: number; amount: string };
/** A task's current amount, what its progress earns (several parts of one task add up). */
export type SCurveEarnedPart = { taskId: number; amount: string };
export type SCurveCutoff = {
  /** YYYY-MM-DD: progress recorded there is the work done through the day before */
  cutoff: string;
  /** each task's physical progress there, 0–100 (a task absent: none) */
  progress: ReadonlyMap<number, number>;
  /** the actual cost to date entered there (decimal string), or null */
  actualCost: string | null;
};

/**
 * issue 33: where the current schedule places a task's remaining work: `duration` working days from
 * `start` (the first day left: the cut-off or later); 0: a milestone on `start`.
 */
export type SCurveRemainingSpan = { taskId: number; start: string; duration: number };

/** issue 33: what the forecast needs of the current schedule. */
export type SCurveForecastInput = {
  /** the remaining span of every task in scope with work left (a task absent: its remainder at the cut-off) */
  remaining: readonly SCurveRemainingSpan[];
  /** the estimated finish: the current schedule's latest finish of the leaves in scope (YYYY-MM-DD) */
  finish: string;
  /** the baseline's finish (YYYY-MM-DD); absent: no baseline, so no difference */
  baselineFinish?: string;
};

export type SCurveInput = {
  calendar: WorkingCalendar;
  currency: MoneyCurrency;
  /** the curve's first point (PV 0); absent: the earliest planned start (else the first cut-off) */
  start?: string;
  planned: readonly SCurvePlannedTask[];
  earned: readonly SCurveEarnedPart[];
  cutoffs: readonly SCurveCutoff[];
  /** issue 33: absent, no forecast (every point's projected value null) */
  forecast?: SCurveForecastInput;
};

export type SCurveResult = Pick<SCurve, 'currency' | 'basis' | 'points' | 'total' | 'spi' | 'cpi'> & {
  cutoff?: string;
  forecast?: SCurveForecast;
};

/** Decimal places of a working-day amount (duration basis). */
const DAY_DECIMALS = 2;
/** Percentages and the indices. */
const RATIO_DECIMALS = 2;

/** A private constructor: 40 places for the daily rates, half away from zero (as money-math). */
const D = Big();
D.DP = 40;
D.RM = Big.roundHalfUp;

const ZERO = new D(0);
const HUNDREDTH = new D('0.01');

/** The canonical text of a result (as money-math): no exponent, no trailing zeros, no "-0". */
function text(value: Big): string {
  const fixed = value.toFixed();
  const trimmed = fixed.includes('.') ? fixed.replace(/\.?0+$/, '') : fixed;
  return trimmed === '-0' ? '0' : trimmed;
}

/**
 * Rounded to `decimals`, half away from zero. First to 30 places: the daily rates carry an error
 * far below that, so a value that is exactly on a half (⅓ of 1.5 days…) is not pushed off it.
 */
function rounded(value: Big, decimals: number): string {
  return text(value.round(30, Big.roundHalfUp).round(decimals, Big.roundHalfUp));
}

function ratio(numerator: Big, denominator: Big, times = 1): string | null {
  if (denominator.eq(0)) return null;
  return rounded(numerator.times(times).div(denominator), RATIO_DECIMALS);
}

/** 'YYYY-MM-01' of the month after `day`'s. */
function nextMonthStart(day: number): number {
  const [year, month] = isoDay(day).split('-').map(Number) as [number, number];
  const nextYear = month === 12 ? year + 1 : year;
  const nextMonth = month === 12 ? 1 : month + 1;
  return dayNumber(`${String(nextYear).padStart(4, '0')}-${String(nextMonth).padStart(2, '0')}-01`);
}

type Prepared = {
  basis: SCurveBasis;
  planned: Array<{ start: string; duration: number; amount: Big }>;
  earned: Map<number, Big>;
};

/** The amounts as Bigs, and the basis: 'duration' (working days as the amounts) when nothing has money. */
function prepare(input: SCurveInput): Prepared {
  const planned = input.planned.map((task) => ({
    start: task.start,
    duration: task.duration,
    amount: new D(task.amount),
  }));
  const earned = new Map<number, Big>();
  for (const part of input.earned) earned.set(part.taskId, (earned.get(part.taskId) ?? ZERO).plus(new D(part.amount)));
  const priced = planned.some((task) => !task.amount.eq(0)) || [...earned.values()].some((amount) => !amount.eq(0));
  if (priced) return { basis: 'cost', planned, earned };
  // duration basis: each planned task once, weighing its working days
  const seen = new Set<number>();
  const byDays: Prepared['planned'] = [];
  const days = new Map<number, Big>();
  for (const task of input.planned) {
    if (seen.has(task.taskId)) continue;
    seen.add(task.taskId);
    const weight = new D(Math.max(0, task.duration));
    byDays.push({ start: task.start, duration: task.duration, amount: weight });
    days.set(task.taskId, weight);
  }
  return { basis: 'duration', planned: byDays, earned: days };
}

/**
 * PV by point: `at(day)` is the planned value of the work through day − 1. A task done by then
 * counts its whole amount (running sums over the tasks by finish), one under way its daily rate
 * (amount ÷ working days, 40 places) times the days worked, so only the tasks under way at some
 * point are divided. The same sums as adding each task's daily rates day by day (the last day
 * takes what the rounded rates leave, so a finished task adds exactly its amount).
 *
 * `byDuration` (issue 33, the remaining work, most of it under way at the months after the cut-off):
 * Σ amount × days worked is summed per duration and divided once per duration, not once per task.
 */
function plannedValues(calendar: WorkingCalendar, planned: Prepared['planned'], byDuration = false) {
  const spans: Array<{ first: number; end: number; days: number; amount: Big; rate?: Big }> = [];
  const milestones: Array<{ day: number; amount: Big }> = [];
  let finish: number | undefined;
  let longest = 0;
  for (const task of planned) {
    const startDay = dayNumber(task.start);
    if (task.duration <= 0) {
      milestones.push({ day: startDay, amount: task.amount });
      finish = finish === undefined ? startDay : Math.max(finish, startDay);
      continue;
    }
    const first = calendar.indexOf(startDay);
    spans.push({ first, end: first + task.duration, days: task.duration, amount: task.amount });
    longest = Math.max(longest, task.duration);
    const last = calendar.dayAt(first + task.duration - 1);
    finish = finish === undefined ? last : Math.max(finish, last);
  }
  // by the working index after their last day; done[i]: the amounts of the first i
  spans.sort((a, b) => a.end - b.end);
  const done: Big[] = [ZERO];
  for (const span of spans) done.push((done.at(-1) as Big).plus(span.amount));
  milestones.sort((a, b) => a.day - b.day);
  const milestoneTotals: Big[] = [ZERO];
  for (const milestone of milestones) milestoneTotals.push((milestoneTotals.at(-1) as Big).plus(milestone.amount));
  /** how many of `sorted` have key(entry) < bound (binary search) */
  const countBelow = <T>(sorted: readonly T[], key: (entry: T) => number, bound: number): number => {
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (key(sorted[mid] as T) < bound) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  return {
    /** the last planned working day (a milestone's date), or undefined with nothing planned */
    finish,
    at(day: number): Big {
      // the working days before `day` are the indices below `index`
      const index = calendar.indexOf(day);
      const finished = countBelow(spans, (span) => span.end, index + 1);
      let value = done[finished] as Big;
      const worked = byDuration ? new Map<number, Big>() : undefined;
      // under way: finishing after index, started before it (so finishing before index + longest)
      for (let next = finished; next < spans.length; next += 1) {
        const span = spans[next] as (typeof spans)[number];
        if (span.end >= index + longest) break;
        if (span.first >= index) continue;
        // the working days planned before `day`: the same count as a task's '% programado'
        const days = plannedDaysBefore(span.first, span.days, index);
        if (worked !== undefined) {
          const sum = worked.get(span.days);
          const part = span.amount.times(days);
          worked.set(span.days, sum === undefined ? part : sum.plus(part));
          continue;
        }
        span.rate ??= span.amount.div(span.days);
        value = value.plus(span.rate.times(days));
      }
      if (worked !== undefined) for (const [days, sum] of worked) value = value.plus(sum.div(days));
      // milestones dated before `day` (the work through day − 1)
      return value.plus(milestoneTotals[countBelow(milestones, (milestone) => milestone.day, day)] as Big);
    },
  };
}

/**
 * EV at a cut-off: Σ amount × progress / 100 over the tasks with progress. The amounts are added
 * per progress value first (a cut-off has few distinct ones: 100 for every task done), so there is
 * one multiplication per value instead of one per task.
 */
function earnedAt(earned: ReadonlyMap<number, Big>, progress: ReadonlyMap<number, number>): Big {
  const byPercent = new Map<number, Big>();
  for (const [taskId, percent] of progress) {
    if (percent === 0) continue;
    const amount = earned.get(taskId);
    if (amount === undefined || amount.eq(0)) continue;
    const sum = byPercent.get(percent);
    byPercent.set(percent, sum === undefined ? amount : sum.plus(amount));
  }
  let sum = ZERO;
  for (const [percent, amount] of byPercent) sum = sum.plus(amount.times(percent));
  return sum.div(100);
}

/**
 * issue 33: the remaining work as planned tasks: each task's amount × (1 − its progress at the
 * cut-off / 100) on its remaining span, or on the cut-off's date when the schedule gives it none.
 */
function remainingWork(
  earned: ReadonlyMap<number, Big>,
  cutoff: SCurveCutoff,
  spans: readonly SCurveRemainingSpan[],
): Prepared['planned'] {
  const spanOf = new Map(spans.map((span) => [span.taskId, span]));
  // (100 − progress) / 100 by progress value, exact (a cut-off has few distinct ones)
  const factors = new Map<number, Big>();
  const factor = (percent: number): Big => {
    let value = factors.get(percent);
    if (value === undefined) {
      value = new D(100).minus(percent).times(HUNDREDTH);
      factors.set(percent, value);
    }
    return value;
  };
  const out: Prepared['planned'] = [];
  for (const [taskId, amount] of earned) {
    if (amount.eq(0)) continue;
    const percent = cutoff.progress.get(taskId) ?? 0;
    if (percent >= 100) continue;
    const left = percent <= 0 ? amount : amount.times(factor(percent));
    const span = spanOf.get(taskId);
    out.push(
      span === undefined
        ? { start: cutoff.cutoff, duration: 0, amount: left }
        : { start: span.start, duration: span.duration, amount: left },
    );
  }
  return out;
}

/**
 * issue 33: EAC = AC + (BAC − EV) / CPI, CPI = EV / AC (unrounded), rounded as a document shows it;
 * ETC = EAC − AC and VAC = BAC − EAC of the rounded figures (the cards add up). Null without an
 * actual cost above 0 or with nothing earned (no CPI).
 */
function estimateAtCompletion(
  total: Big,
  earnedValue: Big,
  actualCost: string | null,
  decimals: number,
): Pick<SCurveForecast, 'eac' | 'etc' | 'vac'> {
  const actual = actualCost === null ? ZERO : new D(actualCost);
  if (actual.lte(0) || earnedValue.lte(0)) return { eac: null, etc: null, vac: null };
  const eac = rounded(actual.plus(total.minus(earnedValue).times(actual).div(earnedValue)), decimals);
  return {
    eac,
    etc: text(new D(eac).minus(new D(rounded(actual, decimals)))),
    vac: text(new D(rounded(total, decimals)).minus(new D(eac))),
  };
}

/** The S-curve of a project (or of an EDP item's money): see the module's comment. */
export function computeSCurve(input: SCurveInput): SCurveResult {
  const { basis, planned, earned } = prepare(input);
  const decimals = basis === 'duration' ? DAY_DECIMALS : DOCUMENT_DECIMALS[input.currency];
  const total = planned.reduce((sum, task) => sum.plus(task.amount), ZERO);
  const pv = plannedValues(input.calendar, planned);
  const cutoffs = [...input.cutoffs].sort((a, b) => (a.cutoff < b.cutoff ? -1 : a.cutoff > b.cutoff ? 1 : 0));
  const latestCutoff = cutoffs.at(-1);
  // EV at every cut-off (the forecast starts from the latest one's)
  const earnedByDay = new Map(cutoffs.map((cutoff) => [dayNumber(cutoff.cutoff), earnedAt(earned, cutoff.progress)]));

  // issue 33: the remaining work where the current schedule places it, from the latest cut-off
  const forecast = input.forecast;
  const latestDay = latestCutoff === undefined ? undefined : dayNumber(latestCutoff.cutoff);
  const latestEarned = latestDay === undefined ? undefined : (earnedByDay.get(latestDay) as Big);
  const remaining =
    forecast === undefined || latestCutoff === undefined
      ? undefined
      : plannedValues(input.calendar, remainingWork(earned, latestCutoff, forecast.remaining), true);

  const startDay =
    input.start !== undefined
      ? dayNumber(input.start)
      : planned.length > 0
        ? Math.min(...planned.map((task) => dayNumber(task.start)))
        : cutoffs[0] === undefined
          ? undefined
          : dayNumber(cutoffs[0].cutoff);
  const answer = (points: SCurvePoint[], spi: string | null, cpi: string | null): SCurveResult => ({
    currency: input.currency,
    basis,
    points,
    total: rounded(total, decimals),
    ...(latestCutoff === undefined ? {} : { cutoff: latestCutoff.cutoff }),
    spi,
    cpi,
    ...(forecast === undefined
      ? {}
      : {
          forecast: {
            finish: forecast.finish,
            baselineFinish: forecast.baselineFinish ?? null,
            finishVariance:
              forecast.baselineFinish === undefined
                ? null
                : finishVariance(input.calendar, forecast.baselineFinish, forecast.finish),
            ...(basis === 'cost' && latestCutoff !== undefined && latestEarned !== undefined
              ? estimateAtCompletion(total, latestEarned, latestCutoff.actualCost, decimals)
              : { eac: null, etc: null, vac: null }),
          },
        }),
  });
  if (startDay === undefined) return answer([], null, null);

  // the dates: the start, the months through the later of the planned finish (+1: its work done) and the latest cut-off
  const dates = new Set<number>([startDay]);
  let end = Math.max(
    pv.finish === undefined ? startDay : pv.finish + 1,
    latestDay === undefined ? startDay : latestDay,
  );
  // issue 33: and through the estimated finish (+1), where the projected curve reaches its end
  if (forecast !== undefined && remaining !== undefined) {
    end = Math.max(end, dayNumber(forecast.finish) + 1, remaining.finish === undefined ? end : remaining.finish + 1);
  }
  for (let month = nextMonthStart(startDay); ; month = nextMonthStart(month)) {
    dates.add(month);
    if (month >= end) break;
  }
  const byDate = new Map(cutoffs.map((cutoff) => [dayNumber(cutoff.cutoff), cutoff]));
  for (const day of byDate.keys()) dates.add(day);

  const percent = (value: Big) => (total.eq(0) ? '0' : rounded(value.times(100).div(total), RATIO_DECIMALS));
  // issue 33, one measure: '% real' is the physical progress weighted by the current amounts (EV over
  // what the tasks now carry), the figure the Gantt, the cut-offs and the estado de pago show; it is
  // the planned total's share too unless a baseline fixed other amounts
  let current = ZERO;
  for (const amount of earned.values()) current = current.plus(amount);
  const earnedPercent = (value: Big) =>
    current.eq(0) ? percent(value) : rounded(value.times(100).div(current), RATIO_DECIMALS);
  /** 'Proyectado' at a point: EV at the latest cut-off, then EV + the remaining work planned before `day` */
  const projectedAt = (day: number): Big | null => {
    if (remaining === undefined || latestDay === undefined || latestEarned === undefined || day < latestDay) {
      return null;
    }
    return day === latestDay ? latestEarned : latestEarned.plus(remaining.at(day));
  };
  let spi: string | null = null;
  let cpi: string | null = null;
  const points = [...dates]
    .sort((a, b) => a - b)
    .map((day): SCurvePoint => {
      const plannedValue = pv.at(day);
      const projectedValue = projectedAt(day);
      const projected = projectedValue === null ? null : rounded(projectedValue, decimals);
      // over the amounts the tasks carry now, as '% real' (issue 33, one measure): 100 % at the estimated finish
      const projectedPercent = projectedValue === null ? null : earnedPercent(projectedValue);
      const cutoff = byDate.get(day);
      if (cutoff === undefined) {
        return {
          date: isoDay(day),
          cutoff: false,
          planned: rounded(plannedValue, decimals),
          earned: null,
          plannedPercent: percent(plannedValue),
          earnedPercent: null,
          actualCost: null,
          projected,
          projectedPercent,
        };
      }
      const earnedValue = earnedByDay.get(day) as Big;
      const actual = cutoff.actualCost === null ? null : new D(cutoff.actualCost);
      // points come oldest first: the latest cut-off (with an actual cost) is the last written
      spi = ratio(earnedValue, plannedValue);
      // CPI compares money with money: none on the duration basis
      if (actual !== null && basis === 'cost') cpi = ratio(earnedValue, actual);
      return {
        date: isoDay(day),
        cutoff: true,
        planned: rounded(plannedValue, decimals),
        earned: rounded(earnedValue, decimals),
        plannedPercent: percent(plannedValue),
        earnedPercent: earnedPercent(earnedValue),
        actualCost: actual === null ? null : rounded(actual, DOCUMENT_DECIMALS[input.currency]),
        projected,
        projectedPercent,
      };
    });
  return answer(points, spi, cpi);
}
