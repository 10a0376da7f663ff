// Bidirectional controls: invisible characters that make a viewer draw text in an
// order other than the one stored. A right-to-left override (U+202E) in a name turns
// « Dupont\u202Etxt.exe » into what reads as « Dupontexe.txt », and can make a date, an amount or
// an address in an official order read otherwise than it is written. French administrative text
// has no use for any of them: Arabic or Hebrew words still show in their direction by the
// Unicode algorithm itself, without explicit controls.

/**
 * The embeddings and overrides (U+202A–U+202E), the isolates (U+2066–U+2069) and the implicit
 * marks (U+200E LRM, U+200F RLM, U+061C ALM: they too move neutral characters such as digits'
 * separators and brackets).
 */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

/** The text without its bidirectional controls (see above). */
export function stripBidiControls(text: string): string {
  return text.replace(BIDI_CONTROLS, '');
}
