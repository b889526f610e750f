import type { ChangeLogArea, ChangeLogFieldChange } from '@cimiento/domain';

/**
 * The 'Registro de cambios' screen's rules (issue 30), apart from the components so they are tested
 * alone: the area filter's choices and an entry's changes grouped by the part of the record they
 * belong to.
 */

/** The filter's choices: every area, or one. */
export const areaFilters = ['all', 'catalogue', 'uf', 'project'] as const;
export type AreaFilter = (typeof areaFilters)[number];

export function areaOfFilter(filter: AreaFilter): ChangeLogArea | undefined {
  return filter === 'all' ? undefined : filter;
}

/** A group of an entry's changes: the record's own fields (`item` undefined) or one part of it. */
export type ChangeGroup = { item: string | undefined; changes: ChangeLogFieldChange[] };

/** The changes in their order, consecutive ones of the same part together (the record's own first as given). */
export function groupChanges(changes: readonly ChangeLogFieldChange[]): ChangeGroup[] {
  const groups: ChangeGroup[] = [];
  for (const change of changes) {
    const last = groups.at(-1);
    if (last && last.item === change.item) last.changes.push(change);
    else groups.push({ item: change.item, changes: [change] });
  }
  return groups;
}
