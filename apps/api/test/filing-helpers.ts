import { randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { mkdir, mkdtemp, readdir } from 'node:fs/promises';
import path from 'node:path';
import type { FileRequestInput } from '@voirie/domain';
import type { ApiApp } from '../src/http/types.ts';

// Payloads and multipart bodies for the filing tests. Geometries are on the fixture roads of
// geo-fixtures.ts: the Rue des Pins (Voie communale) and the Route de Bayonne (refused type).

/** A point on the Rue des Pins, Capbreton (Voie communale). */
export const ON_PINS = { type: 'Point' as const, coordinates: [-1.429, 43.631] as [number, number] };
/** A point on the Route de Bayonne (Route departementale: not managed by the community). */
export const ON_BAYONNE = { type: 'Point' as const, coordinates: [-1.429, 43.633] as [number, number] };
/** A point far from any fixture road. */
export const NOWHERE = { type: 'Point' as const, coordinates: [-1.36, 43.7] as [number, number] };

export const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
/**
 * A PNG's signature and IHDR chunk declaring `width` × `height` (8-bit RGB), then random bytes:
 * what the server reads of an image (its header, never its pixels), each of a content of its own.
 */
export function pngOf(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.writeUInt8(8, 8);
  ihdr.writeUInt8(2, 9);
  const chunk = Buffer.concat([Buffer.from('IHDR', 'latin1'), ihdr]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(ihdr.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(chunk));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    length,
    chunk,
    crc,
    randomBytes(32),
  ]);
}

/** A JPEG segment: its marker, its length (itself included), its body. */
function jpegSegment(marker: number, body: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt16BE(0xff00 | marker, 0);
  head.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([head, body]);
}

/** A baseline frame header (SOF0) declaring `width` × `height`, three components. */
function jpegFrame(width: number, height: number): Buffer {
  const body = Buffer.from([8, 0, 0, 0, 0, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]);
  body.writeUInt16BE(height, 1);
  body.writeUInt16BE(width, 3);
  return jpegSegment(0xc0, body);
}

/** A JPEG's headers declaring `width` × `height` after a JFIF segment (and `before`, e.g. EXIF), then random bytes. */
export function jpegOf(width: number, height: number, before: readonly Buffer[] = []): Buffer {
  const jfif = jpegSegment(0xe0, Buffer.from('JFIF\0\x01\x01\0\0\x01\0\x01\0\0', 'latin1'));
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    jfif,
    ...before,
    jpegFrame(width, height),
    randomBytes(32),
    Buffer.from([0xff, 0xd9]),
  ]);
}

/** A BMP's file header and 40-byte info header declaring `width` × `height`, then random bytes. */
export function bmpOf(width: number, height: number): Buffer {
  const header = Buffer.alloc(54);
  header.write('BM', 0, 'latin1');
  header.writeUInt32LE(54 + 32, 2);
  header.writeUInt32LE(54, 10);
  header.writeUInt32LE(40, 14);
  header.writeInt32LE(width, 18);
  header.writeInt32LE(height, 22);
  header.writeUInt16LE(1, 26);
  header.writeUInt16LE(24, 28);
  return Buffer.concat([header, randomBytes(32)]);
}

/** A small PNG (64 × 48 pixels declared). */
export const PNG = pngOf(64, 48);
/** A Windows executable's first bytes. */
export const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.from([0x90, 0x00, 0x03, 0x00]), randomBytes(64)]);

/** A distinct small PDF (distinct content: distinct stored file). */
export const pdfNamed = (label: string) =>
  Buffer.concat([PDF, Buffer.from(`% ${label} ${randomBytes(4).toString('hex')}\n`)]);

/** The mandatory pieces of each kind in the seeded type_document (migration 0002). */
export const MANDATORY: Record<1 | 2 | 3, number[]> = {
  1: [1, 3, 6, 8, 9, 85],
  2: [1, 3],
  3: [1, 3, 79, 80, 85],
};

/** The applicant of filingPayload: a private person. */
export const FILING_PETITIONER = {
  nature: 'Particulier',
  title: 'Madame',
  lastName: 'Durand',
  firstName: 'Marie',
  email: 'marie.durand@exemple.fr',
  phone: '0601020304',
  addressNum: '',
};

/** A valid filing payload of a kind, grouped by wizard step, on the Rue des Pins. */
export function filingPayload(
  kind: 1 | 2 | 3,
  overrides: { location?: Record<string, unknown>; parties?: Record<string, unknown> } = {},
): FileRequestInput {
  return {
    type: kind,
    location: {
      addressNum: '12',
      addressType: 'Rue',
      addressName: 'des Pins',
      addressCity: 'Capbreton',
      addressPostalCode: '40130',
      plotNumbers: '40065000AB0012',
      sections: 'AB',
      wayType: 'Voie communale',
      theGeom: { type: 'GeometryCollection', geometries: [ON_PINS] },
      lon: -1.429,
      lat: 43.631,
      adresses: [],
      ...overrides.location,
    },
    parties: {
      petitioner: { ...FILING_PETITIONER },
      isbeneficiaire: false,
      ...overrides.parties,
    },
    cerfa1402301:
      kind === 2
        ? null
        : {
            themes: kind === 1 ? 'pose_compteur' : 'amenagement_acces',
            trackWidth: 3.5,
            parkingNatureOther: '',
          },
    individualAlignmentRequest: kind === 2 ? { reasonRequest: 'Real cloture', reasonRequestOther: '' } : null,
    dates: { dateStart: '2026-12-01', dateEnd: '2026-12-05' },
    attestation: {
      accuracyInformation: true,
      madeIn: 'Capbreton',
      madeLastName: 'Durand',
      madeFirstName: 'Marie',
      madeFonction: 'Propriétaire',
    },
  } as FileRequestInput;
}

