import { saveUserContract } from '@cimiento/domain';
import { addAccountNotice } from '../collab/notification-queries';
import { defineHandler } from '../core/define-handler';
import { HttpsError } from '../core/https-error';
import { countActiveAdmins, isAdminRole } from './user-queries';
import { listUsers } from './load-users';

/**
 * Administrators create users (name, email, temporary password, administrator yes/no) or change
 * one's administrator flag and disabled state. The last active administrator stays one. The user is
 * told (issue 19): a notification 'account-created' for a new account, 'made-admin' when they become
 * an administrator.
 */
export const handleSaveUser = defineHandler(saveUserContract, async (input, { db, auth, caller }) => {
  if (!caller.isAdmin) {
    throw new HttpsError('PERMISSION_DENIED', 'Solo un administrador puede crear o modificar usuarios');
  }
  const user = input.user;

  if ('email' in user) {
    const existing = await db.selectFrom('user').select('id').where('email', '=', user.email).executeTakeFirst();
    if (existing) throw new HttpsError('ALREADY_EXISTS', `Ya existe un usuario con el correo ${user.email}`);
    const created = await auth.api.createUser({
      body: { email: user.email, password: user.password, name: user.name, role: user.admin ? 'admin' : 'user' },
    });
    await addAccountNotice(db, {
      kind: 'account-created',
      userId: created.user.id,
      email: user.email,
      actorId: caller.userId,
      actorName: caller.name,
    });
    const [summary] = await listUsers(db, created.user.id);
    if (!summary) throw new Error('el usuario recién creado no aparece');
    return { user: summary, message: `Usuario ${summary.email} creado` };
  }

  const target = await db
    .selectFrom('user')
    .select(['id', 'role', 'banned'])
    .where('id', '=', user.id)
    .executeTakeFirst();
  if (!target) throw new HttpsError('NOT_FOUND', 'El usuario no existe');
  const wasActiveAdmin = isAdminRole(target.role) && !target.banned;
  const willBeAdmin = user.admin ?? isAdminRole(target.role);
  const willBeDisabled = user.disabled ?? Boolean(target.banned);
  if (user.disabled === true && target.id === caller.userId) {
    throw new HttpsError('FAILED_PRECONDITION', 'No puedes deshabilitar tu propia cuenta');
  }
  if (wasActiveAdmin && (!willBeAdmin || willBeDisabled) && (await countActiveAdmins(db)) <= 1) {
    throw new HttpsError('FAILED_PRECONDITION', 'No puedes quitar al último administrador');
  }

  const context = await auth.$context;
  await context.internalAdapter.updateUser(target.id, {
    role: willBeAdmin ? 'admin' : 'user',
    banned: willBeDisabled,
    banReason: willBeDisabled ? 'Deshabilitado por un administrador' : null,
    updatedAt: new Date(),
  });
  // a disabled user is signed out everywhere at once
  if (willBeDisabled) await context.internalAdapter.deleteUserSessions(target.id);
  if (willBeAdmin && !isAdminRole(target.role)) {
    await addAccountNotice(db, {
      kind: 'made-admin',
      userId: target.id,
      actorId: caller.userId,
      actorName: caller.name,
    });
  }

  const [summary] = await listUsers(db, target.id);
  if (!summary) throw new HttpsError('NOT_FOUND', 'El usuario no existe');
  return { user: summary, message: `Usuario ${summary.email} actualizado` };
});
