import { sql, type Kysely } from 'kysely';
import { LIMITS } from '@voirie/domain';
import type { Database } from '../db/schema/index.ts';
import { hashOpaqueToken, newOpaqueToken } from '../auth/opaque-token.ts';

/** What a single-use link is for. */
export type TokenPurpose = 'validate_email' | 'reset_password' | 'change_email';

/** Default lifetime of each kind of link, in seconds. */
export const LINK_LIFETIME_SECONDS: Record<TokenPurpose, number> = {
  validate_email: LIMITS.validationTokenHours * 3600,
  reset_password: LIMITS.resetTokenHours * 3600,
  change_email: LIMITS.validationTokenHours * 3600,
};

/**
 * A new single-use link token for a user (only its hash is stored); earlier live tokens of the
 * same purpose stop working. A 'change_email' token carries the address it confirms.
 */
export async function issueLinkToken(
  trx: Kysely<Database>,
  args: { userId: number; purpose: TokenPurpose; ttlSeconds: number; newEmail?: string },
): Promise<string> {
  await trx
    .updateTable('authToken')
    .set({ usedAt: sql`now()` })
    .where('userId', '=', args.userId)
    .where('purpose', '=', args.purpose)
    .where('usedAt', 'is', null)
    .execute();
  const token = newOpaqueToken();
  await trx
    .insertInto('authToken')
    .values({
      userId: args.userId,
      purpose: args.purpose,
      tokenHash: hashOpaqueToken(token),
      newEmail: args.newEmail ?? null,
      expiresAt: sql`now() + make_interval(secs => ${args.ttlSeconds})`,
    })
    .execute();
  return token;
}

/**
 * Marks a live token used in one statement (single use even under concurrency); its user and,
 * for a 'change_email' link, the address it confirms. Null when it is unknown, used or expired.
 */
export async function consumeLinkToken(
  trx: Kysely<Database>,
  args: { token: string; purpose: TokenPurpose; userId?: number },
): Promise<{ userId: number; newEmail: string | null } | null> {
  let query = trx
    .updateTable('authToken')
    .set({ usedAt: sql`now()` })
    .where('tokenHash', '=', hashOpaqueToken(args.token))
    .where('purpose', '=', args.purpose)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', sql<Date>`now()`);
  if (args.userId !== undefined) query = query.where('userId', '=', args.userId);
  return (await query.returning(['userId', 'newEmail']).executeTakeFirst()) ?? null;
}
