import { sql, type Kysely } from 'kysely';
import type { Database } from './schema/index.ts';

// One advisory lock per account for the caps counted over its last 24 hours — the mails it causes
// (mail/mail-cap.ts) and the bytes it uploads (files/storage-quota.ts). A transaction checking
// both (a filing) takes the same lock twice, which PostgreSQL grants at once: with two locks, a
// filing and a completion of one account could each hold one and wait for the other.
const ACCOUNT_CAPS_LOCK_SPACE = 1_296_000_013;

/**
 * Serializes the cap checks of one account across transactions and API instances, until the
 * transaction ends.
 */
export async function lockAccountCaps(trx: Kysely<Database>, userId: number): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(${ACCOUNT_CAPS_LOCK_SPACE}::int, ${userId}::int)`.execute(trx);
}
