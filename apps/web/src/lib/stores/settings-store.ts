import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { DEFAULT_LANGUAGE } from '@/lib/i18n/catalogue';
import type { Language } from '@/lib/i18n/catalogue';

export const sidebarTypes = ['dark', 'transparent', 'white'] as const;
export type SidebarType = (typeof sidebarTypes)[number];

export const sidebarColors = ['primary', 'dark', 'info', 'success', 'warning', 'error'] as const;
export type SidebarColor = (typeof sidebarColors)[number];

/** The spec's Settings entity (product-spec.md §3) plus the language choice. */
export type SettingsState = {
  sidebarType: SidebarType;
  sidebarColor: SidebarColor;
  isNavbarFixed: boolean;
  isDarkMode: boolean;
  isRtl: boolean;
  isSidebarMini: boolean;
  language: Language;
  /** Not persisted: the configurator panel and the sidebar drawer on narrow screens. */
  isConfiguratorOpen: boolean;
  isSidebarOpen: boolean;
  /** Not persisted: a screen drawn without the sidebar (the pricing demo, issue 19). */
  isSidebarHidden: boolean;
  setSidebarType: (type: SidebarType) => void;
  setSidebarColor: (color: SidebarColor) => void;
  setNavbarFixed: (isFixed: boolean) => void;
  setDarkMode: (isDark: boolean) => void;
  setSidebarMini: (isMini: boolean) => void;
  setRtl: (isRtl: boolean) => void;
  setLanguage: (language: Language) => void;
  setConfiguratorOpen: (isOpen: boolean) => void;
  setSidebarOpen: (isOpen: boolean) => void;
  setSidebarHidden: (isHidden: boolean) => void;
};

export const SETTINGS_STORAGE_KEY = 'cimiento-settings';

export const defaultSettings = {
  sidebarType: 'white',
  sidebarColor: 'success',
  isNavbarFixed: true,
  isDarkMode: false,
  isRtl: false,
  isSidebarMini: false,
  language: DEFAULT_LANGUAGE,
} satisfies Partial<SettingsState>;

export const useSettingsStore = create<SettingsState>()(
  persist(
    (set) => ({
      ...defaultSettings,
      isConfiguratorOpen: false,
      isSidebarOpen: false,
      isSidebarHidden: false,
      setSidebarType: (sidebarType) => set({ sidebarType }),
      setSidebarColor: (sidebarColor) => set({ sidebarColor }),
      setNavbarFixed: (isNavbarFixed) => set({ isNavbarFixed }),
      setDarkMode: (isDarkMode) => set({ isDarkMode }),
      setSidebarMini: (isSidebarMini) => set({ isSidebarMini }),
      setRtl: (isRtl) => set({ isRtl }),
      setLanguage: (language) => set({ language }),
      setConfiguratorOpen: (isConfiguratorOpen) => set({ isConfiguratorOpen }),
      setSidebarOpen: (isSidebarOpen) => set({ isSidebarOpen }),
      setSidebarHidden: (isSidebarHidden) => set({ isSidebarHidden }),
    }),
    {
      name: SETTINGS_STORAGE_KEY,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({
        sidebarType: state.sidebarType,
        sidebarColor: state.sidebarColor,
        isNavbarFixed: state.isNavbarFixed,
        isDarkMode: state.isDarkMode,
        isRtl: state.isRtl,
        isSidebarMini: state.isSidebarMini,
        language: state.language,
      }),
    },
  ),
);
