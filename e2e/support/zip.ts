import { inflateRawSync } from 'node:zlib';

// A minimal zip reader (a DOCX is a zip): enough to read one entry of a file the portal
// produced, through the central directory. Stored (0) and deflated (8) entries only; no zip64.

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_FILE_HEADER = 0x02014b50;
const LOCAL_FILE_HEADER = 0x04034b50;

/** True when the bytes start like a zip archive ('PK\x03\x04'). */
export function isZip(bytes: Buffer): boolean {
  return bytes.length >= 4 && bytes.readUInt32LE(0) === LOCAL_FILE_HEADER;
}

/** The uncompressed content of one entry, or null when the archive has no such entry. */
export function readZipEntry(bytes: Buffer, name: string): Buffer | null {
  const entry = centralEntries(bytes).find((candidate) => candidate.name === name);
  if (!entry) return null;
  const local = entry.localHeaderOffset;
  if (bytes.readUInt32LE(local) !== LOCAL_FILE_HEADER)
    throw new Error(`Zip : en-tête local absent pour ${name}`);
  const start = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
  const data = bytes.subarray(start, start + entry.compressedSize);
  if (entry.method === 0) return Buffer.from(data);
  if (entry.method === 8) return inflateRawSync(data);
  throw new Error(`Zip : méthode ${String(entry.method)} non prise en charge pour ${name}`);
}

interface CentralEntry {
  name: string;
  method: number;
  compressedSize: number;
  localHeaderOffset: number;
}

function centralEntries(bytes: Buffer): CentralEntry[] {
  // The end record is 22 bytes plus a comment of at most 65,535 bytes, at the very end.
  let end = -1;
  for (let offset = bytes.length - 22; offset >= Math.max(0, bytes.length - 22 - 0xffff); offset -= 1) {
    if (bytes.readUInt32LE(offset) === END_OF_CENTRAL_DIRECTORY) {
      end = offset;
      break;
    }
  }
  if (end < 0) throw new Error('Zip : fin du répertoire central introuvable');
  const count = bytes.readUInt16LE(end + 10);
  let offset = bytes.readUInt32LE(end + 16);
  const entries: CentralEntry[] = [];
  for (let index = 0; index < count; index += 1) {
    if (bytes.readUInt32LE(offset) !== CENTRAL_FILE_HEADER)
      throw new Error('Zip : répertoire central illisible');
    const nameLength = bytes.readUInt16LE(offset + 28);
    const extraLength = bytes.readUInt16LE(offset + 30);
    const commentLength = bytes.readUInt16LE(offset + 32);
    entries.push({
      method: bytes.readUInt16LE(offset + 10),
      compressedSize: bytes.readUInt32LE(offset + 20),
      localHeaderOffset: bytes.readUInt32LE(offset + 42),
      name: bytes.toString('utf8', offset + 46, offset + 46 + nameLength),
    });
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}
