import type { AppNotification } from '@cimiento/domain';

/** The search parameter of the project home that opens one history entry's detail. */
export const HISTORY_ENTRY_PARAM = 'historial';

/** Where opening a notification goes: its project's home (on its history entry), or nowhere. */
export function notificationTarget(notification: Pick<AppNotification, 'projectId' | 'historyId'>): string | null {
  if (notification.projectId === null) return null;
  const base = `/projects/${encodeURIComponent(notification.projectId)}`;
  return notification.historyId === null ? base : `${base}?${HISTORY_ENTRY_PARAM}=${notification.historyId}`;
}
