import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { DISABLED_USER_MESSAGE } from './auth';

/**
 * What people read when /api/auth refuses something (issue 17, F6): better-auth answers in
 * English, so every refusal is mapped here by its `code` to Spanish before it leaves the server.
 * JSON refusals become {code, message}; a redirect to /login?error=CODE gets the Spanish text in
 * error_description (the sign-in screen shows it as is).
 */

const TRY_AGAIN_LATER = 'Inténtalo de nuevo en unos minutos; si se repite, avisa a un administrador.';
const SIGN_IN_FROM_CIMIENTO = 'Abre Cimiento directamente e inicia sesión desde su pantalla de ingreso.';
const ONLY_ADMINS = 'Pide a un administrador que lo haga en Usuarios.';
const PROVIDER_PROBLEM =
  'No se pudo completar el inicio de sesión con Google. Inténtalo de nuevo desde la pantalla de ingreso.';
const GOOGLE_MISCONFIGURED =
  'El inicio de sesión con Google no está bien configurado en el servidor: avisa a un administrador y, mientras tanto, ingresa con tu correo y contraseña.';

/** Codes whose message is already ours and Spanish (auth.ts, sign-in-guard.ts): kept as they come. */
export const OWN_AUTH_CODES: ReadonlySet<string> = new Set([
  'SIGN_UP_CLOSED',
  'DOMAIN_NOT_ALLOWED',
  'TOO_MANY_ATTEMPTS',
]);