export interface Part {
  name: string;
  content: string | Buffer;
  filename?: string;
  type?: string;
}

/** A multipart/form-data body for inject(). */
export function multipart(parts: readonly Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----voirie${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename === undefined ? '' : `; filename="${part.filename}"`}`;
    const type = part.type ?? (part.filename === undefined ? undefined : 'application/octet-stream');
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type ? `Content-Type: ${type}\r\n` : ''}\r\n`,
      ),
    );
    chunks.push(Buffer.isBuffer(part.content) ? part.content : Buffer.from(part.content));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A multipart request (`parts`) sent by `user` to the API, through inject(). */
export function sendParts(
  t: { app: Pick<ApiApp, 'inject'> },
  request: {
    method: 'POST' | 'PUT';
    url: string;
    user: { headers: Record<string, string> };
    parts: readonly Part[];
  },
) {
  const body = multipart(request.parts);
  return t.app.inject({
    method: request.method,
    url: request.url,
    payload: body.payload,
    headers: { ...body.headers, ...request.user.headers },
  });
}

/** POST document as `user`: a piece of type `typeDocumentId` for the request `requestId`. */
export function postDocument(
  t: { app: Pick<ApiApp, 'inject'> },
  user: { headers: Record<string, string> },
  target: { requestId: number; typeDocumentId: number },
  file: Omit<Part, 'name'>,
) {
  return sendParts(t, {
    method: 'POST',
    url: '/api/document',
    user,
    parts: [
      { name: 'requestId', content: String(target.requestId) },
      { name: 'typeDocumentId', content: String(target.typeDocumentId) },
      { name: 'file', ...file },
    ],
  });
}

/** The parts of a filing: its JSON, then one PDF per type id (or the given files). */
export function filingParts(
  payload: unknown,
  documents: readonly (number | { typeId: number; content: Buffer; filename?: string; type?: string })[],
): Part[] {
  return [
    { name: 'request', content: JSON.stringify(payload) },
    ...documents.map((doc) =>
      typeof doc === 'number'
        ? {
            name: `document-${String(doc)}`,
            content: pdfNamed(`type ${String(doc)}`),
            filename: `piece-${String(doc)}.pdf`,
            type: 'application/pdf',
          }
        : {
            name: `document-${String(doc.typeId)}`,
            content: doc.content,
            filename: doc.filename ?? 'piece.pdf',
            type: doc.type ?? 'application/pdf',
          },
    ),
  ];
}

/** A data directory of its own (the file store lives under it). */
export async function tempDataDir(label: string): Promise<string> {
  const root = path.resolve(import.meta.dirname, '../../../.tmp');
  await mkdir(root, { recursive: true });
  return mkdtemp(path.join(root, `${label}-`));
}

/** Every file under a folder (recursively), relative paths. */
export async function filesUnder(dir: string): Promise<string[]> {
  try {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true });
    return entries
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
      .sort();
  } catch {
    return [];
  }
}

/** A minimal JPEG (640 × 480) whose EXIF carries a GPS position (degrees, minutes, seconds as rationals). */
export function jpegWithGps(lat: number, lon: number): Buffer {
  const dms = (value: number) => {
    const abs = Math.abs(value);
    const d = Math.floor(abs);
    const m = Math.floor((abs - d) * 60);
    const s = Math.round(((abs - d) * 60 - m) * 60 * 1000);
    return [d, 1, m, 1, s, 1000];
  };
  // TIFF (little endian): header, IFD0 (1 entry: GPS IFD pointer), GPS IFD (4 entries), values.
  const entries = 4;
  const ifd0 = 8;
  const gpsIfd = ifd0 + 2 + 12 + 4;
  const values = gpsIfd + 2 + entries * 12 + 4;
  const tiff = Buffer.alloc(values + 48);
  tiff.write('II', 0, 'latin1');
  tiff.writeUInt16LE(42, 2);
  tiff.writeUInt32LE(ifd0, 4);
  tiff.writeUInt16LE(1, ifd0);
  tiff.writeUInt16LE(0x8825, ifd0 + 2);
  tiff.writeUInt16LE(4, ifd0 + 4);
  tiff.writeUInt32LE(1, ifd0 + 6);
  tiff.writeUInt32LE(gpsIfd, ifd0 + 10);
  tiff.writeUInt32LE(0, ifd0 + 14);
  tiff.writeUInt16LE(entries, gpsIfd);
  const entry = (
    index: number,
    tag: number,
    type: number,
    count: number,
    value: (offset: number) => void,
  ) => {
    const at = gpsIfd + 2 + index * 12;
    tiff.writeUInt16LE(tag, at);
    tiff.writeUInt16LE(type, at + 2);
    tiff.writeUInt32LE(count, at + 4);
    value(at + 8);
  };
  entry(0, 1, 2, 2, (at) => tiff.write(lat >= 0 ? 'N\0' : 'S\0', at, 'latin1'));
  entry(1, 2, 5, 3, (at) => tiff.writeUInt32LE(values, at));
  entry(2, 3, 2, 2, (at) => tiff.write(lon >= 0 ? 'E\0' : 'W\0', at, 'latin1'));
  entry(3, 4, 5, 3, (at) => tiff.writeUInt32LE(values + 24, at));
  dms(lat).forEach((n, i) => tiff.writeUInt32LE(n, values + i * 4));
  dms(lon).forEach((n, i) => tiff.writeUInt32LE(n, values + 24 + i * 4));
  const exif = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
  return jpegOf(640, 480, [jpegSegment(0xe1, exif)]);
}
