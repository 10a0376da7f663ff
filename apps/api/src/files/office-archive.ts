import { open, type FileHandle } from 'node:fs/promises';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createInflateRaw } from 'node:zlib';
import { ZIP_LIMITS, ZIP_MESSAGES, zipEntriesRefusal, zipEntryCountRefusal } from '@voirie/domain';
import { readAt } from './read-at.ts';
import { readZipDirectory, type ZipEntry } from './zip-directory.ts';

// Office files (DOCX, XLSX, ODT, ODS) are zips, and a 20 MB zip may inflate to gigabytes (issue
// 27). Before one is stored, opened by pizzip or docxtemplater, or converted by LibreOffice, its
// central directory is read (nothing inflated) and judged by the domain's ZIP_LIMITS; then each
// entry is inflated once as a stream, counted and dropped, to prove it holds no more than it
// declares — pizzip trusts the declarations until it has inflated everything in memory.

const LOCAL_SIGNATURE = 0x04034b50;
const LOCAL_SIZE = 30;
const STORED = 0;
const DEFLATED = 8;
/** General purpose flag: sizes in a data descriptor after the data, zero in the local header. */
const HAS_DATA_DESCRIPTOR = 0x0008;
const U32_MAX = 0xffffffff;

/** How many bytes a deflated range inflates to, stopping (null) past `limit` or on a broken stream. */
async function inflatedLength(
  file: FileHandle,
  start: number,
  length: number,
  limit: number,
): Promise<number | null> {
  let total = 0;
  const counter = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      total += chunk.length;
      callback(total > limit ? new Error('inflates beyond its declared size') : null);
    },
  });
  try {
    // autoClose: false — the handle is the caller's, and closed by it.
    const source = file.createReadStream({ start, end: start + length - 1, autoClose: false });
    await pipeline(source, createInflateRaw(), counter);
    return total;
  } catch {
    return null;
  }
}

/**
 * True when the entry's local header agrees with the directory (method, and sizes unless they
 * follow the data) and its data, inside the file, inflates to exactly the declared size.
 */
async function holdsWhatItDeclares(file: FileHandle, size: number, entry: ZipEntry): Promise<boolean> {
  const local = await readAt(file, entry.localHeaderOffset, LOCAL_SIZE);
  if (local.length < LOCAL_SIZE || local.readUInt32LE(0) !== LOCAL_SIGNATURE) return false;
  if (local.readUInt16LE(8) !== entry.method) return false;
  const localCompressed = local.readUInt32LE(18);
  const localUncompressed = local.readUInt32LE(22);
  const sizesFollow = (local.readUInt16LE(6) & HAS_DATA_DESCRIPTOR) !== 0;
  const zip64 = localCompressed === U32_MAX || localUncompressed === U32_MAX;
  if (
    !sizesFollow &&
    !zip64 &&
    (localCompressed !== entry.compressedSize || localUncompressed !== entry.uncompressedSize)
  )
    return false;
  const start = entry.localHeaderOffset + LOCAL_SIZE + local.readUInt16LE(26) + local.readUInt16LE(28);
  if (start + entry.compressedSize > size) return false;
  if (entry.method === STORED) return entry.compressedSize === entry.uncompressedSize;
  if (entry.method !== DEFLATED) return false;
  if (entry.compressedSize === 0) return false;
  const inflated = await inflatedLength(file, start, entry.compressedSize, entry.uncompressedSize);
  return inflated === entry.uncompressedSize;
}

/**
 * The French refusal of an office file (a zip, by its first bytes) at `path`, or null when it
 * may be stored and opened: a readable directory within ZIP_LIMITS (entries, total inflated
 * size, each large entry's ratio), and entries that hold what they declare. Deflate and stored
 * entries only (all an office suite writes).
 */
export async function officeArchiveRefusal(path: string): Promise<string | null> {
  const file = await open(path, 'r');
  try {
    const { size } = await file.stat();
    const directory = await readZipDirectory(file, size, ZIP_LIMITS.maxEntries);
    if (!directory) return ZIP_MESSAGES.inconsistent;
    if ('tooMany' in directory) return zipEntryCountRefusal(directory.tooMany);
    const declared = zipEntriesRefusal(directory.entries);
    if (declared) return declared;
    // Bounded by the checks above: at most ZIP_LIMITS.maxTotalBytes inflated, in a stream.
    for (const entry of directory.entries)
      if (!(await holdsWhatItDeclares(file, size, entry))) return ZIP_MESSAGES.inconsistent;
    return null;
  } finally {
    await file.close();
  }
}
