import { formatDateTime } from '@cimiento/domain';
import type { AppNotification } from '@cimiento/domain';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PagePanel } from '@/components/ui/page-panel';
import { visuallyHidden } from '@/components/ui/visually-hidden';
import { describeError } from '@/lib/api-client';
import { useLiveStore } from '@/lib/live/live-store';
import { notificationsQueryOptions, useMarkNotificationsRead } from '@/lib/live/notifications-api';
import { notificationTarget } from '@/lib/live/notification-target';
import { useRelativeTime } from '@/lib/live/use-relative-time';

const ROWS_PER_PAGE = [10, 20, 50];

type Filter = 'all' | 'unread';

function NotificationRow({
  notification,
  onOpen,
  onMarkRead,
  isMarking,
}: {
  notification: AppNotification;
  onOpen: (() => void) | null;
  onMarkRead: () => void;
  isMarking: boolean;
}) {
  const { t } = useTranslation();
  const relativeTime = useRelativeTime();
  return (
    <ListItem
      divider
      data-unread={notification.read ? undefined : 'true'}
      sx={{ alignItems: 'flex-start', gap: 1.5, flexWrap: { xs: 'wrap', sm: 'nowrap' } }}
    >
      <Box
        aria-hidden
        sx={{
          mt: 1,
          flex: '0 0 10px',
          height: 10,
          borderRadius: '50%',
          bgcolor: notification.read ? 'transparent' : 'error.main',
        }}
      />
      <ListItemText
        primary={
          <>
            {!notification.read && <Box component="span" sx={visuallyHidden}>{`${t('live.unreadLabel')}: `}</Box>}
            {notification.title}
          </>
        }
        secondary={
          <>
            <Box component="span" sx={{ display: 'block' }}>
              {notification.body}
            </Box>
            <Box component="span" sx={{ display: 'block', mt: 0.25 }}>
              <time dateTime={notification.at}>{formatDateTime(notification.at)}</time> ·{' '}
              {relativeTime(notification.at)}
            </Box>
          </>
        }
        slotProps={{
          primary: { sx: { fontWeight: notification.read ? 400 : 600 } },
          secondary: { component: 'span', sx: { color: 'text.secondary' } },
        }}
      />
      <Stack direction="row" spacing={1} sx={{ flexShrink: 0, alignSelf: 'center' }}>
        {onOpen && (
          <Button size="small" variant="outlined" onClick={onOpen}>
            {t('live.open')}
          </Button>
        )}
        {!notification.read && (
          <Button size="small" disabled={isMarking} onClick={onMarkRead}>
            {t('live.markRead')}
          </Button>
        )}
      </Stack>
    </ListItem>
  );
}

/**
 * '/pages/notifications' (issue 19): every notification of the signed-in user, newest first, a page
 * at a time; Todas / No leídas; mark one or all read; opening one marks it read and goes to its
 * project (its history entry).
 */
export function NotificationsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [filter, setFilter] = useState<Filter>('all');
  const [page, setPage] = useState(0);
  const [rowsPerPage, setRowsPerPage] = useState(ROWS_PER_PAGE[1] ?? 20);
  const query = useQuery({
    ...notificationsQueryOptions({
      offset: page * rowsPerPage,
      limit: rowsPerPage,
      ...(filter === 'unread' ? { unreadOnly: true } : {}),
    }),
    meta: { showErrorToast: false },
  });
  const storedUnread = useLiveStore((state) => state.unread);
  const unread = storedUnread ?? query.data?.unread ?? 0;
  const markRead = useMarkNotificationsRead();
  const notifications = query.data?.notifications ?? [];
  const total = query.data?.total ?? 0;
  // the last page emptied (all of its notifications read under 'No leídas'): back one page
  const lastPage = Math.max(0, Math.ceil(total / rowsPerPage) - 1);
  if (query.data && !query.isPlaceholderData && page > lastPage) setPage(lastPage);

  function open(notification: AppNotification, target: string) {
    if (!notification.read) markRead.mutate({ ids: [notification.id] });
    void navigate(target);
  }

  return (
    <PagePanel
      title={t('pages.notifications')}
      actions={
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1, alignItems: 'center' }}>
          <ToggleButtonGroup
            exclusive
            size="small"
            value={filter}
            aria-label={t('live.filterLabel')}
            onChange={(_event, value: Filter | null) => {
              if (value === null) return;
              setFilter(value);
              setPage(0);
            }}
          >
            <ToggleButton value="all">{t('live.filterAll')}</ToggleButton>
            <ToggleButton value="unread">{t('live.filterUnread')}</ToggleButton>
          </ToggleButtonGroup>
          <Button
            variant="outlined"
            startIcon={<DoneAllIcon />}
            disabled={unread === 0 || markRead.isPending}
            onClick={() => markRead.mutate({ all: true })}
          >
            {t('live.markAllRead')}
          </Button>
        </Stack>
      }
    >
      {query.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void query.refetch()}>
              {t('live.retry')}
            </Button>
          }
        >
          {t('live.loadFailed')}: {describeError(query.error)}
        </Alert>
      )}
      {query.isSuccess && notifications.length === 0 && (
        <Typography variant="body2" sx={{ color: 'text.secondary', py: 2 }}>
          {filter === 'unread' ? t('live.emptyUnread') : t('live.empty')}
        </Typography>
      )}
      {notifications.length > 0 && (
        <List aria-label={t('pages.notifications')} disablePadding>
          {notifications.map((notification) => {
            const target = notificationTarget(notification);
            return (
              <NotificationRow
                key={notification.id}
                notification={notification}
                onOpen={target === null ? null : () => open(notification, target)}
                onMarkRead={() => markRead.mutate({ ids: [notification.id] })}
                isMarking={markRead.isPending}
              />
            );
          })}
        </List>
      )}
      {total > 0 && (
        <TablePagination
          component="div"
          count={total}
          page={Math.min(page, lastPage)}
          rowsPerPage={rowsPerPage}
          rowsPerPageOptions={ROWS_PER_PAGE}
          onPageChange={(_event, next) => setPage(next)}
          onRowsPerPageChange={(event) => {
            setRowsPerPage(Number(event.target.value));
            setPage(0);
          }}
          labelRowsPerPage={t('live.rowsPerPage')}
          labelDisplayedRows={({ from, to, count }) => t('live.range', { from, to, count })}
        />
      )}
    </PagePanel>
  );
}
