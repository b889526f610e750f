import { dayNumber, isoDay } from '../gantt/calendar';
import {
  RESOURCE_TYPES,
  RESOURCE_TYPE_LABELS,
  crewSize,
  resourceWorksOn,
  unitsAvailableOn,
} from '../resources/resources';
import type { AvailabilityRange, ResourceCalendar, ResourceCurrency, ResourceType } from '../resources/resources';
import type { ResourceAssignment } from '../resources/assignments';
import { hoursPerDayOn } from './working-hours';

/**
 * Issue 35: the resource histogram ('Histograma de recursos') and the manpower histogram
 * ('Histograma de mano de obra', workers and HH per trade per month, as Chilean tenders ask).
 * docs/RESOURCES.md "Histogram" states every rule; in short: a task loads each of its resources
 * with its units on every working day from its start to its finish (a milestone loads nothing);
 * a resource has no units on its own calendar's non-working days (an overload when a task asks for
 * them there, the days named in `nonWorkingDays`); a day's units are summed per group; a period's `units` is its busiest day and `average` the mean
 * of its working days; hours and cost are summed. Pure.
 */

export type HistogramGroupBy = 'resource' | 'trade' | 'type';
export type HistogramPeriod = 'day' | 'week' | 'month';

export type HistogramResource = {
  _id: string;
  code: string;
  name: string;
  type: ResourceType;
  unit: string;
  maxUnits: number;
  availability?: readonly AvailabilityRange[] | undefined;
  /** its own non-working days (no units available on them); absent: the project's calendar */
  calendar?: ResourceCalendar | undefined;
  crew?: readonly { trade: string; tradeName?: string | undefined; count: number }[] | undefined;
  costPerDay?: string | undefined;
  costPerUnit?: string | undefined;
  currency: ResourceCurrency;
};

/** A task as it loads resources: its scheduled first and last working days (YYYY-MM-DD). */
export type HistogramTask = {
  start: string;
  end: string;
  /** working days; 0: a milestone, which loads nothing */
  duration: number;
  resources?: readonly ResourceAssignment[] | undefined;
};

/** The project's working days: the Gantt's calendar (WorkingCalendar) and how many weekdays work. */
export type HistogramCalendar = {
  indexOf(day: number): number;
  dayAt(index: number): number;
  workingWeekdays: number;
};

export type HistogramPoint = {
  /** the period's first day: the day, the week's Monday, the month's first day (YYYY-MM-DD) */
  date: string;
  /** the busiest working day's units (workers for labour grouped by trade or type) */
  units: number;
  /** the mean units over the period's working days */
  average: number;
  /** HH for labour, machine hours for equipment (0 for materials and subcontracts), summed */
  hours: number;
  /** CLP, summed and rounded to the peso (units × the daily or unit rate; UF at the day's value) */
  cost: number;
  /** the fewest units available on one of the period's working days */
  maxUnits: number;
  /** some working day of the period uses more units than are available that day */
  overload: boolean;
  /** the hours and cost of the days before the cut-off (actual); the rest is remaining work */
  actualHours: number;
  actualCost: number;
  /**
   * the reason of an overload that the resource's own calendar makes: the working days of the
   * period on which a task asks a resource for units on a day its calendar leaves off (absent: none)
   */
  nonWorkingDays?: string[];
};

export type HistogramSeries = {
  key: string;
  name: string;
  /** what a unit is: the resource's unit; 'trabajadores' for trades and labour; '' for a mixed type */
  unit: string;
  /** the most units available on any day of the span */
  maxUnits: number;
  points: HistogramPoint[];
  /** currencies whose costs could not be converted to CLP (no value for the day); left out of `cost` */
  missingRates?: string[];
};

export type HistogramInput = {
  tasks: readonly HistogramTask[];
  resources: readonly HistogramResource[];
  calendar: HistogramCalendar;
  groupBy: HistogramGroupBy;
  period: HistogramPeriod;
  /** YYYY-MM-DD: days before it are actual (absent: none) */
  cutoff?: string | undefined;
  /** the CLP value of one unit of `currency` on `date` (UF, USD); undefined when unknown */
  toClp?: ((currency: ResourceCurrency, date: string) => number | undefined) | undefined;
};

/** The trade key of labour without a crew. */
export const NO_TRADE_KEY = 'sin-oficio';

/** A daily series while it is summed. */
type DailySeries = {
  key: string;
  name: string;
  unit: string;
  units: Float64Array;
  hours: Float64Array;
  cost: Float64Array;
  capacity: Float64Array;
  /** 1 on a day a resource of the group is asked for units on its own non-working day */
  offDay: Uint8Array;
  missing: Set<string>;
};

