/**
 * "New sub-area, subcomponent and EDP item ids: highest existing id plus 1" and "a new
 * subcomponent's priority is the highest priority plus 1" (product-spec.md §5, domain.md "Ids and
 * ordering"). An empty list starts at 1.
 */
export function nextNumber(values: readonly (number | undefined)[]): number {
  let highest = 0;
  for (const value of values) {
    if (typeof value === 'number' && Number.isFinite(value) && value > highest) highest = value;
  }
  return Math.floor(highest) + 1;
}
