import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Config } from '../config.ts';
import type { Database } from '../db/schema/index.ts';
import type { DatabaseKind } from '../db/database.ts';
import type { AccountsService } from '../accounts/accounts-service.ts';
import type { SessionManager } from '../accounts/sessions.ts';
import type { RegisteredRoute } from './policy.ts';
import type { FilingDeps } from '../requests/filing/filing-deps.ts';

/** The Fastify instance with zod schemas as the type provider. */
export type ApiApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** What route handlers may reach: services, never raw SQL in a route. */
export interface RouteContext {
  config: Config;
  db: Kysely<Database>;
  databaseKind: DatabaseKind;
  /** Resolves when the database engine answers (DatabaseHandle.ping). */
  pingDatabase: () => Promise<void>;
  sessions: SessionManager;
  accounts: AccountsService;
  /** The filing services' dependencies (file store, upload limit, mail trigger). */
  filing: FilingDeps;
  /** Every /api route with its policy (the authorization test reads it). */
  routes: RegisteredRoute[];
}
