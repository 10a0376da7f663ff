import { deflateSync } from 'node:zlib';
import type { FileStore } from '../files/file-store.ts';
import { putBytes } from '../files/stored-bytes.ts';

// The files of the demo documents (demo mode only): small but valid PDFs (orders, letters,
// plans) and PNG photos of a trench repair, made here rather than shipped, byte-identical from
// one start to the next, and kept in the document store like an upload (one copy per content).

/** A demo file, ready to be stored. */
export interface DemoFile {
  bytes: Buffer;
  mimeType: 'application/pdf' | 'image/png';
}

/** A demo file once in the store: what a document row names. */
export interface StoredDemoFile {
  mimeType: DemoFile['mimeType'];
  size: number;
  sha256: string;
  storageKey: string;
}

/** Windows-1252 bytes of the characters outside Latin-1 that French text uses. */
const CP1252: Readonly<Record<string, number>> = {
  '€': 0x80,
  '‘': 0x91,
  '’': 0x92,
  '“': 0x93,
  '”': 0x94,
  '–': 0x96,
  '—': 0x97,
  œ: 0x9c,
  Œ: 0x8c,
};

/** A PDF string literal in WinAnsiEncoding (Helvetica's), parentheses and backslashes escaped. */
function pdfText(text: string): Buffer {
  const bytes: number[] = [];
  for (const char of text) {
    const code = char.codePointAt(0)!;
    const byte = CP1252[char] ?? (code <= 0xff ? code : 0x3f);
    if (byte === 0x28 || byte === 0x29 || byte === 0x5c) bytes.push(0x5c);
    bytes.push(byte);
  }
  return Buffer.from([0x28, ...bytes, 0x29]);
}

/** Cuts a paragraph into lines of at most `width` characters, at spaces. */
function wrap(paragraph: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of paragraph.split(' ')) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  lines.push(line);
  return lines;
}

/**
 * A one-page A4 PDF: a title and paragraphs in Helvetica (an empty string is a blank line).
 * Written by hand — objects, cross-reference table, trailer — so that it costs nothing to make.
 */
export function demoPdf(title: string, paragraphs: readonly string[]): DemoFile {
  const ascii = (text: string) => Buffer.from(text, 'latin1');
  const content = Buffer.concat([
    ascii('BT\n/F1 15 Tf\n56 780 Td\n'),
    pdfText(title),
    ascii(' Tj\n/F1 10 Tf\n15 TL\nT*\nT*\n'),
    ...paragraphs.flatMap((paragraph) =>
      (paragraph ? wrap(paragraph, 95) : ['']).flatMap((line) => [pdfText(line), ascii(" '\n")]),
    ),
    ascii('ET\n'),
  ]);
  const objects = [
    ascii('<< /Type /Catalog /Pages 2 0 R >>'),
    ascii('<< /Type /Pages /Kids [3 0 R] /Count 1 >>'),
    ascii(
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    ),
    ascii('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>'),
    Buffer.concat([
      ascii(`<< /Length ${String(content.length)} >>\nstream\n`),
      content,
      ascii('\nendstream'),
    ]),
  ];
  const parts: Buffer[] = [ascii('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n')];
  let offset = parts[0]!.length;
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(offset);
    const object = Buffer.concat([ascii(`${String(index + 1)} 0 obj\n`), body, ascii('\nendobj\n')]);
    parts.push(object);
    offset += object.length;
  });
  const xref = [
    'xref',
    `0 ${String(objects.length + 1)}`,
    '0000000000 65535 f ',
    ...offsets.map((at) => `${String(at).padStart(10, '0')} 00000 n `),
    'trailer',
    `<< /Size ${String(objects.length + 1)} /Root 1 0 R >>`,
    'startxref',
    String(offset),
    '%%EOF',
    '',
  ].join('\n');
  parts.push(ascii(xref));
  return { bytes: Buffer.concat(parts), mimeType: 'application/pdf' };
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A 160×120 PNG "photo" of a roadway after works: grained asphalt, a darker trench repair
 * crossing it, the white edge line — `variant` moves the trench and changes the light, so
 * that each photo of a reception is its own file.
 */
export function demoPhoto(variant: number): DemoFile {
  const width = 160;
  const height = 120;
  let state = (0x9e3779b9 ^ (variant * 0x85ebca6b)) >>> 0;
  const grain = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return (state >>> 24) / 255;
  };
  const light = 96 + ((variant * 23) % 40);
  const trench = 30 + ((variant * 37) % 80);
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    const row = y * (width * 3 + 1);
    raw[row] = 0; // filter: none
    for (let x = 0; x < width; x += 1) {
      // A trench slanting across, the edge line along the bottom, the verge below it.
      const inTrench = Math.abs(x - trench - (y - height / 2) * 0.4) < 11;
      const onLine = y > 96 && y < 101 && x % 40 < 26;
      const verge = y >= 104;
      const noise = Math.floor(grain() * 28) - 14;
      let [r, g, b] = [light, light, light + 4];
      if (inTrench) [r, g, b] = [light - 42, light - 42, light - 38];
      if (onLine) [r, g, b] = [232, 232, 224];
      if (verge) [r, g, b] = [88, 122 + (variant % 3) * 8, 64];
      const at = row + 1 + x * 3;
      raw[at] = Math.max(0, Math.min(255, r + noise));
      raw[at + 1] = Math.max(0, Math.min(255, g + noise));
      raw[at + 2] = Math.max(0, Math.min(255, b + noise));
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, deflate, adaptive filtering, no interlace
  const bytes = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(raw, { level: 6 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
  return { bytes, mimeType: 'image/png' };
}

/**
 * Puts the demo files into the document store (a content already there is kept)
 * and returns where each is, by the caller's key. Written before the rows that name them are
 * committed: if the seed fails, the file sweeper removes what no row names.
 */
export async function storeDemoFiles<K extends string>(
  store: FileStore,
  files: ReadonlyMap<K, DemoFile>,
): Promise<Map<K, StoredDemoFile>> {
  const stored = new Map<K, StoredDemoFile>();
  for (const [key, file] of files) {
    const { sha256, storageKey, size } = await putBytes(store, file.bytes);
    stored.set(key, { mimeType: file.mimeType, size, sha256, storageKey });
  }
  return stored;
}
