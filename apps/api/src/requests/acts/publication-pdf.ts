import { publicationStamp } from '@voirie/domain';
import { winAnsiSanitizer } from '../../files/win-ansi.ts';
import type { PdfAConverter } from '../../files/pdf-a.ts';
import { sealPdf, type SealDeps } from './seal.ts';

// The published PDF of an act (docs/acts.md « Publication »), in this order: the stamp on its
// first page (pdf-lib), then PDF/A-2b (Ghostscript embeds the stamp's font too), then the seal —
// last, since any later rewrite would break it — and the SHA-256 of those final bytes.

export interface PublicationPdfDeps extends SealDeps {
  /** Ghostscript's PDF/A conversion (files/pdf-a.ts); null where it is not installed. */
  pdfA: PdfAConverter;
}

export interface PublicationPdf {
  bytes: Uint8Array;
  pdfa: boolean;
  sealed: boolean;
}

const STAMP_SIZE = 9;
const STAMP_PADDING = 4;

/** Writes « Publié sous forme électronique le … » in a framed band at the top of the first page. */
export async function stampFirstPage(pdf: Uint8Array, at: Date): Promise<Uint8Array> {
  const { PDFDocument, StandardFonts, rgb } = await import('pdf-lib');
  const document = await PDFDocument.load(pdf, { updateMetadata: false });
  const page = document.getPage(0);
  const font = await document.embedFont(StandardFonts.HelveticaBold);
  const text = winAnsiSanitizer(font)(publicationStamp(at));
  const width = font.widthOfTextAtSize(text, STAMP_SIZE);
  const { width: pageWidth, height: pageHeight } = page.getSize();
  const x = Math.max(STAMP_PADDING * 2, pageWidth - width - 36);
  const y = pageHeight - 24;
  page.drawRectangle({
    x: x - STAMP_PADDING,
    y: y - STAMP_PADDING,
    width: width + 2 * STAMP_PADDING,
    height: STAMP_SIZE + 2 * STAMP_PADDING,
    color: rgb(1, 1, 1),
    borderColor: rgb(0.1, 0.2, 0.5),
    borderWidth: 0.8,
  });
  page.drawText(text, { x, y: y + 1, size: STAMP_SIZE, font, color: rgb(0.1, 0.2, 0.5) });
  return document.save();
}

/**
 * The signed PDF as it is published at `at`: stamped, PDF/A when Ghostscript is there (else as
 * stamped, `pdfa: false`), sealed when a certificate is configured. Throws when the PDF cannot be
 * read or Ghostscript fails: the publication is then retried (act-publication.ts).
 */
export async function publicationPdf(
  deps: PublicationPdfDeps,
  signed: Uint8Array,
  at: Date,
): Promise<PublicationPdf> {
  const stamped = await stampFirstPage(signed, at).catch(async (error: unknown) => {
    // A PDF pdf-lib cannot read (a damaged cross-reference table): Ghostscript rewrites it first.
    const rewritten = await deps.pdfA(signed);
    if (!rewritten) throw error;
    return stampFirstPage(rewritten, at);
  });
  const archived = await deps.pdfA(stamped);
  const { bytes, sealed } = await sealPdf(deps, archived ?? stamped, { reason: 'Publication électronique' });
  return { bytes, pdfa: archived !== null, sealed };
}
