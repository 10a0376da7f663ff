import type { Color, PDFDocument, PDFFont, PDFOperator, PDFPage } from 'pdf-lib';

import { winAnsiSanitizer } from './win-ansi.ts';

// The page model of the portal's drawn PDFs (the cerfa, the register of acts): A4 pages filled top-down, each primitive drawn at the
// current height (`y`), a new page opened when the next block does not fit. Every string is
// passed through the WinAnsi sanitizer before it is drawn (the standard fonts know no other).

// A4 in points (pdf-lib's PageSizes.A4).
export const PAGE_WIDTH = 595.28;
export const PAGE_HEIGHT = 841.89;
export const MARGIN = 36;
const FOOTER = 24;
export const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;

export interface Palette {
  ink: Color;
  grey: Color;
  line: Color;
  band: Color;
  white: Color;
}

export interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

/** pdf-lib's operator builders the writer needs (pdf-lib is imported on first use, not here). */
export interface Operators {
  setCharacterSpacing: (spacing: number) => PDFOperator;
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

/** Draws on A4 pages top-down; `y` is the top of the next block. */
export class PdfWriter {
  private current!: PDFPage;
  y = 0;
  readonly pages: PDFPage[] = [];

  constructor(
    private readonly doc: PDFDocument,
    readonly sanitize: (text: string) => string,
    readonly fonts: Fonts,
    readonly palette: Palette,
    private readonly operators: Operators,
  ) {
    this.newPage();
  }

  get page(): PDFPage {
    return this.current;
  }

  newPage() {
    this.current = this.doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    this.pages.push(this.current);
    this.y = PAGE_HEIGHT - MARGIN;
  }

  /** Room left on the page above the footer. */
  get room(): number {
    return this.y - (MARGIN + FOOTER);
  }

  /** Keeps the next `height` points on one page. */
  ensure(height: number) {
    if (this.room < height) this.newPage();
  }

  /** Lines of one paragraph wrapped to the width, sanitized. */
  lines(text: string, font: PDFFont, size: number, width: number): string[] {
    return this.sanitize(text)
      .split(/\r?\n/)
      .flatMap((paragraph) => wrapText(paragraph, font, size, width));
  }

  /** One line of text whose baseline is at `baseline`. */
  text(text: string, options: { x: number; baseline: number; font: PDFFont; size: number; color?: Color }) {
    this.current.drawText(this.sanitize(text), {
      x: options.x,
      y: options.baseline,
      font: options.font,
      size: options.size,
      color: options.color ?? this.palette.ink,
    });
  }

  /** The space added after each character of the next texts (0 to stop). */
  characterSpacing(points: number) {
    this.current.pushOperators(this.operators.setCharacterSpacing(points));
  }

  /** A rectangle given by its top-left corner. */
  rect(
    x: number,
    top: number,
    width: number,
    height: number,
    options: { fill?: Color; stroke?: boolean } = {},
  ) {
    this.current.drawRectangle({
      x,
      y: top - height,
      width,
      height,
      ...(options.fill ? { color: options.fill } : {}),
      ...(options.stroke === false ? {} : { borderColor: this.palette.line, borderWidth: 0.6 }),
    });
  }

  /** A box to tick, its top-left corner given; ticked, an X is drawn in it. */
  checkbox(x: number, top: number, checked: boolean, size = 9) {
    this.rect(x, top, size, size, { fill: this.palette.white });
    if (!checked) return;
    const { bold } = this.fonts;
    const glyph = size - 1;
    const width = bold.widthOfTextAtSize('X', glyph);
    this.text('X', { x: x + (size - width) / 2, baseline: top - size + 1.6, font: bold, size: glyph });
  }
}

/**
 * A new A4 document in French, its metadata's creator and date set, with a writer on its first
 * page in Helvetica and the portal's palette. pdf-lib is imported here, on the first PDF, not at
 * start: it costs ~90 ms of server start-up (the bundle hoists any static import of a package).
 */
export async function newA4Writer(meta: { title: string; creator: string; createdAt: Date }) {
  const { PDFDocument, rgb, setCharacterSpacing, StandardFonts } = await import('pdf-lib');
  const palette: Palette = {
    ink: rgb(0, 0, 0),
    grey: rgb(0.35, 0.35, 0.35),
    line: rgb(0.45, 0.45, 0.5),
    band: rgb(0.16, 0.24, 0.42),
    white: rgb(1, 1, 1),
  };
  const doc = await PDFDocument.create();
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  doc.setTitle(meta.title);
  doc.setCreator(meta.creator);
  doc.setLanguage('fr-FR');
  doc.setCreationDate(meta.createdAt);
  const writer = new PdfWriter(doc, winAnsiSanitizer(regular), { regular, bold }, palette, {
    setCharacterSpacing,
  });
  return { doc, writer };
}

/** Writes `footer(page index)` at the bottom right of every page, small and grey. */
export function drawFooters(writer: PdfWriter, footer: (index: number) => string) {
  const { regular } = writer.fonts;
  writer.pages.forEach((page, index) => {
    const text = writer.sanitize(footer(index));
    page.drawText(text, {
      x: PAGE_WIDTH - MARGIN - regular.widthOfTextAtSize(text, 7.5),
      y: MARGIN / 2,
      font: regular,
      size: 7.5,
      color: writer.palette.grey,
    });
  });
}
