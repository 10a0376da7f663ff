import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Multipart, MultipartValue } from '@fastify/multipart';
import {
  checkUploadContent,
  imageDimensionsRefusal,
  type AcceptedMimeType,
  type UploadContext,
} from '@voirie/domain';
import { AppError } from '../errors/app-error.ts';
import { assertAcceptableInput } from '../errors/acceptable-input.ts';
import type { FileStore, ReceivedFile } from './file-store.ts';
import { isImageType, readImageDimensions } from './image-dimensions.ts';
import { MULTIPART_MESSAGES, multipartError, type UploadLimits } from './multipart-limits.ts';

/** One file part of a multipart request, already in a temporary file. */
export interface UploadedPart {
  fieldname: string;
  /** The name the sender gave (kept for display, never trusted for the type). */
  filename: string;
  received: ReceivedFile;
}

export interface UploadParts {
  /** Text fields (a JSON part sent as application/json arrives parsed). */
  fields: Map<string, unknown>;
  files: UploadedPart[];
}

/** Options of `readUploadParts`. */
interface ReadUploadOptions {
  /** UPLOAD_MAX_BYTES: a file over it is cut while streaming and flagged `truncated`. */
  maxBytes: number;
  limits: UploadLimits;
  /**
   * Runs once, before the first byte of the first file is written, with the fields read so far:
   * the route authorizes there, so that a refused upload never reaches the disk.
   */
  beforeFirstFile?: (fields: ReadonlyMap<string, unknown>) => Promise<void>;
}

type MultipartParts = AsyncIterableIterator<Multipart>;

/** Byte length of a field's value as sent (a JSON part arrives parsed). */
function fieldBytes(value: unknown): number {
  return Buffer.byteLength(typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));
}

/** A field over its limit: 413, nothing more is read. */
function checkField(part: MultipartValue, limits: UploadLimits): void {
  const max = part.fieldname === limits.largeField?.name ? limits.largeField.bytes : limits.fieldBytes;
  if (part.valueTruncated || fieldBytes(part.value) > max) {
    throw new AppError('PAYLOAD_TOO_LARGE', MULTIPART_MESSAGES.fieldTooLarge(part.fieldname, max));
  }
}

/**
 * Stops reading a refused body: the parser lets go of it and the rest is drained without being
 * parsed or kept, so that the answer reaches the sender and no part stays held in memory.
 */
function stopReading(request: FastifyRequest): void {
  if (request.raw.readableEnded) return;
  request.raw.unpipe();
  request.raw.resume();
}

/**
 * Reads a multipart request part by part, within the route's limits: fields kept (few and
 * small), each file streamed to a temporary file while hashed. The size limit is busboy's, so an
 * oversize file is cut while streaming and flagged `truncated` (it never fills the disk). A part
 * over the limits answers 400/413 in French. On any error, what was received is dropped.
 */
export async function readUploadParts(
  request: FastifyRequest,
  store: FileStore,
  options: ReadUploadOptions,
): Promise<UploadParts> {
  const { limits } = options;
  const result: UploadParts = { fields: new Map(), files: [] };
  let mayWrite = !options.beforeFirstFile;
  try {
    // The plugin is registered with throwFileSizeLimit: false (app.ts): a cut file is flagged,
    // not thrown, so that its refusal joins the other reasons in one French answer.
    const parts: MultipartParts = request.parts({
      limits: {
        fileSize: options.maxBytes,
        files: limits.files,
        fields: limits.fields,
        parts: limits.files + limits.fields,
        fieldSize: limits.largeField?.bytes ?? limits.fieldBytes,
        headerPairs: 16,
      },
    });
    for (;;) {
      const next = await parts.next().catch((error: unknown) => {
        throw multipartError(error, limits);
      });
      if (next.done) break;
      const part = next.value;
      // A NUL or a too deep JSON part is refused as in a JSON body (errors/acceptable-input.ts).
      assertAcceptableInput(part.fieldname, part.fieldname);
      if (part.type === 'field') {
        checkField(part, limits);
        assertAcceptableInput(part.value, part.fieldname);
        result.fields.set(part.fieldname, part.value);
        continue;
      }
      assertAcceptableInput(part.filename, part.fieldname);
      if (!mayWrite) {
        await options.beforeFirstFile?.(result.fields);
        mayWrite = true;
      }
      const received = await store.receive(part.file).catch((error: unknown) => {
        // The sender's stream broke (cut connection, malformed part): the sender's fault.
        throw part.file.errored ? multipartError(part.file.errored, limits) : error;
      });
      result.files.push({ fieldname: part.fieldname, filename: part.filename, received });
    }
    return result;
  } catch (error) {
    stopReading(request);
    await discardParts(store, result);
    throw error;
  }
}

