import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema/index.ts';
import type { FileStore } from './file-store.ts';

// Who may delete a stored file, when several processes share the store (docs/ARCHITECTURE.md "Shape": more
// than one API instance). The store is content-addressed: a file a failed filing wrote may be
// the very content another filing, in another process, is about to reference. So:
// - a process that will reference a content first *claims* it (a committed `file_claim` row),
//   then links the file into the store, then commits its document row, then drops the claim;
// - a process that deletes a stored file does it under the content's advisory lock, after
//   checking that no document row and no claim names it.
// The claim and the delete take the same lock, so a claim is either seen by the delete (which
// then keeps the file) or made after it (and the claimer's link puts the file back).

/** First key of the advisory locks on contents ('file' in ASCII). */
const CONTENT_LOCK_SPACE = 0x66696c65;

/** Locks a content until the end of the transaction (hashtext: a collision only serialises more). */
async function lockContent(trx: Kysely<Database>, sha256: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(${CONTENT_LOCK_SPACE}, hashtext(${sha256}))`.execute(trx);
}

/** Claims contents about to be referenced; returns the claims' ids for `releaseClaims`. */
export async function claimContents(db: Kysely<Database>, sha256s: readonly string[]): Promise<number[]> {
  const distinct = [...new Set(sha256s)].sort();
  if (distinct.length === 0) return [];
  return db.transaction().execute(async (trx) => {
    // Sorted: two processes claiming the same contents lock them in the same order.
    for (const sha256 of distinct) await lockContent(trx, sha256);
    const rows = await trx
      .insertInto('fileClaim')
      .values(distinct.map((sha256) => ({ sha256 })))
      .returning('id')
      .execute();
    return rows.map((row) => row.id);
  });
}

/** Drops claims once their rows are committed (or given up). */
export async function releaseClaims(db: Kysely<Database>, ids: readonly number[]): Promise<void> {
  if (ids.length > 0)
    await db
      .deleteFrom('fileClaim')
      .where('id', 'in', [...ids])
      .execute();
}

/** Drops the claims older than `seconds`: those a crashed process never released. */
export async function dropStaleClaims(db: Kysely<Database>, seconds: number): Promise<number> {
  const result = await db
    .deleteFrom('fileClaim')
    .where('createdAt', '<=', sql<Date>`now() - make_interval(secs => ${seconds})`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Deletes a stored file when no document row, no user's avatar, no library document, no published
 * act and no claim names its content, under the content's lock. True when it was deleted.
 */
export async function removeIfUnreferenced(
  deps: { db: Kysely<Database>; store: FileStore },
  sha256: string,
): Promise<boolean> {
  return deps.db.transaction().execute(async (trx) => {
    await lockContent(trx, sha256);
    const document = await trx
      .selectFrom('document')
      .select('id')
      .where('sha256', '=', sha256)
      .limit(1)
      .executeTakeFirst();
    const avatar = await trx
      .selectFrom('stdUser')
      .select('id')
      .where('avatarSha256', '=', sha256)
      .limit(1)
      .executeTakeFirst();
    const library = await trx
      .selectFrom('libraryDocument')
      .select('id')
      .where('sha256', '=', sha256)
      .limit(1)
      .executeTakeFirst();
    const published = await trx
      .selectFrom('actPublication')
      .select('actId')
      .where('sha256', '=', sha256)
      .limit(1)
      .executeTakeFirst();
    const claim = await trx
      .selectFrom('fileClaim')
      .select('id')
      .where('sha256', '=', sha256)
      .limit(1)
      .executeTakeFirst();
    if (document || avatar || library || published || claim) return false;
    // Inside the transaction: the lock is held until the file is gone.
    await deps.store.remove(deps.store.keyOf(sha256));
    return true;
  });
}
