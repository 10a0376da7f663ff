import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline, Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { ImportError, messageOf } from './errors.ts';

/**
 * What an importer reads: a file path (`.json`, `.geojson`, `.csv`, optionally `.gz`), or an
 * already open byte stream. Gzip is recognised by its magic bytes, whatever the name.
 */
export type ImportInput =
  string | { stream: Readable | AsyncIterable<Uint8Array>; name?: string; size?: number };

/** An opened input: decompressed bytes, and how many raw bytes were read so far. */
export interface OpenedSource {
  chunks: AsyncIterable<Buffer>;
  /** Raw (compressed when gzip) bytes read so far: the progress bar compares it to totalBytes. */
  bytesRead(): number;
}

/** An input that can be opened (a file: any number of times, for locating an error). */
export interface SourceHandle {
  name: string;
  /** Size of the raw input in bytes, when known. */
  totalBytes: number | null;
  /** A file can be read again (to pin the feature of a JSON syntax error); a stream cannot. */
  replayable: boolean;
  open(): OpenedSource;
}

const READ_CHUNK = 256 * 1024;

/** Resolves an input; a missing file is an ImportError in French. */
export async function resolveSource(input: ImportInput): Promise<SourceHandle> {
  if (typeof input !== 'string') {
    let used = false;
    return {
      name: input.name ?? 'flux',
      totalBytes: input.size ?? null,
      replayable: false,
      open() {
        if (used) throw new Error('A stream input can be read once only');
        used = true;
        return openRaw(input.stream);
      },
    };
  }
  const file = path.resolve(input);
  let size: number;
  try {
    const info = await stat(file);
    if (!info.isFile()) throw new ImportError(`« ${input} » n'est pas un fichier.`);
    size = info.size;
  } catch (error) {
    if (error instanceof ImportError) throw error;
    throw new ImportError(`Fichier introuvable ou illisible : ${input} (${messageOf(error)}).`);
  }
  return {
    name: path.basename(file),
    totalBytes: size,
    replayable: true,
    open: () => openRaw(createReadStream(file, { highWaterMark: READ_CHUNK })),
  };
}

function openRaw(raw: Readable | AsyncIterable<Uint8Array>): OpenedSource {
  let bytes = 0;
  async function* counted(): AsyncGenerator<Buffer> {
    for await (const chunk of raw as AsyncIterable<Uint8Array | string>) {
      const buffer =
        typeof chunk === 'string'
          ? Buffer.from(chunk)
          : Buffer.isBuffer(chunk)
            ? chunk
            : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
      bytes += buffer.length;
      yield buffer;
    }
  }
  return { chunks: gunzipIfNeeded(counted()), bytesRead: () => bytes };
}

/** Passes the bytes through, or through gunzip when they start with the gzip magic number. */
async function* gunzipIfNeeded(source: AsyncGenerator<Buffer>): AsyncGenerator<Buffer> {
  const first = await source.next();
  if (first.done) return;
  const head = first.value;
  async function* all(): AsyncGenerator<Buffer> {
    yield head;
    yield* source;
  }
  if (head.length < 2 || head[0] !== 0x1f || head[1] !== 0x8b) {
    yield* all();
    return;
  }
  const gunzip = createGunzip();
  pipeline(Readable.from(all()), gunzip, () => {});
  try {
    for await (const chunk of gunzip as AsyncIterable<Buffer>) yield chunk;
  } catch (error) {
    throw new ImportError(`Fichier gzip illisible : ${messageOf(error)}.`);
  } finally {
    gunzip.destroy();
  }
}
