import { z } from 'zod';

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
/** Where uploaded files live: DATA_DIR/files (one instance), or the database (every instance reaches them). */
const fileStorages = ['disk', 'database'] as const;

/** A count limit from the environment: a whole number from 1 to `max`. */
function countLimit(fallback: number, max: number) {
  return z.coerce
    .number({ error: 'debe ser un número entero' })
    .int({ error: 'debe ser un número entero' })
    .min(1, { error: `debe estar entre 1 y ${max}` })
    .max(max, { error: `debe estar entre 1 y ${max}` })
    .default(fallback);
}

/**
 * The live stream's bounds (issue 30, docs/COLLABORATION.md): open streams per user (a person with
 * several tabs) and in all, per instance.
 */
export const LIVE_STREAMS_PER_USER_DEFAULT = 10;
export const LIVE_STREAMS_TOTAL_DEFAULT = 1000;

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

/** issue 30: the shortest METRICS_TOKEN accepted (a bearer token guessed by nobody). */
export const METRICS_TOKEN_MIN_LENGTH = 16;

/** Every environment variable the server reads, with its default. README's configuration table mirrors this. */
const environmentSchema = z.object({
  PORT: z.coerce
    .number({ error: 'debe ser un número de puerto' })
    .int({ error: 'debe ser un número entero' })
    .min(0, { error: 'debe estar entre 0 y 65535' })
    .max(65535, { error: 'debe estar entre 0 y 65535' })
    .default(3000),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().trim().min(1, { error: 'no puede estar vacío' }).default('./data'),
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, { error: 'debe ser una URL postgres://usuario@servidor:puerto/base' })
      .optional(),
  ),
  PUBLIC_URL: optionalText.pipe(z.url({ error: 'debe ser una URL http(s)://…', protocol: /^https?$/ }).optional()),
  AUTH_SECRET: optionalText.pipe(z.string().min(32, { error: 'debe tener al menos 32 caracteres' }).optional()),
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  GOOGLE_DISCOVERY_URL: optionalText.pipe(
    z.url({ error: 'debe ser una URL http(s)://…', protocol: /^https?$/ }).optional(),
  ),
  ALLOWED_EMAIL_DOMAINS: optionalText,
  LOG_LEVEL: z.enum(logLevels, { error: `debe ser uno de: ${logLevels.join(', ')}` }).default('info'),
  TRUST_PROXY: optionalText,
  FILE_STORAGE: z.enum(fileStorages, { error: `debe ser uno de: ${fileStorages.join(', ')}` }).default('disk'),
  // issue 30: GET /metrics (http/metrics.ts) is on only with a token; sent as `Authorization: Bearer <token>`
  METRICS_TOKEN: optionalText.pipe(
    z
      .string()
      .min(METRICS_TOKEN_MIN_LENGTH, {
        error: `debe tener al menos ${METRICS_TOKEN_MIN_LENGTH} caracteres`,
        abort: true,
      })
      .regex(/^[\x21-\x7e]+$/, { error: 'solo puede tener caracteres ASCII visibles, sin espacios' })
      .optional(),
  ),
  // issue 30: the live stream's bounds
  LIVE_STREAMS_PER_USER: countLimit(LIVE_STREAMS_PER_USER_DEFAULT, 1000),
  LIVE_STREAMS_TOTAL: countLimit(LIVE_STREAMS_TOTAL_DEFAULT, 100_000),
});

export const GOOGLE_DISCOVERY_URL = 'https://accounts.google.com/.well-known/openid-configuration';

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  /** undefined → SQLite at DATA_DIR/cimiento.db */
  databaseUrl: string | undefined;
  publicUrl: string;
  authSecret: string | undefined;
  google: { clientId: string; clientSecret: string; discoveryUrl: string } | undefined;
  allowedEmailDomains: string[];
  logLevel: (typeof logLevels)[number];
  /** Fastify's trustProxy: false unless TRUST_PROXY names the proxies ("true", or addresses/CIDRs, comma-separated). */
  trustProxy: boolean | string;
  fileStorage: (typeof fileStorages)[number];
  /** issue 30: the bearer token of GET /metrics; undefined → the route is off */
  metricsToken: string | undefined;
  /** issue 30: at most this many open live streams (GET /api/events) per user, and in all, on this instance */
  liveStreamsPerUser: number;
  liveStreamsTotal: number;
};

