import { BASE_ERROR_CODES } from 'better-auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISABLED_USER_MESSAGE, createAuth } from '../src/auth/auth';
import { AUTH_MESSAGES, spanishAuthRefusal, spanishErrorRedirect, unknownCodeMessage } from '../src/auth/auth-messages';
import { TEST_PASSWORD, createFirstAdmin, postSignIn, uniqueEmail } from './support/factories';
import type { TestAccount } from './support/factories';
import { createTestApp, databaseKinds } from './support/test-app';
import type { TestApp } from './support/test-app';
import { collectLogLines } from './support/log-lines';

/** Words of better-auth's English answers that no Spanish text of ours contains. */
const ENGLISH = /\b(the|please|try|invalid|too many|not found|failed|you|your|is|are|allowed|required|expected)\b/i;

function expectSpanish(message: unknown, context = ''): void {
  expect(typeof message, context).toBe('string');
  expect(String(message).length, context).toBeGreaterThan(10);
  expect(String(message), context).not.toMatch(ENGLISH);
}

/** Issue 17, F6: every refusal of /api/auth reaches people in Spanish, mapped by code on the server. */
describe.each(databaseKinds)("better-auth's answers in Spanish (%s)", (kind) => {
  let t: TestApp;
  let admin: TestAccount;
  let lines: string[] = [];

  beforeAll(async () => {
    const { logStream, lines: collected } = collectLogLines();
    lines = collected;
    t = await createTestApp(kind, { LOG_LEVEL: 'info' }, { logStream });
    admin = await createFirstAdmin(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function post(url: string, payload: string, headers: Record<string, string> = {}, remoteAddress?: string) {
    return t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json', origin: t.config.publicUrl, ...headers },
      payload,
      ...(remoteAddress ? { remoteAddress } : {}),
    });
  }

  it("has a Spanish text for every error code of better-auth and of the app's plugins (admin, generic OAuth)", () => {
    const auth = createAuth({ db: t.db, dialect: kind, config: t.config, secret: 'x'.repeat(48) });
    const codes = { ...BASE_ERROR_CODES, ...auth.$ERROR_CODES } as Record<string, { message: string }>;
    expect(Object.keys(codes)).toEqual(
      expect.arrayContaining(['INVALID_EMAIL_OR_PASSWORD', 'BANNED_USER', 'YOU_CANNOT_BAN_YOURSELF']),
    );
    expect(Object.keys(codes).length).toBeGreaterThan(60);
    for (const [code, { message: english }] of Object.entries(codes)) {
      const spanish = AUTH_MESSAGES[code];
      expect(spanish, code).toBeDefined();
      expect(spanish, code).not.toBe(english);
      expectSpanish(spanish, code);
    }
    expect(AUTH_MESSAGES.BANNED_USER).toBe(DISABLED_USER_MESSAGE);
    const { minPasswordLength, maxPasswordLength } = auth.options.emailAndPassword;
    expect(AUTH_MESSAGES.PASSWORD_TOO_SHORT).toContain(`al menos ${minPasswordLength} caracteres`);
    expect(AUTH_MESSAGES.PASSWORD_TOO_LONG).toContain(`como máximo ${maxPasswordLength} caracteres`);
  });

  it('answers a wrong password with its code and the Spanish text', async () => {
    const response = await postSignIn(t, admin.email, 'no-es-la-clave');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      code: 'INVALID_EMAIL_OR_PASSWORD',
      message: 'Correo o contraseña incorrectos. Revísalos e inténtalo de nuevo.',
    });
  });

  it("answers an invalid email in Spanish, not 'Invalid email'", async () => {
    for (const url of ['/api/auth/sign-in/email', '/api/auth/sign-up/email']) {
      const response = await post(url, JSON.stringify({ email: 'no-es-correo', password: TEST_PASSWORD, name: 'X' }));
      expect(response.statusCode, url).toBe(400);
      expectSpanish(response.json().message, url);
      expect(response.body).not.toContain('Invalid email');
    }
  });

  it("answers better-auth's rate limit (429) in Spanish with the wait, under the code the web knows", async () => {
    let limited: Awaited<ReturnType<typeof post>> | undefined;
    let attempts = 0;
    // sign-up allows 10 a minute per address; from an address of its own, so no other test is limited
    while (!limited && attempts < 15) {
      attempts += 1;
      const body = JSON.stringify({ email: uniqueEmail('limite'), password: TEST_PASSWORD, name: 'Límite' });
      const response = await post('/api/auth/sign-up/email', body, {}, '10.77.0.1');
      if (response.statusCode === 429) limited = response;
      else expect(response.statusCode).toBe(403);
    }
    expect(attempts).toBe(11);
    expect(limited?.json().code).toBe('TOO_MANY_REQUESTS');
    expect(limited?.json().message).toMatch(
      /^Demasiados intentos desde tu conexión\. Espera \d+ segundos e inténtalo de nuevo\.$/,
    );
    expect(limited?.body).not.toContain('Too many requests');
  });

  it("answers better-auth's own origin check, its body parsing and its validation in Spanish", async () => {
    // a cookie-carrying POST without Origin: better-auth wants one
    const noOrigin = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { 'content-type': 'application/json', cookie: admin.cookie },
      payload: '{}',
    });
    expect(noOrigin.statusCode).toBe(403);
    expect(noOrigin.json()).toEqual({ code: 'MISSING_OR_NULL_ORIGIN', message: AUTH_MESSAGES.MISSING_OR_NULL_ORIGIN });

    const notJson = await post('/api/auth/sign-out', '{"a":', { cookie: admin.cookie });
    expect(notJson.statusCode).toBe(400);
    // auth-input.ts reads every JSON body before better-auth does (the text rule)
    expect(notJson.json()).toEqual({ code: 'INVALID_INPUT', message: 'El cuerpo de la solicitud no es JSON válido' });

    const noProvider = await post('/api/auth/sign-in/social', JSON.stringify({ callbackURL: '/' }));
    expect(noProvider.statusCode).toBe(400);
    expect(noProvider.json()).toEqual({
      code: 'VALIDATION_ERROR',
      message: 'El campo "proveedor" no es válido. Revisa los datos e inténtalo de nuevo.',
    });

    // Google is not configured on this installation
    const google = await post('/api/auth/sign-in/social', JSON.stringify({ provider: 'google', callbackURL: '/' }));
    expect(google.statusCode).toBe(404);
    expect(google.json()).toEqual({ code: 'PROVIDER_NOT_FOUND', message: AUTH_MESSAGES.PROVIDER_NOT_FOUND });

    const foreignCallback = await post(
      '/api/auth/sign-in/social',
      JSON.stringify({ provider: 'google', callbackURL: 'https://evil.example/' }),
    );
    expect(foreignCallback.statusCode).toBe(403);
    expect(foreignCallback.json()).toEqual({
      code: 'INVALID_CALLBACK_URL',
      message: AUTH_MESSAGES.INVALID_CALLBACK_URL,
    });
  });

  it('sends a failed Google return to /login with the Spanish description of its error code', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/callback/google?code=abc' });
    expect(response.statusCode).toBe(302);
    const location = new URL(String(response.headers.location), t.config.publicUrl);
    expect(location.pathname).toBe('/login');
    expect(location.searchParams.get('error')).toBe('state_not_found');
    expect(location.searchParams.get('error_description')).toBe(AUTH_MESSAGES.state_not_found);
    expectSpanish(location.searchParams.get('error_description'));
    // better-auth's own 'State not found' line (an ERROR on its console) is in the app's log, at warn
    const records = lines.map((line) => JSON.parse(line) as { level: number; source?: string; msg?: string });
    expect(
      records.find((record) => record.source === 'better-auth' && /State not found/.test(record.msg ?? '')),
    ).toMatchObject({ level: 40 });
    expect(records.filter((record) => record.level >= 50)).toEqual([]);
  });

  it('refuses in Spanish what Fastify refuses before better-auth: oversize, undecodable or untyped bodies; no error in the log', async () => {
    const before = lines.length;
    const valid = JSON.stringify({ email: admin.email, password: TEST_PASSWORD });
    const cases: { name: string; status: number; code: string; payload: string; headers: Record<string, string> }[] = [
      { name: 'over 64 KB', status: 413, code: 'PAYLOAD_TOO_LARGE', payload: 'x'.repeat(65 * 1024), headers: {} },
      {
        name: 'Content-Encoding xyz',
        status: 415,
        code: 'UNSUPPORTED_MEDIA_TYPE',
        payload: valid,
        headers: { 'content-encoding': 'xyz' },
      },
      {
        name: 'gzip over plain text',
        status: 400,
        code: 'BAD_REQUEST',
        payload: valid,
        headers: { 'content-encoding': 'gzip' },
      },
      {
        name: 'no Content-Type',
        status: 415,
        code: 'UNSUPPORTED_MEDIA_TYPE',
        payload: valid,
        headers: { 'content-type': '' },
      },
    ];
    for (const { name, status, code, payload, headers } of cases) {
      for (const url of ['/api/auth/sign-in/email', '/api/auth/sign-up/email']) {
        const response = await post(url, payload, headers);
        expect(response.statusCode, `${name} ${url}`).toBe(status);
        expect(response.json().code, name).toBe(code);
        expectSpanish(response.json().message, name);
      }
    }
    const oversize = await post('/api/auth/sign-in/email', 'x'.repeat(65 * 1024));
    expect(oversize.json().message).toBe(
      'La solicitud supera el tamaño máximo de 64 KB. Envía solo los datos del formulario.',
    );
    const levels = lines.slice(before).map((line) => (JSON.parse(line) as { level: number }).level);
    expect(levels.length).toBeGreaterThan(0);
    expect(levels.filter((level) => level >= 50)).toEqual([]);
  });
});

