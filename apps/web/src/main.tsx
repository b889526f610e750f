import '@fontsource/roboto/300.css';
import '@fontsource/roboto/400.css';
import '@fontsource/roboto/500.css';
import '@fontsource/roboto/700.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app';
import { applyDocumentSettings } from '@/app/provider';
import { prefetchRouteData } from '@/app/route-prefetch';
import { initI18n } from '@/lib/i18n/i18n';
import { createQueryClient } from '@/lib/react-query';
import { useSettingsStore } from '@/stores/settings-store';

const { isDarkMode, language } = useSettingsStore.getState();
initI18n(language);
// before the first paint, so a dark page never flashes light
applyDocumentSettings({ isDarkMode, language });

// the session check leaves now, and the screen's first queries once it names a user, while the route's chunk loads
const queryClient = createQueryClient();
prefetchRouteData(queryClient, window.location.pathname);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
createRoot(container).render(
  <StrictMode>
    <App queryClient={queryClient} />
  </StrictMode>,
);
