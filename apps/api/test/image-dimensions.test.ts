import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readImageDimensions } from '../src/files/image-dimensions.ts';
import { bmpOf, jpegOf, pngOf, tempDataDir } from './filing-helpers.ts';

// The dimensions an image declares, read from its headers only (image-dimensions.ts).

let dir: string;
let sequence = 0;

beforeAll(async () => {
  dir = await tempDataDir('image-headers');
});
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function dimensionsOf(bytes: Buffer, mimeType: string) {
  sequence += 1;
  const file = path.join(dir, `image-${String(sequence)}`);
  await writeFile(file, bytes);
  return readImageDimensions(file, mimeType);
}

/** A JPEG segment of `bytes` bytes of body. */
const segment = (marker: number, bytes: number) => {
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(bytes + 2, 2);
  return Buffer.concat([head, Buffer.alloc(bytes, 0x20)]);
};

describe('readImageDimensions', () => {
  test('PNG: the IHDR chunk', async () => {
    expect(await dimensionsOf(pngOf(100_000, 3), 'image/png')).toEqual({ width: 100_000, height: 3 });
  });

  test('JPEG: the frame header after a camera’s segments (EXIF of 60 KB, ICC profile, quantization tables)', async () => {
    const before = [segment(0xe1, 60_000), segment(0xe2, 3_000), segment(0xdb, 130)];
    expect(await dimensionsOf(jpegOf(8160, 6120, before), 'image/jpeg')).toEqual({
      width: 8160,
      height: 6120,
    });
  });

  test('JPEG: fill bytes before a marker, a progressive frame (SOF2)', async () => {
    const progressive = jpegOf(300, 200);
    // The SOF0 marker right after the JFIF segment (2 + 18 bytes) becomes SOF2, preceded by fill bytes.
    progressive[21] = 0xc2;
    const filled = Buffer.concat([
      progressive.subarray(0, 20),
      Buffer.from([0xff, 0xff]),
      progressive.subarray(20),
    ]);
    expect(await dimensionsOf(filled, 'image/jpeg')).toEqual({ width: 300, height: 200 });
  });

  test('JPEG: no frame before the scan, or a length leading nowhere: none', async () => {
    const scanFirst = Buffer.concat([
      Buffer.from([0xff, 0xd8]),
      segment(0xda, 12),
      jpegOf(10, 10).subarray(2),
    ]);
    expect(await dimensionsOf(scanFirst, 'image/jpeg')).toBeNull();
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8]), Buffer.from([0xff, 0xe1, 0x00, 0x01])]);
    expect(await dimensionsOf(broken, 'image/jpeg')).toBeNull();
  });

  test('BMP: the info header (a negative height is drawn top-down) and the old OS/2 core header', async () => {
    expect(await dimensionsOf(bmpOf(640, -480), 'image/bmp')).toEqual({ width: 640, height: 480 });
    const core = Buffer.alloc(26);
    core.write('BM', 0, 'latin1');
    core.writeUInt32LE(12, 14);
    core.writeUInt16LE(320, 18);
    core.writeUInt16LE(200, 20);
    expect(await dimensionsOf(core, 'image/bmp')).toEqual({ width: 320, height: 200 });
  });
});
