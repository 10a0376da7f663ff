import { type CerfaForm, parisDateTime, PRODUCT_NAME } from '@voirie/domain';
import { drawSection } from './pdf-fields.ts';
import { CONTENT_WIDTH, MARGIN, PAGE_WIDTH, PdfWriter, type Palette } from './pdf-writer.ts';
import { winAnsiSanitizer } from './win-ansi.ts';

// The printable cerfa (docs/screens.md "Cerfa view") as the official form is laid out: the cerfa box and the
// title with the texts it is issued under, the request's number, then the numbered sections
// with their boxes (apps/api/src/cerfa/pdf-fields.ts), and the form's reference on each page.

const CERFA_BOX = { width: 92, height: 46 };

/** The header: the cerfa box (its number), the title, legal basis and notes beside it, the request. */
function drawHeader(writer: PdfWriter, form: CerfaForm, generatedAt: Date) {
  const { regular, bold } = writer.fonts;
  const { grey } = writer.palette;
  const top = writer.y;
  writer.rect(MARGIN, top, CERFA_BOX.width, CERFA_BOX.height);
  writer.text('cerfa', { x: MARGIN + 8, baseline: top - 20, font: bold, size: 18 });
  writer.text(form.reference.replace(/^cerfa /, ''), {
    x: MARGIN + 8,
    baseline: top - 36,
    font: regular,
    size: 8.5,
  });
  const x = MARGIN + CERFA_BOX.width + 12;
  const width = CONTENT_WIDTH - CERFA_BOX.width - 12;
  let baseline = top - 14;
  for (const line of writer.lines(`« ${form.title} »`, bold, 13, width)) {
    writer.text(line, { x, baseline, font: bold, size: 13 });
    baseline -= 15;
  }
  for (const line of form.legalBasis.flatMap((text) => writer.lines(text, regular, 7.5, width))) {
    writer.text(line, { x, baseline, font: regular, size: 7.5, color: grey });
    baseline -= 9.5;
  }
  for (const line of (form.notes ?? []).flatMap((text) => writer.lines(text, bold, 8.5, width))) {
    writer.text(line, { x, baseline: baseline - 2, font: bold, size: 8.5 });
    baseline -= 11;
  }
  writer.y = Math.min(top - CERFA_BOX.height, baseline) - 10;
  writer.text(`Demande n°${String(form.requestId)}`, {
    x: MARGIN,
    baseline: writer.y - 10,
    font: bold,
    size: 11,
  });
  const edited = `Édité le ${parisDateTime(generatedAt)} par le ${PRODUCT_NAME}`;
  const editedWidth = regular.widthOfTextAtSize(writer.sanitize(edited), 7.5);
  writer.text(edited, {
    x: PAGE_WIDTH - MARGIN - editedWidth,
    baseline: writer.y - 10,
    font: regular,
    size: 7.5,
    color: grey,
  });
  writer.y -= 22;
}

/** The filled form as an A4 PDF: header, numbered sections with their boxes, page numbers. */
export async function renderCerfaPdf(form: CerfaForm, generatedAt = new Date()): Promise<Uint8Array> {
  // Imported on the first PDF, not at start: pdf-lib costs ~90 ms of server start-up (the
  // bundle hoists any static import of a package, hence import() here and types elsewhere).
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
  const sanitize = winAnsiSanitizer(regular);
  const requestLabel = `Demande n°${String(form.requestId)}`;
  // The metadata carries the identity of the document, for search tools and tests.
  doc.setTitle(`Cerfa n°${form.type} – ${requestLabel}`);
  doc.setSubject(`${form.reference} – ${form.title} – ${requestLabel}`);
  doc.setKeywords(['cerfa', form.type, requestLabel]);
  doc.setCreator(PRODUCT_NAME);
  doc.setLanguage('fr-FR');
  doc.setCreationDate(generatedAt);

  const writer = new PdfWriter(doc, sanitize, { regular, bold }, palette, { setCharacterSpacing });
  drawHeader(writer, form, generatedAt);
  for (const section of form.sections) drawSection(writer, section);

  const footer = (index: number) =>
    `${form.reference} – ${requestLabel} – page ${String(index + 1)} / ${String(writer.pages.length)}`;
  writer.pages.forEach((page, index) => {
    const text = sanitize(footer(index));
    const width = regular.widthOfTextAtSize(text, 7.5);
    page.drawText(text, {
      x: PAGE_WIDTH - MARGIN - width,
      y: MARGIN / 2,
      font: regular,
      size: 7.5,
      color: palette.grey,
    });
  });
  return doc.save();
}
