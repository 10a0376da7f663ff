// The printable cerfa forms (docs/screens.md "Cerfa view"): one description shared by the web
// replica and the PDF.
export * from './cerfa-fields.ts';
export * from './cerfa-forms.ts';
export * from './cerfa-14023-form.ts';
export * from './cerfa-14024-form.ts';
export * from './location-fields.ts';
export * from './party-fields.ts';
