import Box from '@mui/material/Box';
import { Fragment } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLiveStore } from '@/lib/live/live-store';
import { useLiveEvents } from '@/lib/live/use-live-events';
import { Configurator } from './configurator';
import { Footer } from './footer';
import { LiveChangeBanner } from './live-change-banner';
import { Navbar } from './navbar';
import { Sidebar } from './sidebar';
import { UnsavedWorkGuard } from './unsaved-work-guard';
import { useRouteHandle } from './use-route-handle';

/**
 * The signed-in chrome around every screen but /login, with the tab's live stream (issue 19) and
 * its banner; 'Recargar' draws the screen afresh under a new key.
 */
export function AppShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const isFullHeight = useRouteHandle()?.isFullHeight === true;
  const reloadGeneration = useLiveStore((state) => state.reloadGeneration);
  useLiveEvents();
  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      {/* the first tab stop: past the sidebar's links to the screen (WCAG 2.4.1), shown only when focused */}
      <Box
        component="a"
        href="#contenido"
        sx={(theme) => ({
          position: 'fixed',
          top: 8,
          left: 8,
          zIndex: theme.zIndex.tooltip + 1,
          px: 2,
          py: 1,
          borderRadius: 1,
          bgcolor: 'background.paper',
          color: 'text.primary',
          fontWeight: 600,
          boxShadow: 3,
          transform: 'translateY(-200%)',
          '&:focus': { transform: 'none' },
        })}
      >
        {t('a11y.skipToContent')}
      </Box>
      <Sidebar />
      <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <Navbar />
        <Box
          component="main"
          id="contenido"
          tabIndex={-1}
          sx={{
            '&:focus': { outline: 'none' },
            flexGrow: 1,
            px: { xs: 1, md: 3 },
            py: 3,
            // a full-height screen takes what the navbar and the footer leave (flex: 1 1 0 in it)
            ...(isFullHeight && { display: { md: 'flex' }, flexDirection: 'column' }),
          }}
        >
          <LiveChangeBanner />
          <Fragment key={reloadGeneration}>{children}</Fragment>
        </Box>
        <Footer />
      </Box>
      <Configurator />
      <UnsavedWorkGuard />
    </Box>
  );
}
