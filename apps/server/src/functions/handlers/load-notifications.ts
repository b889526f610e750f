import { loadNotificationsContract } from '@cimiento/domain';
import { defineHandler } from '../define-handler';
import { HttpsError } from '../https-error';

// issue 19 scaffold: the lane that owns this function replaces this body
export const handleLoadNotifications = defineHandler(loadNotificationsContract, async () => {
  throw new HttpsError('INTERNAL', 'Función aún no disponible');
});
