import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { useIsLoading } from './use-is-loading';

/** A query that never answers, with the given meta, next to useIsLoading. */
function renderLoading(meta?: { showGlobalSpinner?: boolean }) {
  const queryClient = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return renderHook(
    () => {
      const query = useQuery({ queryKey: ['never', meta], queryFn: () => new Promise<never>(() => {}), meta });
      return { isFetching: query.isFetching, isLoading: useIsLoading() };
    },
    { wrapper },
  );
}

describe('useIsLoading', () => {
  it("covers the page while a screen's data loads for the first time", async () => {
    const { result } = renderLoading();
    await waitFor(() => expect(result.current).toEqual({ isFetching: true, isLoading: true }));
  });

  it('leaves the page usable for a query that opts out (a check made while typing)', async () => {
    const { result } = renderLoading({ showGlobalSpinner: false });
    await waitFor(() => expect(result.current.isFetching).toBe(true));
    expect(result.current.isLoading).toBe(false);
  });
});
