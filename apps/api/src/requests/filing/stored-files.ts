import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema/index.ts';
import { claimContents, releaseClaims, removeIfUnreferenced } from '../../files/content-claims.ts';
import type { FileStore } from '../../files/file-store.ts';
import type { AcceptedFile, FilePosition } from './filing-checks.ts';

/** A checked file moved into the store, ready for its document row. */
export interface StoredAttachment {
  typeDocumentId: number;
  filename: string;
  mimeType: string;
  size: number;
  sha256: string;
  storageKey: string;
  /** True when this request wrote the file (it was not in the store before). */
  created: boolean;
  position?: FilePosition;
}

/** The bytes checked files add to the store's totals (the storage quotas', files/storage-quota.ts). */
export function receivedBytes(files: readonly AcceptedFile[]): number {
  return files.reduce((sum, file) => sum + file.part.received.size, 0);
}

/**
 * Claims the checked files' contents, moves them into the store, then runs `work` (the
 * transaction that writes their rows): the file is on disk before its row is committed, so a
 * crash leaves at worst a file without a row, which the sweep removes (file-sweeper.ts) — never a
 * row without its file. If `work` fails, the files this call wrote are deleted again, unless a
 * document row or another process's claim names the same content (the store is content-addressed).
 */
export async function withStoredFiles<T>(
  deps: { db: Kysely<Database>; store: FileStore },
  files: readonly AcceptedFile[],
  work: (stored: StoredAttachment[]) => Promise<T>,
): Promise<T> {
  if (files.length === 0) return work([]);
  const claims = await claimContents(
    deps.db,
    files.map((file) => file.part.received.sha256),
  );
  // A claim left behind (the database failing here) expires after the sweep's grace period.
  const release = () => releaseClaims(deps.db, claims).catch(() => {});
  const stored: StoredAttachment[] = [];
  try {
    for (const file of files) {
      const put = await deps.store.put(file.part.received);
      stored.push({
        typeDocumentId: file.typeDocumentId,
        filename: file.filename,
        mimeType: file.mimeType,
        size: file.part.received.size,
        ...put,
        ...(file.position ? { position: file.position } : {}),
      });
    }
    const result = await work(stored);
    await release();
    return result;
  } catch (error) {
    await release();
    const created = new Set(stored.filter((file) => file.created).map((file) => file.sha256));
    // What cannot be removed now (the database is down) is an orphan the sweep removes later.
    for (const sha256 of created) await removeIfUnreferenced(deps, sha256).catch(() => false);
    throw error;
  }
}
