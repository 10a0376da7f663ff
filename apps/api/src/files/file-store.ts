import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { link, mkdir, open, readdir, rm, stat, unlink } from 'node:fs/promises';
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

/** A file found by a listing of the store or of its temporary area. */
interface ListedFile {
  path: string;
  size: number;
  /** Last modification, ms since the epoch. */
  mtimeMs: number;
}

/** A stored file of the listing, with its content's key. */
interface ListedStoredFile extends ListedFile {
  sha256: string;
  storageKey: string;
}

const STORED_NAME = /^[0-9a-f]{64}$/;

/**
 * The document store (ARCHITECTURE §6): files under `<dataDir>/files/<2 first hex>/<sha256>`,
 * so that the same content is kept once. Uploads are first written under `<dataDir>/tmp` while
 * hashed; nothing reaches the store before it has been checked. Several processes may share the
 * store: who may delete a stored file is decided in the database (content-claims.ts).
 */
export class FileStore {
  readonly filesDir: string;
  readonly tempDir: string;

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

  /** Absolute path of a stored file. */
  pathOf(storageKey: string): string {
    const resolved = path.resolve(this.filesDir, storageKey);
    // Keys come from our own rows; this only guards against a corrupted one.
    if (!resolved.startsWith(this.filesDir + path.sep)) throw new Error(`invalid storage key ${storageKey}`);
    return resolved;
  }

  /**
   * Moves a checked temporary file into the store (the caller claimed its content first). A
   * content already stored is kept as it is (`created: false`).
   */
  async put(file: ReceivedFile): Promise<StoredFile> {
    const storageKey = this.keyOf(file.sha256);
    const target = this.pathOf(storageKey);
    await mkdir(path.dirname(target), { recursive: true });
    try {
      // link() fails when the target exists: the first writer wins, never a half-written file.
      await link(file.tempPath, target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST')
        return { sha256: file.sha256, storageKey, created: false };
      throw error;
    }
    await syncDirectory(path.dirname(target));
    return { sha256: file.sha256, storageKey, created: true };
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

  /** Every file of the temporary area (uploads under way, or left by a crash). */
  async listTemp(): Promise<ListedFile[]> {
    return listFiles(this.tempDir, () => true);
  }

  /** Every stored file named as the store names them ('<2 hex>/<sha256>'). */
  async listStored(): Promise<ListedStoredFile[]> {
    const files = await listFiles(this.filesDir, (relative) => {
      const [prefix, name, ...rest] = relative.split(path.sep);
      return rest.length === 0 && name !== undefined && STORED_NAME.test(name) && prefix === name.slice(0, 2);
    });
    return files.map((file) => {
      const sha256 = path.basename(file.path);
      return { ...file, sha256, storageKey: this.keyOf(sha256) };
    });
  }
}

/** The files under `dir` (recursively) whose relative path `keep` accepts; none when it is missing. */
async function listFiles(dir: string, keep: (relative: string) => boolean): Promise<ListedFile[]> {
  let entries;
  try {
    entries = await readdir(dir, { recursive: true, withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const listed: ListedFile[] = [];
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    if (!keep(path.relative(dir, full))) continue;
    // Gone meanwhile (an upload finished): nothing to list.
    const stats = await stat(full).catch(() => null);
    if (stats) listed.push({ path: full, size: stats.size, mtimeMs: stats.mtimeMs });
  }
  return listed;
}

/** Makes a new directory entry durable (the link into the store), as the row that names it will be. */
async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
