import path from 'node:path';
import type { ObjectStorage } from '../files/object-storage.ts';
import { copyKeptFile, listKeptFiles, storedHash } from './data-files.ts';

export interface StorageMigrationReport {
  /** Files written to the target and read back with the same SHA-256. */
  copied: number;
  /** Files the target already held with the same SHA-256 (a run resumed after an interruption). */
  alreadyThere: number;
  bytes: number;
  /** Stored contents whose bytes no longer match their name (their SHA-256): left out, to be looked at. */
  damaged: string[];
}

/** A stored content's key names its SHA-256 (`files/<2 hex>/<sha256>`); a template's does not. */
function namedSha256(key: string): string | null {
  return key.startsWith('files/') ? path.posix.basename(key) : null;
}

/**
 * `npm run storage:migrate`: copies every kept file (documents, letters, orders,
 * avatars, library, templates) from one storage to another — DATA_DIR to an S3 bucket — and
 * checks each by hash: read back from the target, its SHA-256 must be the source's, which for a
 * stored content must be its name. Resumable: a file the target already holds with the same
 * hash is not sent again. The source is left as it is (removed by hand once the portal runs on
 * the bucket).
 */
export async function migrateStorage(options: {
  from: ObjectStorage;
  to: ObjectStorage;
  onFile?: (key: string, outcome: 'copied' | 'alreadyThere' | 'damaged') => void;
}): Promise<StorageMigrationReport> {
  const { from, to } = options;
  const report: StorageMigrationReport = { copied: 0, alreadyThere: 0, bytes: 0, damaged: [] };
  for (const key of await listKeptFiles(from)) {
    const source = await storedHash(from, key);
    if (!source) continue; // swept meanwhile
    const named = namedSha256(key);
    if (named && named !== source.sha256) {
      report.damaged.push(key);
      options.onFile?.(key, 'damaged');
      continue;
    }
    if ((await storedHash(to, key))?.sha256 === source.sha256) {
      report.alreadyThere += 1;
      options.onFile?.(key, 'alreadyThere');
      continue;
    }
    await copyKeptFile(from, to, key, source);
    const written = await storedHash(to, key);
    if (written?.sha256 !== source.sha256)
      throw new Error(`Le fichier ${key} relu dans la cible ne correspond pas à son empreinte (SHA-256).`);
    report.copied += 1;
    report.bytes += source.size;
    options.onFile?.(key, 'copied');
  }
  return report;
}
