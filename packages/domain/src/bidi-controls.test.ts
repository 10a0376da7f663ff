import { describe, expect, test } from 'vitest';
import { stripBidiControls } from './bidi-controls.ts';

describe('bidirectional controls', () => {
  test('overrides, embeddings, isolates and marks are removed; the rest is kept', () => {
    const controls = '\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069\u200E\u200F\u061C';
    expect(stripBidiControls(`Dupont\u202Etxt.exe`)).toBe('Duponttxt.exe');
    expect(stripBidiControls(`12${controls} rue des Pins`)).toBe('12 rue des Pins');
    expect(stripBidiControls('Élodie — 5 € ; السلام')).toBe('Élodie — 5 € ; السلام');
  });
});
