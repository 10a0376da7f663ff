import { docxLibs } from './docx-libs.ts';

// The smallest WordprocessingML package Word and LibreOffice both open: content types, the
// package relationship, the document, its styles. Each paragraph is one run, so that a
// docxtemplater tag is never split across runs (a tag split by Word's editing would be).

/** A paragraph of a default template: plain text, or text with a style. */
export type Paragraph =
  string | { text: string; style: 'title' | 'subtitle' | 'heading' | 'article' | 'right' | 'signature' };

export const title = (text: string): Paragraph => ({ text, style: 'title' });
export const subtitle = (text: string): Paragraph => ({ text, style: 'subtitle' });
export const heading = (text: string): Paragraph => ({ text, style: 'heading' });
export const article = (text: string): Paragraph => ({ text, style: 'article' });
export const right = (text: string): Paragraph => ({ text, style: 'right' });
export const signature = (text: string): Paragraph => ({ text, style: 'signature' });

/**
 * Paragraphs shown only when `key` is not empty: the opening and closing tags stand alone in
 * their paragraphs, so paragraphLoop drops them and no empty line is left behind.
 */
export const whenSet = (key: string, ...paragraphs: Paragraph[]): Paragraph[] => [
  `{#${key}}`,
  ...paragraphs,
  `{/${key}}`,
];

/**
 * The signature block of an act (docs/acts.md « Signatory », CRPA L212-1): the signatory chosen at
 * generation, by its first name and surname, and its « Fonction » beneath when it has one.
 */
export const SIGNATORY: Paragraph[] = [
  signature('{signataire_prenom} {signataire_nom}'),
  ...whenSet('signataire_fonction', signature('{signataire_fonction}')),
];

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/><Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/></Types>`;

const PACKAGE_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`;

const DOCUMENT_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`;

const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';

const style = (id: string, name: string, pPr: string, rPr: string) =>
  `<w:style w:type="paragraph" w:styleId="${id}"><w:name w:val="${name}"/><w:basedOn w:val="Normal"/><w:pPr>${pPr}</w:pPr><w:rPr>${rPr}</w:rPr></w:style>`;

const STYLES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:styles ${W}><w:docDefaults><w:rPrDefault><w:rPr><w:rFonts w:ascii="Arial" w:hAnsi="Arial" w:cs="Arial"/><w:sz w:val="22"/><w:lang w:val="fr-FR"/></w:rPr></w:rPrDefault><w:pPrDefault><w:pPr><w:spacing w:after="120" w:line="264" w:lineRule="auto"/><w:jc w:val="both"/></w:pPr></w:pPrDefault></w:docDefaults><w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/></w:style>${style('Title', 'Title', '<w:jc w:val="center"/><w:spacing w:before="240" w:after="120"/>', '<w:b/><w:caps/><w:sz w:val="30"/>')}${style('Subtitle', 'Subtitle', '<w:jc w:val="center"/><w:spacing w:after="360"/>', '<w:i/>')}${style('Heading1', 'heading 1', '<w:keepNext/><w:jc w:val="center"/><w:spacing w:before="360" w:after="240"/>', '<w:b/><w:sz w:val="26"/>')}${style('Heading2', 'heading 2', '<w:keepNext/><w:spacing w:before="240" w:after="60"/>', '<w:b/><w:u w:val="single"/>')}${style('Right', 'Right', '<w:jc w:val="right"/>', '')}${style('Signature', 'Signature', '<w:ind w:left="5103"/><w:jc w:val="left"/><w:spacing w:before="240"/>', '')}</w:styles>`;

const STYLE_IDS = {
  title: 'Title',
  subtitle: 'Subtitle',
  heading: 'Heading1',
  article: 'Heading2',
  right: 'Right',
  signature: 'Signature',
} as const;

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function paragraphXml(paragraph: Paragraph): string {
  const { text, style: kind } =
    typeof paragraph === 'string' ? { text: paragraph, style: undefined } : paragraph;
  const pPr = kind ? `<w:pPr><w:pStyle w:val="${STYLE_IDS[kind]}"/></w:pPr>` : '';
  const run = text === '' ? '' : `<w:r><w:t xml:space="preserve">${escapeXml(text)}</w:t></w:r>`;
  return `<w:p>${pPr}${run}</w:p>`;
}

/** The document part: the paragraphs on an A4 page with 2.5 cm margins. */
export function documentXml(paragraphs: readonly Paragraph[]): string {
  const section =
    '<w:sectPr><w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1417" w:right="1417" w:bottom="1417" w:left="1417" w:header="708" w:footer="708" w:gutter="0"/></w:sectPr>';
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:document ${W}><w:body>${paragraphs.map(paragraphXml).join('')}${section}</w:body></w:document>`;
}

/** A .docx made of these paragraphs. */
export async function buildDocx(paragraphs: readonly Paragraph[]): Promise<Buffer> {
  const { PizZip } = await docxLibs();
  const zip = new PizZip();
  zip.file('[Content_Types].xml', CONTENT_TYPES);
  zip.file('_rels/.rels', PACKAGE_RELS);
  zip.file('word/_rels/document.xml.rels', DOCUMENT_RELS);
  zip.file('word/styles.xml', STYLES);
  zip.file('word/document.xml', documentXml(paragraphs));
  return zip.generate({ type: 'nodebuffer', compression: 'DEFLATE' });
}
