import { formatMegabytes } from './documents.ts';

// What a file declares about itself, checked before it is stored, decoded or converted (issue
// 27): a small file may stand for a huge image (a PNG declaring 100,000 × 100,000 pixels, 40 GB
// once decoded) or a huge document (a zip bomb: gigabytes once inflated). The server reads the
// declarations — an image's header, a zip's central directory — and these rules decide.

/**
 * Images: 50 megapixels (a 12 to 50 Mpx phone photo passes; a 20 MB JPEG holds about that much)
 * and 20,000 pixels on a side (a panorama passes, a one-pixel-high strip of a billion does not).
 */
export const IMAGE_LIMITS = { maxPixels: 50_000_000, maxSide: 20_000 } as const;

/** An image's size as its header declares it, in pixels. */
export interface ImageDimensions {
  width: number;
  height: number;
}

const integer = (value: number) => value.toLocaleString('fr-FR');

export const IMAGE_MESSAGES = {
  tooLarge: (dimensions: ImageDimensions) =>
    `L'image mesure ${integer(dimensions.width)} × ${integer(dimensions.height)} pixels : ` +
    `${integer(IMAGE_LIMITS.maxPixels / 1_000_000)} mégapixels et ${integer(IMAGE_LIMITS.maxSide)} pixels de côté au plus.`,
  unreadable: "Les dimensions de l'image ne peuvent pas être lues : le fichier est incomplet ou abîmé.",
} as const;

/**
 * The refusal of an image by its declared dimensions (null: none could be read), or null when
 * it is within IMAGE_LIMITS.
 */
export function imageDimensionsRefusal(dimensions: ImageDimensions | null): string | null {
  if (!dimensions || dimensions.width <= 0 || dimensions.height <= 0) return IMAGE_MESSAGES.unreadable;
  const { width, height } = dimensions;
  if (
    width > IMAGE_LIMITS.maxSide ||
    height > IMAGE_LIMITS.maxSide ||
    width * height > IMAGE_LIMITS.maxPixels
  )
    return IMAGE_MESSAGES.tooLarge(dimensions);
  return null;
}

/**
 * Office files (DOCX, XLSX, ODT, ODS are zips): at most 10,000 entries, 100 MB once inflated
 * (a 20 MB Word document of text and pictures inflates to a few tens), and no entry over 1 MB
 * inflating more than 100 times its compressed size (XML compresses 5 to 20 times; the small
 * entries, however repetitive, are harmless).
 */
export const ZIP_LIMITS = {
  maxEntries: 10_000,
  maxTotalBytes: 100 * 1024 * 1024,
  maxRatio: 100,
  ratioFloorBytes: 1024 * 1024,
} as const;

/** One entry of a zip's central directory, as declared there. */
export interface ZipEntrySize {
  name: string;
  compressedSize: number;
  uncompressedSize: number;
}

export const ZIP_MESSAGES = {
  tooManyEntries: (count: number) =>
    `Le fichier est une archive de ${integer(count)} éléments : ${integer(ZIP_LIMITS.maxEntries)} au plus.`,
  tooLarge: (bytes: number) =>
    `Une fois décompressé, le fichier ferait ${formatMegabytes(bytes)} : ${formatMegabytes(ZIP_LIMITS.maxTotalBytes)} au plus.`,
  overCompressed: (name: string) =>
    `Le fichier contient un élément anormalement compressé (« ${name} », plus de ${integer(ZIP_LIMITS.maxRatio)} fois sa taille) : il est refusé.`,
  inconsistent:
    "Le fichier est une archive illisible ou incohérente (son contenu ne correspond pas à ce qu'elle déclare).",
} as const;

/** The refusal of a zip by the entry count its directory declares, or null. */
export function zipEntryCountRefusal(count: number): string | null {
  return count > ZIP_LIMITS.maxEntries ? ZIP_MESSAGES.tooManyEntries(count) : null;
}

/**
 * The refusal of a zip by its central directory's declared sizes (ZIP_LIMITS), or null. The
 * declarations may lie: the server also checks that no entry inflates beyond its declared size.
 */
export function zipEntriesRefusal(entries: readonly ZipEntrySize[]): string | null {
  const countRefusal = zipEntryCountRefusal(entries.length);
  if (countRefusal) return countRefusal;
  const total = entries.reduce((sum, entry) => sum + entry.uncompressedSize, 0);
  if (total > ZIP_LIMITS.maxTotalBytes) return ZIP_MESSAGES.tooLarge(total);
  const bomb = entries.find(
    (entry) =>
      entry.uncompressedSize > ZIP_LIMITS.ratioFloorBytes &&
      entry.uncompressedSize > entry.compressedSize * ZIP_LIMITS.maxRatio,
  );
  return bomb ? ZIP_MESSAGES.overCompressed(bomb.name) : null;
}
