import type { Kysely } from 'kysely';
import { NOTICES } from '@voirie/domain';
import type { Database } from '../../db/schema/index.ts';
import { AppError } from '../../errors/app-error.ts';

// A filing may carry an `Idempotency-Key` header (one key per filing attempt, resent unchanged
// when the client retries): the key and the request it created are written in the filing's own
// transaction, so that a retry whose first answer was lost returns that request, never a second.

/** The header's name (HTTP headers are case-insensitive; Node gives them lower-case). */
const IDEMPOTENCY_HEADER = 'idempotency-key';

/** A UUID, or any token of up to 100 letters, digits and `-_.:`. */
const KEY_PATTERN = /^[A-Za-z0-9_.:-]{1,100}$/;

const IDEMPOTENCY_MESSAGES = {
  invalid:
    "L'en-tête Idempotency-Key doit compter de 1 à 100 caractères : lettres, chiffres, « - », « _ », « . » ou « : ».",
} as const;

/** The key of a filing, if sent; 400 in French when it is malformed. */
export function idempotencyKeyOf(headers: Record<string, string | string[] | undefined>): string | null {
  const value = headers[IDEMPOTENCY_HEADER];
  if (value === undefined) return null;
  if (typeof value !== 'string' || !KEY_PATTERN.test(value))
    throw new AppError('BAD_REQUEST', IDEMPOTENCY_MESSAGES.invalid);
  return value;
}

/** The request an account filed with this key, if any. */
async function findFiledRequest(db: Kysely<Database>, userId: number, key: string): Promise<number | null> {
  const row = await db
    .selectFrom('filingIdempotencyKey')
    .select('requestId')
    .where('stdUserId', '=', userId)
    .where('key', '=', key)
    .executeTakeFirst();
  return row?.requestId ?? null;
}

/**
 * Records the key in the filing's transaction. Two filings with the same key at once: the
 * second waits on the primary key, then fails (unique violation) and its transaction rolls back.
 */
export async function recordFilingKey(
  trx: Kysely<Database>,
  entry: { userId: number; key: string; requestId: number },
): Promise<void> {
  await trx
    .insertInto('filingIdempotencyKey')
    .values({ stdUserId: entry.userId, key: entry.key, requestId: entry.requestId })
    .execute();
}

/** True for the unique violation of a key already recorded (by a concurrent duplicate). */
function isDuplicateFilingKey(error: unknown): boolean {
  const { code, constraint } = (error ?? {}) as { code?: unknown; constraint?: unknown };
  return code === '23505' && (constraint === undefined || constraint === 'filing_idempotency_key_pkey');
}

/**
 * Files at most once per (account, key): a key already filed returns its request without `file`
 * being called (the body is not even read); a concurrent duplicate that lost the race on the key
 * returns the winner's request. Without a key, `file` runs as it is.
 */
export async function fileOnce(
  db: Kysely<Database>,
  attempt: { userId: number; key: string | null },
  file: () => Promise<{ id: number; notice: string }>,
): Promise<{ id: number; notice: string }> {
  const { userId, key } = attempt;
  if (key === null) return file();
  const already = await findFiledRequest(db, userId, key);
  if (already !== null) return { id: already, notice: NOTICES.file };
  try {
    return await file();
  } catch (error) {
    const winner = isDuplicateFilingKey(error) ? await findFiledRequest(db, userId, key) : null;
    if (winner === null) throw error;
    return { id: winner, notice: NOTICES.file };
  }
}
