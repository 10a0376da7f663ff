import { describe, expect, test } from 'vitest';
import { imageDimensionsRefusal } from './upload-safety.ts';

describe('images by their declared dimensions (issue 27)', () => {
  test('a phone photo passes; 100,000 × 100,000 pixels is refused in French', () => {
    expect(imageDimensionsRefusal({ width: 8160, height: 6120 })).toBeNull();
    expect(imageDimensionsRefusal({ width: 100_000, height: 100_000 })).toBe(
      "L'image mesure 100\u202f000 × 100\u202f000 pixels : 50 mégapixels et 20\u202f000 pixels de côté au plus.",
    );
  });

  test('beyond 50 megapixels, or beyond 20,000 pixels on a side, even thin', () => {
    expect(imageDimensionsRefusal({ width: 10_000, height: 5_001 })).toMatch(/50 mégapixels/);
    expect(imageDimensionsRefusal({ width: 20_001, height: 1 })).toMatch(/de côté au plus/);
    expect(imageDimensionsRefusal({ width: 20_000, height: 2_500 })).toBeNull();
  });

  test('no readable dimensions, or a zero side, is refused', () => {
    expect(imageDimensionsRefusal(null)).toMatch(/ne peuvent pas être lues/);
    expect(imageDimensionsRefusal({ width: 0, height: 10 })).toMatch(/ne peuvent pas être lues/);
  });
});
