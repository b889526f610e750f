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

/** A resource as the rules read it. */
export type ResourceAvailability = { maxUnits: number; availability?: readonly AvailabilityRange[] };

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
  const sorted = ranges
    .map((range, index) => ({ ...range, row: index + 1 }))
    .filter((range) => range.from <= range.to)
    .sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : a.row - b.row));
  for (let i = 1; i < sorted.length; i += 1) {
    const previous = sorted[i - 1] as (typeof sorted)[number];
    const current = sorted[i] as (typeof sorted)[number];
    if (current.from <= previous.to) {
      const [first, second] = previous.row < current.row ? [previous, current] : [current, previous];
      errors.push(
        `Disponibilidad: las filas ${first.row} y ${second.row} se superponen; cada día tiene un solo máximo`,
      );
    }
  }
  return errors;
}

/** A crew as it reads ('1 × Capataz + 4 × Carpintero + 2 × Jornal'), with the trades' names by id. */
export function crewText(crew: readonly CrewMember[], tradeName: (id: string) => string | undefined): string {
  return crew.map((member) => `${member.count} × ${tradeName(member.trade) ?? member.trade}`).join(' + ');
}
