import { call } from '@/lib/api-client';
import { notifyMessage } from '@/lib/stores/notices-store';

/** Loads the starter catalogue (only what is missing) and shows the server's message. */
export async function seedCatalogues(): Promise<void> {
  const result = await call('seedCatalogues', null);
  notifyMessage(result.message);
}
