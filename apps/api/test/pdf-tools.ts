import { execFileSync } from 'node:child_process';

// Poppler's command-line tools (Debian poppler-utils, installed by .ci/run) read back the PDFs
// the portal writes. They live in /usr/bin beside LibreOffice's soffice, which some test files
// take off PATH (orders-helpers.ts withoutLibreOfficeInFile): they are run with the PATH this
// module was loaded under.
const LOADED_PATH = process.env.PATH;

/** Runs a poppler tool (`pdftotext`, `pdfsig`…) on these PDF bytes (given on its standard input). */
export function popplerTool(tool: string, args: readonly string[], input?: Uint8Array): string {
  return execFileSync(tool, args, { input, env: { ...process.env, PATH: LOADED_PATH } }).toString('utf8');
}

/** The PDF's text as pdftotext reads it. */
export function pdfText(pdf: Uint8Array): string {
  return popplerTool('pdftotext', ['-', '-'], pdf);
}
