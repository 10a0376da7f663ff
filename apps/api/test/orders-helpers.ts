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
