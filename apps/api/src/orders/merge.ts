import { stripBidiControls } from '@voirie/domain';
import { docxLibs } from './docx-libs.ts';
import type { MergeData } from './flatten.ts';

/**
 * A .docx template compiled as every merge reads it: loops whose tags stand alone in a
 * paragraph repeat paragraphs (paragraphLoop), '\n' in a value becomes a line break, and an
 * unknown tag prints nothing (an administrator's template may name a field a request lacks;
 * that is not an error). Throws docxtemplater's errors for a template it cannot read.
 */
export async function compileTemplate(template: Buffer) {
  const { Docxtemplater, PizZip } = await docxLibs();
  return new Docxtemplater(new PizZip(template), {
    paragraphLoop: true,
    linebreaks: true,
    nullGetter: () => '',
    // The caller logs the failure once; docxtemplater would also print it to the console.
    errorLogging: false,
  });
}

/** The merge data with every value's bidirectional controls removed, loops included. */
function withoutBidiControls(data: MergeData): MergeData {
  return Object.fromEntries(
    Object.entries(data).map(([field, value]) => [
      field,
      typeof value === 'string' ? stripBidiControls(value) : value.map(withoutBidiControls),
    ]),
  );
}

/**
 * Fills a .docx template with the data (see compileTemplate). Every order and letter is merged
 * here, so here the text typed by users loses its bidirectional controls: a
 * right-to-left override in a name or an address would make the official act read otherwise
 * than it is written.
 */
export async function mergeTemplate(template: Buffer, data: MergeData): Promise<Buffer> {
  const doc = await compileTemplate(template);
  doc.render(withoutBidiControls(data));
  return doc.getZip().generate({ type: 'nodebuffer', compression: 'DEFLATE' });
}

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

/**
 * True when the bytes are a Word document: a zip (magic 'PK\x03\x04') whose entries include
 * word/document.xml. The name or declared type is never trusted; a zip that cannot be read
 * is not a document.
 */
export async function isDocx(bytes: Uint8Array): Promise<boolean> {
  if (!ZIP_MAGIC.every((byte, index) => bytes[index] === byte)) return false;
  const { PizZip } = await docxLibs();
  try {
    return new PizZip(bytes).file('word/document.xml') !== null;
  } catch {
    return false;
  }
}

export const DOCX_MIME_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
