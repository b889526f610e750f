/** A grid row as the modal keeps it: `key` is the client's identity, `isNew` rows get their id from the server. */
export type ChildRow<T extends { id: number }> = T & { key: string; isNew: boolean };

let keySequence = 0;

export function newRowKey(): string {
  keySequence += 1;
  return `new-${keySequence}`;
}

export function toRows<T extends { id: number }>(children: readonly T[]): ChildRow<T>[] {
  return children.map((child) => ({ ...child, key: `saved-${child.id}`, isNew: false }));
}

/**
 * The rows as saveObject takes them: a new row goes without id and the server numbers it (highest
 * + 1, the same number the grid showed); a saved row keeps its id.
 */
export function fromRows<T extends { id: number }>(rows: readonly ChildRow<T>[]): (Omit<T, 'id'> & { id?: number })[] {
  return rows.map(({ key: _key, isNew, ...child }) => {
    if (!isNew) return child;
    const { id: _id, ...rest } = child;
    return rest;
  }) as unknown as (Omit<T, 'id'> & { id?: number })[];
}

/** Whether the grid differs from the record's saved children (then the batch needs saving). */
export function rowsDiffer<T extends { id: number }>(rows: readonly ChildRow<T>[], saved: readonly T[]): boolean {
  const strip = (list: readonly ChildRow<T>[]) =>
    JSON.stringify(list.map(({ key: _key, isNew: _isNew, ...rest }) => rest));
  return strip(rows) !== strip(toRows(saved));
}
