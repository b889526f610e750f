import { loadNotificationsContract } from '@cimiento/domain';
import { loadNotificationPage } from './notification-queries';
import { defineHandler } from '../core/define-handler';

const DEFAULT_PAGE = 20;

/** The caller's notifications, newest first, a page at a time; `unread` counts all their unread ones. */
export const handleLoadNotifications = defineHandler(loadNotificationsContract, async (input, { db, caller }) => {
  const page = await loadNotificationPage(db, caller.userId, {
    offset: input?.offset ?? 0,
    limit: input?.limit ?? DEFAULT_PAGE,
    unreadOnly: input?.unreadOnly ?? false,
  });
  const message =
    page.total === 0
      ? 'No tienes notificaciones'
      : page.unread === 0
        ? 'No tienes notificaciones sin leer'
        : `Tienes ${page.unread} ${page.unread === 1 ? 'notificación sin leer' : 'notificaciones sin leer'}`;
  return { ...page, message };
});
