import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Auth } from '../auth/auth';
import type { Database, DatabaseDialect } from '../db/schema';
import type { FileStorage } from '../storage/file-storage';

/** The signed-in caller, as the session says. */
export type Caller = {
  userId: string;
  email: string;
  name: string;
  isAdmin: boolean;
};

/**
 * What every handler receives besides its parsed input: the caller and the services it may use.
 * The configuration is not one of them (issue 31): no handler reads it; what a handler needs of it
 * comes through a service (the file storage, the auth).
 */
export type FunctionContext = {
  caller: Caller;
  db: Kysely<Database>;
  dialect: DatabaseDialect;
  auth: Auth;
  storage: FileStorage;
  log: FastifyBaseLogger;
};