describe('the Spanish mapping itself', () => {
  const publicUrl = 'https://cimiento.example.cl';

  it('keeps an unknown code, in a Spanish sentence', () => {
    const refusal = spanishAuthRefusal(
      400,
      { code: 'SOMETHING_NEW', message: 'Something new went wrong' },
      { requestId: 'r1' },
    );
    expect(refusal).toEqual({ code: 'SOMETHING_NEW', message: unknownCodeMessage('SOMETHING_NEW') });
    expect(refusal.message).toContain('(código SOMETHING_NEW)');
    expectSpanish(refusal.message);
  });

  it('names a refusal without a code by its status, and a server error with the request id', () => {
    expect(spanishAuthRefusal(401, null, { requestId: 'r1' })).toEqual({
      code: 'UNAUTHORIZED',
      message: AUTH_MESSAGES.UNAUTHORIZED,
    });
    const internal = spanishAuthRefusal(500, null, { requestId: 'abc-123' });
    expect(internal.code).toBe('INTERNAL_SERVER_ERROR');
    expect(internal.message).toMatch(/^Error interno del servidor\..*\(solicitud abc-123\)$/);
    expect(
      spanishAuthRefusal(429, { message: 'Too many requests. Please try again later.' }, { requestId: 'r' }),
    ).toEqual({ code: 'TOO_MANY_REQUESTS', message: AUTH_MESSAGES.TOO_MANY_REQUESTS });
  });

  it("keeps the app's own Spanish refusals as they are", () => {
    const message = 'El registro está cerrado: pide a un administrador que te cree una cuenta.';
    expect(spanishAuthRefusal(403, { code: 'SIGN_UP_CLOSED', message }, { requestId: 'r' })).toEqual({
      code: 'SIGN_UP_CLOSED',
      message,
    });
  });

  it('names every field of a validation error as the forms call it', () => {
    const refusal = spanishAuthRefusal(
      400,
      { code: 'VALIDATION_ERROR', message: '[body.email] Invalid email; [body.password] Required' },
      { requestId: 'r' },
    );
    expect(refusal.message).toBe(
      'Los campos "correo", "contraseña" no son válidos. Revisa los datos e inténtalo de nuevo.',
    );
  });

  it("replaces the provider's English description on a redirect to /login, and leaves other redirects alone", () => {
    const denied = spanishErrorRedirect(
      '/login?error=access_denied&error_description=The+user+denied+access',
      publicUrl,
    );
    const url = new URL(denied, publicUrl);
    expect(denied.startsWith('/login?')).toBe(true);
    expect(url.searchParams.get('error')).toBe('access_denied');
    expect(url.searchParams.get('error_description')).toBe(AUTH_MESSAGES.access_denied);

    const unknown = new URL(spanishErrorRedirect(`${publicUrl}/login?error=brand_new`, publicUrl));
    expect(unknown.origin).toBe(publicUrl);
    expect(unknown.searchParams.get('error_description')).toBe(unknownCodeMessage('brand_new'));

    const own = 'La cuenta x@otro.cl no tiene acceso a Cimiento: pide a un administrador que te cree una cuenta.';
    const domain = `/login?error=DOMAIN_NOT_ALLOWED&error_description=${encodeURIComponent(own)}`;
    expect(new URL(spanishErrorRedirect(domain, publicUrl), publicUrl).searchParams.get('error_description')).toBe(own);

    for (const location of ['/', '/proyectos?x=1', 'https://accounts.google.com/o/oauth2/auth?error=x']) {
      expect(spanishErrorRedirect(location, publicUrl)).toBe(location);
    }
  });
});
