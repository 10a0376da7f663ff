import type { Migration } from 'kysely/migration';
import * as m0000 from './0000-extensions.ts';
import * as m0001 from './0001-accounts.ts';

/**
 * Every migration, in order. Listed statically (not read from disk) so the bundled
 * server carries them. Names never change once landed.
 */
export const MIGRATIONS: Record<string, Migration> = {
  '0000-extensions': m0000,
  '0001-accounts': m0001,
};
