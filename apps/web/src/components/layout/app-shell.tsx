import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { Configurator } from './configurator';
import { Footer } from './footer';
import { Navbar } from './navbar';
import { Sidebar } from './sidebar';
import { UnsavedWorkGuard } from './unsaved-work-guard';

/** The signed-in chrome around every screen but /login. */
export function AppShell({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <Sidebar />
      <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <Navbar />
        <Box component="main" sx={{ flexGrow: 1, px: { xs: 1, md: 3 }, py: 3 }}>
          {children}
        </Box>
        <Footer />
      </Box>
      <Configurator />
      <UnsavedWorkGuard />
    </Box>
  );
}
