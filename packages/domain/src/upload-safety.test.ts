import { describe, expect, test } from 'vitest';
import { imageDimensionsRefusal, zipEntriesRefusal, zipEntryCountRefusal } from './upload-safety.ts';

const MB = 1024 * 1024;

describe('images by their declared dimensions', () => {
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

describe('zips by their central directory', () => {
  const entry = (name: string, compressedSize: number, uncompressedSize: number) => ({
    name,
    compressedSize,
    uncompressedSize,
  });

  test('a Word document passes', () => {
    expect(
      zipEntriesRefusal([
        entry('[Content_Types].xml', 400, 1_500),
        entry('word/document.xml', 60_000, 900_000),
        entry('word/media/image1.png', 2 * MB, 2 * MB),
      ]),
    ).toBeNull();
  });

  test('too many entries, too much once inflated, an entry inflating over 100 times', () => {
    expect(zipEntryCountRefusal(10_001)).toMatch(/10\u202f001 éléments : 10\u202f000 au plus/);
    expect(zipEntryCountRefusal(10_000)).toBeNull();
    expect(zipEntriesRefusal([entry('xl/worksheets/sheet1.xml', 20 * MB, 150 * MB)])).toBe(
      'Une fois décompressé, le fichier ferait 150 Mo : 100 Mo au plus.',
    );
    expect(zipEntriesRefusal([entry('xl/sharedStrings.xml', 50_000, 40 * MB)])).toBe(
      'Le fichier contient un élément anormalement compressé (« xl/sharedStrings.xml », plus de 100 fois sa taille) : il est refusé.',
    );
  });

  test('a small entry may be very compressed: under 1 MB it is harmless', () => {
    expect(zipEntriesRefusal([entry('word/settings.xml', 100, 900_000)])).toBeNull();
  });
});
