import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { Configurator } from './configurator';
import { Footer } from './footer';
import { Navbar } from './navbar';
import { Sidebar } from './sidebar';
import { UnsavedWorkGuard } from './unsaved-work-guard';
import { useRouteHandle } from './use-route-handle';

/** The signed-in chrome around every screen but /login. */
export function AppShell({ children }: { children: ReactNode }) {
  const isFullHeight = useRouteHandle()?.isFullHeight === true;
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
          {children}
        </Box>
        <Footer />
      </Box>
      <Configurator />
      <UnsavedWorkGuard />
    </Box>
  );
}