/** better-auth's base error codes (BASE_ERROR_CODES of @better-auth/core). */
const baseMessages: Record<string, string> = {
  USER_NOT_FOUND: 'No existe un usuario con ese correo. Revísalo o pide a un administrador que te cree una cuenta.',
  FAILED_TO_CREATE_USER: `No se pudo crear la cuenta. ${TRY_AGAIN_LATER}`,
  FAILED_TO_CREATE_SESSION: `No se pudo iniciar la sesión. ${TRY_AGAIN_LATER}`,
  FAILED_TO_UPDATE_USER: `No se pudo actualizar la cuenta. ${TRY_AGAIN_LATER}`,
  FAILED_TO_GET_SESSION: 'No se pudo leer tu sesión. Vuelve a iniciar sesión.',
  INVALID_PASSWORD: 'La contraseña no es válida. Revísala e inténtalo de nuevo.',
  INVALID_EMAIL: 'El correo no es válido. Escríbelo completo, por ejemplo nombre@empresa.cl.',
  INVALID_EMAIL_OR_PASSWORD: 'Correo o contraseña incorrectos. Revísalos e inténtalo de nuevo.',
  INVALID_USER: 'La cuenta no es válida. Pide ayuda a un administrador.',
  SOCIAL_ACCOUNT_ALREADY_LINKED:
    'Esa cuenta de Google ya está vinculada a otro usuario de Cimiento. Ingresa con ese usuario o pide ayuda a un administrador.',
  PROVIDER_NOT_FOUND: 'El inicio de sesión con Google no está habilitado. Ingresa con tu correo y contraseña.',
  INVALID_TOKEN: 'El acceso entregado no es válido. Vuelve a iniciar sesión.',
  TOKEN_EXPIRED: 'El acceso entregado expiró. Vuelve a iniciar sesión.',
  ID_TOKEN_NOT_SUPPORTED: 'Este proveedor no admite ese tipo de acceso. Usa el botón "Ingresa con Google".',
  FAILED_TO_GET_USER_INFO: `No se pudieron leer tus datos en Google. ${PROVIDER_PROBLEM}`,
  USER_EMAIL_NOT_FOUND: 'Google no entregó tu correo. Permite compartir el correo e inténtalo de nuevo.',
  EMAIL_NOT_VERIFIED: 'Tu correo no está verificado en Google. Verifícalo allí e inténtalo de nuevo.',
  PASSWORD_TOO_SHORT: 'La contraseña es demasiado corta: usa al menos 8 caracteres.',
  PASSWORD_TOO_LONG: 'La contraseña es demasiado larga: usa como máximo 128 caracteres.',
  USER_ALREADY_EXISTS: 'Ya existe una cuenta con ese correo. Inicia sesión con ella o usa otro correo.',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL:
    'Ya existe una cuenta con ese correo. Inicia sesión con ella o usa otro correo.',
  EMAIL_CAN_NOT_BE_UPDATED: `El correo de una cuenta no se cambia aquí. ${ONLY_ADMINS}`,
  CHANGE_EMAIL_DISABLED: `El correo de una cuenta no se cambia aquí. ${ONLY_ADMINS}`,
  CREDENTIAL_ACCOUNT_NOT_FOUND: 'Esta cuenta no tiene contraseña: ingresa con Google.',
  SESSION_EXPIRED: 'Tu sesión expiró. Vuelve a iniciar sesión.',
  FAILED_TO_UNLINK_LAST_ACCOUNT: 'No puedes quitar tu única forma de ingresar a Cimiento.',
  ACCOUNT_NOT_FOUND: 'No se encontró la cuenta. Pide ayuda a un administrador.',
  USER_ALREADY_HAS_PASSWORD: 'La cuenta ya tiene contraseña.',
  CROSS_SITE_NAVIGATION_LOGIN_BLOCKED: `El inicio de sesión llegó desde otro sitio y fue bloqueado. ${SIGN_IN_FROM_CIMIENTO}`,
  VERIFICATION_EMAIL_NOT_ENABLED: 'Cimiento no envía correos de verificación.',
  EMAIL_ALREADY_VERIFIED: 'Tu correo ya está verificado.',
  EMAIL_MISMATCH: 'El correo no coincide con el de tu cuenta. Revísalo e inténtalo de nuevo.',
  SESSION_NOT_FRESH: 'Por seguridad, vuelve a iniciar sesión antes de hacer este cambio.',
  LINKED_ACCOUNT_ALREADY_EXISTS: 'Esa cuenta ya está vinculada a tu usuario.',
  INVALID_ORIGIN: `La solicitud llegó desde otro sitio y fue rechazada. ${SIGN_IN_FROM_CIMIENTO}`,
  INVALID_CALLBACK_URL: `La dirección de regreso no pertenece a Cimiento. ${SIGN_IN_FROM_CIMIENTO}`,
  INVALID_REDIRECT_URL: `La dirección de regreso no pertenece a Cimiento. ${SIGN_IN_FROM_CIMIENTO}`,
  INVALID_ERROR_CALLBACK_URL: `La dirección de regreso no pertenece a Cimiento. ${SIGN_IN_FROM_CIMIENTO}`,
  INVALID_NEW_USER_CALLBACK_URL: `La dirección de regreso no pertenece a Cimiento. ${SIGN_IN_FROM_CIMIENTO}`,
  MISSING_OR_NULL_ORIGIN: `La solicitud no dice desde qué sitio viene y fue rechazada. ${SIGN_IN_FROM_CIMIENTO}`,
  CALLBACK_URL_REQUIRED: `Falta la dirección de regreso. ${SIGN_IN_FROM_CIMIENTO}`,
  FAILED_TO_CREATE_VERIFICATION: `No se pudo preparar el inicio de sesión. ${TRY_AGAIN_LATER}`,
  FIELD_NOT_ALLOWED:
    'La solicitud trae un dato que no se puede cambiar por esta vía. Usa la pantalla Perfil de Cimiento.',
  ASYNC_VALIDATION_NOT_SUPPORTED: `No se pudieron validar los datos enviados. ${TRY_AGAIN_LATER}`,
  VALIDATION_ERROR: 'Los datos enviados no son válidos. Revísalos e inténtalo de nuevo.',
  MISSING_FIELD: 'Falta un dato obligatorio. Completa el formulario e inténtalo de nuevo.',
  METHOD_NOT_ALLOWED_DEFER_SESSION_REQUIRED: 'La sesión se consulta con GET /api/auth/get-session.',
  BODY_MUST_BE_AN_OBJECT: 'El cuerpo de la solicitud debe ser un objeto JSON con los datos del formulario.',
  PASSWORD_ALREADY_SET: 'La cuenta ya tiene contraseña.',
};

