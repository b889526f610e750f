import { loadUsersContract } from '@cimiento/domain';
import { defineHandler } from '../core/define-handler';
import type { UserSummary } from '@cimiento/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { isAdminRole } from './user-queries';

function toIso(value: Date | string | number): string {
  return new Date(value).toISOString();
}

export async function listUsers(db: Kysely<Database>, userId?: string): Promise<UserSummary[]> {
  let query = db
    .selectFrom('user')
    .leftJoin('user_profile', 'user_profile.user_id', 'user.id')
    .select([
      'user.id',
      'user.name',
      'user.email',
      'user.role',
      'user.banned',
      'user.createdAt',
      'user_profile.job_title',
    ])
    .orderBy('user.createdAt', 'asc')
    .orderBy('user.email', 'asc');
  if (userId !== undefined) query = query.where('user.id', '=', userId);
  const rows = await query.execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    email: row.email,
    jobTitle: row.job_title ?? '',
    admin: isAdminRole(row.role),
    disabled: Boolean(row.banned),
    createdAt: toIso(row.createdAt),
  }));
}

/** Every signed-in user may see the list; only administrators change it (saveUser). */
export const handleLoadUsers = defineHandler(loadUsersContract, async (_input, { db }) => ({
  users: await listUsers(db),
  message: 'Usuarios cargados',
}));
