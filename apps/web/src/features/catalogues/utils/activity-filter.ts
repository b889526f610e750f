import { searchKey } from '@cimiento/domain';
import type { Activity } from '@cimiento/domain';

export type ActivityFilter = {
  /** Matched against the code and the name, without regard to case or accents. */
  text: string;
  /** Only the activities in `tickedIds` ('Mostrar solo marcadas'); they must match the text too. */
  isOnlyTicked: boolean;
};

/**
 * The activities the checklist shows for a filter, in the catalogue's order. `tickedIds` are the
 * ones 'Mostrar solo marcadas' keeps (the checklist passes those ticked when it was switched on).
 * Filtering only hides rows: the ticks of hidden activities are the caller's and stay as they are.
 */
export function filterActivities<A extends Pick<Activity, '_id' | 'code' | 'name'>>(
  activities: readonly A[],
  tickedIds: ReadonlySet<string>,
  filter: ActivityFilter,
): A[] {
  // the domain's search text: es-CL lower case, without accents ('Excavación' → 'excavacion')
  const needle = searchKey(filter.text);
  return activities.filter(
    (activity) =>
      (!filter.isOnlyTicked || tickedIds.has(activity._id)) &&
      (needle === '' || searchKey(activity.code).includes(needle) || searchKey(activity.name).includes(needle)),
  );
}
