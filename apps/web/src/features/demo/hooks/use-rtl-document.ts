import { useLayoutEffect } from 'react';
import { useSettingsStore } from '@/lib/stores/settings-store';

function setRtl(isRtl: boolean): void {
  useSettingsStore.getState().setRtl(isRtl);
}

/**
 * The Arabic demo's global RTL flag (product-spec.md §2 "Template demo screens"): while the screen is
 * open the settings store's isRtl is on, so the app provider gives <html> dir="rtl" and lang="ar"
 * and the MUI theme the rtl direction. On leaving, the flag goes off and <html> gets back its own
 * direction and the chosen language. No other screen turns the flag on, so it is also turned off
 * when the tab is closed or reloaded on this screen (the flag is persisted with the settings), and
 * back on if the browser brings the page back from its cache.
 */
export function useRtlDocument(): void {
  useLayoutEffect(() => {
    setRtl(true);
    const onPageHide = () => setRtl(false);
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setRtl(true);
    };
    window.addEventListener('pagehide', onPageHide);
    window.addEventListener('pageshow', onPageShow);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      window.removeEventListener('pageshow', onPageShow);
      setRtl(false);
    };
  }, []);
}
