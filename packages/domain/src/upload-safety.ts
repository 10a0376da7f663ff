// What a file declares about itself, checked before it is stored or decoded (issue 27): a small
// file may stand for a huge image (a PNG declaring 100,000 × 100,000 pixels, 40 GB once decoded).
// The server reads the declaration — an image's header — and these rules decide.

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
