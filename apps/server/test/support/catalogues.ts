import type { CatalogueCollection } from '@cimiento/domain';
import { expect } from 'vitest';
import { callFunction, catalogueCookie } from './factories';
import type { CallResult } from './factories';
import type { TestApp } from './test-app';

/** saveObject as the screens call it; the raw response, for tests about refusals. */
export function saveObject(t: Pick<TestApp, 'app'>, cookie: string, collection: string, object: unknown) {
  return callFunction(t.app, 'saveObject', { collection, object }, cookie);
}

/**
 * saveObject that must succeed; the saved record as loadObjects shows it. Written by the test app's
 * first administrator when there is one (issue 36: factories.ts catalogueCookie).
 */
export async function createObject(
  t: Pick<TestApp, 'app'>,
  cookie: string,
  collection: CatalogueCollection,
  object: Record<string, unknown>,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read whatever the wire carries
): Promise<any> {
  const response = await saveObject(t, catalogueCookie(t, cookie), collection, object);
  if (response.statusCode !== 200) {
    throw new Error(`saveObject ${collection} falló: ${response.statusCode} ${JSON.stringify(response.body)}`);
  }
  return response.body.result.object;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read whatever the wire carries
type WireObject = any;

/** loadObjects that must succeed; the list. */
export async function loadObjects(
  t: Pick<TestApp, 'app'>,
  cookie: string,
  collection: CatalogueCollection,
): Promise<WireObject[]> {
  const response = await callFunction(t.app, 'loadObjects', { collection }, cookie);
  expect(response.statusCode).toBe(200);
  return response.body.result.objects;
}

/** Every collection at once, to show that a refused call changed nothing. */
export async function snapshotCatalogues(t: Pick<TestApp, 'app'>, cookie: string) {
  return {
    'tipos-area': await loadObjects(t, cookie, 'tipos-area'),
    actividades: await loadObjects(t, cookie, 'actividades'),
    sistemas: await loadObjects(t, cookie, 'sistemas'),
    componentes: await loadObjects(t, cookie, 'componentes'),
    oficios: await loadObjects(t, cookie, 'oficios'),
    recursos: await loadObjects(t, cookie, 'recursos'),
  };
}

export function removeObject(
  t: Pick<TestApp, 'app'>,
  cookie: string,
  collection: string,
  id: string,
): Promise<CallResult> {
  return callFunction(t.app, 'removeObject', { collection, id }, cookie);
}

let codeCounter = 0;

/** A code no other test of the file uses. */
export function uniqueCode(prefix = 'C'): string {
  codeCounter += 1;
  return `${prefix}-${codeCounter}`;
}