/**
 * The one way a route reads a multipart body: a body of another type is a French 415; `authorize`
 * runs then, before a byte of the body is read; `work` gets the parts, whose temporary files are
 * dropped once it is done, whatever it answers. The answer is what `work` returns (a reply sent
 * from inside it is refused: `refuseAnswersDuringUploadWork`).
 */
export async function withUploadParts<T>(
  request: FastifyRequest,
  store: FileStore,
  options: ReadUploadOptions & { authorize?: () => Promise<void> },
  work: (parts: UploadParts) => Promise<T>,
): Promise<T> {
  if (!request.isMultipart()) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', MULTIPART_MESSAGES.notMultipart);
  }
  await options.authorize?.();
  const parts = await readUploadParts(request, store, options);
  answerAfterDiscard.add(request);
  try {
    return await work(parts);
  } finally {
    try {
      await discardParts(store, parts);
    } finally {
      answerAfterDiscard.delete(request);
    }
  }
}

/** The requests whose parts `work` is handling: their answer is what `work` returns. */
const answerAfterDiscard = new WeakSet<FastifyRequest>();

/**
 * Refuses an answer sent with `reply.send()` from inside `withUploadParts`: it would reach the
 * sender before the temporary files are dropped, and the handler's own answer would be lost. The
 * request fails with a 500 instead (the error handler's answer passes), so the mistake shows in
 * the route's first test. Registered on the scope that reads multipart bodies (app.ts).
 */
export function refuseAnswersDuringUploadWork(app: FastifyInstance): void {
  app.addHook('onSend', async (request, _reply, payload) => {
    if (!answerAfterDiscard.delete(request)) return payload;
    throw new Error(
      'withUploadParts: answer by returning from `work`, not with reply.send() (files not yet dropped)',
    );
  });
}

/** Drops the temporary files of a request (always, once it is answered). */
export async function discardParts(store: FileStore, parts: UploadParts): Promise<void> {
  await Promise.all(parts.files.map((file) => store.discard(file.received)));
}

/**
 * The content check of a received file, for every upload that takes images or PDFs: the domain's
 * (not empty, within the limit, magic bytes of an accepted type; a cut stream counts as one byte
 * over the limit), then for an image the dimensions its header declares: a tiny PNG
 * may declare 100,000 × 100,000 pixels, 40 GB for whoever decodes it — a browser showing an avatar,
 * a converter. Nothing is stored or decoded before this answer.
 */
export async function checkReceivedFile(
  file: ReceivedFile,
  options: { context: UploadContext; maxBytes: number },
): Promise<{ ok: true; mimeType: AcceptedMimeType } | { ok: false; message: string }> {
  const size = file.truncated ? options.maxBytes + 1 : file.size;
  const checked = checkUploadContent(options.context, { head: file.head, size }, options.maxBytes);
  if (!checked.ok || !isImageType(checked.mimeType)) return checked;
  const refusal = imageDimensionsRefusal(await readImageDimensions(file.tempPath, checked.mimeType));
  return refusal ? { ok: false, message: refusal } : checked;
}
