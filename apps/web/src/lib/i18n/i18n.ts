import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, languages } from './catalogue';
import type { Language } from './catalogue';
import { enUS } from './en-us';
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

/** Both catalogues ship in the bundle (they are small); es-CL is the default and the fallback. */
export function initI18n(language: Language = DEFAULT_LANGUAGE) {
  if (!i18next.isInitialized) {
    void i18next.use(initReactI18next).init({
      resources: {
        'es-CL': { translation: esCL },
        'en-US': { translation: enUS },
      },
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
