import { Readable } from 'node:stream';
import type { AcceptedMimeType } from '@voirie/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema/index.ts';
import type { FileStore, ReceivedFile } from '../files/file-store.ts';
import type { AcceptedFile } from '../requests/filing/filing-checks.ts';
import { withStoredFiles, type StoredAttachment } from '../requests/filing/stored-files.ts';

/** A file the portal produced (an order, a letter) and the document it becomes. */
export interface GeneratedFile {
  bytes: Buffer;
  typeDocumentId: number;
  filename: string;
  mimeType: string;
}

/** A file already received (a generation, or an edited upload) as the store's input for its type. */
export function acceptedFileOf(
  received: ReceivedFile,
  file: { typeDocumentId: number; filename: string; mimeType: string },
): AcceptedFile {
  // AcceptedFile's type lists the uploads' image and PDF types; the store keeps any type.
  return {
    typeDocumentId: file.typeDocumentId,
    filename: file.filename,
    mimeType: file.mimeType as AcceptedMimeType,
    part: { fieldname: 'file', filename: file.filename, received },
  };
}

/**
 * Puts generated files in the store and runs `work` (the transaction that writes their rows),
 * as an upload's files are: a failure removes what this call wrote; the temporary copies are
 * always dropped.
 */
export async function withGeneratedFiles<T>(
  deps: { db: Kysely<Database>; store: FileStore },
  files: readonly GeneratedFile[],
  work: (stored: StoredAttachment[]) => Promise<T>,
): Promise<T> {
  const received: ReceivedFile[] = [];
  try {
    const accepted: AcceptedFile[] = [];
    for (const file of files) {
      const copy = await deps.store.receive(Readable.from([file.bytes]));
      received.push(copy);
      accepted.push(acceptedFileOf(copy, file));
    }
    return await withStoredFiles(deps, accepted, work);
  } finally {
    await Promise.all(received.map((file) => deps.store.discard(file)));
  }
}
