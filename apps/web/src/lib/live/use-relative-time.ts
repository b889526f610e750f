import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { formatRelativeTime } from './relative-time';
import { useNow } from './use-now';

/** A formatter of relative times ('hace 5 minutos') in the app's language that moves with the clock. */
export function useRelativeTime(): (at: string) => string {
  const { t, i18n } = useTranslation();
  const now = useNow();
  const justNow = t('live.justNow');
  const locale = i18n.language || 'es-CL';
  return useCallback((at: string) => formatRelativeTime(at, now, { justNow, locale }), [now, justNow, locale]);
}
