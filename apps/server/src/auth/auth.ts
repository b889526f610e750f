import { betterAuth } from 'better-auth';
import { APIError } from 'better-auth/api';
// the two plugins' own entries: 'better-auth/plugins' loads every plugin (~90 ms, ~6 MB at start)
import { admin } from 'better-auth/plugins/admin';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import type { Config } from '../config';
import type { Database, DatabaseDialect } from '../db/schema';
import { claimFirstAccount } from './first-account-claim';
import type { SessionInvalidation } from './session-invalidation';
import { ALL_USERS } from './session-invalidation';
import { countUsers } from './user-count';

/** The header our Fastify adapter sets from the socket address (or the trusted proxy's); clients cannot set it. */
export const CLIENT_IP_HEADER = 'x-cimiento-client-ip';

export const GOOGLE_PROVIDER_ID = 'google';

export const DISABLED_USER_MESSAGE = 'Tu cuenta está deshabilitada: pide a un administrador que la vuelva a habilitar.';

/** Longest name an account gets (sign-up's and saveUser's limit). */
const MAX_NAME_LENGTH = 120;

/**
 * A name better-auth stores without our validation (Google's `name` claim): control characters and
 * line breaks become spaces, lone surrogates U+FFFD, runs of spaces one, and it is cut to 120
 * characters; an empty result becomes the email's local part. Sign-in is not refused for it: the
 * person did nothing wrong, their provider sent it.
 */
export function cleanProviderName(name: string, email: string): string {
  const cleaned = name
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD')
    // eslint-disable-next-line no-control-regex -- removing control characters is the point
    .replace(/[\u0000-\u001F\u007F-\u009F]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, MAX_NAME_LENGTH)
    .trim();
  return cleaned === '' ? (email.split('@')[0] ?? email) : cleaned;
}

export type AuthOptions = {
  db: Kysely<Database>;
  dialect: DatabaseDialect;
  config: Config;
  secret: string;
  /** The app's logger; better-auth's own lines go there instead of the console (see betterAuthLogger). */
  log?: FastifyBaseLogger;
  /** Where a change of a user's sessions or account is announced to every instance's session cache. */
  invalidation?: SessionInvalidation;
};

/** The user a hook's row belongs to; ALL_USERS when better-auth hands it no row (an update of many). */
function userIdOf(row: unknown, field: 'id' | 'userId'): string {
  if (typeof row !== 'object' || row === null || !(field in row)) return ALL_USERS;
  const value = (row as Record<string, unknown>)[field];
  return typeof value === 'string' ? value : ALL_USERS;
}

/** better-auth's levels, lowest first ('success' is its info). */
type BetterAuthLevel = 'debug' | 'info' | 'warn' | 'error';

/** The least severe better-auth level that LOG_LEVEL lets through (better-auth drops the rest itself). */
function betterAuthLevelOf(logLevel: Config['logLevel']): BetterAuthLevel | undefined {
  switch (logLevel) {
    case 'trace':
    case 'debug':
      return 'debug';
    case 'info':
      return 'info';
    case 'warn':
      return 'warn';
    case 'error':
    case 'fatal':
      return 'error';
    case 'silent':
      return undefined;
  }
}

/**
 * Issue 30: better-auth writes its own lines to the console (coloured 'ERROR [Better Auth]: …'),
 * outside the app's JSON log and its levels. Every line it writes from a request goes to the app's
 * log instead, with `source: 'better-auth'`, at LOG_LEVEL:
 * - its 'error' and 'warn' lines at warn: it writes caller mistakes at error ('State not found' on a
 *   forged Google return, 'Invalid password'), and what a caller can trigger is never an error-level
 *   line (a real failure inside better-auth answers 500, which auth-routes.ts logs as an error);
 * - its 'info' (and 'success') lines at info, its 'debug' lines at debug.
 * Only the message text is kept: its extra arguments can carry request data (an Error argument
 * keeps its name only). The lines better-auth's router would write for a refusal (its `onError`,
 * which writes to the console whatever the logger option says) are not written: `onAPIError.throw`
 * in createAuth hands the refusal back, and auth-routes.ts logs it like the app's own refusals.
 */
export function betterAuthLogger(log: FastifyBaseLogger | undefined, logLevel: Config['logLevel'] = 'info') {
  const level = betterAuthLevelOf(logLevel);
  return {
    disabled: level === undefined || log === undefined,
    disableColors: true,
    level: level ?? 'error',
    log: (betterAuthLevel: BetterAuthLevel, message: string, ...args: unknown[]) => {
      if (!log) return;
      const errorName = args.find((arg): arg is Error => arg instanceof Error)?.name;
      const fields = { source: 'better-auth', betterAuthLevel, ...(errorName ? { errorName } : {}) };
      const text = typeof message === 'string' ? message : String(message);
      if (betterAuthLevel === 'warn' || betterAuthLevel === 'error') log.warn(fields, text);
      else if (betterAuthLevel === 'info') log.info(fields, text);
      else log.debug(fields, text);
    },
  };
}

/** Paths better-auth creates users from, and who may use each once the installation has its first user. */
const SIGN_UP_EMAIL_PATH = '/sign-up/email';
const ADMIN_CREATE_USER_PATH = '/admin/create-user';

