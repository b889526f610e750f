import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { isAdminRole } from '../users/user-queries';

/**
 * Issue 36: which projects' changes a live stream may carry: an administrator's, every project's;
 * anyone else's, those of the projects they are a member of. `key` names the set, so the streams of
 * users who see the same projects still share one Buffer per slice (live-hub.ts fanOutHistory).
 */
export type Visibility = { all: boolean; projects: ReadonlySet<string>; key: string };

const EVERYTHING: Visibility = { all: true, projects: new Set(), key: '*' };

/**
 * The saves after which a stream may see more or fewer projects: a project created or imported (its
 * creator becomes a member), restored, a member added, changed or removed. A batch that holds one
 * reloads the open streams' visibility before it is sent.
 */
export const MEMBERSHIP_FUNCTIONS: ReadonlySet<string> = new Set([
  'saveProject',
  'importProject',
  'restoreProject',
  'saveMember',
  'removeMember',
]);

export function sees(visibility: Visibility, projectId: string): boolean {
  return visibility.all || visibility.projects.has(projectId);
}

/** The visibility of each of `userIds` (one read of the users and one of their memberships). */
export async function loadVisibility(
  db: Kysely<Database>,
  userIds: readonly string[],
): Promise<Map<string, Visibility>> {
  const ids = [...new Set(userIds)];
  const result = new Map<string, Visibility>();
  if (ids.length === 0) return result;
  const users = await db.selectFrom('user').select(['id', 'role']).where('id', 'in', ids).execute();
  const admins = new Set(users.filter((user) => isAdminRole(user.role)).map((user) => user.id));
  const members = ids.filter((id) => !admins.has(id));
  // PostgreSQL refuses an empty IN list
  const rows =
    members.length === 0
      ? []
      : await db
          .selectFrom('project_member')
          .select(['user_id', 'project_id'])
          .where('user_id', 'in', members)
          .execute();
  const byUser = new Map<string, string[]>();
  for (const row of rows) {
    const list = byUser.get(row.user_id);
    if (list === undefined) byUser.set(row.user_id, [row.project_id]);
    else list.push(row.project_id);
  }
  for (const id of ids) {
    if (admins.has(id)) {
      result.set(id, EVERYTHING);
      continue;
    }
    const projects = (byUser.get(id) ?? []).sort();
    result.set(id, { all: false, projects: new Set(projects), key: projects.join(',') });
  }
  return result;
}

/** Nothing (a stream whose visibility could not be read yet). */
export const NOTHING: Visibility = { all: false, projects: new Set(), key: '' };
