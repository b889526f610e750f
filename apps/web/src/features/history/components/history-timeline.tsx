import { formatDateTime } from '@cimiento/domain';
import type { HistoryEntry } from '@cimiento/domain';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import NotificationsOffIcon from '@mui/icons-material/NotificationsOff';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { describeError } from '@/lib/api-client';
import { HISTORY_ENTRY_PARAM } from '@/lib/live/notification-target';
import { useRelativeTime } from '@/lib/live/use-relative-time';
import { projectHistoryQueryOptions, useFollowProject } from '../api/history';
import { AreaIcon } from './area-icon';
import { HistoryEntryDialog } from './history-entry-dialog';

function TimelineItem({ entry, isLast, onOpen }: { entry: HistoryEntry; isLast: boolean; onOpen: () => void }) {
  const { t } = useTranslation();
  const relativeTime = useRelativeTime();
  const when = relativeTime(entry.at);
  return (
    <Box component="li" sx={{ display: 'flex', gap: 1.5, listStyle: 'none' }}>
      <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', flex: '0 0 auto' }}>
        <Avatar
          aria-hidden
          sx={{ width: 32, height: 32, bgcolor: 'primary.main', color: 'primary.contrastText', mt: 0.75 }}
        >
          <AreaIcon area={entry.area} fontSize="small" />
        </Avatar>
        {!isLast && <Box sx={{ flex: 1, width: 2, bgcolor: 'divider', minHeight: 16 }} />}
      </Box>
      <ButtonBase
        onClick={onOpen}
        sx={{
          flex: 1,
          minWidth: 0,
          justifyContent: 'flex-start',
          textAlign: 'left',
          borderRadius: 1,
          px: 1,
          py: 0.75,
          mb: 1,
          '&:hover, &.Mui-focusVisible': { bgcolor: 'action.hover' },
        }}
      >
        <div>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {entry.summary}
          </Typography>
          <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
            {t(`history.areas.${entry.area}`)} · {entry.userName} ·{' '}
            <time dateTime={entry.at}>{formatDateTime(entry.at)}</time> · {when}
          </Typography>
        </div>
      </ButtonBase>
    </Box>
  );
}

/**
 * 'Seguir proyecto' / 'Dejar de seguir': the project's saves by others reach (or stop reaching) the
 * bell. `following` comes with the history's first page (the timeline's own query, shared).
 */
export function FollowProjectToggle({ projectId }: { projectId: string }) {
  const { t } = useTranslation();
  const query = useInfiniteQuery(projectHistoryQueryOptions(projectId));
  const follow = useFollowProject(projectId);
  const first = query.data?.pages[0];
  if (!first) return null;
  const { following } = first;
  return (
    <Button
      variant={following ? 'outlined' : 'contained'}
      color="primary"
      size="small"
      aria-pressed={following}
      disabled={follow.isPending}
      startIcon={following ? <NotificationsOffIcon /> : <NotificationsActiveIcon />}
      onClick={() => follow.mutate(!following)}
    >
      {following ? t('history.unfollow') : t('history.follow')}
    </Button>
  );
}

export type HistoryTimelineProps = { projectId: string };

/**
 * The project's history ('Historial', issue 19): every save newest first, a page at a time
 * ('Cargar más'), each with its area's icon, who, when (Santiago date-time and how long ago) and
 * the summary; opening one shows its detail. `?historial=<id>` in the address opens that entry
 * (a notification of the bell points there).
 */
export function HistoryTimeline({ projectId }: HistoryTimelineProps) {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const query = useInfiniteQuery(projectHistoryQueryOptions(projectId));
  const pages = query.data?.pages ?? [];
  const entries = pages.flatMap((page) => page.entries);
  const total = pages[0]?.total ?? 0;
  const openedParam = Number(searchParams.get(HISTORY_ENTRY_PARAM));
  const openedId = Number.isInteger(openedParam) && openedParam > 0 ? openedParam : null;

  function openEntry(id: number | null) {
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        if (id === null) next.delete(HISTORY_ENTRY_PARAM);
        else next.set(HISTORY_ENTRY_PARAM, String(id));
        return next;
      },
      { replace: true },
    );
  }

  return (
    <div>
      {query.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void query.refetch()}>
              {t('history.retry')}
            </Button>
          }
        >
          {t('history.loadFailed')}: {describeError(query.error)}
        </Alert>
      )}
      {query.isSuccess && entries.length === 0 && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('history.empty')}
        </Typography>
      )}
      {entries.length > 0 && (
        <Box component="ol" aria-label={t('history.title')} sx={{ m: 0, p: 0 }}>
          {entries.map((entry, index) => (
            <TimelineItem
              key={entry.id}
              entry={entry}
              isLast={index === entries.length - 1}
              onOpen={() => openEntry(entry.id)}
            />
          ))}
        </Box>
      )}
      {entries.length > 0 && (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mt: 1 }}>
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {t('history.shown', { shown: entries.length, total })}
          </Typography>
          {query.hasNextPage && (
            <Button size="small" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
              {t('history.loadMore')}
            </Button>
          )}
        </Stack>
      )}
      {openedId !== null && (
        <HistoryEntryDialog projectId={projectId} entryId={openedId} onClose={() => openEntry(null)} />
      )}
    </div>
  );
}