export type ConfigResult = { ok: true; config: Config } | { ok: false; errors: string[] };

/** Rules that look at more than one variable, or at each item of a list; checked even when others failed. */
function crossVariableErrors(env: Record<string, string | undefined>): string[] {
  const errors: string[] = [];
  const hasId = env.GOOGLE_CLIENT_ID !== undefined;
  const hasSecret = env.GOOGLE_CLIENT_SECRET !== undefined;
  if (hasId !== hasSecret) {
    errors.push(
      hasId
        ? 'GOOGLE_CLIENT_SECRET: falta; Google necesita GOOGLE_CLIENT_ID y GOOGLE_CLIENT_SECRET juntos'
        : 'GOOGLE_CLIENT_ID: falta; Google necesita GOOGLE_CLIENT_ID y GOOGLE_CLIENT_SECRET juntos',
    );
  }
  const invalidDomains = parseDomains(env.ALLOWED_EMAIL_DOMAINS).filter(
    (domain) => !/^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(domain),
  );
  if (invalidDomains.length > 0) {
    const names = invalidDomains.map((domain) => `"${domain}"`).join(', ');
    errors.push(
      `ALLOWED_EMAIL_DOMAINS: ${names} ${invalidDomains.length === 1 ? 'no es un dominio' : 'no son dominios'} (ejemplo: empresa.cl,otra.cl)`,
    );
  }
  return errors;
}

function parseDomains(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((domain) => domain.trim().toLowerCase())
    .filter((domain) => domain !== '');
}

/**
 * Parses the environment. Never throws: every bad variable comes back as one line naming it. A
 * variable set to blank counts as unset (PORT= in an env file means "the default", not port 0).
 */
export function parseConfig(rawEnv: Record<string, string | undefined>): ConfigResult {
  const env = Object.fromEntries(
    Object.entries(rawEnv).map(([name, value]) => [name, value?.trim() === '' ? undefined : value]),
  );
  const parsed = environmentSchema.safeParse(env);
  const errors = parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  errors.push(...crossVariableErrors(env));
  if (!parsed.success || errors.length > 0) return { ok: false, errors };
  const values = parsed.data;

  const publicUrl = (values.PUBLIC_URL ?? `http://localhost:${values.PORT}`).replace(/\/+$/, '');
  return {
    ok: true,
    config: {
      port: values.PORT,
      host: values.HOST,
      dataDir: values.DATA_DIR,
      databaseUrl: values.DATABASE_URL,
      publicUrl,
      authSecret: values.AUTH_SECRET,
      google:
        values.GOOGLE_CLIENT_ID && values.GOOGLE_CLIENT_SECRET
          ? {
              clientId: values.GOOGLE_CLIENT_ID,
              clientSecret: values.GOOGLE_CLIENT_SECRET,
              discoveryUrl: values.GOOGLE_DISCOVERY_URL ?? GOOGLE_DISCOVERY_URL,
            }
          : undefined,
      allowedEmailDomains: parseDomains(values.ALLOWED_EMAIL_DOMAINS),
      logLevel: values.LOG_LEVEL,
      trustProxy: parseTrustProxy(values.TRUST_PROXY),
      fileStorage: values.FILE_STORAGE,
      metricsToken: values.METRICS_TOKEN,
      liveStreamsPerUser: values.LIVE_STREAMS_PER_USER,
      liveStreamsTotal: values.LIVE_STREAMS_TOTAL,
    },
  };
}

function parseTrustProxy(value: string | undefined): boolean | string {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  return value;
}
