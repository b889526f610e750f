import { z } from 'zod';

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

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
};

export type ConfigResult = { ok: true; config: Config } | { ok: false; errors: string[] };

/** Parses the environment. Never throws: bad variables come back as one line each. */
export function parseConfig(env: Record<string, string | undefined>): ConfigResult {
  const parsed = environmentSchema.safeParse(env);
  if (!parsed.success) {
    const errors = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    return { ok: false, errors };
  }
  const values = parsed.data;
  const errors: string[] = [];
  const hasId = values.GOOGLE_CLIENT_ID !== undefined;
  const hasSecret = values.GOOGLE_CLIENT_SECRET !== undefined;
  if (hasId !== hasSecret) {
    errors.push(
      hasId
        ? 'GOOGLE_CLIENT_SECRET: falta; Google necesita GOOGLE_CLIENT_ID y GOOGLE_CLIENT_SECRET juntos'
        : 'GOOGLE_CLIENT_ID: falta; Google necesita GOOGLE_CLIENT_ID y GOOGLE_CLIENT_SECRET juntos',
    );
  }
  const allowedEmailDomains = (values.ALLOWED_EMAIL_DOMAINS ?? '')
    .split(',')
    .map((domain) => domain.trim().toLowerCase())
    .filter((domain) => domain !== '');
  for (const domain of allowedEmailDomains) {
    if (!/^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(domain)) {
      errors.push(`ALLOWED_EMAIL_DOMAINS: "${domain}" no es un dominio (ejemplo: empresa.cl,otra.cl)`);
    }
  }
  if (errors.length > 0) return { ok: false, errors };

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
      allowedEmailDomains,
      logLevel: values.LOG_LEVEL,
      trustProxy: parseTrustProxy(values.TRUST_PROXY),
    },
  };
}

function parseTrustProxy(value: string | undefined): boolean | string {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  return value;
}
