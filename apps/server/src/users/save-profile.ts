import { saveProfileContract } from '@cimiento/domain';
import { defineHandler } from '../core/define-handler';
import { readProfile } from './load-profile';

/** Writes the caller's 'users' document (location, phoneNumber, birthday, jobTitle); nothing else. */
export const handleSaveProfile = defineHandler(saveProfileContract, async (input, { db, caller }) => {
  const values = {
    job_title: input.jobTitle,
    birthday: input.birthday,
    location: input.location,
    phone_number: input.phoneNumber,
    updated_at: new Date().toISOString(),
  };
  await db
    .insertInto('user_profile')
    .values({ user_id: caller.userId, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .execute();
  return { profile: await readProfile(db, caller.userId), message: 'Usuario actualizado' };
});
