import { sql, type Kysely } from 'kysely';
import { isStorageQuotaExempt, storageQuotaRefusal, type StorageQuotas } from '@voirie/domain';
import { lockAccountCaps } from '../db/account-lock.ts';
import type { Database } from '../db/schema/index.ts';
import { AppError } from '../errors/app-error.ts';

// The storage quotas of the requests' documents (the totals and the rule are the
// domain's storage-quotas.ts). Counted from the document rows: a request's documents whoever
// sent them, and what an account sent over the last 24 hours and is still stored (a deleted
// document frees its share; the same content sent twice counts twice).

/** Who uploads, under which quotas. */
export interface UploadQuota {
  actor: { id: number; roles: readonly string[] };
  quotas: StorageQuotas;
}

/** Where the upload goes: a request (null for a filing, whose request does not exist yet). */
export interface QuotaTarget {
  requestId: number | null;
  /** The bytes the upload adds. */
  incoming: number;
  /**
   * Inside the transaction that writes the rows: lock the request's row, then the account's caps
   * (db/account-lock.ts), until commit — so that concurrent uploads cannot all pass on one total.
   * Every path locks the request before the account (a transition locks its row first).
   */
  lock?: boolean;
}

/**
 * The bytes of a request's documents (none without a request: `= NULL` matches no row), and those
 * the account uploaded over the last 24 hours (migration 0024's index).
 */
async function storedBytes(
  db: Kysely<Database>,
  actorId: number,
  requestId: number | null,
): Promise<{ requestBytes: number; accountBytes: number }> {
  const { rows } = await sql<{ requestBytes: string | number; accountBytes: string | number }>`
    SELECT
      (SELECT coalesce(sum(size), 0) FROM document WHERE request_id = ${requestId}) AS "requestBytes",
      (SELECT coalesce(sum(size), 0) FROM document
        WHERE std_user_id = ${actorId} AND created_at > now() - interval '24 hours') AS "accountBytes"
  `.execute(db);
  return {
    requestBytes: Number(rows[0]?.requestBytes ?? 0),
    accountBytes: Number(rows[0]?.accountBytes ?? 0),
  };
}

/**
 * Refuses (413, the domain's French message naming the limit) an upload that would take its
 * request's documents, or its account's last 24 hours, beyond their quota; instructors and
 * administrators are exempt (isStorageQuotaExempt). Called before anything is stored, so that a
 * refused upload never reaches the storage, and again with `lock` in the transaction that
 * writes the documents.
 */
export async function assertStorageQuota(
  db: Kysely<Database>,
  quota: UploadQuota,
  target: QuotaTarget,
): Promise<void> {
  if (isStorageQuotaExempt(quota.actor) || target.incoming === 0) return;
  if (target.lock) {
    if (target.requestId !== null)
      await db.selectFrom('request').select('id').where('id', '=', target.requestId).forUpdate().execute();
    await lockAccountCaps(db, quota.actor.id);
  }
  const stored = await storedBytes(db, quota.actor.id, target.requestId);
  const refusal = storageQuotaRefusal({ ...stored, incoming: target.incoming }, quota.quotas);
  if (refusal)
    throw new AppError('PAYLOAD_TOO_LARGE', refusal, { errors: [{ path: 'documents', message: refusal }] });
}
