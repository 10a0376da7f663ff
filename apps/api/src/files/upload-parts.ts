import type { FastifyRequest } from 'fastify';
import type {} from '@fastify/multipart';
import { checkUploadContent, type AcceptedMimeType, type UploadContext } from '@voirie/domain';
import type { FileStore, ReceivedFile } from './file-store.ts';

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

/** Most parts a filing may carry (the wizard's pieces are far fewer). */
const MAX_FILES = 40;
/** The JSON of a filing, footprint included. */
const MAX_FIELD_BYTES = 4 * 1024 * 1024;

/**
 * Reads a multipart request part by part: fields kept, each file streamed to a temporary file
 * while hashed. The size limit is busboy's, so an oversize file is cut while streaming and
 * flagged `truncated` (it never fills the disk). On an error, what was received is dropped.
 */
export async function readUploadParts(request: FastifyRequest, store: FileStore, maxBytes: number): Promise<UploadParts> {
  const result: UploadParts = { fields: new Map(), files: [] };
  try {
    // The plugin is registered with throwFileSizeLimit: false (app.ts): a cut file is flagged,
    // not thrown, so that its refusal joins the other reasons in one French answer.
    const parts = request.parts({ limits: { fileSize: maxBytes, files: MAX_FILES, fieldSize: MAX_FIELD_BYTES } });
    for await (const part of parts) {
      if (part.type === 'field') {
        result.fields.set(part.fieldname, part.value);
        continue;
      }
      const received = await store.receive(part.file);
      result.files.push({ fieldname: part.fieldname, filename: part.filename, received });
    }
    return result;
  } catch (error) {
    await discardParts(store, result);
    throw error;
  }
}

/** Drops the temporary files of a request (always, once it is answered). */
export async function discardParts(store: FileStore, parts: UploadParts): Promise<void> {
  await Promise.all(parts.files.map((file) => store.discard(file.received)));
}

/**
 * The domain's content check of a received file: not empty, within the limit, magic bytes of
 * an accepted type. A cut stream counts as one byte over the limit.
 */
export function checkReceivedFile(
  file: ReceivedFile,
  options: { context: UploadContext; maxBytes: number },
): { ok: true; mimeType: AcceptedMimeType } | { ok: false; message: string } {
  const size = file.truncated ? options.maxBytes + 1 : file.size;
  return checkUploadContent(options.context, { head: file.head, size }, options.maxBytes);
}
