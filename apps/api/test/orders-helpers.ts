import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import path from 'node:path';
import PizZip from 'pizzip';

/** The text of a .docx: its paragraphs, tags stripped, one per line. */
export function docxText(docx: Buffer): string {
  const xml = new PizZip(docx).file('word/document.xml')!.asText();
  return xml
    .replace(/<\/w:p>/g, '\n')
    .replace(/<w:br\/>/g, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&apos;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/**
 * PATH without the directories holding LibreOffice (`soffice`): the PDF converter looks it up at
 * each conversion, so a test that sets it merges letters without converting them (seconds each).
 */
export async function pathWithoutLibreOffice(pathVariable = process.env.PATH ?? ''): Promise<string> {
  const kept: string[] = [];
  for (const dir of pathVariable.split(path.delimiter).filter(Boolean)) {
    const hasOffice = await access(path.join(dir, 'soffice'), constants.X_OK).then(
      () => true,
      () => false,
    );
    if (!hasOffice) kept.push(dir);
  }
  return kept.join(path.delimiter);
}