/** The admin plugin's error codes (its $ERROR_CODES); BANNED_USER is what a disabled user reads. */
const adminMessages: Record<string, string> = {
  YOU_CANNOT_BAN_YOURSELF: 'No puedes deshabilitar tu propia cuenta. Pide a otro administrador que lo haga.',
  YOU_ARE_NOT_ALLOWED_TO_CHANGE_USERS_ROLE: `Solo un administrador puede cambiar quién es administrador. ${ONLY_ADMINS}`,
  YOU_ARE_NOT_ALLOWED_TO_CREATE_USERS: `Solo un administrador puede crear usuarios. ${ONLY_ADMINS}`,
  YOU_ARE_NOT_ALLOWED_TO_LIST_USERS:
    'Solo un administrador puede ver esa lista. La lista de usuarios está en Usuarios.',
  YOU_ARE_NOT_ALLOWED_TO_LIST_USERS_SESSIONS: `Solo un administrador puede ver las sesiones de otros usuarios. ${ONLY_ADMINS}`,
  YOU_ARE_NOT_ALLOWED_TO_BAN_USERS: `Solo un administrador puede deshabilitar usuarios. ${ONLY_ADMINS}`,
  YOU_ARE_NOT_ALLOWED_TO_IMPERSONATE_USERS: 'Cimiento no permite actuar en nombre de otro usuario.',
  YOU_ARE_NOT_ALLOWED_TO_REVOKE_USERS_SESSIONS: `Solo un administrador puede cerrar las sesiones de otros usuarios. ${ONLY_ADMINS}`,
  YOU_ARE_NOT_ALLOWED_TO_DELETE_USERS: `Solo un administrador puede eliminar usuarios. ${ONLY_ADMINS}`,
  YOU_ARE_NOT_ALLOWED_TO_SET_USERS_PASSWORD: `Solo un administrador puede cambiar la contraseña de otro usuario. ${ONLY_ADMINS}`,
  BANNED_USER: DISABLED_USER_MESSAGE,
  YOU_ARE_NOT_ALLOWED_TO_GET_USER: `Solo un administrador puede ver ese usuario. ${ONLY_ADMINS}`,
  NO_DATA_TO_UPDATE: 'No hay cambios que guardar.',
  YOU_ARE_NOT_ALLOWED_TO_UPDATE_USERS: `Solo un administrador puede cambiar otros usuarios. ${ONLY_ADMINS}`,
  YOU_CANNOT_REMOVE_YOURSELF: 'No puedes eliminar tu propia cuenta. Pide a otro administrador que lo haga.',
  YOU_ARE_NOT_ALLOWED_TO_SET_NON_EXISTENT_VALUE: 'Ese rol no existe en Cimiento: un usuario es administrador o no.',
  YOU_CANNOT_IMPERSONATE_ADMINS: 'Cimiento no permite actuar en nombre de otro usuario.',
  INVALID_ROLE_TYPE: 'Ese rol no existe en Cimiento: un usuario es administrador o no.',
  YOU_ARE_NOT_ALLOWED_TO_SET_USERS_EMAIL: `Solo un administrador puede cambiar el correo de otro usuario. ${ONLY_ADMINS}`,
  YOU_ARE_NOT_ALLOWED_TO_SET_USERS_PHONE_NUMBER: 'El teléfono se cambia en la pantalla Perfil de Cimiento.',
  PASSWORD_CANNOT_BE_UPDATED_VIA_UPDATE_USER: `La contraseña no se cambia por esta vía. ${ONLY_ADMINS}`,
  USER_ID_CANNOT_BE_UPDATED: 'El identificador de un usuario no se puede cambiar.',
};

/** The generic OAuth plugin's error codes (its $ERROR_CODES): the Google provider's configuration. */
const genericOAuthMessages: Record<string, string> = {
  INVALID_OAUTH_CONFIGURATION: GOOGLE_MISCONFIGURED,
  TOKEN_URL_NOT_FOUND: GOOGLE_MISCONFIGURED,
};

