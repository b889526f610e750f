import { describe, expect, it } from 'vitest';
import { i18next, initI18n, isLanguageLoaded, loadLanguage } from './i18n';

// issue 18: /login's first chunk carries es-CL only; English comes in its own chunk when chosen
describe('the catalogues i18next starts with', () => {
  it('starts with es-CL alone and adds English on demand, once', async () => {
    initI18n('es-CL');
    expect(isLanguageLoaded('es-CL')).toBe(true);
    expect(isLanguageLoaded('en-US')).toBe(false);
    expect(i18next.getFixedT('en-US')('configurator.title')).toBe('Configuración Dashboard');

    await loadLanguage('en-US');
    expect(isLanguageLoaded('en-US')).toBe(true);
    expect(i18next.getFixedT('en-US')('configurator.title')).toBe('Dashboard settings');
    const bundle = i18next.getResourceBundle('en-US', 'translation') as unknown;
    await loadLanguage('en-US');
    expect(i18next.getResourceBundle('en-US', 'translation')).toBe(bundle);
  });

  it('reads a language chosen before its catalogue arrived once it is loaded', async () => {
    initI18n('en-US');
    await loadLanguage('en-US');
    expect(i18next.t('configurator.title')).toBe('Dashboard settings');
    initI18n('es-CL');
    expect(i18next.t('configurator.title')).toBe('Configuración Dashboard');
  });
});
