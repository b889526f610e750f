// jsdom has no IndexedDB: the field screen keeps its queue and its copy of the week there (idb-keyval)
import 'fake-indexeddb/auto';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { addTexts, initI18n } from '@/lib/i18n/i18n';
import { esCLRest } from '@/lib/i18n/es-cl-rest';
import { useNoticesStore } from '@/lib/stores/notices-store';

initI18n('es-CL');
// the whole es-CL catalogue at once (the app adds its second part with the first signed-in screen)
addTexts(esCLRest);

/** jsdom has no matchMedia; this one answers min-width/max-width queries from window.innerWidth. */
function matchMedia(query: string): MediaQueryList {
  const evaluate = () => {
    const min = /min-width:\s*([\d.]+)px/.exec(query);
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    const width = window.innerWidth;
    return (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
  };
  return {
    media: query,
    get matches() {
      return evaluate();
    },
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  };
}

beforeEach(() => {
  window.matchMedia = matchMedia;
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  // a toast left by one test must not show up in the next one
  useNoticesStore.setState({ message: null, error: null, redirect: null, loading: false });
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