/**
 * Codes better-auth's Google return sends to /login?error=…: its OAuth callback codes, its state
 * check's, the account-linking step's (its English phrase with underscores) and the standard OAuth
 * error codes the provider itself may send back (RFC 6749 §4.1.2.1, OpenID Connect Core §3.1.2.6).
 */
const callbackMessages: Record<string, string> = {
  no_code: PROVIDER_PROBLEM,
  oauth_provider_not_found: 'El inicio de sesión con Google no está habilitado. Ingresa con tu correo y contraseña.',
  issuer_missing: PROVIDER_PROBLEM,
  issuer_mismatch: PROVIDER_PROBLEM,
  invalid_code: PROVIDER_PROBLEM,
  nonce_binding_missing: PROVIDER_PROBLEM,
  unable_to_get_user_info: `No se pudieron leer tus datos en Google. ${PROVIDER_PROBLEM}`,
  no_callback_url: PROVIDER_PROBLEM,
  unable_to_link_account: `No se pudo vincular tu cuenta de Google con tu usuario de Cimiento. ${TRY_AGAIN_LATER}`,
  unable_to_update_account: `No se pudo actualizar tu cuenta de Google en Cimiento. ${TRY_AGAIN_LATER}`,
  account_not_linked: `Tu cuenta de Google no está vinculada a un usuario de Cimiento. ${TRY_AGAIN_LATER}`,
  unable_to_create_user: `No se pudo crear tu cuenta. ${TRY_AGAIN_LATER}`,
  unable_to_create_session: `No se pudo iniciar la sesión. ${TRY_AGAIN_LATER}`,
  signup_disabled: 'Tu cuenta de Google no tiene acceso a Cimiento: pide a un administrador que te cree una cuenta.',
  email_does_not_match:
    'El correo de Google no coincide con el de tu cuenta de Cimiento. Ingresa con la cuenta de Google correcta.',
  account_already_linked_to_different_user:
    'Esa cuenta de Google ya está vinculada a otro usuario de Cimiento. Ingresa con ese usuario o pide ayuda a un administrador.',
  email_not_found: 'Google no entregó tu correo. Permite compartir el correo e inténtalo de nuevo.',
  email_not_verified: 'Tu correo no está verificado en Google. Verifícalo allí e inténtalo de nuevo.',
  state_not_found: `El inicio de sesión con Google expiró o no empezó en Cimiento. ${SIGN_IN_FROM_CIMIENTO}`,
  state_mismatch: `El inicio de sesión con Google expiró o no empezó en este navegador. ${SIGN_IN_FROM_CIMIENTO}`,
  state_invalid: `El inicio de sesión con Google expiró o no empezó en este navegador. ${SIGN_IN_FROM_CIMIENTO}`,
  state_generation_error: `No se pudo preparar el inicio de sesión con Google. ${TRY_AGAIN_LATER}`,
  invalid_callback_request: PROVIDER_PROBLEM,
  internal_server_error: `No se pudo completar el inicio de sesión con Google. ${TRY_AGAIN_LATER}`,
  access_denied:
    'Se canceló el inicio de sesión con Google o no se dio permiso. Inténtalo de nuevo si quieres ingresar.',
  invalid_request: PROVIDER_PROBLEM,
  unauthorized_client: GOOGLE_MISCONFIGURED,
  unsupported_response_type: GOOGLE_MISCONFIGURED,
  invalid_scope: GOOGLE_MISCONFIGURED,
  server_error: `Google no pudo completar el inicio de sesión. ${TRY_AGAIN_LATER}`,
  temporarily_unavailable: 'Google no está disponible en este momento. Inténtalo de nuevo en unos minutos.',
  interaction_required: PROVIDER_PROBLEM,
  login_required: PROVIDER_PROBLEM,
  consent_required: 'Google necesita tu permiso para compartir tu nombre y correo. Inténtalo de nuevo y acepta.',
  account_selection_required: 'Elige una cuenta de Google para ingresar. Inténtalo de nuevo.',
};

