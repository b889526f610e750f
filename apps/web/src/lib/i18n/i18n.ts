import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, languages } from './catalogue';
import type { Catalogue, Language } from './catalogue';
import type { esCL } from './es-cl';
import { esCLFirst } from './es-cl-first';

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
 * es-CL, the default and the fallback, ships its first part in the first chunk (es-cl-first.ts: what
 * /login and the boot show) and the rest with the first signed-in screen (loadScreenTexts); English is
 * a chunk of its own, whole, fetched only when it is the chosen language (issues 18 and 37: /login's
 * JavaScript).
 */
const loadCatalogue: Record<Language, () => Promise<Partial<Catalogue>>> = {
  'es-CL': () => Promise.resolve(esCLFirst),
  'en-US': async () => (await import('./en-us')).enUS,
};

let screenTexts: Promise<void> | null = null;

/** Adds es-CL texts to i18next's catalogue (the rest of the first one, or a test's whole one). */
export function addTexts(texts: Partial<Catalogue>): void {
  // a copy, as in initI18n: a later part merged into it must not change the module's object
  i18next.addResourceBundle(DEFAULT_LANGUAGE, 'translation', structuredClone(texts), true, true);
}

/**
 * The signed-in screens' es-CL texts (es-cl-rest.ts), once: every route but /login and the sign-in
 * pages waits for them with its chunk (router.tsx), so no screen draws before its words are in.
 * A failed download is asked again next time.
 */
export function loadScreenTexts(): Promise<void> {
  screenTexts ??= import('./es-cl-rest').then(
    ({ esCLRest }) => addTexts(esCLRest),
    (error: unknown) => {
      screenTexts = null;
      throw error;
    },
  );
  return screenTexts;
}

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
      // a copy: i18next merges later parts (loadScreenTexts) into the object it is given
      resources: { [DEFAULT_LANGUAGE]: { translation: structuredClone(esCLFirst) } },
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
