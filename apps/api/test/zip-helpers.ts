import { crc32, deflateRawSync } from 'node:zlib';

// Zips written byte by byte for the zip-bomb tests: what pizzip would refuse to write —
// sizes that lie, one deflated kernel shared by many entries, ZIP64 records. Layout: PKWARE
// APPNOTE 6.3.10, §4.3.7 (local header), §4.3.12 (central header), §4.3.14–16 (end records).

/** An entry: its name and either its bytes (deflated here) or deflated bytes and the size they declare. */
export type ZipEntrySpec =
  { name: string; data: Buffer; stored?: boolean } | { name: string; deflated: Buffer; declaredSize: number };

const U32_MAX = 0xffffffff;

function u16(value: number): Buffer {
  const buffer = Buffer.alloc(2);
  buffer.writeUInt16LE(value);
  return buffer;
}
function u32(value: number): Buffer {
  const buffer = Buffer.alloc(4);
  buffer.writeUInt32LE(value);
  return buffer;
}
function u64(value: number): Buffer {
  const buffer = Buffer.alloc(8);
  buffer.writeBigUInt64LE(BigInt(value));
  return buffer;
}

/** The bytes an entry carries, its method, CRC and declared sizes. */
function contentOf(entry: ZipEntrySpec) {
  if ('deflated' in entry) return { method: 8, crc: 0, data: entry.deflated, size: entry.declaredSize };
  const data = entry.stored ? entry.data : deflateRawSync(entry.data);
  return { method: entry.stored ? 0 : 8, crc: crc32(entry.data), data, size: entry.data.length };
}

/**
 * A zip of these entries. `zip64`: every size and offset in ZIP64 extra fields and end records,
 * as writers do past 4 GB. `comment`: the archive's comment after the end record.
 */
export function zipOf(
  entries: readonly ZipEntrySpec[],
  options: { zip64?: boolean; comment?: string } = {},
): Buffer {
  const zip64 = options.zip64 === true;
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const { method, crc, data, size } = contentOf(entry);
    const name = Buffer.from(entry.name, 'utf8');
    const sizes = (compressed: number, uncompressed: number) =>
      zip64 ? [u32(U32_MAX), u32(U32_MAX)] : [u32(compressed), u32(uncompressed)];
    const localExtra = zip64
      ? Buffer.concat([u16(1), u16(16), u64(size), u64(data.length)])
      : Buffer.alloc(0);
    // The fields both headers share, from « version needed » to the name's length.
    const shared = [
      u16(zip64 ? 45 : 20),
      u16(0),
      u16(method),
      u16(0),
      u16(0x21),
      u32(crc),
      ...sizes(data.length, size),
      u16(name.length),
    ];
    const local = Buffer.concat([u32(0x04034b50), ...shared, u16(localExtra.length), name, localExtra, data]);
    const centralExtra = zip64
      ? Buffer.concat([u16(1), u16(24), u64(size), u64(data.length), u64(offset)])
      : Buffer.alloc(0);
    // The central header adds « version made by » before them; after them the extra field's and
    // comment's lengths, disk, attributes and the local header's offset.
    centrals.push(
      Buffer.concat([
        u32(0x02014b50),
        u16(zip64 ? 45 : 20),
        ...shared,
        u16(centralExtra.length),
        u16(0),
        u16(0),
        u16(0),
        u32(0),
        u32(zip64 ? U32_MAX : offset),
        name,
        centralExtra,
      ]),
    );
    locals.push(local);
    offset += local.length;
  }
  const directory = Buffer.concat(centrals);
  const comment = Buffer.from(options.comment ?? '', 'utf8');
  const count = entries.length;
  const records: Buffer[] = [];
  if (zip64) {
    const recordAt = offset + directory.length;
    records.push(
      Buffer.concat([
        u32(0x06064b50),
        u64(44),
        u16(45),
        u16(45),
        u32(0),
        u32(0),
        u64(count),
        u64(count),
        u64(directory.length),
        u64(offset),
      ]),
      Buffer.concat([u32(0x07064b50), u32(0), u64(recordAt), u32(1)]),
    );
  }
  const end = Buffer.concat([
    u32(0x06054b50),
    u16(0),
    u16(0),
    u16(zip64 ? 0xffff : count),
    u16(zip64 ? 0xffff : count),
    u32(zip64 ? U32_MAX : directory.length),
    u32(zip64 ? U32_MAX : offset),
    u16(comment.length),
    comment,
  ]);
  return Buffer.concat([...locals, directory, ...records, end]);
}

/** `megabytes` of zeros, deflated once (about a thousandth of the size): the kernel of a bomb. */
export function deflatedZeros(megabytes: number): Buffer {
  return deflateRawSync(Buffer.alloc(megabytes * 1024 * 1024));
}

/** The parts a Word document needs to be read as one (content types and the main part). */
export function docxEntries(): ZipEntrySpec[] {
  return [
    { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
    { name: 'word/document.xml', data: Buffer.from('<w:document><w:body/></w:document>') },
  ];
}

/** A Word document carrying eleven entries of 10 MB of zeros from one 10 KB kernel: 110 MB declared. */
export function docxBomb(): Buffer {
  const kernel = deflatedZeros(10);
  const padding = Array.from({ length: 11 }, (_, index) => ({
    name: `word/media/image${String(index)}.bin`,
    deflated: kernel,
    declaredSize: 10 * 1024 * 1024,
  }));
  return zipOf([...docxEntries(), ...padding]);
}