/**
 * Refusals that carry no code of their own: better-call's (body parsing) and better-auth's rate
 * limiter, or a bare HTTP status (better-auth's APIError without a body), by status name.
 */
const statusMessages = {
  BAD_REQUEST: 'La solicitud no es válida: envía un objeto JSON con los datos del formulario.',
  UNAUTHORIZED: 'Tu sesión expiró o no has iniciado sesión. Inicia sesión e inténtalo de nuevo.',
  FORBIDDEN: 'No tienes permiso para hacer esto. Si crees que deberías, pide ayuda a un administrador.',
  NOT_FOUND: 'No se encontró lo que buscabas. Vuelve a la pantalla de ingreso de Cimiento.',
  METHOD_NOT_ALLOWED: 'La solicitud usa un método que esta ruta no admite.',
  PAYLOAD_TOO_LARGE: 'La solicitud es demasiado grande.',
  UNSUPPORTED_MEDIA_TYPE: 'La solicitud debe enviarse como JSON (Content-Type: application/json).',
  UNPROCESSABLE_ENTITY: 'Los datos enviados no se pudieron procesar. Revísalos e inténtalo de nuevo.',
  TOO_MANY_REQUESTS: 'Demasiados intentos desde tu conexión. Espera un minuto e inténtalo de nuevo.',
  INTERNAL_SERVER_ERROR: `Error interno del servidor. ${TRY_AGAIN_LATER}`,
} satisfies Record<string, string>;

/** Every better-auth code we know, in Spanish; what the table test checks better-auth's exports against. */
export const AUTH_MESSAGES: Readonly<Record<string, string>> = {
  ...statusMessages,
  ...callbackMessages,
  ...genericOAuthMessages,
  ...baseMessages,
  ...adminMessages,
};

const STATUS_NAMES: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'UNPROCESSABLE_ENTITY',
  429: 'TOO_MANY_REQUESTS',
  500: 'INTERNAL_SERVER_ERROR',
};

/** What a code nobody has translated yet says: Spanish, with the code kept for whoever helps. */
export function unknownCodeMessage(code: string): string {
  return `No se pudo completar la solicitud (código ${code}). ${TRY_AGAIN_LATER}`;
}

/** The form fields better-auth's validation names ("[body.email] …"), as the forms call them. */
const FIELD_NAMES: Record<string, string> = {
  email: 'correo',
  password: 'contraseña',
  name: 'nombre',
  provider: 'proveedor',
  callbackURL: 'dirección de regreso',
  errorCallbackURL: 'dirección de regreso',
  newUserCallbackURL: 'dirección de regreso',
  rememberMe: 'recordarme',
};

