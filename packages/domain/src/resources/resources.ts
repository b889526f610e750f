import { formatIsoDate } from '../format/dates';

/**
 * Issue 35: the resources a project's work needs ('Recursos'): labour crews, equipment, materials
 * and subcontracts, each with the most units available at once (`maxUnits`), which may change by
 * date ranges (`availability`). Pure rules, shared by saveObject's checks, the catalogue screen,
 * the histogram and the levelling.
 */

export const RESOURCE_TYPES = ['labor', 'equipment', 'material', 'subcontract'] as const;
export type ResourceType = (typeof RESOURCE_TYPES)[number];

/** The product's words for each type. */
export const RESOURCE_TYPE_LABELS: Readonly<Record<ResourceType, string>> = {
  labor: 'Mano de obra',
  equipment: 'Equipo',
  material: 'Material',
  subcontract: 'Subcontrato',
};

/** The currencies a resource's cost is kept in (a project in MUSD/MMUSD converts from USD). */
export const RESOURCE_CURRENCIES = ['CLP', 'UF', 'USD'] as const;
export type ResourceCurrency = (typeof RESOURCE_CURRENCIES)[number];

/** The most units a resource may have available at once, and the longest lists it keeps. */
export const MAX_RESOURCE_UNITS = 10_000;
export const MAX_AVAILABILITY_RANGES = 200;
export const MAX_CREW_ROWS = 50;
export const MAX_CREW_COUNT = 1_000;

export type AvailabilityRange = { from: string; to: string; maxUnits: number };
export type CrewMember = { trade: string; count: number };

/** The most non-working ranges a resource's own calendar keeps, and the longest name of one. */
export const MAX_RESOURCE_CALENDAR_RANGES = 200;
export const MAX_RESOURCE_CALENDAR_NAME = 120;

/** One stretch of days a resource does not work (YYYY-MM-DD, both days included): 'Vacaciones'. */
export type ResourceCalendarRange = { from: string; to: string; name?: string | undefined };

/**
 * A resource's own calendar: its non-working days on top of the project's calendar (MS Project's
 * resource calendar, a base calendar plus exceptions). `workingWeekdays` (0 = Sunday … 6 =
 * Saturday, as the project's) only narrows the project's: a weekday the project does not work
 * stays off; absent, the project's weekdays. `exceptions` are days off. Absent calendar: the
 * project's applies, as it is.
 */
export type ResourceCalendar = {
  workingWeekdays?: readonly number[] | undefined;
  exceptions?: readonly ResourceCalendarRange[] | undefined;
};

/** A resource as the rules read it. */
export type ResourceAvailability = {
  maxUnits: number;
  availability?: readonly AvailabilityRange[] | undefined;
  calendar?: ResourceCalendar | undefined;
};

/**
 * The units available on `date` (YYYY-MM-DD): the range that holds it, else the resource's
 * `maxUnits`. Ranges never overlap (availabilityErrors), so at most one holds a day.
 */
export function maxUnitsOn(resource: ResourceAvailability, date: string): number {
  for (const range of resource.availability ?? []) {
    if (range.from <= date && date <= range.to) return range.maxUnits;
  }
  return resource.maxUnits;
}

/** 0 = Sunday … 6 = Saturday of a YYYY-MM-DD date (UTC, so no time zone moves it). */
function weekdayOf(date: string): number {
  return new Date(
    Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))),
  ).getUTCDay();
}

/**
 * Whether the resource works on `date` (YYYY-MM-DD), a working day of the project: not when its own
 * calendar leaves the weekday out or a non-working range holds the day. No calendar: it works.
 */
export function resourceWorksOn(calendar: ResourceCalendar | undefined, date: string): boolean {
  if (calendar === undefined) return true;
  if (calendar.workingWeekdays !== undefined && !calendar.workingWeekdays.includes(weekdayOf(date))) return false;
  for (const range of calendar.exceptions ?? []) if (range.from <= date && date <= range.to) return false;
  return true;
}

/**
 * The units a resource has on `date`, a working day of the project: 0 on a day its own calendar
 * leaves off (resourceWorksOn), else maxUnitsOn. The levelling's capacity and the histogram's
 * availability both read it.
 */
export function unitsAvailableOn(resource: ResourceAvailability, date: string): number {
  return resourceWorksOn(resource.calendar, date) ? maxUnitsOn(resource, date) : 0;
}

/** The weekdays' short names, 0 = Sunday. */
const WEEKDAY_LETTERS = ['D', 'L', 'M', 'X', 'J', 'V', 'S'] as const;

