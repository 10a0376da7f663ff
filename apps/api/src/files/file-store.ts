import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { LocalStorage, walkFiles } from './local-storage.ts';
import type { ObjectStorage, TemporaryFile } from './object-storage.ts';

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

/** A stored file of the listing, with its content's key. */
export interface ListedStoredFile {
  sha256: string;
  storageKey: string;
  size: number;
  mtimeMs: number;
}

const STORED_NAME = /^[0-9a-f]{64}$/;
/** Where the stored contents are in the storage: `files/<storageKey>`. */
const FILES_PREFIX = 'files/';

/**
 * The document store (ADR 0006): each content once, as `files/<2 first hex>/<sha256>` of
 * the storage — DATA_DIR by default, or an S3-compatible bucket (object-storage.ts). Uploads
 * are first written under `<dataDir>/tmp` on the instance's disk while hashed; nothing reaches
 * the store before it has been checked. Several processes may share the store: who may delete
 * a stored file is decided in the database (content-claims.ts).
 */
export class FileStore {
  readonly tempDir: string;
  /** Also holds the templates (`modeles/…`, orders/templates.ts). */
  readonly storage: ObjectStorage;

  constructor(dataDir: string, storage: ObjectStorage = new LocalStorage(dataDir)) {
    this.tempDir = path.join(dataDir, 'tmp');
    this.storage = storage;
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
      // flush: the bytes are on disk before the file can be linked into the store and its row
      // committed (a row never outlives its file, even after a power cut).
      await pipeline(source, tap, createWriteStream(tempPath, { flush: true }));
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

  /**
   * Moves a checked temporary file into the store (the caller claimed its content first). A
   * content already stored is kept as it is (`created: false`).
   */
  async put(file: ReceivedFile): Promise<StoredFile> {
    const storageKey = this.keyOf(file.sha256);
    const created = await this.storage.putFile(FILES_PREFIX + storageKey, file.tempPath, { ifAbsent: true });
    return { sha256: file.sha256, storageKey, created };
  }

  /** Deletes a stored file (the caller made sure no row references it). */
  async remove(storageKey: string): Promise<void> {
    await this.storage.remove(FILES_PREFIX + storageKey);
  }

  /** A stored file's size, or null when it is missing. */
  async sizeOf(storageKey: string): Promise<number | null> {
    return (await this.storage.stat(FILES_PREFIX + storageKey))?.size ?? null;
  }

  /** Streams a stored file. */
  async open(storageKey: string): Promise<Readable> {
    return this.storage.open(FILES_PREFIX + storageKey);
  }

  /** A stored file's bytes, or null when it is missing (files read whole anyway: PDF annexes). */
  async read(storageKey: string): Promise<Buffer | null> {
    return this.storage.readBytes(FILES_PREFIX + storageKey);
  }

  /** Every file of the temporary area (uploads under way, or left by a crash). */
  listTemp(): AsyncIterable<TemporaryFile> {
    return listFiles(this.tempDir);
  }

  /** Every stored file named as the store names them ('<2 hex>/<sha256>'), as listed. */
  async *storedFiles(): AsyncIterable<ListedStoredFile> {
    for await (const object of this.storage.list(FILES_PREFIX)) {
      const [prefix, name, ...rest] = object.key.slice(FILES_PREFIX.length).split('/');
      if (rest.length > 0 || name === undefined || !STORED_NAME.test(name) || prefix !== name.slice(0, 2))
        continue;
      yield { sha256: name, storageKey: this.keyOf(name), size: object.size, mtimeMs: object.modifiedMs };
    }
  }
}

/** The files under `dir` (recursively); none when it is missing. */
async function* listFiles(dir: string): AsyncIterable<TemporaryFile> {
  for await (const { file, stats } of walkFiles(dir))
    yield { path: file, size: stats.size, mtimeMs: stats.mtimeMs };
}
