import { describe, expect, it } from 'vitest';
import {
  anchorOf,
  extentCenteredOn,
  isInsideRing,
  midpointOf,
  popupAnnouncement,
  popupPosition,
} from './features';

/** A 4 × 4 square ring. */
const square = [
  [0, 0],
  [4, 0],
  [4, 4],
  [0, 4],
  [0, 0],
];

describe('the point of a feature its popup shows and the map centres', () => {
  it('is the point itself, the middle of a line, the longest line of several', () => {
    expect(anchorOf({ type: 'Point', coordinates: [-1.3, 43.6] })).toEqual([-1.3, 43.6]);
    expect(
      anchorOf({
        type: 'MultiPoint',
        coordinates: [
          [1, 2],
          [3, 4],
        ],
      }),
    ).toEqual([1, 2]);
    // Halfway along the length, not the middle vertex: 3 of the 6 units.
    expect(
      anchorOf({
        type: 'LineString',
        coordinates: [
          [0, 0],
          [1, 0],
          [1, 5],
        ],
      }),
    ).toEqual([1, 2]);
    expect(
      anchorOf({
        type: 'MultiLineString',
        coordinates: [
          [
            [0, 0],
            [0, 1],
          ],
          [
            [10, 0],
            [14, 0],
          ],
        ],
      }),
    ).toEqual([12, 0]);
  });

  it('is the centre of a polygon when inside, else a point of its outline', () => {
    expect(anchorOf({ type: 'Polygon', coordinates: [square] })).toEqual([2, 2]);
    // A U shape: the box centre (2, 2) falls in the notch.
    const u = [
      [0, 0],
      [4, 0],
      [4, 4],
      [3, 4],
      [3, 1],
      [1, 1],
      [1, 4],
      [0, 4],
      [0, 0],
    ];
    const anchor = anchorOf({ type: 'Polygon', coordinates: [u] });
    expect(anchor).not.toEqual([2, 2]);
    expect(anchor).toEqual(midpointOf(u));
    // A hole around the centre.
    const hole = [
      [1, 1],
      [3, 1],
      [3, 3],
      [1, 3],
      [1, 1],
    ];
    expect(anchorOf({ type: 'Polygon', coordinates: [square, hole] })).toEqual(midpointOf(square));
    expect(anchorOf({ type: 'MultiPolygon', coordinates: [[square]] })).toEqual([2, 2]);
  });

  it('is the first non-empty part of a collection; null when empty', () => {
    expect(anchorOf({ type: 'GeometryCollection', geometries: [] })).toBeNull();
    expect(
      anchorOf({
        type: 'GeometryCollection',
        geometries: [
          { type: 'LineString', coordinates: [] },
          { type: 'Point', coordinates: [5, 6] },
        ],
      }),
    ).toEqual([5, 6]);
    expect(anchorOf(null)).toBeNull();
    expect(anchorOf({ type: 'Point', coordinates: [] })).toBeNull();
  });

  it('tells a point inside a ring', () => {
    expect(isInsideRing([1, 1], square)).toBe(true);
    expect(isInsideRing([5, 1], square)).toBe(false);
  });
});

describe('the extent fitted when locating a feature', () => {
  it('is centred on the anchor and holds the whole feature', () => {
    expect(extentCenteredOn([1, 2], [0, 0, 4, 4])).toEqual([-2, 0, 4, 4]);
    expect(extentCenteredOn([2, 2], [0, 0, 4, 4])).toEqual([0, 0, 4, 4]);
    // A point: an empty extent on it (the fit then stops at zoom 18).
    expect(extentCenteredOn([3, 3], [3, 3, 3, 3])).toEqual([3, 3, 3, 3]);
  });
});

describe('the popup over the map', () => {
  it('sits above its point, centred, inside the map', () => {
    expect(popupPosition([400, 300], [200, 100], [800, 420])).toEqual({ left: 300, top: 186 });
    // Near the top: below the point. Near the left and right edges: kept inside.
    expect(popupPosition([400, 50], [200, 100], [800, 420])).toEqual({ left: 300, top: 64 });
    expect(popupPosition([10, 300], [200, 100], [800, 420])).toEqual({ left: 4, top: 186 });
    expect(popupPosition([790, 300], [200, 100], [800, 420])).toEqual({ left: 596, top: 186 });
  });

  it('is announced as sentences', () => {
    expect(popupAnnouncement({ title: 'Demande n° 12', lines: ['Début des travaux : 01/04/2026'] })).toBe(
      'Demande n° 12. Début des travaux : 01/04/2026.',
    );
    expect(popupAnnouncement({ title: 'Demande n° 12', lines: ['Alignement : pas de date.'] })).toBe(
      'Demande n° 12. Alignement : pas de date.',
    );
    expect(popupAnnouncement(null)).toBe('');
  });
});
