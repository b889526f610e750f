import { createTheme } from '@mui/material/styles';
import type { Theme } from '@mui/material/styles';
import type { Localization } from '@mui/material/locale';
import type { SidebarColor, SidebarType } from '@/lib/stores/settings-store';

/**
 * The sidebar colours of the configurator (Material Dashboard's hues, which the spec's template used).
 * The active link writes white text on `gradient`: both of its stops give white at least 4.5:1
 * (WCAG AA, docs/ACCESSIBILITY.md), so the template's lighter stops were darkened.
 */
export const sidebarColorValues: Record<SidebarColor, { main: string; gradient: string }> = {
  primary: { main: '#e91e63', gradient: 'linear-gradient(195deg, #d81b60, #ad1457)' },
  dark: { main: '#344767', gradient: 'linear-gradient(195deg, #42424a, #191919)' },
  info: { main: '#1a73e8', gradient: 'linear-gradient(195deg, #1a73e8, #1565c0)' },
  success: { main: '#4caf50', gradient: 'linear-gradient(195deg, #2e7d32, #1b5e20)' },
  warning: { main: '#fb8c00', gradient: 'linear-gradient(195deg, #c65102, #ad4e00)' },
  error: { main: '#f44335', gradient: 'linear-gradient(195deg, #d32f2f, #b71c1c)' },
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
      mutedText: 'rgba(255, 255, 255, 0.7)',
      divider: 'rgba(255, 255, 255, 0.2)',
      shadow: '0 20px 27px 0 rgba(0, 0, 0, 0.15)',
    };
  }
  if (type === 'transparent') {
    return {
      background: 'transparent',
      text: isDarkMode ? '#ffffff' : '#344767',
      mutedText: isDarkMode ? 'rgba(255, 255, 255, 0.7)' : '#5f6478',
      divider: isDarkMode ? 'rgba(255, 255, 255, 0.2)' : 'rgba(0, 0, 0, 0.12)',
      shadow: 'none',
    };
  }
  return {
    background: '#ffffff',
    text: '#344767',
    mutedText: '#5f6478',
    divider: 'rgba(0, 0, 0, 0.12)',
    shadow: '0 20px 27px 0 rgba(0, 0, 0, 0.05)',
  };
}

export function createAppTheme(options: { isDarkMode: boolean; locale?: Localization; isRtl?: boolean }): Theme {
  const { isDarkMode } = options;
  return createTheme(
    {
      direction: options.isRtl === true ? 'rtl' : 'ltr',
      // Every colour reads at least 4.5:1 (WCAG AA) as text on the page and on cards, and against
      // its contrast text when it fills a button, chip or alert; dark mode takes the lighter tones
      // (docs/ACCESSIBILITY.md lists the ratios).
      palette: {
        mode: isDarkMode ? 'dark' : 'light',
        primary: { main: isDarkMode ? '#64b5f6' : '#1565c0' },
        secondary: { main: isDarkMode ? '#b3b3b3' : '#5f6478' },
        success: isDarkMode ? { main: '#66bb6a' } : { main: '#2e7d32', contrastText: '#ffffff' },
        warning: { main: isDarkMode ? '#ffa726' : '#fb8c00' },
        error: { main: isDarkMode ? '#e57373' : '#d32f2f' },
        info: { main: isDarkMode ? '#4fc3f7' : '#0277bd' },
        background: isDarkMode ? { default: '#1a2035', paper: '#202940' } : { default: '#f0f2f5', paper: '#ffffff' },
        text: isDarkMode
          ? { primary: '#ffffff', secondary: 'rgba(255, 255, 255, 0.7)' }
          : { primary: '#344767', secondary: '#5f6478' },
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
        // a filled alert (the toasts) in dark mode: MUI paints it in the colour's dark tone, under the
        // dark text chosen for the main tone (4.16:1 on success); painted in the main tone it reads 7:1
        MuiAlert: {
          styleOverrides: {
            root: ({ ownerState, theme }) =>
              isDarkMode && ownerState.variant === 'filled'
                ? { backgroundColor: theme.palette[ownerState.color ?? ownerState.severity ?? 'success'].main }
                : {},
          },
        },
        // a dialog in dark mode: MUI lightens elevation 24 with a white overlay (#202940 → #454c60), on
        // which the accent colours of its fields and buttons fell under 4.5:1 (success 3.62:1); it keeps
        // the cards' paper, set apart by the backdrop and a border
        MuiDialog: {
          styleOverrides: {
            paper: isDarkMode ? { backgroundImage: 'none', border: '1px solid rgba(255, 255, 255, 0.12)' } : {},
          },
        },
        // the default avatar's initials were the page colour on grey (1.67:1)
        MuiAvatar: {
          styleOverrides: {
            colorDefault: isDarkMode
              ? { backgroundColor: '#b3b3b3', color: '#1a2035' }
              : { backgroundColor: '#5f6478', color: '#ffffff' },
          },
        },
      },
    },
    ...(options.locale ? [options.locale] : []),
  );
}
