import type { PDFFont } from 'pdf-lib';

// The standard PDF fonts only know WinAnsi (Latin-1 plus œ, ’, …, €): pdf-lib throws on any
// other character. Request data is free text (pasted names, emoji, narrow spaces), so every
// string is passed through here before it is drawn.

/** Look-alikes for characters NFKD does not reduce to WinAnsi. */
const REPLACEMENTS: Readonly<Record<string, string>> = {
  '\u2010': '-',
  '\u2011': '-',
  '\u2212': '-',
  '\u2192': '->',
  '\u2190': '<-',
  '\u2264': '<=',
  '\u2265': '>=',
  '\u2032': "'",
  '\u2033': '"',
};

/** A function that makes any text drawable with this font. */
export function winAnsiSanitizer(font: PDFFont): (text: string) => string {
  const supported = new Set(font.getCharacterSet());
  const drawable = (text: string) =>
    Array.from(text).every((char) => supported.has(char.codePointAt(0) ?? -1));
  return (text) =>
    Array.from(text, (char) => {
      const code = char.codePointAt(0) ?? 0;
      if (supported.has(code)) return char;
      if (code < 0x20 || /\s/u.test(char)) return ' ';
      // NFKD: ligatures to letters, accented letters outside Latin-1 (ő, ł…) to their base.
      const replaced = REPLACEMENTS[char] ?? char.normalize('NFKD').replace(/\p{M}/gu, '');
      return replaced && drawable(replaced) ? replaced : '?';
    }).join('');
}
