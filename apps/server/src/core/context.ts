import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Auth } from '../auth/auth';
import type { Config } from '../config';
import type { Database, DatabaseDialect } from '../db/schema';
import type { FileStorage } from '../storage/file-storage';

/** The signed-in caller, as the session says. */
export type Caller = {
  userId: string;
  email: string;
  name: string;
  isAdmin: boolean;
};

/** What every handler receives besides its parsed input: the caller and the services it may use. */
export type FunctionContext = {
  caller: Caller;
  db: Kysely<Database>;
  dialect: DatabaseDialect;
  auth: Auth;
  storage: FileStorage;
  config: Config;
  log: FastifyBaseLogger;
};
