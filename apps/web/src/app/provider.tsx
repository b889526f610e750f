import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { enUS as muiEnUS, esES as muiEsES } from '@mui/material/locale';
import { QueryClientProvider } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useMemo } from 'react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { LazyNotices } from '@/components/ui/lazy-notices';
import type { Language } from '@/lib/i18n/catalogue';
import { i18next, isLanguageLoaded, loadLanguage } from '@/lib/i18n/i18n';
import { watchUnauthenticated } from '@/lib/react-query';
import { createAppTheme } from '@/lib/theme';
import { useSettingsStore } from '@/lib/stores/settings-store';

/**
 * Mirrors the mode, language and direction on <html> (data-theme-mode lets tests and CSS read the
 * mode). The RTL flag is the Arabic demo's (features/demo): lang 'ar', dir 'rtl' while it is open.
 */
export function applyDocumentSettings(options: { isDarkMode: boolean; language: Language; isRtl?: boolean }): void {
  const root = document.documentElement;
  root.dataset.themeMode = options.isDarkMode ? 'dark' : 'light';
  root.style.colorScheme = options.isDarkMode ? 'dark' : 'light';
  root.lang = options.isRtl === true ? 'ar' : options.language;
  root.dir = options.isRtl === true ? 'rtl' : 'ltr';
}

function AppThemeProvider({ children }: { children: ReactNode }) {
  const isDarkMode = useSettingsStore((state) => state.isDarkMode);
  const language = useSettingsStore((state) => state.language);
  const isRtl = useSettingsStore((state) => state.isRtl);
  const theme = useMemo(
    () => createAppTheme({ isDarkMode, locale: language === 'en-US' ? muiEnUS : muiEsES, isRtl }),
    [isDarkMode, language, isRtl],
  );

  useLayoutEffect(() => {
    applyDocumentSettings({ isDarkMode, language, isRtl });
  }, [isDarkMode, language, isRtl]);

  useLayoutEffect(() => {
    if (i18next.language === language && isLanguageLoaded(language)) return;
    if (isLanguageLoaded(language)) {
      void i18next.changeLanguage(language);
      return;
    }
    // English is fetched the first time it is chosen; a choice changed meanwhile wins
    let isWanted = true;
    void loadLanguage(language).then(() => {
      if (isWanted) void i18next.changeLanguage(language);
    });
    return () => {
      isWanted = false;
    };
  }, [language]);

  return (
    <ThemeProvider theme={theme}>
      <CssBaseline enableColorScheme />
      {children}
    </ThemeProvider>
  );
}

export type AppProviderProps = { queryClient: QueryClient; children: ReactNode };

/** Everything every screen relies on: server state, language, theme and toasts. */
export function AppProvider({ queryClient, children }: AppProviderProps) {
  useEffect(() => watchUnauthenticated(queryClient), [queryClient]);
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18next}>
        <AppThemeProvider>
          <LazyNotices />
          {children}
        </AppThemeProvider>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
