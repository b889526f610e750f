import NotificationsIcon from '@mui/icons-material/Notifications';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The bell dropdown; it holds one static sample notification (product-spec.md §2 "Shell"). */
export function NotificationsMenu() {
  const { t } = useTranslation();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const isOpen = anchor !== null;
  return (
    <>
      <IconButton
        color="inherit"
        aria-label={t('navbar.notifications')}
        aria-haspopup="menu"
        aria-controls={isOpen ? menuId : undefined}
        aria-expanded={isOpen}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <Badge badgeContent={1} color="error" variant="dot">
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
      >
        <MenuItem onClick={() => setAnchor(null)} sx={{ maxWidth: 320, whiteSpace: 'normal' }}>
          <ListItemText primary={t('navbar.sampleNotificationTitle')} secondary={t('navbar.sampleNotificationBody')} />
        </MenuItem>
      </Menu>
    </>
  );
}
