import type Docxtemplater from 'docxtemplater';
import type PizZip from 'pizzip';

export interface DocxLibs {
  Docxtemplater: typeof Docxtemplater;
  PizZip: typeof PizZip;
}

let loading: Promise<DocxLibs> | undefined;

/**
 * docxtemplater and pizzip, imported once on first use: only order requests need them, and
 * a static import would cost every server start (~36 ms). The bundle keeps `import()` of an
 * external package dynamic; a static import anywhere would be hoisted to the top.
 */
export function docxLibs(): Promise<DocxLibs> {
  loading ??= Promise.all([import('docxtemplater'), import('pizzip')]).then(([docxtemplater, pizzip]) => ({
    Docxtemplater: docxtemplater.default,
    PizZip: pizzip.default,
  }));
  return loading;
}
