import type { FileHandle } from 'node:fs/promises';

/** `length` bytes of an open file from `position`, or fewer at its end (headers read piecemeal). */
export async function readAt(file: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await file.read(buffer, 0, length, position);
  return buffer.subarray(0, bytesRead);
}
