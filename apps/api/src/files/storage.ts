import type { Config } from '../config.ts';
import { FileStore } from './file-store.ts';
import { LocalStorage } from './local-storage.ts';
import type { ObjectStorage } from './object-storage.ts';

/** The storage the configuration asks for: the S3 bucket when S3_BUCKET is set, else DATA_DIR. */
export async function openStorage(config: Pick<Config, 'dataDir' | 's3'>): Promise<ObjectStorage> {
  if (!config.s3) return new LocalStorage(config.dataDir);
  // Loaded only when configured: the SDK costs start-up time to those who keep files on disk.
  const { S3Storage } = await import('./s3-storage.ts');
  return new S3Storage(config.s3);
}

/** The document store on the configured storage (uploads land first in DATA_DIR/tmp). */
export async function openFileStore(config: Pick<Config, 'dataDir' | 's3'>): Promise<FileStore> {
  return new FileStore(config.dataDir, await openStorage(config));
}
