import { useLayoutEffect } from 'react';
import { useSettingsStore } from '@/lib/stores/settings-store';

/**
 * Hides the sidebar while the screen is open (the pricing demo, product-spec.md §2 "Template demo
 * screens"): the drawer of narrow screens closes too. On leaving, the sidebar shows again, re-pinned
 * if it was pinned (issue 19) and narrow ('Menú lateral angosto') if it was narrow.
 */
export function useHiddenSidebar(): void {
  useLayoutEffect(() => {
    const settings = useSettingsStore.getState();
    const wasPinned = !settings.isSidebarMini;
    settings.setSidebarHidden(true);
    settings.setSidebarOpen(false);
    return () => {
      const current = useSettingsStore.getState();
      current.setSidebarHidden(false);
      current.setSidebarMini(!wasPinned);
    };
  }, []);
}
