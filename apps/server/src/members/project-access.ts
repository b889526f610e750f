import { NOT_A_MEMBER_MESSAGE, projectRoles, roleAllows, roleRefusalMessage } from '@cimiento/domain/members';
import type { FunctionAccess, ProjectRole } from '@cimiento/domain/members';
import type { Kysely, Transaction } from 'kysely';
import type { Caller } from '../core/context';
import { HttpsError } from '../core/https-error';
import type { Database } from '../db/schema';

/**
 * Issue 36: the server's check of what a callable function needs of its caller (the domain's
 * functionAccess table), run by the functions routes on the raw payload, before its schema and the
 * function. One indexed read of `project_member` for a project function (by its primary key),
 * remembered for a second (ROLE_CACHE_TTL_MS); an administrator passes without it.
 */

function asRole(role: string): ProjectRole {
  return (projectRoles as readonly string[]).includes(role) ? (role as ProjectRole) : 'lector';
}

/** The caller's role on the project, or undefined when not a member: one read by the primary key. */
export async function memberRole(
  db: Kysely<Database> | Transaction<Database>,
  projectId: string,
  userId: string,
): Promise<ProjectRole | undefined> {
  const row = await db
    .selectFrom('project_member')
    .select('role')
    .where('project_id', '=', projectId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row === undefined ? undefined : asRole(row.role);
}

/**
 * How long a role read for the access check is remembered: as long as the session cache remembers
 * a user (auth/session-cache.ts, SESSION_CACHE_TTL_MS), the same bound on how late another instance
 * learns of a change. This instance forgets a project's roles at once when its members change
 * (forgetRoles, in the writing transaction's function).
 */
export const ROLE_CACHE_TTL_MS = 1000;
const ROLE_CACHE_MAX = 10_000;

type RememberedRole = { role: ProjectRole | undefined; until: number };
const rolesByDatabase = new WeakMap<object, Map<string, RememberedRole>>();

function rememberedRoles(db: Kysely<Database>): Map<string, RememberedRole> {
  let remembered = rolesByDatabase.get(db);
  if (remembered === undefined) {
    remembered = new Map();
    rolesByDatabase.set(db, remembered);
  }
  return remembered;
}

/** Drops this process's remembered roles on a project (saveMember, removeMember). */
export function forgetRoles(db: Kysely<Database>, projectId: string): void {
  const remembered = rolesByDatabase.get(db);
  if (remembered === undefined) return;
  const prefix = `${projectId}\u0000`;
  for (const key of remembered.keys()) if (key.startsWith(prefix)) remembered.delete(key);
}

/** memberRole, remembered for ROLE_CACHE_TTL_MS: a user's calls in a burst read it once. */
async function checkedRole(db: Kysely<Database>, projectId: string, userId: string): Promise<ProjectRole | undefined> {
  const remembered = rememberedRoles(db);
  const key = `${projectId}\u0000${userId}`;
  const now = performance.now();
  const hit = remembered.get(key);
  if (hit !== undefined && hit.until > now) return hit.role;
  const role = await memberRole(db, projectId, userId);
  remembered.delete(key);
  remembered.set(key, { role, until: now + ROLE_CACHE_TTL_MS });
  if (remembered.size > ROLE_CACHE_MAX) remembered.delete(remembered.keys().next().value as string);
  return role;
}

/**
 * Throws PERMISSION_DENIED (in Spanish) when `caller` may not call a function with `access` on this
 * input. A project that does not exist is left to the function, which answers NOT_FOUND as before.
 */
export async function checkFunctionAccess(
  db: Kysely<Database>,
  access: FunctionAccess,
  input: unknown,
  caller: Caller,
): Promise<void> {
  if (access.kind === 'signed-in') return;
  if (access.kind === 'admin') {
    if (!caller.isAdmin) throw new HttpsError('PERMISSION_DENIED', access.message);
    return;
  }
  if (caller.isAdmin) return;
  // the raw payload (the schema comes after): a project id that is not text is the schema's to refuse
  const raw =
    typeof input === 'object' && input !== null ? (input as Record<string, unknown>)[access.field] : undefined;
  if (typeof raw !== 'string') return;
  const projectId = raw.trim();
  const role = await checkedRole(db, projectId, caller.userId);
  if (role === undefined) {
    const exists = await db.selectFrom('project').select('_id').where('_id', '=', projectId).executeTakeFirst();
    if (exists === undefined) return;
    throw new HttpsError('PERMISSION_DENIED', NOT_A_MEMBER_MESSAGE);
  }
  if (!roleAllows(role, access.need)) throw new HttpsError('PERMISSION_DENIED', roleRefusalMessage(role, access.need));
}

/** A new project's creator is its first 'Planificador' (saveProject, importProject), in the creating transaction. */
export async function addCreatorAsPlanner(
  trx: Transaction<Database>,
  projectId: string,
  userId: string,
): Promise<void> {
  await trx
    .insertInto('project_member')
    .values({
      project_id: projectId,
      user_id: userId,
      role: 'planificador',
      company_id: null,
      created_at: new Date().toISOString(),
    })
    .execute();
}

/**
 * The projects a caller sees (issue 36): an administrator, all; anyone else, those they are a member
 * of, with their role on each. `key` names it in the remembered answers' stamps (the dashboard's).
 */
export type ProjectScope = { all: boolean; roles: ReadonlyMap<string, ProjectRole>; key: string };

export async function readProjectScope(
  db: Kysely<Database> | Transaction<Database>,
  caller: Pick<Caller, 'userId' | 'isAdmin'>,
): Promise<ProjectScope> {
  const rows = await db
    .selectFrom('project_member')
    .select(['project_id', 'role'])
    .where('user_id', '=', caller.userId)
    .orderBy('project_id')
    .execute();
  const roles = new Map(rows.map((row) => [row.project_id, asRole(row.role)]));
  const key = caller.isAdmin ? '*' : rows.map((row) => `${row.project_id}:${row.role}`).join(',');
  return { all: caller.isAdmin, roles, key };
}

export function inScope(scope: ProjectScope, projectId: string): boolean {
  return scope.all || scope.roles.has(projectId);
}
