import { describe, expect, it } from 'vitest';
import { GOOGLE_DISCOVERY_URL, parseConfig } from './config';

function errorsOf(env: Record<string, string>): string[] {
  const result = parseConfig(env);
  if (result.ok) throw new Error('se esperaba una configuración no válida');
  return result.errors;
}

describe('parseConfig', () => {
  it('needs no variable at all: port 3000, ./data, SQLite, localhost, log level info', () => {
    const result = parseConfig({});
    expect(result).toEqual({
      ok: true,
      config: {
        port: 3000,
        host: '0.0.0.0',
        dataDir: './data',
        databaseUrl: undefined,
        publicUrl: 'http://localhost:3000',
        authSecret: undefined,
        google: undefined,
        allowedEmailDomains: [],
        logLevel: 'info',
        trustProxy: false,
        fileStorage: 'disk',
        metricsToken: undefined,
        liveStreamsPerUser: 10,
        liveStreamsTotal: 1000,
      },
    });
  });

  it('treats a blank variable as unset (PORT= in an env file is the default, not port 0)', () => {
    const result = parseConfig({ PORT: '', LOG_LEVEL: ' ', DATABASE_URL: '', DATA_DIR: '' });
    expect(result.ok && result.config).toMatchObject({ port: 3000, logLevel: 'info', dataDir: './data' });
    expect(result.ok && result.config.databaseUrl).toBeUndefined();
  });

  it('reads every variable it knows', () => {
    const result = parseConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATA_DIR: '/var/lib/cimiento',
      DATABASE_URL: 'postgres://app@db:5432/cimiento',
      PUBLIC_URL: 'https://cimiento.example.cl/',
      AUTH_SECRET: 's'.repeat(40),
      GOOGLE_CLIENT_ID: 'id',
      GOOGLE_CLIENT_SECRET: 'secret',
      ALLOWED_EMAIL_DOMAINS: 'Empresa.cl, otra.cl',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: '10.0.0.0/8',
      FILE_STORAGE: 'database',
      METRICS_TOKEN: 'ficha-de-metricas-1234',
      LIVE_STREAMS_PER_USER: '4',
      LIVE_STREAMS_TOTAL: '2500',
    });
    expect(result).toEqual({
      ok: true,
      config: {
        port: 8080,
        host: '127.0.0.1',
        dataDir: '/var/lib/cimiento',
        databaseUrl: 'postgres://app@db:5432/cimiento',
        publicUrl: 'https://cimiento.example.cl',
        authSecret: 's'.repeat(40),
        google: { clientId: 'id', clientSecret: 'secret', discoveryUrl: GOOGLE_DISCOVERY_URL },
        allowedEmailDomains: ['empresa.cl', 'otra.cl'],
        logLevel: 'warn',
        trustProxy: '10.0.0.0/8',
        fileStorage: 'database',
        metricsToken: 'ficha-de-metricas-1234',
        liveStreamsPerUser: 4,
        liveStreamsTotal: 2500,
      },
    });
  });

  it('makes PUBLIC_URL follow PORT when it is not set', () => {
    const result = parseConfig({ PORT: '4000' });
    expect(result.ok && result.config.publicUrl).toBe('http://localhost:4000');
  });

  it('accepts postgresql:// as well as postgres://', () => {
    expect(parseConfig({ DATABASE_URL: 'postgresql://db/cimiento' }).ok).toBe(true);
  });

  it('uses GOOGLE_DISCOVERY_URL when given', () => {
    const result = parseConfig({
      GOOGLE_CLIENT_ID: 'id',
      GOOGLE_CLIENT_SECRET: 'secret',
      GOOGLE_DISCOVERY_URL: 'http://127.0.0.1:9000/.well-known/openid-configuration',
    });
    expect(result.ok && result.config.google?.discoveryUrl).toBe(
      'http://127.0.0.1:9000/.well-known/openid-configuration',
    );
  });

  it.each([
    ['PORT', { PORT: 'abc' }],
    ['PORT', { PORT: '70000' }],
    ['PORT', { PORT: '80.5' }],
    ['LOG_LEVEL', { LOG_LEVEL: 'loud' }],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://x' }],
    ['PUBLIC_URL', { PUBLIC_URL: 'ftp://cimiento.example.cl' }],
    ['AUTH_SECRET', { AUTH_SECRET: 'corta' }],
    ['GOOGLE_DISCOVERY_URL', { GOOGLE_DISCOVERY_URL: 'no es una url' }],
    ['GOOGLE_CLIENT_SECRET', { GOOGLE_CLIENT_ID: 'id' }],
    ['GOOGLE_CLIENT_ID', { GOOGLE_CLIENT_SECRET: 'secret' }],
    ['ALLOWED_EMAIL_DOMAINS', { ALLOWED_EMAIL_DOMAINS: 'no domain' }],
    ['FILE_STORAGE', { FILE_STORAGE: 's3' }],
    ['METRICS_TOKEN', { METRICS_TOKEN: 'corta' }],
    ['METRICS_TOKEN', { METRICS_TOKEN: 'una ficha con espacios' }],
    ['METRICS_TOKEN', { METRICS_TOKEN: 'ficha-con-eñe-1234567' }],
    ['LIVE_STREAMS_PER_USER', { LIVE_STREAMS_PER_USER: 'diez' }],
    ['LIVE_STREAMS_PER_USER', { LIVE_STREAMS_PER_USER: '0' }],
    ['LIVE_STREAMS_PER_USER', { LIVE_STREAMS_PER_USER: '2.5' }],
    ['LIVE_STREAMS_TOTAL', { LIVE_STREAMS_TOTAL: '-1' }],
    ['LIVE_STREAMS_TOTAL', { LIVE_STREAMS_TOTAL: '1000000' }],
  ])('refuses a bad %s with one line naming it', (variable, env) => {
    const errors = errorsOf(env);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(new RegExp(`^${variable}: \\S`));
    expect(errors[0]).not.toContain('\n');
  });

  it('reports every bad variable at once, one line each', () => {
    const errors = errorsOf({
      PORT: 'abc',
      LOG_LEVEL: 'loud',
      DATABASE_URL: 'mysql://x',
      GOOGLE_CLIENT_ID: 'id',
      ALLOWED_EMAIL_DOMAINS: 'no domain,tampoco,empresa.cl',
    });
    expect(errors.map((line) => line.split(':')[0]).sort()).toEqual([
      'ALLOWED_EMAIL_DOMAINS',
      'DATABASE_URL',
      'GOOGLE_CLIENT_SECRET',
      'LOG_LEVEL',
      'PORT',
    ]);
    expect(errors.find((line) => line.startsWith('ALLOWED_EMAIL_DOMAINS'))).toContain('"no domain", "tampoco"');
  });

  it('explains in Spanish what each bad variable should be', () => {
    const errors = errorsOf({ PORT: 'abc', LOG_LEVEL: 'loud', DATABASE_URL: 'mysql://x', FILE_STORAGE: 'nube' });
    expect(errors).toContain('PORT: debe ser un número de puerto');
    expect(errors).toContain('LOG_LEVEL: debe ser uno de: fatal, error, warn, info, debug, trace, silent');
    expect(errors).toContain('DATABASE_URL: debe ser una URL postgres://usuario@servidor:puerto/base');
    expect(errors).toContain('FILE_STORAGE: debe ser uno de: disk, database');
  });

  it('issue 30: METRICS_TOKEN turns /metrics on; unset or blank it stays off; short or with spaces it is refused', () => {
    const unset = parseConfig({});
    expect(unset.ok && unset.config.metricsToken).toBeUndefined();
    const blank = parseConfig({ METRICS_TOKEN: '   ' });
    expect(blank.ok && blank.config.metricsToken).toBeUndefined();
    const set = parseConfig({ METRICS_TOKEN: ` ${'k'.repeat(16)} ` });
    expect(set.ok && set.config.metricsToken).toBe('k'.repeat(16));
    expect(errorsOf({ METRICS_TOKEN: 'k'.repeat(15) })).toEqual(['METRICS_TOKEN: debe tener al menos 16 caracteres']);
    expect(errorsOf({ METRICS_TOKEN: 'dos palabras largas' })).toEqual([
      'METRICS_TOKEN: solo puede tener caracteres ASCII visibles, sin espacios',
    ]);
    // the refusal never repeats the value
    expect(errorsOf({ METRICS_TOKEN: 'secreto-corto' }).join('\n')).not.toContain('secreto-corto');
  });

  it('explains the live stream limits in Spanish (issue 30)', () => {
    expect(errorsOf({ LIVE_STREAMS_PER_USER: 'diez' })).toEqual(['LIVE_STREAMS_PER_USER: debe ser un número entero']);
    expect(errorsOf({ LIVE_STREAMS_PER_USER: '0' })).toEqual(['LIVE_STREAMS_PER_USER: debe estar entre 1 y 1000']);
    expect(errorsOf({ LIVE_STREAMS_TOTAL: '0' })).toEqual(['LIVE_STREAMS_TOTAL: debe estar entre 1 y 100000']);
  });
});
