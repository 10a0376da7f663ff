import { readFile } from 'node:fs/promises';
import { checkLibraryFile, isZipHead, type LibraryFileType } from '@voirie/domain';
import type { ReceivedFile } from '../files/file-store.ts';
import { officeArchiveRefusal } from '../files/office-archive.ts';
import { docxLibs } from '../orders/docx-libs.ts';

/** The entries of a zip and its OpenDocument `mimetype`, or nothing when it is not a readable zip. */
async function zipContent(
  file: ReceivedFile,
): Promise<{ zipEntries?: string[]; odfMimeType?: string | null }> {
  if (!isZipHead(file.head)) return {};
  const { PizZip } = await docxLibs();
  try {
    const zip = new PizZip(await readFile(file.tempPath));
    return {
      zipEntries: Object.keys(zip.files),
      odfMimeType: zip.file('mimetype')?.asText() ?? null,
    };
  } catch {
    return {};
  }
}

/**
 * The domain's check of a library file (checkLibraryFile), its content read here: the first
 * bytes, and for a zip (the office formats) its directory checked against zip bombs, then the
 * names of its entries. Size first: an oversize or cut file is never opened.
 */
export async function checkReceivedLibraryFile(
  file: ReceivedFile,
  maxBytes: number,
): Promise<{ ok: true; type: LibraryFileType } | { ok: false; message: string }> {
  const size = file.truncated ? maxBytes + 1 : file.size;
  const first = checkLibraryFile({ head: file.head, size }, maxBytes);
  if (first.ok || size <= 0 || size > maxBytes || !isZipHead(file.head)) return first;
  const bomb = await officeArchiveRefusal(file.tempPath);
  if (bomb) return { ok: false, message: bomb };
  return checkLibraryFile({ head: file.head, size, ...(await zipContent(file)) }, maxBytes);
}
