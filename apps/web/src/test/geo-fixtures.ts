import type { MapLayer } from '@voirie/domain';

// Answers of the GIS API (docs/gis-api.md) for component and page tests: Rue des Pins in
// Capbreton (a road the community manages), Route de Bayonne (one it does not), parcels beside.

export const MAP_LAYERS: MapLayer[] = [
  {
    id: 1,
    layerName: 'osm',
    text: 'OpenStreetMap',
    type: 'OSM',
    url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    format: 'image/png',
    projection: 'EPSG:3857',
    map: null,
    matrix: null,
    opacity: 1,
    zindex: 0,
    checked: true,
    baseLayer: true,
    attribution: '© les contributeurs d’OpenStreetMap',
    minZoom: null,
    maxZoom: 19,
  },
  {
    id: 5,
    layerName: 'troncons',
    text: 'Voies (par type de voie)',
    type: 'mapserver',
    url: '/api/layers/roads',
    format: 'application/geo+json',
    projection: 'EPSG:4326',
    map: 'road_segment',
    matrix: null,
    opacity: 0.8,
    zindex: 20,
    checked: true,
    baseLayer: false,
    attribution: null,
    minZoom: 13,
    maxZoom: null,
  },
  {
    id: 6,
    layerName: 'parcelles',
    text: 'Parcelles cadastrales',
    type: 'mapserver',
    url: '/api/layers/parcels',
    format: 'application/geo+json',
    projection: 'EPSG:4326',
    map: 'parcel',
    matrix: null,
    opacity: 0.5,
    zindex: 30,
    checked: false,
    baseLayer: false,
    attribution: 'DGFiP / Etalab – Cadastre Etalab',
    minZoom: 16,
    maxZoom: null,
  },
];

/** The staff's overlay of Plat'AU consultations, as GET map-layers lists it (migration 0032). */
export const CONSULTATIONS_LAYER: MapLayer = {
  id: 7,
  layerName: 'consultations',
  text: 'Consultations',
  type: 'mapserver',
  url: '/api/layers/consultations',
  format: 'application/geo+json',
  projection: 'EPSG:4326',
  map: 'consultation',
  matrix: null,
  opacity: 1,
  zindex: 40,
  checked: false,
  baseLayer: false,
  attribution: 'Plat’AU',
  minZoom: null,
  maxZoom: null,
};

/** 12 Rue des Pins, Capbreton. */
export const ADDRESS_POINT = [-1.4295, 43.63112] as const;

export const ADDRESS_RESULTS = {
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [...ADDRESS_POINT] },
      properties: {
        label: '12 Rue des Pins 40130 Capbreton',
        id: '40065_0520_00012',
        housenumber: '12',
        name: '12 Rue des Pins',
        street: 'Rue des Pins',
        postcode: '40130',
        citycode: '40065',
        city: 'Capbreton',
        type: 'housenumber',
      },
    },
    {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [-1.3012, 43.6628] },
      properties: {
        label: '5 Rue des Pins 40230 Saint-Vincent-de-Tyrosse',
        id: '40284_0300_00005',
        housenumber: '5',
        name: '5 Rue des Pins',
        street: 'Rue des Pins',
        postcode: '40230',
        citycode: '40284',
        city: 'Saint-Vincent-de-Tyrosse',
        type: 'housenumber',
      },
    },
  ],
};

export const PINS_LINE = {
  type: 'LineString',
  coordinates: [
    [-1.43, 43.631],
    [-1.428, 43.631],
  ],
};

export const ROADS = {
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      id: 2,
      geometry: {
        type: 'LineString',
        coordinates: [
          [-1.43, 43.6314],
          [-1.428, 43.6314],
        ],
      },
      properties: {
        id: 2,
        typevoie: 'Route departementale',
        nom: 'Route de Bayonne',
        numero: 'D652',
        accepted: false,
      },
    },
    {
      type: 'Feature',
      id: 1,
      geometry: PINS_LINE,
      properties: { id: 1, typevoie: 'Voie communale', nom: 'Rue des Pins', numero: null, accepted: true },
    },
  ],
};

const box = (minLon: number, minLat: number, maxLon: number, maxLat: number) => ({
  type: 'MultiPolygon',
  coordinates: [
    [
      [
        [minLon, minLat],
        [maxLon, minLat],
        [maxLon, maxLat],
        [minLon, maxLat],
        [minLon, minLat],
      ],
    ],
  ],
});

export const PARCEL_AB12 = box(-1.4298, 43.63106, -1.4292, 43.6313);

export const PARCELS = {
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      id: '40065000AB0013',
      geometry: box(-1.4292, 43.63106, -1.4286, 43.6313),
      properties: { id: '40065000AB0013', section: 'AB', numero: '0013', insee: '40065' },
    },
    {
      type: 'Feature',
      id: '40065000AB0012',
      geometry: PARCEL_AB12,
      properties: { id: '40065000AB0012', section: 'AB', numero: '0012', insee: '40065' },
    },
  ],
};
