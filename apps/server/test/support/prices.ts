import { expect } from 'vitest';
import type { TestApp } from './test-app';
import { loadEdp, saveEdp } from './edp';
import { editableFields, loadProject, updateProject } from './projects';

/**
 * Prices and the project's currency through the API, as a user sets them (issue 16): the currency
 * by updateProject ('Editar proyecto'), the prices by saveEdp (the EDP screen's 'Grabar EDP').
 */

/** An item's price fields as saveEdp takes them; null clears them. */
export type PriceFields = { unit: string | null; quantity: string | null; unitPrice: string | null };

/** updateProject with the project's other fields as they are and `currency`. */
export async function setProjectCurrency(
  t: Pick<TestApp, 'app'>,
  cookie: string,
  id: string,
  currency: string,
): Promise<void> {
  const project = await loadProject(t, cookie, id);
  const response = await updateProject(t, cookie, id, { ...editableFields(project), currency }, project.version);
  expect(response.statusCode, JSON.stringify(response.body).slice(0, 500)).toBe(200);
}

/** saveEdp of the stored EDP with `prices` (by EDP item id) on their items; the others as stored. */
export async function priceEdpItems(
  t: Pick<TestApp, 'app'>,
  cookie: string,
  id: string,
  prices: Record<number, PriceFields>,
): Promise<void> {
  const edp = await loadEdp(t, cookie, id);
  const items = edp.items.map((item) => {
    const fields = prices[item.id];
    return fields === undefined ? item : { ...item, ...fields };
  });
  const response = await saveEdp(t, cookie, id, { items, version: edp.version });
  expect(response.statusCode, JSON.stringify(response.body).slice(0, 500)).toBe(200);
}
