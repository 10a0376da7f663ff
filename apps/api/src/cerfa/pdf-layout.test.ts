import { describe, expect, test } from 'vitest';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { wrapText } from '../files/pdf-writer.ts';
import { winAnsiSanitizer } from '../files/win-ansi.ts';

const font = async () => (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);

describe('cerfa PDF text', () => {
  test('keeps French and WinAnsi characters, replaces the others instead of throwing', async () => {
    const helvetica = await font();
    const sanitize = winAnsiSanitizer(helvetica);
    expect(sanitize('Œuvre déjà reçue à l’été… 5 €')).toBe('Œuvre déjà reçue à l’été… 5 €');
    expect(sanitize('ﬁn\u202fKőrös ≥ 3 🚧\tx')).toBe('fin Korös >= 3 ? x');
    expect(() => helvetica.encodeText(sanitize('Łódź ✓ 漢字'))).not.toThrow();
  });

  test('wraps on spaces to the width, and cuts words longer than a line', async () => {
    const helvetica = await font();
    const width = helvetica.widthOfTextAtSize('Demande de permission', 10);
    expect(wrapText('Demande de permission de voirie', helvetica, 10, width)).toEqual([
      'Demande de permission',
      'de voirie',
    ]);
    const lines = wrapText('x'.repeat(200), helvetica, 10, width);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.join('')).toBe('x'.repeat(200));
    for (const line of lines) expect(helvetica.widthOfTextAtSize(line, 10)).toBeLessThanOrEqual(width);
  });
});
