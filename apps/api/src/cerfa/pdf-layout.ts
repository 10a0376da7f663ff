import type { Color, PDFDocument, PDFFont, PDFPage } from 'pdf-lib';
import { PRODUCT_NAME } from '@voirie/domain';
import { fieldLine, type CerfaForm } from '@voirie/domain';
import { winAnsiSanitizer } from './win-ansi.ts';

// A4 in points (pdf-lib's PageSizes.A4).
const PAGE_WIDTH = 595.28;
const PAGE_HEIGHT = 841.89;
const MARGIN = 48;
const FOOTER = 28;
const TEXT_WIDTH = PAGE_WIDTH - 2 * MARGIN;

interface Style {
  font: PDFFont;
  size: number;
  indent?: number;
  color?: Color;
}

interface Colors {
  black: Color;
  grey: Color;
  band: Color;
}

/** Splits one paragraph into lines that fit the width, breaking overlong words too. */
export function wrapText(text: string, font: PDFFont, size: number, width: number): string[] {
  const fits = (line: string) => font.widthOfTextAtSize(line, size) <= width;
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/ +/)) {
    const candidate = line ? `${line} ${word}` : word;
    if (fits(candidate)) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    let rest = word;
    while (!fits(rest)) {
      let cut = rest.length - 1;
      while (cut > 1 && !fits(rest.slice(0, cut))) cut -= 1;
      lines.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    line = rest;
  }
  lines.push(line);
  return lines;
}

/** Writes lines top-down, opening a new A4 page when the current one is full. */
class Writer {
  private page!: PDFPage;
  private y = 0;
  readonly pages: PDFPage[] = [];

  constructor(
    private readonly doc: PDFDocument,
    private readonly sanitize: (text: string) => string,
    private readonly colors: Colors,
  ) {
    this.newPage();
  }

  private newPage() {
    this.page = this.doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    this.pages.push(this.page);
    this.y = PAGE_HEIGHT - MARGIN;
  }

  /** Keeps the next `height` points on one page (a title with its first line). */
  ensure(height: number) {
    if (this.y - height < MARGIN + FOOTER) this.newPage();
  }

  gap(height: number) {
    this.y -= height;
  }

  text(text: string, { font, size, indent = 0, color = this.colors.black }: Style) {
    const leading = size * 1.3;
    for (const paragraph of this.sanitize(text).split(/\r?\n/)) {
      for (const line of wrapText(paragraph, font, size, TEXT_WIDTH - indent)) {
        this.ensure(leading);
        this.y -= size;
        this.page.drawText(line, { x: MARGIN + indent, y: this.y, font, size, color });
        this.y -= leading - size;
      }
    }
  }

  band(text: string, style: Style) {
    this.ensure(style.size * 2 + 24);
    this.gap(6);
    this.page.drawRectangle({
      x: MARGIN,
      y: this.y - style.size - 4,
      width: TEXT_WIDTH,
      height: style.size + 6,
      color: this.colors.band,
    });
    this.text(text, { ...style, indent: 4 });
    this.gap(6);
  }
}

const dateFr = (date: Date) =>
  new Intl.DateTimeFormat('fr-FR', {
    dateStyle: 'short',
    timeStyle: 'short',
    timeZone: 'Europe/Paris',
  }).format(date);

/** The filled form as an A4 PDF: header, sections with their « label : value » lines, page numbers. */
export async function renderCerfaPdf(form: CerfaForm, generatedAt = new Date()): Promise<Uint8Array> {
  // Imported on the first PDF, not at start: pdf-lib costs ~90 ms of server start-up (the
  // bundle hoists any static import of a package, hence import() here and types elsewhere).
  const { PDFDocument, rgb, StandardFonts } = await import('pdf-lib');
  const colors: Colors = { black: rgb(0, 0, 0), grey: rgb(0.35, 0.35, 0.35), band: rgb(0.9, 0.92, 0.95) };
  const doc = await PDFDocument.create();
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const sanitize = winAnsiSanitizer(regular);
  const requestLabel = `Demande n°${String(form.requestId)}`;
  // The metadata carries the identity of the document, for search tools and tests.
  doc.setTitle(`Cerfa n°${form.type} – ${requestLabel}`);
  doc.setSubject(`${form.reference} – ${form.title} – ${requestLabel}`);
  doc.setKeywords(['cerfa', form.type, requestLabel]);
  doc.setCreator(PRODUCT_NAME);
  doc.setLanguage('fr-FR');
  doc.setCreationDate(generatedAt);

  const writer = new Writer(doc, sanitize, colors);
  writer.text(form.reference, { font: regular, size: 9, color: colors.grey });
  writer.gap(4);
  writer.text(`« ${form.title} »`, { font: bold, size: 14 });
  writer.gap(6);
  writer.text(requestLabel, { font: bold, size: 11 });
  writer.text(`Édité le ${dateFr(generatedAt)} par le ${PRODUCT_NAME}`, {
    font: regular,
    size: 8,
    color: colors.grey,
  });
  for (const section of form.sections) {
    writer.gap(8);
    writer.band(section.title, { font: bold, size: 11 });
    for (const field of section.fields)
      writer.text(fieldLine(field), { font: regular, size: 9.5, indent: 4 });
  }

  const footer = (index: number) =>
    sanitize(
      `${form.reference} – ${requestLabel} – page ${String(index + 1)} / ${String(writer.pages.length)}`,
    );
  writer.pages.forEach((page, index) => {
    const text = footer(index);
    const width = regular.widthOfTextAtSize(text, 8);
    page.drawText(text, {
      x: PAGE_WIDTH - MARGIN - width,
      y: MARGIN / 2,
      font: regular,
      size: 8,
      color: colors.grey,
    });
  });
  return doc.save();
}
