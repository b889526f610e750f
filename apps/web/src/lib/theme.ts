import { createTheme } from '@mui/material/styles';
import type { Theme } from '@mui/material/styles';
import type { Localization } from '@mui/material/locale';
import type { SidebarColor, SidebarType } from '@/stores/settings-store';

/** The sidebar colours of the configurator (Material Dashboard's palette, which the spec's template used). */
export const sidebarColorValues: Record<SidebarColor, { main: string; gradient: string }> = {
  primary: { main: '#e91e63', gradient: 'linear-gradient(195deg, #ec407a, #d81b60)' },
  dark: { main: '#344767', gradient: 'linear-gradient(195deg, #42424a, #191919)' },
  info: { main: '#1a73e8', gradient: 'linear-gradient(195deg, #49a3f1, #1a73e8)' },
  success: { main: '#4caf50', gradient: 'linear-gradient(195deg, #66bb6a, #43a047)' },
  warning: { main: '#fb8c00', gradient: 'linear-gradient(195deg, #ffa726, #fb8c00)' },
  error: { main: '#f44335', gradient: 'linear-gradient(195deg, #ef5350, #e53935)' },
};

export type SidebarLook = { background: string; text: string; mutedText: string; divider: string; shadow: string };

/** How each sidebar type paints itself, in light and dark mode. */
export function sidebarLook(type: SidebarType, isDarkMode: boolean): SidebarLook {
  if (type === 'dark' || (type === 'white' && isDarkMode)) {
    return {
      background: isDarkMode
        ? 'linear-gradient(195deg, #323a54, #1a2035)'
        : 'linear-gradient(195deg, #42424a, #191919)',
      text: '#ffffff',
      mutedText: 'rgba(255, 255, 255, 0.6)',
      divider: 'rgba(255, 255, 255, 0.2)',
      shadow: '0 20px 27px 0 rgba(0, 0, 0, 0.15)',
    };
  }
  if (type === 'transparent') {
    return {
      background: 'transparent',
      text: isDarkMode ? '#ffffff' : '#344767',
      mutedText: isDarkMode ? 'rgba(255, 255, 255, 0.6)' : '#7b809a',
      divider: isDarkMode ? 'rgba(255, 255, 255, 0.2)' : 'rgba(0, 0, 0, 0.12)',
      shadow: 'none',
    };
  }
  return {
    background: '#ffffff',
    text: '#344767',
    mutedText: '#7b809a',
    divider: 'rgba(0, 0, 0, 0.12)',
    shadow: '0 20px 27px 0 rgba(0, 0, 0, 0.05)',
  };
}

export function createAppTheme(options: { isDarkMode: boolean; locale?: Localization; isRtl?: boolean }): Theme {
  const { isDarkMode } = options;
  return createTheme(
    {
      direction: options.isRtl === true ? 'rtl' : 'ltr',
      palette: {
        mode: isDarkMode ? 'dark' : 'light',
        primary: { main: '#1a73e8' },
        secondary: { main: '#7b809a' },
        success: { main: '#43a047', contrastText: '#ffffff' },
        warning: { main: '#fb8c00' },
        error: { main: '#e53935' },
        info: { main: '#0288d1' },
        background: isDarkMode ? { default: '#1a2035', paper: '#202940' } : { default: '#f0f2f5', paper: '#ffffff' },
        text: isDarkMode
          ? { primary: '#ffffff', secondary: 'rgba(255, 255, 255, 0.7)' }
          : { primary: '#344767', secondary: '#7b809a' },
      },
      shape: { borderRadius: 8 },
      typography: {
        fontFamily: '"Roboto", "Helvetica", "Arial", sans-serif',
        button: { textTransform: 'none', fontWeight: 600 },
        h1: { fontWeight: 700 },
        h2: { fontWeight: 700 },
        h3: { fontWeight: 700 },
        h4: { fontWeight: 700 },
        h5: { fontWeight: 600 },
        h6: { fontWeight: 600 },
      },
      breakpoints: { values: { xs: 0, sm: 600, md: 900, lg: 1200, xl: 1536 } },
      components: {
        MuiCard: {
          defaultProps: { elevation: 0 },
          styleOverrides: {
            root: {
              borderRadius: 12,
              boxShadow: isDarkMode ? '0 2px 12px rgba(0, 0, 0, 0.35)' : '0 2px 12px rgba(52, 71, 103, 0.1)',
            },
          },
        },
        MuiButton: { defaultProps: { disableElevation: true } },
      },
    },
    ...(options.locale ? [options.locale] : []),
  );
}
