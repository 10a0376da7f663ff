import type { Readable } from 'node:stream';

/** An object of the storage, as a listing gives it. */
export interface StoredObject {
  /** Its key, '/'-separated (e.g. 'files/ab/ab12…', 'modeles/01-arrete.docx'). */
  key: string;
  size: number;
  /** Last write, ms since the epoch. */
  modifiedMs: number;
}

export interface PutOptions {
  /** Keep an existing object (and answer false) instead of replacing it. */
  ifAbsent?: boolean;
}

/**
 * Where the portal keeps its files — documents, letters, orders, avatars, the library and the
 * templates: a directory under DATA_DIR by default (local-storage.ts), or a bucket
 * of an S3-compatible object storage shared by several API instances (s3-storage.ts). Each
 * write replaces an object whole (no reader ever sees half of one); bytes are streamed both
 * ways, never held in memory, except by `readBytes`, for the small files read whole anyway
 * (templates, PDF annexes).
 */
export interface ObjectStorage {
  /** For the logs and the command-line tools: where the files are. */
  readonly description: string;
  /** Writes a local file as `key`; false when `ifAbsent` kept an existing one. */
  putFile(key: string, localPath: string, options?: PutOptions): Promise<boolean>;
  /** Writes bytes as `key`; false when `ifAbsent` kept an existing one. */
  putBytes(key: string, bytes: Buffer, options?: PutOptions): Promise<boolean>;
  /** Streams an object, once the storage has answered (a missing object fails the stream). */
  open(key: string): Promise<Readable>;
  /** An object's bytes, or null when it is missing. */
  readBytes(key: string): Promise<Buffer | null>;
  /** An object's size and last write, or null when it is missing. */
  stat(key: string): Promise<Omit<StoredObject, 'key'> | null>;
  /** Deletes an object (none is not an error). */
  remove(key: string): Promise<void>;
  /**
   * Every object whose key starts with `prefix`, as the storage pages them: a bucket of a
   * million files is walked, never held in memory.
   */
  list(prefix: string): AsyncIterable<StoredObject>;
  /**
   * What writes cut short by a crash left under `prefix`, to be removed: on disk, the
   * temporary file beside its target; none in a bucket (an object is written whole or not).
   */
  interruptedWrites(prefix: string): AsyncIterable<TemporaryFile>;
}

/** A temporary file on this instance's disk: a write under way, or cut short by a crash. */
export interface TemporaryFile {
  path: string;
  size: number;
  /** Last write, ms since the epoch. */
  mtimeMs: number;
}

// The files of an installation that a backup keeps (maintenance/), and where the sweeper looks
// for interrupted writes: in its storage (DATA_DIR or an S3 bucket), the document store (`files/`:
// documents, letters, orders, photos, avatars, by content) and the templates (`modeles/`). Not
// kept: the embedded database's directory (the rows are in the backup), the temporary uploads,
// the demo geography's cache, mails written as files.
export const KEPT_PREFIXES = ['files/', 'modeles/'] as const;
