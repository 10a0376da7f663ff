import { describe, expect, it } from 'vitest';
import type { RequestFeatures } from '../api/requests-list-api';
import { ALIGNEMENT_WARNING, popupOfRequest, requestMapFeatures, requestPopup } from './map-popup';
import type { RequestRow } from './row-actions';

const line = {
  type: 'LineString' as const,
  coordinates: [
    [-1.43, 43.63],
    [-1.42, 43.63],
  ] as [number, number][],
};

function features(
  ...items: {
    id: number;
    geometry: RequestFeatures['features'][number]['geometry'];
    dateStart?: string | null;
  }[]
): RequestFeatures {
  return {
    type: 'FeatureCollection',
    features: items.map(({ id, geometry, dateStart = '2026-04-01' }) => ({
      type: 'Feature',
      id,
      geometry,
      properties: { id, publicId: `p${String(id)}`, type: 1, stateId: 3, dateStart, dateEnd: '2026-04-15' },
    })),
  };
}

const row = (overrides: Partial<RequestRow>) => ({ id: 1, type: 1, stateId: 3, ...overrides }) as RequestRow;

describe("the popup of a request on the list's map", () => {
  it('shows the id, the start and end dates as DD/MM/YYYY', () => {
    expect(requestPopup({ id: 1234, dateStart: '2026-04-01', dateEnd: '2026-04-15' })).toEqual({
      title: 'Demande n° 1234',
      lines: ['Début des travaux : 01/04/2026', 'Fin des travaux : 15/04/2026'],
    });
    expect(requestPopup({ id: 5, dateStart: '2026-04-01T00:00:00.000Z', dateEnd: null }).lines).toEqual([
      'Début des travaux : 01/04/2026',
      'Fin des travaux : non renseignée',
    ]);
  });

  it("warns 'Alignement' when there is no start date", () => {
    expect(requestPopup({ id: 77, dateStart: null, dateEnd: '2026-04-15' })).toEqual({
      title: 'Demande n° 77',
      lines: [ALIGNEMENT_WARNING],
      warning: true,
    });
    expect(ALIGNEMENT_WARNING).toContain('Alignement');
  });

  it("reads the row's dates, else the feature's; null for a request not on the page", () => {
    const page = features({ id: 9, geometry: line, dateStart: null });
    expect(popupOfRequest(9, page, [])?.warning).toBe(true);
    expect(popupOfRequest(9, page, [row({ id: 9, dateStart: '2026-05-02' })])?.lines[0]).toBe(
      'Début des travaux : 02/05/2026',
    );
    expect(popupOfRequest(10, page, [])).toBeNull();
  });
});

describe("the list's requests as map features", () => {
  it('keeps the features with a position, once', () => {
    const page = features(
      { id: 1, geometry: { type: 'GeometryCollection', geometries: [line] } },
      { id: 2, geometry: { type: 'GeometryCollection', geometries: [] } },
      { id: 3, geometry: null },
      { id: 1, geometry: line },
    );
    const result = requestMapFeatures(page);
    // A feature without positions is not drawn (rows carry no coordinates of their own).
    expect(result).toEqual([{ id: 1, geometry: { type: 'GeometryCollection', geometries: [line] } }]);
    expect(requestMapFeatures(undefined)).toEqual([]);
  });
});
