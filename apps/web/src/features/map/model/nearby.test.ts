import type { FeatureCollection, LineString } from 'geojson';
import { describe, expect, it } from 'vitest';
import type { RoadProperties } from '../api/map-api';
import { chosenShapes, nearbyParcels, nearbyRoads } from './nearby';

const center = [-1.4295, 43.63112] as const;

function road(id: number, coordinates: [number, number][], accepted = true) {
  return {
    type: 'Feature' as const,
    id,
    geometry: { type: 'LineString' as const, coordinates },
    properties: {
      id,
      typevoie: accepted ? 'Voie communale' : 'Autoroute',
      nom: `Voie ${id}`,
      numero: null,
      accepted,
    },
  };
}

describe('roads and parcels near an address', () => {
  it('keeps the roads within the radius, nearest first, even when the layer sends more', () => {
    const collection: FeatureCollection<LineString, RoadProperties> = {
      type: 'FeatureCollection',
      features: [
        // ~30 m north.
        road(1, [
          [-1.431, 43.63139],
          [-1.428, 43.63139],
        ]),
        // ~8 m south, a type the community does not manage.
        road(
          2,
          [
            [-1.431, 43.63105],
            [-1.428, 43.63105],
          ],
          false,
        ),
        // A long diagonal whose box covers the address but which passes ~180 m away.
        road(3, [
          [-1.44, 43.634],
          [-1.426, 43.648],
        ]),
      ],
    };
    const roads = nearbyRoads(center, collection);
    expect(roads.map((entry) => entry.id)).toEqual([2, 1]);
    expect(roads[0]?.label).toBe('Voie 2 — Autoroute, hors gestion de la communauté (à 8 m)');
    expect(roads[1]?.label).toBe('Voie 1 — Voie communale (à 30 m)');
  });

  it('names the parcel under the address and its town', () => {
    const parcels = nearbyParcels(center, {
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          geometry: {
            type: 'MultiPolygon',
            coordinates: [
              [
                [
                  [-1.4298, 43.63106],
                  [-1.4292, 43.63106],
                  [-1.4292, 43.6313],
                  [-1.4298, 43.63106],
                ],
              ],
            ],
          },
          properties: { id: '40065000AB0012', section: 'AB', numero: '0012', insee: '40065' },
        },
      ],
    });
    expect(parcels.map((parcel) => parcel.label)).toEqual(['Parcelle AB 0012 — Capbreton (sous l’adresse)']);
    expect(chosenShapes(undefined, parcels).geometries).toEqual([parcels[0]?.feature.geometry]);
    expect(chosenShapes(undefined, [])).toEqual({ type: 'GeometryCollection', geometries: [] });
  });
});
