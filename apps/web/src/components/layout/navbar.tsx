import LogoutIcon from '@mui/icons-material/Logout';
import MenuIcon from '@mui/icons-material/Menu';
import MenuOpenIcon from '@mui/icons-material/MenuOpen';
import SettingsIcon from '@mui/icons-material/Settings';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useIsWideScreen } from '@/hooks/use-is-wide-screen';
import { signOut } from '@/lib/auth';
import { forgetSession } from '@/lib/react-query';
import { useSettingsStore } from '@/lib/stores/settings-store';
import { useUnsavedWorkStore } from '@/lib/stores/unsaved-work-store';
import { AppBreadcrumbs } from './app-breadcrumbs';
import { NotificationsMenu } from './notifications-menu';
import { useRouteHandle } from './use-route-handle';

/** Breadcrumbs and the screen's title; the sidebar toggle, notifications, configurator and sign-out. */
export function Navbar() {
  const { t } = useTranslation();
  const handle = useRouteHandle();
  const isWide = useIsWideScreen();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const isNavbarFixed = useSettingsStore((state) => state.isNavbarFixed);
  const isSidebarMini = useSettingsStore((state) => state.isSidebarMini);
  const setSidebarMini = useSettingsStore((state) => state.setSidebarMini);
  const setSidebarOpen = useSettingsStore((state) => state.setSidebarOpen);
  const isSidebarHidden = useSettingsStore((state) => state.isSidebarHidden);
  const setConfiguratorOpen = useSettingsStore((state) => state.setConfiguratorOpen);
  const requestLeave = useUnsavedWorkStore((state) => state.requestLeave);

  const signOutMutation = useMutation({
    mutationFn: signOut,
    meta: { showErrorToast: false, showGlobalSpinner: true },
    // signed out locally even if the server could not be told
    onSettled: () => {
      forgetSession(queryClient);
      void navigate('/login', { replace: true });
    },
  });

  function handleToggleSidebar() {
    if (isWide) setSidebarMini(!isSidebarMini);
    else setSidebarOpen(true);
  }

  return (
    <AppBar
      position={isNavbarFixed ? 'sticky' : 'static'}
      color="transparent"
      elevation={0}
      sx={(theme) => ({
        top: isNavbarFixed ? 8 : undefined,
        mt: 1,
        mx: { xs: 1, md: 3 },
        width: 'auto',
        borderRadius: 3,
        color: 'text.primary',
        ...(isNavbarFixed && {
          backgroundColor: alpha(theme.palette.background.paper, 0.8),
          backdropFilter: 'saturate(200%) blur(30px)',
          boxShadow: theme.palette.mode === 'dark' ? '0 2px 12px rgba(0,0,0,0.35)' : '0 2px 12px rgba(52,71,103,0.1)',
        }),
      })}
    >
      <Toolbar sx={{ gap: 1, flexWrap: 'wrap', py: 1 }}>
        <Box sx={{ minWidth: 0 }}>
          <AppBreadcrumbs handle={handle} />
          {handle && (
            <Typography variant="h6" component="div" noWrap>
              {t(`pages.${handle.titleKey}`)}
            </Typography>
          )}
        </Box>
        <Box sx={{ flexGrow: 1 }} />
        {!isSidebarHidden && (
          <IconButton color="inherit" aria-label={t('nav.toggleSidebar')} onClick={handleToggleSidebar}>
            {isWide && !isSidebarMini ? <MenuOpenIcon /> : <MenuIcon />}
          </IconButton>
        )}
        <NotificationsMenu />
        <IconButton color="inherit" aria-label={t('configurator.title')} onClick={() => setConfiguratorOpen(true)}>
          <SettingsIcon />
        </IconButton>
        <IconButton
          color="inherit"
          title={t('navbar.signOut')}
          aria-label={t('navbar.signOut')}
          disabled={signOutMutation.isPending}
          // unsaved edits on screen: the leave question first (their drafts go if the user goes on)
          onClick={() => requestLeave(() => signOutMutation.mutate())}
        >
          <LogoutIcon />
        </IconButton>
      </Toolbar>
    </AppBar>
  );
}
