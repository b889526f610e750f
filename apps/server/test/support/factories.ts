import type { FunctionName } from '@cimiento/domain';
import type { FastifyInstance } from 'fastify';
import type { TestApp } from './test-app';

/** A password every factory-made account gets unless told otherwise (better-auth wants 8+ characters). */
export const TEST_PASSWORD = 'contraseña-de-prueba-1';

let emailCounter = 0;

/** A fresh address per call, so tests never trip over each other's accounts or sign-in failures. */
export function uniqueEmail(prefix = 'persona', domain = 'example.cl'): string {
  emailCounter += 1;
  return `${prefix}-${process.pid}-${emailCounter}-${Date.now().toString(36)}@${domain}`;
}

/** "name=value; name=value" from a response's set-cookie headers, as a browser would send them back. */
export function cookieHeaderFrom(setCookie: string | string[] | undefined): string {
  const lines = setCookie === undefined ? [] : Array.isArray(setCookie) ? setCookie : [setCookie];
  return lines
    .map((line) => line.split(';')[0]?.trim() ?? '')
    .filter((pair) => pair.includes('=') && !pair.endsWith('='))
    .join('; ');
}

export type CallResult = {
  statusCode: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read whatever the wire carries
  body: any;
  headers: Record<string, string | string[] | number | undefined>;
};

/** POST /api/functions/<name> with {"data": data}, the callable protocol, in process. */
export async function callFunction(
  app: FastifyInstance,
  name: FunctionName | string,
  data: unknown,
  cookie?: string,
): Promise<CallResult> {
  const response = await app.inject({
    method: 'POST',
    url: `/api/functions/${name}`,
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    payload: JSON.stringify({ data }),
  });
  return { statusCode: response.statusCode, body: response.json(), headers: response.headers };
}

export type TestAccount = { userId: string; email: string; password: string; name: string; cookie: string };

/** Each test app's administrators' sessions (createFirstAdmin, createSignedInUser with admin, signInAdmin), oldest first. */
const adminCookies = new WeakMap<object, string[]>();

function noteAdminCookie(target: Pick<TestApp, 'app'>, cookie: string): void {
  const cookies = adminCookies.get(target.app);
  if (cookies === undefined) adminCookies.set(target.app, [cookie]);
  else cookies.push(cookie);
}

/**
 * Issue 36: the catalogues are the administrators' to keep. The setup helpers that put records in
 * the catalogue (createObject, createAreaType, createEdcCatalogue) write them with `cookie` when it is
 * an administrator's; given anyone else's (the member a test then acts as on its projects), as the
 * test app's newest administrator session. Tests of the catalogue's refusals call saveObject or
 * callFunction with the cookie they mean.
 */
export function catalogueCookie(target: Pick<TestApp, 'app'>, cookie: string): string {
  const cookies = adminCookies.get(target.app) ?? [];
  return cookies.includes(cookie) ? cookie : (cookies.at(-1) ?? cookie);
}

/**
 * Signs an administrator in again and makes that session the one the catalogue's setup helpers use
 * (catalogueCookie takes the newest): for tests that move the clock past the earlier session's life.
 */
export async function signInAdmin(target: Pick<TestApp, 'app' | 'config'>, admin: TestAccount): Promise<string> {
  const cookie = await signIn(target, admin.email, admin.password);
  noteAdminCookie(target, cookie);
  return cookie;
}

/** The first account of an installation, through POST /api/auth/sign-up/email (it becomes the administrator). */
export async function createFirstAdmin(
  target: Pick<TestApp, 'app' | 'config'>,
  overrides: { email?: string; password?: string; name?: string } = {},
): Promise<TestAccount> {
  const email = overrides.email ?? uniqueEmail('admin');
  const password = overrides.password ?? TEST_PASSWORD;
  const name = overrides.name ?? 'Administradora de Prueba';
  const response = await target.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: { 'content-type': 'application/json', origin: target.config.publicUrl },
    payload: JSON.stringify({ email, password, name }),
  });
  if (response.statusCode !== 200) {
    throw new Error(`sign-up falló: ${response.statusCode} ${response.body}`);
  }
  const body = response.json<{ user: { id: string } }>();
  const cookie = cookieHeaderFrom(response.headers['set-cookie']);
  noteAdminCookie(target, cookie);
  return { userId: body.user.id, email, password, name, cookie };
}

/** POST /api/auth/sign-in/email as the browser does it; the raw response, for tests about refusals. */
export async function postSignIn(target: Pick<TestApp, 'app' | 'config'>, email: string, password: string) {
  return target.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { 'content-type': 'application/json', origin: target.config.publicUrl },
    payload: JSON.stringify({ email, password }),
  });
}

/** Signs in with email and password; returns the cookie header the browser would send afterwards. */
export async function signIn(
  target: Pick<TestApp, 'app' | 'config'>,
  email: string,
  password: string,
): Promise<string> {
  const response = await postSignIn(target, email, password);
  if (response.statusCode !== 200) {
    throw new Error(`sign-in de ${email} falló: ${response.statusCode} ${response.body}`);
  }
  const cookie = cookieHeaderFrom(response.headers['set-cookie']);
  if (!cookie) throw new Error(`sign-in de ${email} no devolvió cookie de sesión`);
  return cookie;
}

/** An administrator creates a user through saveUser; the account can sign in with its temporary password. */
export async function createUser(
  target: Pick<TestApp, 'app'>,
  adminCookie: string,
  overrides: { admin?: boolean; email?: string; password?: string; name?: string } = {},
): Promise<Omit<TestAccount, 'cookie'>> {
  const email = overrides.email ?? uniqueEmail('usuario');
  const password = overrides.password ?? TEST_PASSWORD;
  const name = overrides.name ?? 'Usuario de Prueba';
  const response = await callFunction(
    target.app,
    'saveUser',
    { user: { name, email, password, admin: overrides.admin ?? false } },
    adminCookie,
  );
  if (response.statusCode !== 200) {
    throw new Error(`saveUser falló: ${response.statusCode} ${JSON.stringify(response.body)}`);
  }
  return { userId: response.body.result.user.id as string, email, password, name };
}

/** createUser, then signIn as that user. */
export async function createSignedInUser(
  target: Pick<TestApp, 'app' | 'config'>,
  adminCookie: string,
  overrides: { admin?: boolean; email?: string; password?: string; name?: string } = {},
): Promise<TestAccount> {
  const user = await createUser(target, adminCookie, overrides);
  const cookie = await signIn(target, user.email, user.password);
  if (overrides.admin === true) noteAdminCookie(target, cookie);
  return { ...user, cookie };
}
