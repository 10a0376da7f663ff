import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema/index.ts';
import type { FileStore } from '../../files/file-store.ts';
import type { AcceptedFile } from './filing-checks.ts';

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
}

/**
 * Moves the checked files into the store, then runs `work` (the transaction that writes their
 * rows). If `work` fails, the files this call wrote are deleted again — unless a document row
 * or another filing under way references the same content (the store is content-addressed).
 */
export async function withStoredFiles<T>(
  deps: { db: Kysely<Database>; store: FileStore },
  files: readonly AcceptedFile[],
  work: (stored: StoredAttachment[]) => Promise<T>,
): Promise<T> {
  const stored: StoredAttachment[] = [];
  const release = () => {
    for (const file of stored) deps.store.release(file.sha256);
  };
  try {
    for (const file of files) {
      const put = await deps.store.put(file.part.received);
      stored.push({ typeDocumentId: file.typeDocumentId, filename: file.filename, mimeType: file.mimeType, size: file.part.received.size, ...put });
    }
    const result = await work(stored);
    release();
    return result;
  } catch (error) {
    release();
    await removeUnreferenced(deps, stored.filter((file) => file.created));
    throw error;
  }
}

async function removeUnreferenced(deps: { db: Kysely<Database>; store: FileStore }, files: readonly StoredAttachment[]): Promise<void> {
  for (const file of new Map(files.map((f) => [f.sha256, f])).values()) {
    if (deps.store.isPinned(file.sha256)) continue;
    const referenced = await deps.db.selectFrom('document').select('id').where('sha256', '=', file.sha256).limit(1).executeTakeFirst();
    if (!referenced) await deps.store.remove(file.storageKey);
  }
}
