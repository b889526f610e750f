import { NotificationsPage } from '@/features/notifications/components/notifications-page';

/** '/pages/notifications': every notification of the signed-in user, paged (issue 19). */
export function NotificationsRoute() {
  return <NotificationsPage />;
}
