import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { call } from '@/lib/api-client';
import { createQueryClient } from '@/lib/react-query';
import { useNoticesStore } from '@/lib/stores/notices-store';
import { jsonResponse } from '@/testing/test-utils';

const NETWORK = 'No se pudo conectar con el servidor. Revisa tu conexión e inténtalo de nuevo.';

function browserOnline(online: boolean): void {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
}

/** No connection at all: fetch rejects, as a browser's does. */
function noConnection(): void {
  vi.stubGlobal('fetch', async () => {
    throw new TypeError('Failed to fetch');
  });
}

async function failedRead(): Promise<void> {
  const queryClient = createQueryClient();
  await expect(
    queryClient.fetchQuery({ queryKey: ['profile'], queryFn: () => call('loadProfile', null), retry: false }),
  ).rejects.toThrow();
}

beforeEach(() => {
  useNoticesStore.getState().clearError();
});

afterEach(() => {
  vi.unstubAllGlobals();
  browserOnline(true);
});

describe('the error toast of a failed call', () => {
  it('shows for a read that found no connection while the browser says it is online', async () => {
    browserOnline(true);
    noConnection();
    await failedRead();
    expect(useNoticesStore.getState().error).toBe(NETWORK);
  });

  it('does not show for a read that found no connection while the browser says it is offline (a boot made offline)', async () => {
    browserOnline(false);
    noConnection();
    await failedRead();
    expect(useNoticesStore.getState().error).toBeNull();
  });

  it("shows for a server's refusal even while offline is reported: it is an answer, not a missing connection", async () => {
    browserOnline(false);
    vi.stubGlobal('fetch', async () =>
      jsonResponse(500, { error: { status: 'INTERNAL', message: 'Error interno del servidor' } }),
    );
    await failedRead();
    expect(useNoticesStore.getState().error).toBe('Error interno del servidor');
  });

  it('shows for a save that found no connection, online or not', async () => {
    browserOnline(false);
    noConnection();
    const queryClient = createQueryClient();
    await expect(
      queryClient
        .getMutationCache()
        .build(queryClient, { mutationFn: () => call('loadProfile', null), networkMode: 'always' })
        .execute(undefined),
    ).rejects.toThrow();
    expect(useNoticesStore.getState().error).toBe(NETWORK);
  });
});
