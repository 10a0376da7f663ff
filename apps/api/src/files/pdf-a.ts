import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findOnPath, runCommand } from './pdf-converter.ts';

// PDF/A-2b by Ghostscript (docs/acts.md « Publication »): the published acts are archived in a
// format that cannot depend on anything outside the file (fonts embedded, colours declared).
// LibreOffice, which makes the orders, is its Writer here and cannot open a PDF; Ghostscript
// rewrites any PDF. Without it (a laptop) the act is published as it is, and its row says so.

/** Turns a PDF into PDF/A-2b; null when Ghostscript is not installed. Throws when it fails. */
export type PdfAConverter = (pdf: Uint8Array) => Promise<Uint8Array | null>;

export function ghostscriptPdfA(options: { command?: string; timeoutMs?: number } = {}): PdfAConverter {
  const command = options.command ?? 'gs';
  const timeoutMs = options.timeoutMs ?? 60_000;
  return async (pdf) => {
    const executable = await findOnPath(command);
    if (!executable) return null;
    const dir = await mkdtemp(path.join(tmpdir(), 'voirie-pdfa-'));
    try {
      const input = path.join(dir, 'in.pdf');
      const output = path.join(dir, 'out.pdf');
      await writeFile(input, pdf);
      await runCommand(
        executable,
        [
          '-q',
          '-dSAFER',
          '-dPDFA=2',
          '-dBATCH',
          '-dNOPAUSE',
          '-dNOOUTERSAVE',
          '-sDEVICE=pdfwrite',
          '-sColorConversionStrategy=RGB',
          // A feature PDF/A forbids is dropped rather than the conversion refused.
          '-dPDFACompatibilityPolicy=1',
          `-sOutputFile=${output}`,
          input,
        ],
        timeoutMs,
      );
      const converted = await readFile(output);
      if (converted.subarray(0, 5).toString('latin1') !== '%PDF-')
        throw new Error('Ghostscript did not produce a PDF');
      return new Uint8Array(converted);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  };
}
