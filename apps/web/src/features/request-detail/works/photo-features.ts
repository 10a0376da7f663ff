import {
  DOCUMENT_TYPE_NAMES,
  isPhotoFarFromWorks,
  LOCATED_PHOTO_TYPE_IDS,
  photoDistanceWarning,
  type Document,
} from '@voirie/domain';
import type { FeaturePopupContent, MapFeature, MapFeatureId } from '../../map';

// The reception and road-disturbance photos that carry their place, as points of the request's
// map (docs/api-works.md: `lat`, `lon`, `distanceMetres` of `receptionDocuments`).

/** A located photo: the document with its place known. */
export type LocatedPhoto = Document & { lat: number; lon: number };

const FEATURE_PREFIX = 'photo-';

/** The photos whose place is known. */
export function locatedPhotos(documents: readonly Document[] | null | undefined): LocatedPhoto[] {
  return (documents ?? []).filter(
    (document): document is LocatedPhoto =>
      LOCATED_PHOTO_TYPE_IDS.includes(document.typeDocumentId) &&
      typeof document.lat === 'number' &&
      typeof document.lon === 'number',
  );
}

/** The map's points of the located photos. */
export function photoFeatures(photos: readonly LocatedPhoto[]): MapFeature[] {
  return photos.map((photo) => ({
    id: `${FEATURE_PREFIX}${String(photo.id)}`,
    geometry: { type: 'Point', coordinates: [photo.lon, photo.lat] },
  }));
}

/** The name of a document's type, from the answer or the domain's list. */
export function documentTypeName(document: Document): string {
  return document.typeDocument?.name ?? DOCUMENT_TYPE_NAMES[document.typeDocumentId] ?? '';
}

/** The warning beside a photo taken too far from the works, or null. */
export function photoWarning(document: Pick<Document, 'distanceMetres'>): string | null {
  return isPhotoFarFromWorks(document.distanceMetres) && typeof document.distanceMetres === 'number'
    ? photoDistanceWarning(document.distanceMetres)
    : null;
}

/** The popup of a photo's point: its name, its type and, when far from the works, the warning. */
export function photoPopup(photos: readonly LocatedPhoto[], id: MapFeatureId): FeaturePopupContent | null {
  const photo = photos.find((candidate) => `${FEATURE_PREFIX}${String(candidate.id)}` === id);
  if (!photo) return null;
  const warning = photoWarning(photo);
  return {
    title: photo.name,
    lines: [documentTypeName(photo), ...(warning ? [warning] : [])].filter(Boolean),
    warning: Boolean(warning),
  };
}