function mondayOf(iso: string): string {
  const day = dayNumber(iso);
  // 1970-01-01 was a Thursday: (day + 3) mod 7 is 0 on Mondays
  return isoDay(day - ((((day + 3) % 7) + 7) % 7));
}

function periodKey(iso: string, period: HistogramPeriod): string {
  if (period === 'day') return iso;
  if (period === 'week') return mondayOf(iso);
  return `${iso.slice(0, 7)}-01`;
}

/** The first day of the period after the one starting on `key`. */
function nextPeriod(key: string, period: 'week' | 'month'): string {
  if (period === 'week') return isoDay(dayNumber(key) + 7);
  const year = Number(key.slice(0, 4));
  const month = Number(key.slice(5, 7));
  return month === 12
    ? `${String(year + 1).padStart(4, '0')}-01-01`
    : `${key.slice(0, 5)}${String(month + 1).padStart(2, '0')}-01`;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * The histogram: one series per resource, trade or type that the tasks use, each with its points
 * by period from the first loaded working day to the last.
 */
export function resourceHistogram(input: HistogramInput): HistogramSeries[] {
  const { calendar } = input;
  const byId = new Map(input.resources.map((resource) => [resource._id, resource]));

  // 1. each used resource's daily units, by working-day index (a difference array per resource)
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  const spans: { from: number; to: number; resources: readonly ResourceAssignment[] }[] = [];
  for (const task of input.tasks) {
    if (task.duration <= 0 || task.resources === undefined || task.resources.length === 0) continue;
    const from = calendar.indexOf(dayNumber(task.start));
    const to = Math.max(from, calendar.indexOf(dayNumber(task.end)));
    spans.push({ from, to, resources: task.resources });
    if (from < first) first = from;
    if (to > last) last = to;
  }
  if (spans.length === 0) return [];
  // a week or a month is counted whole, so its mean is over all its working days
  if (input.period !== 'day') {
    first = calendar.indexOf(dayNumber(periodKey(isoDay(calendar.dayAt(first)), input.period)));
    last =
      calendar.indexOf(dayNumber(nextPeriod(periodKey(isoDay(calendar.dayAt(last)), input.period), input.period))) - 1;
  }
  const length = last - first + 1;
  const daily = new Map<string, Float64Array>();
  for (const span of spans) {
    for (const assignment of span.resources) {
      if (!byId.has(assignment.resourceId)) continue;
      let diff = daily.get(assignment.resourceId);
      if (diff === undefined) {
        diff = new Float64Array(length + 1);
        daily.set(assignment.resourceId, diff);
      }
      diff[span.from - first] = (diff[span.from - first] as number) + assignment.units;
      diff[span.to - first + 1] = (diff[span.to - first + 1] as number) - assignment.units;
    }
  }
  for (const diff of daily.values()) {
    let running = 0;
    for (let index = 0; index < length; index += 1) {
      running += diff[index] as number;
      // the sums of hundredths drift by 1e-15; a day's units are what was assigned
      diff[index] = Math.abs(running) < 1e-9 ? 0 : round2(running);
    }
  }
  const dates: string[] = [];
  for (let index = 0; index < length; index += 1) dates.push(isoDay(calendar.dayAt(first + index)));

  // 2. the groups' daily units, hours, cost and capacity
  const groups = new Map<string, DailySeries>();
  const groupOf = (key: string, name: string, unit: string): DailySeries => {
    let group = groups.get(key);
    if (group === undefined) {
      group = {
        key,
        name,
        unit,
        units: new Float64Array(length),
        hours: new Float64Array(length),
        cost: new Float64Array(length),
        capacity: new Float64Array(length),
        offDay: new Uint8Array(length),
        missing: new Set(),
      };
      groups.set(key, group);
    }
    return group;
  };
  const used = [...daily.keys()].map((id) => byId.get(id) as HistogramResource);
  for (const resource of used) {
    const units = daily.get(resource._id) as Float64Array;
    const size = resource.type === 'labor' && resource.crew !== undefined ? crewSize(resource.crew) : 0;
    const workersPerUnit = resource.type === 'labor' ? (size > 0 ? size : 1) : 1;
    const rate = Number(resource.costPerDay ?? resource.costPerUnit ?? '0');
    // the shares of this resource's load that go to each group it belongs to
    // (`perUnit`: the group's units per unit of the resource; `workers`: the people or machines
    // whose hours one unit gives the group)
    const shares: { group: DailySeries; perUnit: number; workers: number; costShare: number }[] = [];
    if (input.groupBy === 'resource') {
      const group = groupOf(resource._id, `${resource.code} ${resource.name}`, resource.unit);
      shares.push({ group, perUnit: 1, workers: workersPerUnit, costShare: 1 });
    } else if (input.groupBy === 'type') {
      const unit = resource.type === 'labor' ? 'trabajadores' : '';
      const group = groupOf(resource.type, RESOURCE_TYPE_LABELS[resource.type], unit);
      shares.push({ group, perUnit: workersPerUnit, workers: workersPerUnit, costShare: 1 });
    } else if (resource.type === 'labor') {
      if (size === 0) {
        const group = groupOf(NO_TRADE_KEY, 'Sin cuadrilla', 'trabajadores');
        shares.push({ group, perUnit: 1, workers: 1, costShare: 1 });
      } else {
        for (const member of resource.crew ?? []) {
          const group = groupOf(member.trade, member.tradeName ?? member.trade, 'trabajadores');
          shares.push({ group, perUnit: member.count, workers: member.count, costShare: member.count / size });
        }
      }
    }
    if (shares.length === 0) continue;
    const hoursKind = resource.type === 'labor' || resource.type === 'equipment';
    for (let index = 0; index < length; index += 1) {
      const date = dates[index] as string;
      const dayUnits = units[index] as number;
      // 0 on the resource's own non-working days: a load there is an overload
      const capacity = unitsAvailableOn(resource, date);
      const off = dayUnits > 0 && resource.calendar !== undefined && !resourceWorksOn(resource.calendar, date);
      let dayCost = 0;
      if (dayUnits > 0 && rate > 0) {
        if (resource.currency === 'CLP') dayCost = dayUnits * rate;
        else {
          const value = input.toClp?.(resource.currency, date);
          if (value === undefined) for (const share of shares) share.group.missing.add(resource.currency);
          else dayCost = dayUnits * rate * value;
        }
      }
      const hoursPerDay = hoursKind ? hoursPerDayOn(date, calendar.workingWeekdays) : 0;
      for (const share of shares) {
        const group = share.group;
        group.units[index] = (group.units[index] as number) + dayUnits * share.perUnit;
        group.capacity[index] = (group.capacity[index] as number) + capacity * share.perUnit;
        group.hours[index] = (group.hours[index] as number) + dayUnits * share.workers * hoursPerDay;
        group.cost[index] = (group.cost[index] as number) + dayCost * share.costShare;
        if (off) group.offDay[index] = 1;
      }
    }
  }

  // 3. the periods
  const series: HistogramSeries[] = [];
  for (const group of groups.values()) {
    const points: HistogramPoint[] = [];
    let point: (HistogramPoint & { days: number; sum: number; off: string[] }) | undefined;
    let most = 0;
    for (let index = 0; index < length; index += 1) {
      const date = dates[index] as string;
      const key = periodKey(date, input.period);
      if (point === undefined || point.date !== key) {
        if (point !== undefined) points.push(closePoint(point));
        point = {
          date: key,
          units: 0,
          average: 0,
          hours: 0,
          cost: 0,
          maxUnits: Number.POSITIVE_INFINITY,
          overload: false,
          actualHours: 0,
          actualCost: 0,
          days: 0,
          sum: 0,
          off: [],
        };
      }
      const units = round2(group.units[index] as number);
      const capacity = round2(group.capacity[index] as number);
      if (capacity > most) most = capacity;
      point.units = Math.max(point.units, units);
      point.sum += units;
      point.days += 1;
      point.maxUnits = Math.min(point.maxUnits, capacity);
      if (units > capacity + 1e-9) {
        point.overload = true;
        if (group.offDay[index] === 1) point.off.push(date);
      }
      point.hours += group.hours[index] as number;
      point.cost += group.cost[index] as number;
      if (input.cutoff !== undefined && date < input.cutoff) {
        point.actualHours += group.hours[index] as number;
        point.actualCost += group.cost[index] as number;
      }
    }
    if (point !== undefined) points.push(closePoint(point));
    const entry: HistogramSeries = { key: group.key, name: group.name, unit: group.unit, maxUnits: most, points };
    if (group.missing.size > 0) entry.missingRates = [...group.missing].sort();
    series.push(entry);
  }
  const typeOrder = new Map<string, number>(RESOURCE_TYPES.map((type, index) => [type, index]));
  return series.sort((a, b) =>
    input.groupBy === 'type'
      ? (typeOrder.get(a.key) ?? 99) - (typeOrder.get(b.key) ?? 99)
      : a.name.localeCompare(b.name, 'es-CL'),
  );
}

function closePoint(point: HistogramPoint & { days: number; sum: number; off: string[] }): HistogramPoint {
  const closed: HistogramPoint = {
    date: point.date,
    units: point.units,
    average: round2(point.sum / point.days),
    hours: round2(point.hours),
    cost: Math.round(point.cost),
    maxUnits: point.maxUnits,
    overload: point.overload,
    actualHours: round2(point.actualHours),
    actualCost: Math.round(point.actualCost),
  };
  if (point.off.length > 0) closed.nonWorkingDays = point.off;
  return closed;
}
