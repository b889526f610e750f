// oidc-provider ships no types; this is the little of its API the test helper uses.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  type AccountClaims = Record<string, unknown> & { sub: string };
  type Account = { accountId: string; claims: (use: string, scope: string) => Promise<AccountClaims> | AccountClaims };

  export type Configuration = Record<string, unknown> & {
    findAccount?: (context: unknown, sub: string) => Promise<Account | undefined> | Account | undefined;
  };

  export default class Provider {
    constructor(issuer: string, configuration?: Configuration);
    proxy: boolean;
    callback(): (request: IncomingMessage, response: ServerResponse) => void;
    on(event: string, listener: (...args: unknown[]) => void): this;
  }
}
