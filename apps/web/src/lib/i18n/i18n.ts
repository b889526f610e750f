import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, languages } from './catalogue';
import type { Catalogue, Language } from './catalogue';
import { esCL } from './es-cl';

declare module 'i18next' {
  // i18next's typed keys need interface merging here
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof esCL };
  }
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}

/**
 * es-CL, the default and the fallback, ships in the first chunk; English is a chunk of its own,
 * fetched only when it is the chosen language (issue 18: /login's JavaScript).
 */
const loadCatalogue: Record<Language, () => Promise<Catalogue>> = {
  'es-CL': () => Promise.resolve(esCL),
  'en-US': async () => (await import('./en-us')).enUS,
};

export function isLanguageLoaded(language: Language): boolean {
  return i18next.hasResourceBundle(language, 'translation');
}

/** Adds a language's catalogue to i18next (once); initI18n must have run. */
export async function loadLanguage(language: Language): Promise<void> {
  if (isLanguageLoaded(language)) return;
  const catalogue = await loadCatalogue[language]();
  if (!isLanguageLoaded(language)) i18next.addResourceBundle(language, 'translation', catalogue);
}

/**
 * Starts i18next with the es-CL catalogue, in `language`. A language whose catalogue is not loaded
 * reads as es-CL until loadLanguage has added it (main.tsx waits for it before the first render).
 */
export function initI18n(language: Language = DEFAULT_LANGUAGE) {
  if (!i18next.isInitialized) {
    void i18next.use(initReactI18next).init({
      resources: { [DEFAULT_LANGUAGE]: { translation: esCL } },
      lng: language,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...languages],
      interpolation: { escapeValue: false },
      returnNull: false,
      initAsync: false,
      showSupportNotice: false,
    });
  } else if (i18next.language !== language) {
    void i18next.changeLanguage(language);
  }
  return i18next;
}

export { i18next };
