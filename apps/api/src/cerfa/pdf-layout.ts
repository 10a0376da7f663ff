import { type CerfaForm, parisDateTime, PRODUCT_NAME } from '@voirie/domain';
import { drawSection } from './pdf-fields.ts';
import {
  CONTENT_WIDTH,
  drawFooters,
  MARGIN,
  newA4Writer,
  PAGE_WIDTH,
  type PdfWriter,
} from '../files/pdf-writer.ts';

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
  const requestLabel = `Demande n°${String(form.requestId)}`;
  const { doc, writer } = await newA4Writer({
    title: `Cerfa n°${form.type} – ${requestLabel}`,
    creator: PRODUCT_NAME,
    createdAt: generatedAt,
  });
  // The metadata carries the identity of the document, for search tools and tests.
  doc.setSubject(`${form.reference} – ${form.title} – ${requestLabel}`);
  doc.setKeywords(['cerfa', form.type, requestLabel]);
  drawHeader(writer, form, generatedAt);
  for (const section of form.sections) drawSection(writer, section);

  drawFooters(
    writer,
    (index) =>
      `${form.reference} – ${requestLabel} – page ${String(index + 1)} / ${String(writer.pages.length)}`,
  );
  return doc.save();
}
