import { describe, expect, it } from 'vitest';
import type { RequestFeatures } from '../api/requests-list-api';
import {
  ALIGNEMENT_WARNING,
  describeRequestsOnMap,
  locatedRequest,
  popupOfRequest,
  requestPopup,
} from './map-popup';

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

  it("reads the properties of the request's tile: its dates, the warning when a tile has none", () => {
    // A tile's properties: { id, publicId, type, stateId, dateStart?, dateEnd? }.
    const tile = {
      id: 9,
      publicId: 'p9',
      type: 1,
      stateId: 4,
      dateStart: '2026-05-02',
      dateEnd: '2026-05-20',
    };
    expect(popupOfRequest(9, tile)).toEqual({
      title: 'Demande n° 9',
      lines: ['Début des travaux : 02/05/2026', 'Fin des travaux : 20/05/2026'],
    });
    const alignment = { id: 10, publicId: 'p10', type: 2, stateId: 3 };
    expect(popupOfRequest(10, alignment)).toEqual({
      title: 'Demande n° 10',
      lines: [ALIGNEMENT_WARNING],
      warning: true,
    });
    expect(popupOfRequest(11, { id: 11, dateStart: '2026-05-02' })?.lines[1]).toBe(
      'Fin des travaux : non renseignée',
    );
    // Odd values are no dates; without properties there is no popup.
    expect(popupOfRequest(12, { dateStart: 20260502 })?.warning).toBe(true);
    expect(popupOfRequest(12, undefined)).toBeNull();
  });
});

describe("a request located from its row on the list's map", () => {
  it("zooms onto the page's feature with a position, its popup from the feature's properties", () => {
    const page = features(
      { id: 1, geometry: { type: 'GeometryCollection', geometries: [] } },
      { id: 1, geometry: { type: 'GeometryCollection', geometries: [line] }, dateStart: '2026-06-01' },
      { id: 2, geometry: line },
    );
    const row = { id: 1, dateStart: '2020-01-01', dateEnd: null };
    const selection = locatedRequest(row, page);
    expect(selection).toEqual({
      id: 1,
      zoom: true,
      geometry: { type: 'GeometryCollection', geometries: [line] },
      properties: page.features[1]?.properties,
    });
    expect(popupOfRequest(selection.id, selection.properties)?.lines[0]).toBe(
      'Début des travaux : 01/06/2026',
    );
    // A new object each time: the same request located again zooms again.
    expect(locatedRequest(row, page)).not.toBe(selection);
  });

  it("without a feature on the page, selects the request by id with the row's dates", () => {
    const selection = locatedRequest({ id: 3, dateStart: null, dateEnd: null }, features());
    expect(selection).toMatchObject({ id: 3, zoom: true, geometry: null });
    expect(popupOfRequest(selection.id, selection.properties)?.warning).toBe(true);
    expect(locatedRequest({ id: 4, dateStart: null, dateEnd: null }, undefined).geometry).toBeNull();
  });
});

describe("the text under the list's map", () => {
  it("counts the list's requests, not the page's, in French", () => {
    expect(describeRequestsOnMap({ total: 0 })).toBe('Aucune demande de la liste sur la carte');
    expect(describeRequestsOnMap({ total: 1 })).toBe('La demande de la liste est sur la carte');
    expect(describeRequestsOnMap({ total: 2 })).toBe('Les 2 demandes de la liste sont sur la carte');
    // Thousands grouped the French way (a narrow no-break space).
    expect(describeRequestsOnMap({ total: 1234 })).toBe(
      'Les 1\u202f234 demandes de la liste sont sur la carte',
    );
    expect(describeRequestsOnMap({ total: 10_000, capped: true })).toBe(
      'Plus de 10\u202f000 demandes de la liste sont sur la carte',
    );
    expect(describeRequestsOnMap(undefined)).toBe('Demandes de la liste en cours de chargement');
  });
});
