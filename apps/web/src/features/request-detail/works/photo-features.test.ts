import { describe, expect, it } from 'vitest';
import { aDocument } from '../model/detail-fixtures';
import { locatedPhotos, photoFeatures, photoPopup, photoWarning } from './photo-features';

const placed = (id: number, typeDocumentId: number, distanceMetres: number | null) => ({
  ...aDocument(id, typeDocumentId, { typeName: `Type ${String(typeDocumentId)}`, nature: 'réception' }),
  lat: 43.64,
  lon: -1.44,
  distanceMetres,
});

describe('located photos', () => {
  it('keeps the reception and road-disturbance photos that carry their place', () => {
    const photos = locatedPhotos([
      placed(1, 104, 12),
      placed(2, 111, null),
      placed(3, 103, 5),
      aDocument(4, 105, { nature: 'réception' }),
    ]);
    expect(photos.map((photo) => photo.id)).toEqual([1, 2]);
    expect(photoFeatures(photos)).toEqual([
      { id: 'photo-1', geometry: { type: 'Point', coordinates: [-1.44, 43.64] } },
      { id: 'photo-2', geometry: { type: 'Point', coordinates: [-1.44, 43.64] } },
    ]);
  });

  it('warns above 200 m only', () => {
    expect(photoWarning({ distanceMetres: 200 })).toBeNull();
    expect(photoWarning({ distanceMetres: null })).toBeNull();
    expect(photoWarning({ distanceMetres: 200.4 })).toBe('Photo prise à 200 m des travaux (plus de 200 m).');
    const photos = locatedPhotos([placed(1, 104, 12), placed(2, 111, 1234)]);
    expect(photoPopup(photos, 'photo-1')).toEqual({
      title: 'piece-1.pdf',
      lines: ['Type 104'],
      warning: false,
    });
    expect(photoPopup(photos, 'photo-2')).toEqual({
      title: 'piece-2.pdf',
      lines: ['Type 111', 'Photo prise à 1234 m des travaux (plus de 200 m).'],
      warning: true,
    });
    expect(photoPopup(photos, 'photo-9')).toBeNull();
  });
});
