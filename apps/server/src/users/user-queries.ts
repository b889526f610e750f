import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** Administrators who can still sign in. */
export async function countActiveAdmins(db: Kysely<Database>): Promise<number> {
  const rows = await db.selectFrom('user').select(['role', 'banned']).execute();
  return rows.filter((row) => isAdminRole(row.role) && !row.banned).length;
}

export function isAdminRole(role: string | null): boolean {
  return (role ?? '').split(',').includes('admin');
}
