import Box from '@mui/material/Box';
import { Fragment } from 'react';
import type { ReactNode } from 'react';
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
  const isFullHeight = useRouteHandle()?.isFullHeight === true;
  const reloadGeneration = useLiveStore((state) => state.reloadGeneration);
  useLiveEvents();
  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <Sidebar />
      <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <Navbar />
        <Box
          component="main"
          sx={{
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
