import '@fontsource/roboto/300.css';
import '@fontsource/roboto/400.css';
import '@fontsource/roboto/500.css';
import '@fontsource/roboto/700.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app';
import { applyDocumentSettings } from '@/app/provider';
import { prefetchRouteData } from '@/app/route-prefetch';
import { preloadRouteChunks } from '@/app/router';
import { initI18n, isLanguageLoaded, loadLanguage } from '@/lib/i18n/i18n';
import { createQueryClient } from '@/lib/react-query';
import { useSettingsStore } from '@/lib/stores/settings-store';

const { isDarkMode, language } = useSettingsStore.getState();
initI18n(language);
// before the first paint, so a dark page never flashes light
applyDocumentSettings({ isDarkMode, language });

// the session check leaves now, and the screen's first queries once it names a user, while the route's chunk loads
const queryClient = createQueryClient();
prefetchRouteData(queryClient, window.location.pathname);
preloadRouteChunks(window.location.pathname);

function render() {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  createRoot(container).render(
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>,
  );
}

// English is a chunk of its own: the first render waits for it only when it is the chosen language
if (isLanguageLoaded(language)) render();
else void loadLanguage(language).then(render, render);
