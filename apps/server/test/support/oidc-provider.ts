// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- oidc-provider ships no types; e2e's typecheck needs them too
/// <reference path="./oidc-provider-module.d.ts" />
/**
 * A local OpenID provider standing in for Google, so the app's real sign-in code path (discovery,
 * authorize, PKCE, token exchange, ID token check) runs offline on 127.0.0.1. Used by the server
 * tests and by the e2e browser specs (imported from '../../apps/server/test/support/oidc-provider'),
 * so it must not import vitest.
 *
 * How a person (or a browser driven by Playwright) signs in on its pages:
 *   1. The app redirects to `<issuer>/auth?...`; the provider redirects on to `/interaction/<uid>`,
 *      a "Sign-in" page with a form: `input[name=login]` (type the EMAIL there: the login name is
 *      the account's email and its subject), `input[name=password]` (any text is accepted), and a
 *      submit button "Sign-in".
 *   2. Then an "Authorize" page (consent) with one submit button "Continue"
 *      (`button[type=submit]`); it grants openid, email and profile.
 *   3. The provider redirects to the app's callback (`<PUBLIC_URL>/api/auth/callback/google`),
 *      which sets the session cookie and redirects into the app.
 * Start it before the app (the app reads the discovery document at start-up) and give it the
 * app's callback URL as a redirect URI.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/** A known account: its display name, and the picture URL a provider such as Google gives. */
export type OidcAccount = { email: string; name?: string; picture?: string };

export type OidcProviderOptions = {
  /** The app's callback URL(s), e.g. `${publicUrl}/api/auth/callback/google`. */
  redirectUris: string[];
  /**
   * Known accounts, for their display names. Any other email typed at the login form also signs
   * in, with a name made from its local part (handy for "a new person from an allowed domain").
   */
  accounts?: OidcAccount[];
  /** How the app authenticates at the token endpoint; better-auth sends client_secret_post by default. */
  tokenEndpointAuthMethod?: 'client_secret_post' | 'client_secret_basic';
};

export type OidcProvider = {
  issuer: string;
  discoveryUrl: string;
  clientId: string;
  clientSecret: string;
  close: () => Promise<void>;
};

/** The OAuth callback path of the app's Google provider (better-auth's generic OAuth provider id 'google'). */
export const GOOGLE_CALLBACK_PATH = '/api/auth/callback/google';

function nameFromEmail(email: string): string {
  const local = email.split('@')[0] ?? email;
  return local
    .split(/[._-]+/)
    .filter((part) => part !== '')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join(' ');
}

function signingKey(): Record<string, unknown> {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { ...privateKey.export({ format: 'jwk' }), kid: randomBytes(8).toString('hex'), use: 'sig', alg: 'RS256' };
}

export async function startOidcProvider(options: OidcProviderOptions): Promise<OidcProvider> {
  const accounts = new Map((options.accounts ?? []).map((account) => [account.email.toLowerCase(), account]));
  // requests reach the provider once it exists (it needs the port, so it is built after listening)
  const route: { handle?: (request: IncomingMessage, response: ServerResponse) => void } = {};
  const server = createServer((request, response) => {
    if (route.handle) route.handle(request, response);
    else response.writeHead(503).end();
  });
  // the issuer must name the port, so listen first and build the provider after
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = 'cimiento-test';
  const clientSecret = randomBytes(24).toString('hex');

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: options.tokenEndpointAuthMethod ?? 'client_secret_post',
      },
    ],
    // the login name typed at the form is the email, and the subject
    findAccount: (_context: unknown, sub: string) => {
      const email = sub.trim().toLowerCase();
      return {
        accountId: sub,
        claims: () => {
          const known = accounts.get(email);
          const name = known?.name ?? nameFromEmail(email);
          return { sub, email, email_verified: true, name, ...(known?.picture ? { picture: known.picture } : {}) };
        },
      };
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'picture'] },
    scopes: ['openid', 'email', 'profile'],
    // put the scope's claims in the ID token too, as Google does
    conformIdTokenClaims: false,
    // PKCE allowed (the app sends it), not demanded
    pkce: { required: () => false },
    features: { devInteractions: { enabled: true } },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    // our own signing key and lifetimes, so the provider does not warn about its quick-start defaults
    jwks: { keys: [signingKey()] },
    ttl: { AccessToken: 3600, AuthorizationCode: 600, IdToken: 3600, Interaction: 3600, Session: 86400, Grant: 86400 },
    // the provider's own error page would print a stack to the console; a short line is enough
    renderError: (context: { type: string; body: string }, out: Record<string, string>) => {
      context.type = 'html';
      context.body = `<!DOCTYPE html><title>oidc error</title><pre>${JSON.stringify(out)}</pre>`;
    },
  });
  route.handle = provider.callback();

  return {
    issuer,
    discoveryUrl: `${issuer}/.well-known/openid-configuration`,
    clientId,
    clientSecret,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
