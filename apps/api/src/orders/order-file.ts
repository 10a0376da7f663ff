import { readFile } from 'node:fs/promises';
import { MIME_TYPES, UPLOAD_MESSAGES, isZipHead, sniffMimeType } from '@voirie/domain';
import type { ReceivedFile } from '../files/file-store.ts';
import { officeArchiveRefusal } from '../files/office-archive.ts';
import { DOCX_MIME_TYPE, isDocx } from './merge.ts';

export const ORDER_FILE_MISMATCH =
  'Le contenu du fichier ne correspond pas à un type accepté. Types acceptés : DOCX, PDF.';

export type SniffedOrderFile =
  { ok: true; extension: 'docx' | 'pdf'; mimeType: string } | { ok: false; message: string };

/**
 * The type of an edited order from its content: PDF by its magic bytes, DOCX by its zip
 * entries (a .docx renamed from anything else is refused), once its zip directory passed the
 * zip-bomb checks. Size first: an oversize stream was cut by the upload reader, its content is
 * not read.
 */
export async function sniffOrderFile(file: ReceivedFile, maxBytes: number): Promise<SniffedOrderFile> {
  if (file.truncated || file.size > maxBytes)
    return { ok: false, message: UPLOAD_MESSAGES.tooLarge(maxBytes) };
  if (file.size === 0) return { ok: false, message: UPLOAD_MESSAGES.empty };
  if (sniffMimeType(file.head) === MIME_TYPES.pdf)
    return { ok: true, extension: 'pdf', mimeType: MIME_TYPES.pdf };
  if (!isZipHead(file.head)) return { ok: false, message: ORDER_FILE_MISMATCH };
  // A zip bomb is refused before anything opens it (pizzip here, LibreOffice for the PDF).
  const bomb = await officeArchiveRefusal(file.tempPath);
  if (bomb) return { ok: false, message: bomb };
  // Only a checked zip is read whole (within maxBytes): its entries tell a Word document.
  if (await isDocx(await readFile(file.tempPath)))
    return { ok: true, extension: 'docx', mimeType: DOCX_MIME_TYPE };
  return { ok: false, message: ORDER_FILE_MISMATCH };
}
