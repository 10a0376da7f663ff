import type { FileHandle } from 'node:fs/promises';
import { readAt } from './read-at.ts';

// A zip's central directory, read from the end of the file without inflating anything:
// what each entry declares — its name, method, compressed and uncompressed sizes, where its data
// starts. ZIP64 sizes and offsets are read from their extra field. Layout: PKWARE APPNOTE 6.3.10,
// §4.3.12 (central directory header), §4.3.14–16 (ZIP64 end records and the end record).

/** One entry as the central directory declares it. */
export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated (the only methods of office files). */
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  /** Where the entry's local header starts. */
  localHeaderOffset: number;
}

/** The directory, or only its declared entry count when that is too many to list. */
export type ZipDirectory = { entries: ZipEntry[] } | { tooMany: number };

const END_SIGNATURE = 0x06054b50;
const END_SIZE = 22;
const ZIP64_LOCATOR_SIGNATURE = 0x07064b50;
const ZIP64_END_SIGNATURE = 0x06064b50;
const ENTRY_SIGNATURE = 0x02014b50;
const ENTRY_SIZE = 46;
const ZIP64_EXTRA_ID = 0x0001;
/** The end record and its longest comment. */
const MAX_TAIL = END_SIZE + 0xffff;
const U16_MAX = 0xffff;
const U32_MAX = 0xffffffff;

/** A little-endian 64-bit value, refused (null) beyond what a file offset can be. */
function readU64(buffer: Buffer, offset: number): number | null {
  const value = buffer.readBigUInt64LE(offset);
  return value > BigInt(Number.MAX_SAFE_INTEGER) ? null : Number(value);
}

/** Where the directory is and how many entries it declares, from the end records. */
async function findDirectory(
  file: FileHandle,
  size: number,
): Promise<{ count: number; offset: number; length: number } | null> {
  const tailStart = Math.max(0, size - MAX_TAIL);
  const tail = await readAt(file, tailStart, size - tailStart);
  // The last end record whose comment reaches exactly the end of the file.
  let end = -1;
  for (let at = tail.length - END_SIZE; at >= 0; at--) {
    if (
      tail.readUInt32LE(at) === END_SIGNATURE &&
      at + END_SIZE + tail.readUInt16LE(at + 20) === tail.length
    ) {
      end = at;
      break;
    }
  }
  if (end < 0) return null;
  const count = tail.readUInt16LE(end + 10);
  const length = tail.readUInt32LE(end + 12);
  const offset = tail.readUInt32LE(end + 16);
  if (count !== U16_MAX && length !== U32_MAX && offset !== U32_MAX) return { count, offset, length };
  // ZIP64: the locator sits just before the end record and names the ZIP64 end record.
  const locatorAt = tailStart + end - 20;
  if (locatorAt < 0) return null;
  const locator = await readAt(file, locatorAt, 20);
  if (locator.length < 20 || locator.readUInt32LE(0) !== ZIP64_LOCATOR_SIGNATURE) return null;
  const recordAt = readU64(locator, 8);
  if (recordAt === null || recordAt + 56 > size) return null;
  const record = await readAt(file, recordAt, 56);
  if (record.readUInt32LE(0) !== ZIP64_END_SIGNATURE) return null;
  const count64 = readU64(record, 32);
  const length64 = readU64(record, 40);
  const offset64 = readU64(record, 48);
  if (count64 === null || length64 === null || offset64 === null) return null;
  return { count: count64, offset: offset64, length: length64 };
}

/** The sizes and offset an entry marks 0xFFFFFFFF, read from its ZIP64 extra field, in order. */
function applyZip64(entry: ZipEntry, extra: Buffer): ZipEntry | null {
  const wanted = (['uncompressedSize', 'compressedSize', 'localHeaderOffset'] as const).filter(
    (field) => entry[field] === U32_MAX,
  );
  if (wanted.length === 0) return entry;
  for (let at = 0; at + 4 <= extra.length;) {
    const id = extra.readUInt16LE(at);
    const length = extra.readUInt16LE(at + 2);
    if (id === ZIP64_EXTRA_ID && length >= wanted.length * 8 && at + 4 + length <= extra.length) {
      const result = { ...entry };
      for (const [index, field] of wanted.entries()) {
        const value = readU64(extra, at + 4 + index * 8);
        if (value === null) return null;
        result[field] = value;
      }
      return result;
    }
    at += 4 + length;
  }
  return null;
}

/** The entries of a directory read whole; null when a header is not where it should be. */
function parseEntries(directory: Buffer, count: number): ZipEntry[] | null {
  const entries: ZipEntry[] = [];
  let at = 0;
  for (let index = 0; index < count; index++) {
    if (at + ENTRY_SIZE > directory.length || directory.readUInt32LE(at) !== ENTRY_SIGNATURE) return null;
    const nameLength = directory.readUInt16LE(at + 28);
    const extraLength = directory.readUInt16LE(at + 30);
    const commentLength = directory.readUInt16LE(at + 32);
    const next = at + ENTRY_SIZE + nameLength + extraLength + commentLength;
    if (next > directory.length) return null;
    const nameEnd = at + ENTRY_SIZE + nameLength;
    const entry = applyZip64(
      {
        name: directory.toString('utf8', at + ENTRY_SIZE, nameEnd),
        method: directory.readUInt16LE(at + 10),
        compressedSize: directory.readUInt32LE(at + 20),
        uncompressedSize: directory.readUInt32LE(at + 24),
        localHeaderOffset: directory.readUInt32LE(at + 42),
      },
      directory.subarray(nameEnd, nameEnd + extraLength),
    );
    if (!entry) return null;
    entries.push(entry);
    at = next;
  }
  return entries;
}

/**
 * The central directory of the zip open in `file` (`size` bytes): its entries as declared, or
 * `tooMany` with the declared count when it exceeds `maxEntries` (nothing more is read). Null
 * when it is not a readable zip: no end record, a directory outside the file, a header amiss.
 */
export async function readZipDirectory(
  file: FileHandle,
  size: number,
  maxEntries: number,
): Promise<ZipDirectory | null> {
  const found = await findDirectory(file, size);
  if (!found || found.offset + found.length > size) return null;
  if (found.count > maxEntries) return { tooMany: found.count };
  const directory = await readAt(file, found.offset, found.length);
  const entries = parseEntries(directory, found.count);
  return entries ? { entries } : null;
}