export function createAuth({ db, dialect, config, secret, log, invalidation }: AuthOptions) {
  const google = config.google;
  /**
   * Issue 18: every instance caches session lookups (session-cache.ts). Whatever changes a session
   * or a user through better-auth (sign-out, sessions revoked, a user disabled, its role changed or
   * deleted; saveUser and the admin plugin alike) ends in these hooks, which better-auth runs once
   * the change is committed: each instance then drops that user's cached sessions. A failed
   * announcement does not undo the change: the cache's 1 s bound still holds.
   */
  const announce = async (userId: string) => {
    try {
      await invalidation?.publish(userId);
    } catch (error) {
      log?.warn({ err: error }, 'could not announce a session change to the other instances');
    }
  };
  return betterAuth({
    appName: 'Cimiento',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret,
    database: { db, type: dialect },
    telemetry: { enabled: false },
    logger: betterAuthLogger(log, config.logLevel),
    trustedOrigins: [config.publicUrl],
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      autoSignIn: true,
    },
    session: {
      expiresIn: 60 * 60 * 24 * 7,
      updateAge: 60 * 60 * 24,
      // no cookie cache: it would keep a revoked session working until it expires, in each browser;
      // session lookups are cached on the server instead, where a revocation reaches them (session-cache.ts)
      cookieCache: { enabled: false },
    },
    account: {
      // Google sign-in of an email that already belongs to a user signs in as that user. Local
      // accounts only come from the first sign-up or from an administrator (no self-registration),
      // so nobody can pre-register someone else's email: an unverified local email may be linked.
      accountLinking: { enabled: true, trustedProviders: [GOOGLE_PROVIDER_ID], requireLocalEmailVerified: false },
    },
    advanced: {
      // better-auth turns its origin and CSRF checks off by itself when NODE_ENV is 'test' or TEST
      // is set; say so explicitly so they are always on, and the tests run the production path.
      disableOriginCheck: false,
      disableCSRFCheck: false,
      useSecureCookies: config.publicUrl.startsWith('https://'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      database: { generateId: () => uuidv7() },
    },
    rateLimit: {
      enabled: true,
      storage: 'database',
      window: 60,
      max: 300,
      // A coarse guard per address; repeated wrong passwords for one account are throttled by
      // the sign-in guard in auth-routes.ts, which is what a person sees. better-auth's own rule
      // for every /sign-in path (3 per 10 s per address) would refuse an office behind one address
      // signing in with Google at nine in the morning, so Google gets the same room as passwords.
      customRules: {
        '/sign-in/email': { window: 60, max: 60 },
        '/sign-in/social': { window: 60, max: 60 },
        '/sign-up/email': { window: 60, max: 10 },
      },
    },
    // throw: a refusal comes back to auth-routes.ts as better-call's answer, and an unexpected error
    // reaches the scope's error handler (500 in Spanish, logged), instead of better-auth's router
    // writing either to the console (betterAuthLogger)
    onAPIError: { errorURL: '/login', throw: true },
    plugins: [
      admin({
        defaultRole: 'user',
        adminRoles: ['admin'],
        // what a disabled user reads on /login (saveUser's "disabled" is better-auth's ban)
        bannedUserMessage: DISABLED_USER_MESSAGE,
      }),
      ...(google
        ? [
            genericOAuth({
              config: [
                {
                  providerId: GOOGLE_PROVIDER_ID,
                  name: 'Google',
                  clientId: google.clientId,
                  clientSecret: google.clientSecret,
                  discoveryUrl: google.discoveryUrl,
                  scopes: ['openid', 'email', 'profile'],
                  pkce: true,
                },
              ],
            }),
          ]
        : []),
    ],
    databaseHooks: {
      user: {
        create: {
          // domain.md "Access": the first account is an administrator; after it, accounts come
          // from an administrator or from Google sign-in with an allowed email domain.
          before: async (user, context) => {
            // an avatar comes only from uploadFile (issue 17, F7): not the sign-up body's, not Google's
            user = { ...user, image: null, name: cleanProviderName(user.name ?? '', user.email) };
            const path = context?.path ?? '';
            // server-side calls (saveUser, factories) carry their own role
            if (!context || path === ADMIN_CREATE_USER_PATH) return { data: user };
            const isEmptyInstallation = (await countUsers(db)) === 0;
            if (path === SIGN_UP_EMAIL_PATH) {
              // of sign-ups racing on an empty installation, only the one holding the claim is first
              if (!isEmptyInstallation || !(await claimFirstAccount(db))) {
                throw new APIError('FORBIDDEN', {
                  code: 'SIGN_UP_CLOSED',
                  message: 'El registro está cerrado: pide a un administrador que te cree una cuenta.',
                });
              }
              return { data: { ...user, role: 'admin' } };
            }
            // Google sign-in of an email no user has yet
            const domain = user.email.split('@')[1]?.toLowerCase() ?? '';
            if (!config.allowedEmailDomains.includes(domain)) {
              throw new APIError('FORBIDDEN', {
                code: 'DOMAIN_NOT_ALLOWED',
                message: `La cuenta ${user.email} no tiene acceso a Cimiento: pide a un administrador que te cree una cuenta.`,
              });
            }
            const isFirstAccount = isEmptyInstallation && (await claimFirstAccount(db));
            return { data: { ...user, role: isFirstAccount ? 'admin' : 'user' } };
          },
        },
        // nor from update-user, even called on the server: uploadFile writes the column itself
        update: {
          before: async (user) => ({ data: 'image' in user ? { ...user, image: undefined } : user }),
          after: async (user) => announce(userIdOf(user, 'id')),
        },
        delete: { after: async (user) => announce(userIdOf(user, 'id')) },
      },
      session: {
        update: { after: async (session) => announce(userIdOf(session, 'userId')) },
        delete: { after: async (session) => announce(userIdOf(session, 'userId')) },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
