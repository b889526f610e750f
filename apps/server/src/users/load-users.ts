import { loadUsersContract } from '@cimiento/domain';
import { defineHandler } from '../core/define-handler';
import { listUsers } from './user-queries';

/** Every signed-in user may see the list; only administrators change it (saveUser). */
export const handleLoadUsers = defineHandler(loadUsersContract, async (_input, { db }) => ({
  users: await listUsers(db),
  message: 'Usuarios cargados',
}));
