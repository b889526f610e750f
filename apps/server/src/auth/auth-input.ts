import { describeZodError, textSafetySchema } from '@cimiento/domain';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

/**
 * issue 17 (F2): what better-auth's own endpoints receive is checked before anything reads the
 * database (the wrong-password guard queries login_failure by email; better-auth queries users).
 * Every /api/auth/* request: its query and JSON body hold no control characters (the one rule for
 * text, textSafetySchema). Password sign-in and sign-up: a JSON body with a well-formed email, a
 * password of at most 128 characters and, for sign-up, a name. Issue 30: every endpoint but the GETs
 * (sign-in, sign-up, Google's start, sign-out) takes a JSON body only: any other Content-Type, or
 * none, is refused with 415 before the guard or better-auth runs (better-auth's own check wrote an
 * error line to the console, and read form and text bodies on the endpoints it did not check). A
 * refusal answers 400 (415 for a body that is not JSON) in better-auth's error shape {code, message},
 * in Spanish.
 */

export type AuthInputRefusal = { status: 400 | 415; code: string; message: string };

/** The largest body an /api/auth/* request may carry. */
export const AUTH_BODY_LIMIT = 64 * 1024;

const SIGN_IN_EMAIL_PATH = '/api/auth/sign-in/email';
const SIGN_UP_EMAIL_PATH = '/api/auth/sign-up/email';

/** As saveUser's: 254 characters (the longest an address can be), at most 128 for a password. */
const MAX_EMAIL = 254;
const MAX_PASSWORD = 128;
const MAX_NAME = 120;

const INVALID_EMAIL = { code: 'INVALID_EMAIL', message: 'Correo electrónico no válido' } as const;

/** What a malformed, missing or too long email reads. */
const EMAIL_SHAPE_MESSAGE = `${INVALID_EMAIL.message}: escribe una dirección como nombre@empresa.cl`;

const emailSchema = z
  .string({ error: EMAIL_SHAPE_MESSAGE })
  .max(MAX_EMAIL, { error: EMAIL_SHAPE_MESSAGE })
  .pipe(z.email({ error: EMAIL_SHAPE_MESSAGE }));

const passwordSchema = z
  .string({ error: 'La contraseña es obligatoria y debe ser texto' })
  .max(MAX_PASSWORD, { error: `La contraseña debe tener como máximo ${MAX_PASSWORD} caracteres` });

const signInSchema = z.object({ email: emailSchema, password: passwordSchema });

const signUpSchema = signInSchema.extend({
  name: z
    .string({ error: 'El nombre es obligatorio' })
    .trim()
    .min(1, { error: 'El nombre es obligatorio' })
    .max(MAX_NAME, { error: `El nombre debe tener como máximo ${MAX_NAME} caracteres` }),
});

/** The code a refusal of each field carries; better-auth's own where it has one. */
const CODE_BY_FIELD: Record<string, string> = {
  email: INVALID_EMAIL.code,
  password: 'INVALID_PASSWORD',
  name: 'INVALID_NAME',
};

function fieldRefusal(error: z.ZodError): AuthInputRefusal {
  const issue = error.issues[0];
  const field = String(issue?.path[0] ?? '');
  return { status: 400, code: CODE_BY_FIELD[field] ?? 'INVALID_INPUT', message: issue?.message ?? 'Datos no válidos' };
}

/** A control character anywhere: the field's own code (the email's message too) when it is in a known field. */
function textRefusal(value: unknown, where: 'body' | 'query'): AuthInputRefusal | undefined {
  const safe = textSafetySchema.safeParse(value);
  if (safe.success) return undefined;
  const path = safe.error.issues[0]?.path ?? [];
  const field = where === 'body' && path.length === 1 ? String(path[0]) : '';
  const described = describeZodError(safe.error);
  if (field === 'email')
    return { status: 400, code: INVALID_EMAIL.code, message: `${INVALID_EMAIL.message}: ${described}` };
  return { status: 400, code: CODE_BY_FIELD[field] ?? 'INVALID_INPUT', message: `Solicitud no válida: ${described}` };
}

/** What a request with a body that is not JSON gets, on every /api/auth/* endpoint but the GETs. */
export const NOT_JSON: AuthInputRefusal = {
  status: 415,
  code: 'UNSUPPORTED_MEDIA_TYPE',
  message: 'La solicitud debe enviarse como JSON (Content-Type: application/json)',
};

function isJson(contentType: string | undefined): boolean {
  const type = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  return type === 'application/json' || type.endsWith('+json');
}

/**
 * Why an /api/auth/* request must be refused before it goes further, or undefined when it may.
 * `body` is the raw body the route was given (better-auth parses it itself).
 */
export function authInputRefusal(request: FastifyRequest, body: Buffer | undefined): AuthInputRefusal | undefined {
  const query = textRefusal(request.query, 'query');
  if (query) return query;

  const path = request.url.split('?')[0];
  // issue 30: every endpoint that takes a body (all but the GETs) takes JSON only, as the web sends it
  const takesBody = request.method !== 'GET' && request.method !== 'HEAD';
  if (takesBody && !isJson(request.headers['content-type'])) return NOT_JSON;
  const schema = !takesBody
    ? undefined
    : path === SIGN_IN_EMAIL_PATH
      ? signInSchema
      : path === SIGN_UP_EMAIL_PATH
        ? signUpSchema
        : undefined;
  const hasBody = body !== undefined && body.length > 0;
  if (!hasBody && schema === undefined) return undefined;
  // a GET's body that is not JSON is not looked at (better-auth reads none)
  if (!isJson(request.headers['content-type'])) return undefined;

  let parsed: unknown;
  try {
    parsed = JSON.parse(body?.toString('utf8') ?? '');
  } catch {
    return { status: 400, code: 'INVALID_INPUT', message: 'El cuerpo de la solicitud no es JSON válido' };
  }
  const text = textRefusal(parsed, 'body');
  if (text) return text;
  if (schema === undefined) return undefined;
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return { status: 400, code: 'INVALID_INPUT', message: 'La solicitud debe ser un objeto JSON' };
  }
  const result = schema.safeParse(parsed);
  return result.success ? undefined : fieldRefusal(result.error);
}