/**
 * A calendar as the list shows it: 'L–V', 'L–S', 'L, X, V' (Monday first); with its non-working
 * ranges counted ('L–V, 2 rangos no laborables'); '' when the resource has none (the project's).
 */
export function resourceCalendarText(calendar: ResourceCalendar | undefined): string {
  if (calendar === undefined) return '';
  const parts: string[] = [];
  if (calendar.workingWeekdays !== undefined) {
    const days = [1, 2, 3, 4, 5, 6, 0].filter((day) => calendar.workingWeekdays?.includes(day));
    // a run of two or more consecutive days (Monday first) reads as 'first–last'
    const runs: number[][] = [];
    for (const day of days) {
      const run = runs[runs.length - 1];
      const position = (day + 6) % 7;
      if (run !== undefined && ((run[run.length - 1] as number) + 6) % 7 === position - 1) run.push(day);
      else runs.push([day]);
    }
    parts.push(
      runs
        .map((run) =>
          run.length > 2
            ? `${WEEKDAY_LETTERS[run[0] as number]}–${WEEKDAY_LETTERS[run[run.length - 1] as number]}`
            : run.map((day) => WEEKDAY_LETTERS[day]).join(', '),
        )
        .join(', '),
    );
  }
  const ranges = calendar.exceptions?.length ?? 0;
  if (ranges > 0) parts.push(ranges === 1 ? '1 rango no laborable' : `${ranges} rangos no laborables`);
  return parts.join('; ');
}

/**
 * What is wrong with a resource's own calendar, one Spanish sentence per problem naming the row
 * (1-based) as the screen shows it: no working weekday, a range that ends before it starts, two
 * ranges that share a day.
 */
export function resourceCalendarErrors(calendar: ResourceCalendar): string[] {
  const errors: string[] = [];
  if (calendar.workingWeekdays !== undefined && calendar.workingWeekdays.length === 0)
    errors.push('Calendario: marca al menos un día de la semana en que el recurso trabaja');
  const ranges = calendar.exceptions ?? [];
  ranges.forEach((range, index) => {
    if (range.to < range.from)
      errors.push(
        `Calendario, fila ${index + 1}: el término (${formatIsoDate(range.to)}) es anterior al inicio (${formatIsoDate(range.from)})`,
      );
  });
  for (const [first, second] of overlappingRows(ranges))
    errors.push(`Calendario: las filas ${first} y ${second} se superponen; junta los días en una sola fila`);
  return errors;
}

/** The rows (1-based, the lower first) of ranges that share a day with the one before them by date. */
function overlappingRows(ranges: readonly { from: string; to: string }[]): [number, number][] {
  const sorted = ranges
    .map((range, index) => ({ from: range.from, to: range.to, row: index + 1 }))
    .filter((range) => range.from <= range.to)
    .sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : a.row - b.row));
  const pairs: [number, number][] = [];
  for (let i = 1; i < sorted.length; i += 1) {
    const previous = sorted[i - 1] as (typeof sorted)[number];
    const current = sorted[i] as (typeof sorted)[number];
    if (current.from <= previous.to)
      pairs.push(previous.row < current.row ? [previous.row, current.row] : [current.row, previous.row]);
  }
  return pairs;
}

/** The workers of one crew ('1 capataz + 4 carpinteros + 2 jornales' is 7). */
export function crewSize(crew: readonly CrewMember[]): number {
  let total = 0;
  for (const member of crew) total += member.count;
  return total;
}

/**
 * What is wrong with a list of availability ranges, one Spanish sentence per problem, naming the
 * row (1-based) as the screen shows it: a range that ends before it starts, and two that share a day.
 */
export function availabilityErrors(ranges: readonly AvailabilityRange[]): string[] {
  const errors: string[] = [];
  ranges.forEach((range, index) => {
    if (range.to < range.from)
      errors.push(
        `Disponibilidad, fila ${index + 1}: el término (${formatIsoDate(range.to)}) es anterior al inicio (${formatIsoDate(range.from)})`,
      );
  });
  for (const [first, second] of overlappingRows(ranges))
    errors.push(`Disponibilidad: las filas ${first} y ${second} se superponen; cada día tiene un solo máximo`);
  return errors;
}

/** A crew as it reads ('1 × Capataz + 4 × Carpintero + 2 × Jornal'), with the trades' names by id. */
export function crewText(crew: readonly CrewMember[], tradeName: (id: string) => string | undefined): string {
  return crew.map((member) => `${member.count} × ${tradeName(member.trade) ?? member.trade}`).join(' + ');
}