function validationMessage(english: string): string {
  const fields = [...english.matchAll(/\[body\.([A-Za-z]+)/g)].map((match) => {
    const field = match[1] ?? '';
    return FIELD_NAMES[field] ?? field;
  });
  const unique = [...new Set(fields)];
  if (unique.length === 0) return baseMessages.VALIDATION_ERROR ?? statusMessages.BAD_REQUEST;
  const list = unique.map((field) => `"${field}"`).join(', ');
  return `${unique.length === 1 ? 'El campo' : 'Los campos'} ${list} no ${unique.length === 1 ? 'es válido' : 'son válidos'}. Revisa los datos e inténtalo de nuevo.`;
}

function retryMessage(retryAfterSeconds: number): string {
  const wait = retryAfterSeconds <= 1 ? 'un segundo' : `${retryAfterSeconds} segundos`;
  return `Demasiados intentos desde tu conexión. Espera ${wait} e inténtalo de nuevo.`;
}

export type AuthRefusal = { code: string; message: string };

/**
 * A refusal of better-auth (status ≥ 400, its JSON body if any) as we send it: its code, or the
 * status's name when it has none, and the Spanish text for that code.
 */
export function spanishAuthRefusal(
  status: number,
  body: unknown,
  context: { retryAfter?: string | null; requestId: string },
): AuthRefusal {
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const given = typeof record.code === 'string' && record.code.trim() !== '' ? record.code : undefined;
  const code = given ?? STATUS_NAMES[status] ?? `HTTP_${status}`;
  const english = typeof record.message === 'string' ? record.message : '';
  if (OWN_AUTH_CODES.has(code) && english !== '') return { code, message: english };
  if (code === 'VALIDATION_ERROR') return { code, message: validationMessage(english) };
  if (code === 'TOO_MANY_REQUESTS') {
    const seconds = Number(context.retryAfter);
    return {
      code,
      message: Number.isInteger(seconds) && seconds > 0 ? retryMessage(seconds) : statusMessages.TOO_MANY_REQUESTS,
    };
  }
  if (status >= 500) {
    const known = AUTH_MESSAGES[code];
    return {
      code,
      message: `${known ?? `Error interno del servidor. ${TRY_AGAIN_LATER}`} (solicitud ${context.requestId})`,
    };
  }
  return { code, message: AUTH_MESSAGES[code] ?? unknownCodeMessage(code) };
}

/**
 * A redirect better-auth sends to our own /login?error=CODE (a refused Google sign-in): the same
 * Location with the Spanish text for CODE as error_description, in place of whatever came (the
 * provider's own description is English). Other locations are returned unchanged.
 */
export function spanishErrorRedirect(location: string, publicUrl: string): string {
  let url: URL;
  try {
    url = new URL(location, publicUrl);
  } catch {
    return location;
  }
  const code = url.searchParams.get('error');
  if (url.origin !== new URL(publicUrl).origin || code === null) return location;
  const given = url.searchParams.get('error_description');
  const message = OWN_AUTH_CODES.has(code) && given ? given : (AUTH_MESSAGES[code] ?? unknownCodeMessage(code));
  url.searchParams.set('error_description', message);
  const isRelative = location.startsWith('/') && !location.startsWith('//');
  return isRelative ? `${url.pathname}${url.search}${url.hash}` : url.toString();
}

/** The Fastify-level refusals of a body under /api/auth (before better-auth sees it), in Spanish. */
function bodyRefusal(error: FastifyError, bodyLimit: number): (AuthRefusal & { status: number }) | undefined {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return {
        status: 413,
        code: 'PAYLOAD_TOO_LARGE',
        message: `La solicitud supera el tamaño máximo de ${Math.round(bodyLimit / 1024)} KB. Envía solo los datos del formulario.`,
      };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: statusMessages.UNSUPPORTED_MEDIA_TYPE };
    case 'FST_CP_ERR_INVALID_CONTENT_ENCODING':
      return {
        status: 415,
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message:
          'La solicitud usa una codificación (Content-Encoding) que el servidor no admite: envíala sin comprimir o con gzip, deflate o br.',
      };
    case 'FST_CP_ERR_INVALID_CONTENT':
      return {
        status: 400,
        code: 'BAD_REQUEST',
        message:
          'No se pudo descomprimir el cuerpo de la solicitud con la codificación (Content-Encoding) que declara.',
      };
    default:
      if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
        const code = STATUS_NAMES[error.statusCode] ?? 'BAD_REQUEST';
        return { status: error.statusCode, code, message: AUTH_MESSAGES[code] ?? statusMessages.BAD_REQUEST };
      }
      return undefined;
  }
}

/**
 * The auth scope's error handler: a caller's mistake Fastify caught (oversize body, undecodable or
 * unsupported encoding) is a 4xx in Spanish logged at info; anything else is logged as an error
 * and answered 500 in Spanish with the request id, never with its own text.
 */
export function authScopeErrorHandler(options: { bodyLimit: number }) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const refusal = bodyRefusal(error, options.bodyLimit);
    if (refusal) {
      request.log.info({ code: error.code }, 'auth request refused');
      const { status, ...body } = refusal;
      return reply.status(status).send(body);
    }
    request.log.error({ err: error }, 'auth request failed');
    return reply.status(500).send({
      code: 'INTERNAL_SERVER_ERROR',
      message: `Error interno del servidor (solicitud ${request.id}). ${TRY_AGAIN_LATER}`,
    });
  };
}
