import { randomUUID } from 'node:crypto';
import { createReadStream, type Stats } from 'node:fs';
import {
  copyFile,
  link,
  mkdir,
  open,
  opendir,
  readFile,
  rename,
  rm,
  stat,
  unlink,
  writeFile,
} from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { TemporaryFile, ObjectStorage, PutOptions, StoredObject } from './object-storage.ts';

/** A write under way: `<target>.<uuid>.tmp` beside its target (the sweeper removes those a crash left). */
export const LOCAL_TEMP = /\.[0-9a-f-]{36}\.tmp$/;

/**
 * The storage as files under a directory (DATA_DIR): the key is the path below it. A write goes
 * to a temporary file beside its target, made durable, then linked (`ifAbsent`: link() fails
 * when the target exists, so the first writer wins) or renamed over it — either way atomic.
 */
export class LocalStorage implements ObjectStorage {
  readonly root: string;
  readonly description: string;

  constructor(root: string) {
    this.root = path.resolve(root);
    this.description = `dossier ${this.root}`;
  }

  /** Absolute path of a key (keys are ours; this guards against a corrupted one). */
  pathOf(key: string): string {
    const resolved = path.resolve(this.root, key);
    if (!resolved.startsWith(this.root + path.sep)) throw new Error(`invalid storage key ${key}`);
    return resolved;
  }

  async putFile(key: string, localPath: string, options: PutOptions = {}): Promise<boolean> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    if (options.ifAbsent) {
      // An upload's temporary file is on the same file system: linked, not copied.
      try {
        return await linkNew(localPath, target);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
      }
    }
    return this.install(target, (temp) => copyDurably(localPath, temp), options);
  }

  async putBytes(key: string, bytes: Buffer, options: PutOptions = {}): Promise<boolean> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    return this.install(target, (temp) => writeFile(temp, bytes, { flush: true }), options);
  }

  open(key: string): Promise<Readable> {
    return Promise.resolve(createReadStream(this.pathOf(key)));
  }

  async readBytes(key: string): Promise<Buffer | null> {
    return readFile(this.pathOf(key)).catch(nullWhenMissing);
  }

  async stat(key: string): Promise<Omit<StoredObject, 'key'> | null> {
    const stats = await stat(this.pathOf(key)).catch(nullWhenMissing);
    return stats?.isFile() ? { size: stats.size, modifiedMs: stats.mtime.getTime() } : null;
  }

  async remove(key: string): Promise<void> {
    await unlink(this.pathOf(key)).catch(nullWhenMissing);
  }

  async *list(prefix: string): AsyncIterable<StoredObject> {
    for await (const { key, stats } of this.walk(prefix)) {
      if (!LOCAL_TEMP.test(key)) yield { key, size: stats.size, modifiedMs: stats.mtimeMs };
    }
  }

  async *interruptedWrites(prefix: string): AsyncIterable<TemporaryFile> {
    for await (const { key, stats } of this.walk(prefix)) {
      if (LOCAL_TEMP.test(key)) yield { path: this.pathOf(key), size: stats.size, mtimeMs: stats.mtimeMs };
    }
  }

  /** The files whose key starts with `prefix`. */
  private async *walk(prefix: string): AsyncIterable<{ key: string; stats: Stats }> {
    const dir = prefix.endsWith('/') ? this.pathOf(prefix.slice(0, -1)) : path.dirname(this.pathOf(prefix));
    for await (const { file, stats } of walkFiles(dir)) {
      const key = path.relative(this.root, file).split(path.sep).join('/');
      if (key.startsWith(prefix)) yield { key, stats };
    }
  }

  /** Writes through a temporary file beside `target`, then links or renames it into place. */
  private async install(
    target: string,
    write: (temp: string) => Promise<void>,
    options: PutOptions,
  ): Promise<boolean> {
    const temp = `${target}.${randomUUID()}.tmp`;
    try {
      await write(temp);
      if (options.ifAbsent) return await linkNew(temp, target);
      await rename(temp, target);
      await syncDirectory(path.dirname(target));
      return true;
    } finally {
      await rm(temp, { force: true });
    }
  }
}

/** The files under `dir` and its subfolders, one directory entry at a time; none when it is missing. */
export async function* walkFiles(dir: string): AsyncIterable<{ file: string; stats: Stats }> {
  const entries = await opendir(dir, { recursive: true }).catch(nullWhenMissing);
  for await (const entry of entries ?? []) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    // Gone meanwhile (swept, replaced, an upload finished): nothing to list.
    const stats = await stat(file).catch(() => null);
    if (stats) yield { file, stats };
  }
}

/** Links `source` as `target` unless it exists; the new entry is made durable. */
async function linkNew(source: string, target: string): Promise<boolean> {
  try {
    await link(source, target);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  await syncDirectory(path.dirname(target));
  return true;
}

/** Copies a file and makes its content durable before it is linked or renamed into place. */
async function copyDurably(source: string, target: string): Promise<void> {
  await copyFile(source, target);
  const handle = await open(target, 'r+');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

function nullWhenMissing(error: NodeJS.ErrnoException): null {
  if (error.code === 'ENOENT') return null;
  throw error;
}

/** Makes a new directory entry durable, as the row that names it will be. */
async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
