import { loadProfileContract } from '@cimiento/domain';
import { defineHandler } from '../core/define-handler';
import type { Profile } from '@cimiento/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { HttpsError } from '../core/https-error';
import { isAdminRole } from './user-queries';

/** The spec's user object: the account merged with its 'users' document. */
export async function readProfile(db: Kysely<Database>, userId: string): Promise<Profile> {
  const row = await db
    .selectFrom('user')
    .leftJoin('user_profile', 'user_profile.user_id', 'user.id')
    .select([
      'user.id',
      'user.email',
      'user.name',
      'user.image',
      'user.role',
      'user_profile.job_title',
      'user_profile.birthday',
      'user_profile.location',
      'user_profile.phone_number',
    ])
    .where('user.id', '=', userId)
    .executeTakeFirst();
  if (!row) throw new HttpsError('NOT_FOUND', 'El usuario no existe');
  return {
    uid: row.id,
    email: row.email,
    displayName: row.name,
    photoUrl: row.image,
    admin: isAdminRole(row.role),
    jobTitle: row.job_title ?? '',
    birthday: row.birthday ?? '',
    location: row.location ?? '',
    phoneNumber: row.phone_number ?? '',
  };
}

export const handleLoadProfile = defineHandler(loadProfileContract, async (_input, { db, caller }) => ({
  profile: await readProfile(db, caller.userId),
  message: 'Perfil cargado',
}));
