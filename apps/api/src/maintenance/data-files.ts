import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Transform, Writable, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { KEPT_PREFIXES, type ObjectStorage } from '../files/object-storage.ts';

/** A kept file: its key in the storage ('/' separated, its path under DATA_DIR), size and SHA-256. */
export interface KeptFile {
  path: string;
  size: number;
  sha256: string;
}

/** Every kept file of a storage, by key, sorted. */
export async function listKeptFiles(storage: ObjectStorage): Promise<string[]> {
  const keys: string[] = [];
  for (const prefix of KEPT_PREFIXES) for await (const object of storage.list(prefix)) keys.push(object.key);
  return keys.sort();
}

/** A stream's SHA-256 and size, counted on the way to `sink`. */
async function hashed(source: Readable, sink: Writable): Promise<Omit<KeptFile, 'path'>> {
  const hash = createHash('sha256');
  let size = 0;
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      size += chunk.length;
      callback(null, chunk);
    },
  });
  await pipeline(source, tap, sink);
  return { sha256: hash.digest('hex'), size };
}

/** A stored file's SHA-256 and size, read back from the storage (null when it is missing). */
export async function storedHash(
  storage: ObjectStorage,
  key: string,
): Promise<Omit<KeptFile, 'path'> | null> {
  if (!(await storage.stat(key))) return null;
  const drain = new Writable({ write: (_chunk, _encoding, callback) => callback() });
  return hashed(await storage.open(key), drain);
}

/**
 * Copies one file from a storage to another (same key), hashing it on the way through a local
 * temporary file: the target only ever receives a whole, checked file, written at once. Throws
 * when the content is not the expected one.
 */
export async function copyKeptFile(
  from: ObjectStorage,
  to: ObjectStorage,
  key: string,
  expected?: Pick<KeptFile, 'sha256'>,
): Promise<KeptFile> {
  const partial = path.join(tmpdir(), `voirie-copie-${randomUUID()}`);
  try {
    const copied = await hashed(await from.open(key), createWriteStream(partial));
    if (expected && expected.sha256 !== copied.sha256)
      throw new Error(`Le fichier ${key} ne correspond pas à son empreinte (SHA-256) : copie refusée.`);
    await to.putFile(key, partial);
    return { path: key, ...copied };
  } finally {
    await rm(partial, { force: true });
  }
}
