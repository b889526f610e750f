import type { AppNotification } from '@cimiento/domain';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import ListAltIcon from '@mui/icons-material/ListAlt';
import NotificationsIcon from '@mui/icons-material/Notifications';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { visuallyHidden } from '@/components/ui/visually-hidden';
import { useLiveStore } from '@/lib/live/live-store';
import { notificationsQueryOptions, useMarkNotificationsRead } from '@/lib/live/notifications-api';
import { notificationTarget } from '@/lib/live/notification-target';
import { useRelativeTime } from '@/lib/live/use-relative-time';

/** The bell shows the newest ones; '/pages/notifications' lists them all. */
export const BELL_LIMIT = 10;

function NotificationItem({ notification, onOpen }: { notification: AppNotification; onOpen: () => void }) {
  const { t } = useTranslation();
  const relativeTime = useRelativeTime();
  return (
    <MenuItem
      onClick={onOpen}
      sx={{ maxWidth: 380, whiteSpace: 'normal', alignItems: 'flex-start', gap: 1 }}
      data-unread={notification.read ? undefined : 'true'}
    >
      <Box
        aria-hidden
        sx={{
          mt: 1,
          flex: '0 0 8px',
          height: 8,
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
              {relativeTime(notification.at)}
            </Box>
          </>
        }
        slotProps={{
          primary: { sx: { fontWeight: notification.read ? 400 : 600 } },
          secondary: { component: 'span', sx: { color: 'text.secondary' } },
        }}
      />
    </MenuItem>
  );
}

/**
 * The bell (issue 19): the newest notifications of the signed-in user with the unread count as its
 * badge (none at 0); opening one marks it read and opens its project (its history entry);
 * 'Marcar todas como leídas'; 'Ver todas' → /pages/notifications. The live stream keeps the count.
 */
export function NotificationsMenu() {
  const { t } = useTranslation();
  const menuId = useId();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const isOpen = anchor !== null;
  const query = useQuery({
    ...notificationsQueryOptions({ offset: 0, limit: BELL_LIMIT }),
    meta: { showErrorToast: false, showGlobalSpinner: false },
  });
  const storedUnread = useLiveStore((state) => state.unread);
  const unread = storedUnread ?? query.data?.unread ?? 0;
  const markRead = useMarkNotificationsRead();
  const notifications = query.data?.notifications ?? [];

  function open(notification: AppNotification) {
    setAnchor(null);
    if (!notification.read) markRead.mutate({ ids: [notification.id] });
    const target = notificationTarget(notification);
    if (target !== null) void navigate(target);
  }

  return (
    <>
      <IconButton
        color="inherit"
        // the name holds the badge's visible text (WCAG 2.5.3): '99+' past 99
        aria-label={
          unread > 0
            ? t('live.bellUnread', { count: unread, shown: unread > 99 ? '99+' : String(unread) })
            : t('navbar.notifications')
        }
        aria-haspopup="menu"
        aria-controls={isOpen ? menuId : undefined}
        aria-expanded={isOpen}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <Badge
          badgeContent={unread > 0 ? unread : null}
          color="error"
          max={99}
          invisible={unread === 0}
          data-testid="notifications-badge"
        >
          <NotificationsIcon />
        </Badge>
      </IconButton>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={isOpen}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ list: { 'aria-label': t('live.bellTitle'), dense: true } }}
      >
        {notifications.length === 0 && (
          <MenuItem disabled sx={{ maxWidth: 380, whiteSpace: 'normal', opacity: '1 !important' }}>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {query.isError ? t('live.loadFailed') : t('live.empty')}
            </Typography>
          </MenuItem>
        )}
        {notifications.map((notification) => (
          <NotificationItem key={notification.id} notification={notification} onOpen={() => open(notification)} />
        ))}
        <Divider />
        <MenuItem disabled={unread === 0 || markRead.isPending} onClick={() => markRead.mutate({ all: true })}>
          <ListItemIcon>
            <DoneAllIcon fontSize="small" />
          </ListItemIcon>
          {t('live.markAllRead')}
        </MenuItem>
        <MenuItem
          onClick={() => {
            setAnchor(null);
            void navigate('/pages/notifications');
          }}
        >
          <ListItemIcon>
            <ListAltIcon fontSize="small" />
          </ListItemIcon>
          {t('live.seeAll')}
        </MenuItem>
      </Menu>
    </>
  );
}
