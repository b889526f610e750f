import { useState } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { createQueryClient } from '@/lib/react-query';
import { AppProvider } from './provider';
import { AppRouter } from './router';

/** `queryClient`: one made before the first render, whose first requests are already on their way (main.tsx). */
export function App({ queryClient: givenClient }: { queryClient?: QueryClient }) {
  const [queryClient] = useState(() => givenClient ?? createQueryClient());
  return (
    <AppProvider queryClient={queryClient}>
      <AppRouter />
    </AppProvider>
  );
}
