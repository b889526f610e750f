import { markNotificationsReadContract } from '@cimiento/domain';
import { markNotificationsRead } from './notification-queries';
import { defineHandler } from '../core/define-handler';

/** Marks some of the caller's notifications read, or all of them; ids of other users' notifications change nothing. */
export const handleMarkNotificationsRead = defineHandler(
  markNotificationsReadContract,
  async (input, { db, caller }) => {
    const unread = await markNotificationsRead(db, caller.userId, input);
    const message =
      'all' in input
        ? 'Todas tus notificaciones quedaron leídas'
        : input.ids.length === 1
          ? 'Notificación marcada como leída'
          : 'Notificaciones marcadas como leídas';
    return { unread, message };
  },
);
