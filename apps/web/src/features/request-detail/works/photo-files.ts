import {
  checkUpload,
  MAX_UPLOAD_BYTES,
  mimeTypeLabel,
  UI_LIMITS,
  UPLOAD_MIME_TYPES,
  type UploadContext,
} from '@voirie/domain';

// The photos an instructor joins to a reception outcome or a road-disturbance report: up to 5
// (docs/validation.md "Reception dialogs", docs/constants.md "Limits and timings"), of the upload
// context's types, each within the size limit.

export const PHOTO_TEXTS = {
  refusalPhotos: 'Photos du refus',
  disturbancePhotos: 'Photos de la perturbation',
  hint: (max: number, types: readonly string[]) =>
    `${String(max)} fichiers au plus (${types.map(mimeTypeLabel).join(', ')}).`,
  tooMany: (max: number) => `Vous ne pouvez pas joindre plus de ${String(max)} photos.`,
  remove: (name: string) => `Retirer ${name}`,
  chosen: 'Photos choisies',
} as const;

/** The most photos one report carries. */
export const MAX_PHOTOS = UI_LIMITS.maxRefusalPhotos;

/** The file input's `accept` for an upload context. */
export function photoAccept(context: UploadContext): string {
  return UPLOAD_MIME_TYPES[context].join(',');
}

/**
 * Adds picked files to the chosen ones: a file of a refused type or size is left out with the
 * domain's message, and no more than MAX_PHOTOS are kept.
 */
export function addPhotos(
  current: readonly File[],
  picked: readonly File[],
  options: { context: UploadContext; maxBytes?: number },
): { files: File[]; error: string | null } {
  const files = [...current];
  let error: string | null = null;
  for (const file of picked) {
    const refusal = checkUpload(
      options.context,
      { mimeType: file.type, size: file.size },
      options.maxBytes ?? MAX_UPLOAD_BYTES,
    );
    if (refusal) error ??= `${file.name} : ${refusal}`;
    else if (files.length >= MAX_PHOTOS) error ??= PHOTO_TEXTS.tooMany(MAX_PHOTOS);
    else files.push(file);
  }
  return { files, error };
}
