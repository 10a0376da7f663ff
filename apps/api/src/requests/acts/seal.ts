import { cadesDetachedSignature } from './seal-cms.ts';
import { loadSealCertificate, type SealDeps } from './seal-store.ts';

// The authority's electronic seal on the PDFs the portal publishes and notifies (docs/acts.md
// « Seal », CGCT R2131-1: published « sous une forme non susceptible de modification »): a PAdES
// signature (ETSI.CAdES.detached) with the certificate an administrator configured, which any PDF
// reader checks — the document unaltered since it was sealed.

export type { SealDeps } from './seal-store.ts';

export interface SealOptions {
  /** Why it is sealed, shown by PDF readers (« Publication électronique », « Notification »). */
  reason: string;
  /** Where, shown by PDF readers; the community's name by default. */
  location?: string;
}

export interface SealResult {
  /** The sealed PDF; the bytes given, unchanged, when `sealed` is false. */
  bytes: Uint8Array;
  /** False when no certificate is configured or it has expired: the register says so. */
  sealed: boolean;
}

// Room for the CMS: a signer certificate and its chain of two or three CAs, with margin.
const SIGNATURE_BYTES = 16_384;

/**
 * Seals a PDF with the authority's certificate (`PUT acts/seal`), as the last step before it is
 * stored: any later change of one byte breaks the seal. Without a usable certificate the PDF is
 * returned as it is, `sealed: false`. Throws (INTERNAL, in French) when a certificate is stored
 * but this instance's SEAL_KEY cannot decrypt it. The PDF is rewritten by pdf-lib (not an
 * incremental update): seal a finished document, after any stamp or conversion.
 *
 * `deps` is `{ db, config }` — a RouteContext fits.
 */
export async function sealPdf(deps: SealDeps, pdf: Uint8Array, options: SealOptions): Promise<SealResult> {
  const certificate = await loadSealCertificate(deps);
  if (!certificate) return { bytes: pdf, sealed: false };
  // Loaded on first use: start-up time matters and most requests seal nothing.
  const [{ PDFDocument }, { pdflibAddPlaceholder }, { SignPdf, Signer }] = await Promise.all([
    import('pdf-lib'),
    import('@signpdf/placeholder-pdf-lib'),
    import('@signpdf/signpdf'),
  ]);
  const document = await PDFDocument.load(pdf);
  const signingTime = new Date();
  pdflibAddPlaceholder({
    pdfDoc: document,
    reason: options.reason,
    location: options.location ?? deps.config.communityName,
    name: certificate.holder,
    contactInfo: '',
    signingTime,
    signatureLength: SIGNATURE_BYTES,
    subFilter: 'ETSI.CAdES.detached',
    appName: 'Portail voirie',
  });
  // The placeholder's byte range must stay where @signpdf looks for it: no object streams.
  const prepared = Buffer.from(await document.save({ useObjectStreams: false }));
  class CadesSigner extends Signer {
    override sign(content: Buffer): Promise<Buffer> {
      return Promise.resolve(cadesDetachedSignature(certificate!, content));
    }
  }
  const sealed = await new SignPdf().sign(prepared, new CadesSigner(), signingTime);
  return { bytes: new Uint8Array(sealed), sealed: true };
}
