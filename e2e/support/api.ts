import type { BrowserContext } from 'playwright-core';

export type Account = { name: string; email: string; password: string };

let counter = 0;
export function uniqueAccount(prefix = 'usuario', domain = 'empresa.cl'): Account {
  counter += 1;
  const tag = `${Date.now().toString(36)}${counter}`;
  return { name: `${prefix} ${tag}`, email: `${prefix}.${tag}@${domain}`, password: `clave-${tag}-segura` };
}

function cookieHeader(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/** The first administrator, through better-auth's standard endpoint, as scripts set up an installation. */
export async function createFirstAdmin(baseUrl: string, account: Account): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify(account),
  });
  if (!response.ok) throw new Error(`sign-up falló: ${response.status} ${await response.text()}`);
  return cookieHeader(response);
}

export async function signInApi(baseUrl: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`sign-in falló: ${response.status} ${await response.text()}`);
  return cookieHeader(response);
}

export async function callFunction<T = unknown>(
  baseUrl: string,
  name: string,
  data: unknown,
  cookie: string,
): Promise<T> {
  const response = await fetch(`${baseUrl}/api/functions/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ data }),
  });
  const body = (await response.json()) as { result?: T; error?: { status: string; message: string } };
  if (!response.ok || body.error) throw new Error(`${name}: ${body.error?.status} ${body.error?.message}`);
  return body.result as T;
}

export async function createUserApi(baseUrl: string, adminCookie: string, account: Account, admin = false) {
  return callFunction<{ user: { id: string } }>(baseUrl, 'saveUser', { user: { ...account, admin } }, adminCookie);
}

/**
 * Issue 36: makes a user a member of a project with a role (saveMember), as its Planificador or an
 * administrator does on 'Miembros'. Only members see a project, and a role says what they may do.
 */
export async function addMemberApi(
  baseUrl: string,
  cookie: string,
  projectId: string,
  userId: string,
  role: 'planificador' | 'terreno' | 'subcontratista' | 'lector' = 'planificador',
) {
  return callFunction(baseUrl, 'saveMember', { id: projectId, member: { userId, role } }, cookie);
}

/** Signs a browser context in through the API: the session cookie goes into the context's jar. */
export async function signInContext(context: BrowserContext, baseUrl: string, email: string, password: string) {
  const cookie = await signInApi(baseUrl, email, password);
  const url = new URL(baseUrl);
  await context.addCookies(
    cookie.split('; ').map((pair) => {
      const index = pair.indexOf('=');
      return {
        name: pair.slice(0, index),
        value: pair.slice(index + 1),
        domain: url.hostname,
        path: '/',
        httpOnly: true,
        sameSite: 'Lax' as const,
      };
    }),
  );
  return cookie;
}
