import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

// The files of an installation that a backup keeps (issue 19): under DATA_DIR, the document
// store (`files/`: documents, letters, orders, photos, avatars, by content) and the templates
// (`modeles/`). Not kept: the embedded database's directory (the rows are in the backup), the
// temporary uploads, the demo geography's cache, mails written as files.

export const KEPT_DIRECTORIES = ['files', 'modeles'] as const;

/** A kept file: its path under DATA_DIR ('/' separated), size and SHA-256. */
export interface KeptFile {
  path: string;
  size: number;
  sha256: string;
}

/** Every file under the kept directories of `root`, sorted by path (none when absent). */
export async function listKeptFiles(root: string): Promise<string[]> {
  const found: string[] = [];
  async function walk(relative: string): Promise<void> {
    let entries;
    try {
      entries = await readdir(path.join(root, relative), { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const entry of entries) {
      const child = path.posix.join(relative, entry.name);
      if (entry.isDirectory()) await walk(child);
      else if (entry.isFile()) found.push(child);
    }
  }
  for (const directory of KEPT_DIRECTORIES) await walk(directory);
  return found.sort();
}

/**
 * Copies one file from `fromRoot` to `toRoot` (same relative path), hashing it on the way; the
 * copy is written aside then renamed, so that a reader never sees half a file. Throws when the
 * content is not the expected one.
 */
export async function copyKeptFile(
  fromRoot: string,
  toRoot: string,
  relative: string,
  expected?: Pick<KeptFile, 'sha256'>,
): Promise<KeptFile> {
  const target = path.join(toRoot, relative);
  await mkdir(path.dirname(target), { recursive: true });
  const partial = `${target}.partiel`;
  const hash = createHash('sha256');
  let size = 0;
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      size += chunk.length;
      callback(null, chunk);
    },
  });
  try {
    await pipeline(createReadStream(path.join(fromRoot, relative)), tap, createWriteStream(partial));
    const sha256 = hash.digest('hex');
    if (expected && expected.sha256 !== sha256)
      throw new Error(`Le fichier ${relative} ne correspond pas à son empreinte (SHA-256) : copie refusée.`);
    await rename(partial, target);
    return { path: relative, size, sha256 };
  } finally {
    await rm(partial, { force: true });
  }
}
