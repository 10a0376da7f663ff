import { open, type FileHandle } from 'node:fs/promises';
import { MIME_TYPES, type ImageDimensions } from '@voirie/domain';
import { readAt } from './read-at.ts';

// An image's size as its header declares it, read from the received file without decoding a
// pixel: PNG's IHDR, BMP's info header, JPEG's frame header (SOFn) found by walking
// the segments before it, a few bytes read per segment.

/** Most JPEG segments walked before the frame header: a camera writes a dozen. */
const MAX_JPEG_SEGMENTS = 1_000;

/** PNG: the first chunk is IHDR (signature 8 bytes, length 4, type 4), width then height, big-endian. */
async function pngDimensions(file: FileHandle): Promise<ImageDimensions | null> {
  const header = await readAt(file, 0, 24);
  if (header.length < 24 || header.toString('latin1', 12, 16) !== 'IHDR') return null;
  return { width: header.readUInt32BE(16), height: header.readUInt32BE(20) };
}

/**
 * BMP: the info header follows the 14-byte file header; its size tells the old OS/2 core header
 * (16-bit sides) from the later ones (32-bit, a negative height meaning top-down rows).
 */
async function bmpDimensions(file: FileHandle): Promise<ImageDimensions | null> {
  const header = await readAt(file, 0, 26);
  if (header.length < 22) return null;
  const infoSize = header.readUInt32LE(14);
  if (infoSize === 12) return { width: header.readUInt16LE(18), height: header.readUInt16LE(20) };
  if (infoSize < 16 || header.length < 26) return null;
  return { width: Math.abs(header.readInt32LE(18)), height: Math.abs(header.readInt32LE(22)) };
}

/** The frame headers (SOF0–SOF15 but DHT C4, JPG C8 and DAC CC, which share the range). */
const isFrameMarker = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
/** Markers standing alone, without a length: TEM, RST0–RST7, SOI. */
const isStandalone = (marker: number) => marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8);

/**
 * JPEG: from the start-of-image marker, each segment's length leads to the next, until the frame
 * header (precision, then height and width, big-endian). None before the scan or the end of the
 * image (or past MAX_JPEG_SEGMENTS): no dimensions.
 */
async function jpegDimensions(file: FileHandle): Promise<ImageDimensions | null> {
  let position = 2;
  for (let segment = 0; segment < MAX_JPEG_SEGMENTS; segment++) {
    const head = await readAt(file, position, 2);
    if (head.length < 2 || head[0] !== 0xff) return null;
    const marker = head[1]!;
    if (marker === 0xff) {
      // A fill byte before the marker.
      position += 1;
      continue;
    }
    position += 2;
    if (isStandalone(marker)) continue;
    if (marker === 0xd9 || marker === 0xda) return null;
    const body = await readAt(file, position, 7);
    if (body.length < 2) return null;
    if (isFrameMarker(marker))
      return body.length < 7 ? null : { height: body.readUInt16BE(3), width: body.readUInt16BE(5) };
    const length = body.readUInt16BE(0);
    if (length < 2) return null;
    position += length;
  }
  return null;
}

const READERS: Readonly<Record<string, (file: FileHandle) => Promise<ImageDimensions | null>>> = {
  [MIME_TYPES.png]: pngDimensions,
  [MIME_TYPES.bmp]: bmpDimensions,
  [MIME_TYPES.jpeg]: jpegDimensions,
};

/** True for the types whose dimensions are read (the accepted image types). */
export function isImageType(mimeType: string): boolean {
  return mimeType in READERS;
}

/**
 * The dimensions an image of this type (found by its content) declares, or null when its header
 * cannot be read. Only its headers are read, never its pixels.
 */
export async function readImageDimensions(path: string, mimeType: string): Promise<ImageDimensions | null> {
  const reader = READERS[mimeType];
  if (!reader) return null;
  const file = await open(path, 'r');
  try {
    return await reader(file);
  } finally {
    await file.close();
  }
}
