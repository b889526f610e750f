import { deleteApp, initializeApp } from 'firebase/app';
import type { FirebaseApp } from 'firebase/app';
import { getFunctions, httpsCallableFromURL } from 'firebase/functions';
import type { FunctionsError } from 'firebase/functions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFirstAdmin } from './support/factories';
import type { TestAccount } from './support/factories';
import { createTestApp, databaseKinds } from './support/test-app';
import type { TestApp } from './support/test-app';

/**
 * The wire protocol is Firebase's callable protocol: the official SDK must be able to call us. In
 * Node the SDK has no cookie jar, so fetch is wrapped to add the session cookie to requests for our
 * origin, as the browser's same-origin fetch does.
 */
describe.each(databaseKinds)('the official Firebase JS SDK as a client (%s)', (kind) => {
  let t: TestApp;
  let admin: TestAccount;
  let firebase: FirebaseApp;
  let sessionCookie: string | undefined;
  const originalFetch = globalThis.fetch;

  beforeAll(async () => {
    t = await createTestApp(kind, {}, { listen: true });
    admin = await createFirstAdmin(t);
    globalThis.fetch = (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      if (url.origin !== t.origin || sessionCookie === undefined) return originalFetch(input, init);
      const headers = new Headers(init?.headers);
      headers.set('cookie', sessionCookie);
      return originalFetch(input, { ...init, headers });
    };
    firebase = initializeApp({ projectId: 'cimiento', apiKey: 'x', appId: 'x' }, `cimiento-${kind}`);
  });
  afterAll(async () => {
    globalThis.fetch = originalFetch;
    if (firebase) await deleteApp(firebase);
    await t?.close();
  });

  function callable<Result>(name: string) {
    return httpsCallableFromURL<unknown, Result>(getFunctions(firebase), `${t.origin}/api/functions/${name}`);
  }

  it('gets the decoded result of a signed-in call', async () => {
    sessionCookie = admin.cookie;
    const loadProfile = callable<{ profile: { email: string; admin: boolean }; message: string }>('loadProfile');
    const { data } = await loadProfile();
    expect(data.profile.email).toBe(admin.email);
    expect(data.profile.admin).toBe(true);
    expect(data.message).toBe('Perfil cargado');
  });

  it('sends a payload and gets the saved result back', async () => {
    sessionCookie = admin.cookie;
    const saveProfile = callable<{ profile: { jobTitle: string }; message: string }>('saveProfile');
    const { data } = await saveProfile({ location: '', phoneNumber: '', birthday: '', jobTitle: 'Gerente' });
    expect(data).toMatchObject({ profile: { jobTitle: 'Gerente' }, message: 'Usuario actualizado' });
  });

  it("rejects an unsigned call with code 'functions/unauthenticated'", async () => {
    sessionCookie = undefined;
    const error = (await callable('loadProfile')().catch((caught: unknown) => caught)) as FunctionsError;
    expect(error.code).toBe('functions/unauthenticated');
    expect(error.message).toMatch(/sesión/);
  });

  it("rejects a malformed payload with code 'functions/invalid-argument' and our Spanish message", async () => {
    sessionCookie = admin.cookie;
    const error = (await callable('saveProfile')({ birthday: '2025-02-30' }).catch(
      (caught: unknown) => caught,
    )) as FunctionsError;
    expect(error.code).toBe('functions/invalid-argument');
    expect(error.message).toMatch(/^location: /);
  });

  it("rejects an unknown function with code 'functions/not-found'", async () => {
    sessionCookie = admin.cookie;
    const error = (await callable('noExiste')().catch((caught: unknown) => caught)) as FunctionsError;
    expect(error.code).toBe('functions/not-found');
  });
});
