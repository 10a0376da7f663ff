import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { link, mkdir, rm, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Bytes kept from the start of a file: enough for every magic number we sniff. */
const HEAD_BYTES = 16;

/** A file streamed to a temporary place under DATA_DIR, hashed on the way. */
export interface ReceivedFile {
  tempPath: string;
  /** Lower-case hex SHA-256 of the bytes received. */
  sha256: string;
  size: number;
  /** The first bytes, for the content check (magic numbers). */
  head: Uint8Array;
  /** True when the sender's stream was cut at the size limit (busboy's `truncated`). */
  truncated: boolean;
}

/** A file moved into the store; `created` tells whether this call wrote it (or it was there). */
export interface StoredFile {
  sha256: string;
  storageKey: string;
  created: boolean;
}

/**
 * The document store (ARCHITECTURE §6): files under `<dataDir>/files/<2 first hex>/<sha256>`,
 * so that the same content is kept once. Uploads are first written under `<dataDir>/tmp` while
 * hashed; nothing reaches the store before it has been checked.
 */
export class FileStore {
  readonly filesDir: string;
  readonly tempDir: string;
  // Content this process is filing right now: a rollback must not delete a file another
  // filing of the same content is about to reference (content-addressed, shared by rows).
  private readonly pinned = new Map<string, number>();

  constructor(dataDir: string) {
    this.filesDir = path.join(dataDir, 'files');
    this.tempDir = path.join(dataDir, 'tmp');
  }

  /** Streams a file to a temporary file, hashing it and keeping its first bytes. */
  async receive(source: Readable & { truncated?: boolean }): Promise<ReceivedFile> {
    await mkdir(this.tempDir, { recursive: true });
    const tempPath = path.join(this.tempDir, `upload-${randomUUID()}`);
    const hash = createHash('sha256');
    let size = 0;
    const chunks: Buffer[] = [];
    const tap = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        hash.update(chunk);
        if (size < HEAD_BYTES) chunks.push(chunk.subarray(0, HEAD_BYTES - size));
        size += chunk.length;
        callback(null, chunk);
      },
    });
    try {
      await pipeline(source, tap, createWriteStream(tempPath));
    } catch (error) {
      await rm(tempPath, { force: true });
      throw error;
    }
    const head = new Uint8Array(Buffer.concat(chunks));
    return { tempPath, sha256: hash.digest('hex'), size, head, truncated: source.truncated === true };
  }

  /** Drops a temporary file (always called, whatever happened to the upload). */
  async discard(file: Pick<ReceivedFile, 'tempPath'>): Promise<void> {
    await rm(file.tempPath, { force: true });
  }

  /** The store key of a content: '<2 first hex>/<sha256>'. */
  keyOf(sha256: string): string {
    return `${sha256.slice(0, 2)}/${sha256}`;
  }

  /** Absolute path of a stored file. */
  pathOf(storageKey: string): string {
    const resolved = path.resolve(this.filesDir, storageKey);
    // Keys come from our own rows; this only guards against a corrupted one.
    if (!resolved.startsWith(this.filesDir + path.sep)) throw new Error(`invalid storage key ${storageKey}`);
    return resolved;
  }

  /**
   * Moves a checked temporary file into the store and pins its content until `release`.
   * A content already stored is kept as it is (`created: false`).
   */
  async put(file: ReceivedFile): Promise<StoredFile> {
    const storageKey = this.keyOf(file.sha256);
    const target = this.pathOf(storageKey);
    this.pinned.set(file.sha256, (this.pinned.get(file.sha256) ?? 0) + 1);
    await mkdir(path.dirname(target), { recursive: true });
    try {
      // link() fails when the target exists: the first writer wins, never a half-written file.
      await link(file.tempPath, target);
      return { sha256: file.sha256, storageKey, created: true };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') return { sha256: file.sha256, storageKey, created: false };
      this.release(file.sha256);
      throw error;
    }
  }

  /** Ends the pin taken by `put`. */
  release(sha256: string): void {
    const count = (this.pinned.get(sha256) ?? 0) - 1;
    if (count > 0) this.pinned.set(sha256, count);
    else this.pinned.delete(sha256);
  }

  /** True when a filing under way in this process holds this content. */
  isPinned(sha256: string): boolean {
    return (this.pinned.get(sha256) ?? 0) > 0;
  }

  /** Deletes a stored file (the caller made sure no row references it). */
  async remove(storageKey: string): Promise<void> {
    await unlink(this.pathOf(storageKey)).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
  }

  /** A stored file's size, or null when it is missing. */
  async sizeOf(storageKey: string): Promise<number | null> {
    try {
      return (await stat(this.pathOf(storageKey))).size;
    } catch {
      return null;
    }
  }

  /** Reads a stored file. */
  open(storageKey: string): Readable {
    return createReadStream(this.pathOf(storageKey));
  }
}
