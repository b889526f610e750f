import { loadProfileContract } from '@cimiento/domain';
import { defineHandler } from '../core/define-handler';
import { readProfile } from './profile-queries';

export const handleLoadProfile = defineHandler(loadProfileContract, async (_input, { db, caller }) => ({
  profile: await readProfile(db, caller.userId),
  message: 'Perfil cargado',
}));
