/** What a catalogue list is sorted by. */
export type PriorityOrdered = { priority: number; code: string; name: string };

const collator = new Intl.Collator('es-CL', { numeric: true });

/**
 * domain.md "Ids and ordering": lists sorted "by priority" sort by priority ascending, then code,
 * then name (locale es-CL, numeric-aware: "1.2" < "1.10").
 */
export function compareByPriority(a: PriorityOrdered, b: PriorityOrdered): number {
  return a.priority - b.priority || collator.compare(a.code, b.code) || collator.compare(a.name, b.name);
}

/** A sorted copy; the input is left as it is. */
export function sortByPriority<T extends PriorityOrdered>(items: readonly T[]): T[] {
  return [...items].sort(compareByPriority);
}
