import { createHash, randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FileStore } from './file-store.ts';

/** Bytes the portal made, put in the store. */
export interface StoredBytes {
  sha256: string;
  storageKey: string;
  size: number;
}

/**
 * Puts bytes the portal made (a published act, a demo file) into the document store, through a
 * temporary file as an upload would be. The caller claims the content first (content-claims.ts)
 * when the row that names it comes later, so the sweeper leaves it alone meanwhile.
 */
export async function putBytes(store: FileStore, bytes: Uint8Array): Promise<StoredBytes> {
  await mkdir(store.tempDir, { recursive: true });
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const tempPath = path.join(store.tempDir, `made-${randomUUID()}`);
  await writeFile(tempPath, bytes, { flush: true });
  try {
    const { storageKey } = await store.put({
      tempPath,
      sha256,
      size: bytes.length,
      head: bytes.subarray(0, 16),
      truncated: false,
    });
    return { sha256, storageKey, size: bytes.length };
  } finally {
    await rm(tempPath, { force: true });
  }
}
