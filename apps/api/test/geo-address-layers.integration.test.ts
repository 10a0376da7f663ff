import { beforeAll, describe, expect, test } from 'vitest';
import { COMMUNITY_WAY_TYPES } from '@voirie/domain';
import { testAppForFile } from './test-app.ts';
import { ADDRESSES, DAX, ROADS, signIn } from './geo-fixtures.ts';
import { houseNumberOf, searchWords, townsNamedIn } from '../src/geo/services/index.ts';

const t = testAppForFile({}, { geo: true });
let auth: { authorization: string };
beforeAll(async () => {
  auth = await signIn(t);
});

const get = (url: string, headers: Record<string, string> = auth) =>
  t.app.inject({ method: 'GET', url, headers });
const search = async (q: string, limit?: number) => {
  const res = await get(`/api/address/search?q=${encodeURIComponent(q)}${limit ? `&limit=${limit}` : ''}`);
  expect(res.statusCode, q).toBe(200);
  return res.json();
};

describe('local address search (national API shape)', () => {
  test('a house number: the FeatureCollection of the national API', async () => {
    const body = await search('12 rue des pins capbreton');
    expect(body).toMatchObject({
      type: 'FeatureCollection',
      version: 'draft',
      attribution: 'BAN',
      licence: 'ETALAB-2.0',
      query: '12 rue des pins capbreton',
      limit: 5,
    });
    const [first] = body.features;
    expect(first).toEqual({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [-1.4295, 43.63112] },
      properties: {
        label: '12 Rue des Pins 40130 Capbreton',
        score: expect.any(Number),
        housenumber: '12',
        id: '40065_0520_00012',
        name: '12 Rue des Pins',
        postcode: '40130',
        citycode: '40065',
        city: 'Capbreton',
        context: '40, Landes, Nouvelle-Aquitaine',
        type: 'housenumber',
        street: 'Rue des Pins',
      },
    });
    expect(first.properties.score).toBeGreaterThan(0.9);
    expect(first.properties.score).toBeLessThanOrEqual(1);
    // 12bis next, then the other numbers of the street.
    expect(body.features[1].properties).toMatchObject({ housenumber: '12bis', name: '12bis Rue des Pins' });
    const scores = body.features.map((f: { properties: { score: number } }) => f.properties.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  test('typos and missing accents: the street, in the right town', async () => {
    const body = await search('capbretn rue des pins');
    expect(body.features[0].properties).toMatchObject({
      type: 'street',
      name: 'Rue des Pins',
      street: 'Rue des Pins',
      label: 'Rue des Pins 40130 Capbreton',
      city: 'Capbreton',
      citycode: '40065',
      postcode: '40130',
      id: '40065_0520',
    });
    expect(body.features[0].properties).not.toHaveProperty('housenumber');
    // One feature per street and town: the Rue des Pins of Saint-Vincent-de-Tyrosse comes after.
    const labels = body.features.map((f: { properties: { label: string } }) => f.properties.label);
    expect(labels.filter((l: string) => l.startsWith('Rue des Pins 40130'))).toHaveLength(1);
    // The position is one of the street's address points.
    const points = ADDRESSES.filter((a) => a.nomVoie === 'Rue des Pins' && a.codeInsee === '40065').map(
      (a) => [a.lon, a.lat],
    );
    expect(points).toContainEqual(body.features[0].geometry.coordinates);
  });

  test('accents and case are ignored both ways', async () => {
    const body = await search("PLACE DE L'EGLISE saint vincent de tyrosse");
    expect(body.features[0].properties).toMatchObject({
      name: "Place de l'Église",
      city: 'Saint-Vincent-de-Tyrosse',
      postcode: '40230',
      type: 'street',
    });
    const tyrosse = await search('rue des pins tyrosse');
    expect(tyrosse.features[0].properties).toMatchObject({
      name: 'Rue des Pins',
      city: 'Saint-Vincent-de-Tyrosse',
    });
  });

  test('a number after the town, and limit', async () => {
    const body = await search('capbreton 14 rue des pins', 1);
    expect(body.limit).toBe(1);
    expect(body.features).toHaveLength(1);
    expect(body.features[0].properties).toMatchObject({ housenumber: '14', id: '40065_0520_00014' });
  });

  test('no address matches: the street names of the road network', async () => {
    const body = await search('route de bayone capbreton');
    expect(body.features[0].properties).toMatchObject({
      type: 'street',
      name: 'Route de Bayonne',
      city: 'Capbreton',
      postcode: '40130',
      citycode: '40065',
    });
    expect(body.features[0].properties.id).toMatch(/^40065_troncon_\d+$/);
    const [lon, lat] = body.features[0].geometry.coordinates;
    expect(lat).toBeCloseTo(43.633, 5);
    expect(lon).toBeGreaterThanOrEqual(-1.43);
    expect(lon).toBeLessThanOrEqual(-1.428);
  });

  test('nothing similar, or too short: an empty collection', async () => {
    expect((await search('zzzz qqqq wwww')).features).toEqual([]);
    expect((await search('ru')).features).toEqual([]);
    expect((await search('  ,, ')).features).toEqual([]);
    // A number and a letter: nothing to look for yet.
    expect((await search('12 r')).features).toEqual([]);
    // Half-typed words are found as typed.
    expect((await search('12 rue des pi')).features[0].properties).toMatchObject({
      housenumber: '12',
      street: 'Rue des Pins',
    });
  });

  test('bad parameters are refused in French', async () => {
    const missing = await get('/api/address/search');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain('Le texte recherché est obligatoire.');
    expect((await get('/api/address/search?q=rue&limit=21')).statusCode).toBe(400);
    expect((await get('/api/address/search?q=rue&limit=0')).statusCode).toBe(400);
  });

  test('house number parsing', () => {
    expect(houseNumberOf('12 rue des pins')).toEqual({ numero: 12, rep: null });
    expect(houseNumberOf('12bis rue des pins')).toEqual({ numero: 12, rep: 'bis' });
    expect(houseNumberOf('capbreton 3 ter allée des pinsons')).toEqual({ numero: 3, rep: 'ter' });
    expect(houseNumberOf('rue des pins 40130 capbreton')).toBeNull();
    expect(houseNumberOf('rue du 8 mai 1945')).toBeNull();
  });

  test('the words an address must hold, and the towns a text names (typos allowed)', () => {
    expect(searchWords("12 bis Rue de l'Église, Capbreton", { numero: 12, rep: 'bis' })).toEqual([
      'rue',
      'de',
      'eglise',
      'capbreton',
    ]);
    expect(searchWords('rue des pins 40130', null)).toEqual(['rue', 'des', 'pins', '40130']);
    expect(townsNamedIn('capbretn rue des pins')).toEqual(['40065']);
    expect(townsNamedIn('place de l eglise st vincent de tyrose')).toEqual(['40284']);
    // A postal code shared by several towns names them all.
    expect(townsNamedIn('rue des pins 40230')).toEqual(expect.arrayContaining(['40036', '40284']));
    expect(townsNamedIn('rue des pins')).toEqual([]);
  });
});

describe('local reverse geocoding', () => {
  test('the nearest address within 100 m, with its distance', async () => {
    const res = await get('/api/address/reverse?lon=-1.42952&lat=43.63116');
    const body = res.json();
    expect(body).toMatchObject({ type: 'FeatureCollection', limit: 1 });
    expect(body).not.toHaveProperty('query');
    expect(body.features).toHaveLength(1);
    expect(body.features[0].properties).toMatchObject({
      id: '40065_0520_00012',
      label: '12 Rue des Pins 40130 Capbreton',
      type: 'housenumber',
    });
    expect(body.features[0].properties.distance).toBeGreaterThanOrEqual(3);
    expect(body.features[0].properties.distance).toBeLessThanOrEqual(6);
  });

  test('no address within 100 m: the nearest named road; nothing near: no feature', async () => {
    const road = (await get('/api/address/reverse?lon=-1.4295&lat=43.63295')).json();
    expect(road.features[0].properties).toMatchObject({
      type: 'street',
      name: 'Route de Bayonne',
      city: 'Capbreton',
    });
    expect(road.features[0].geometry.coordinates).toEqual([-1.4295, 43.633]);
    const nothing = (await get(`/api/address/reverse?lon=${DAX.lon}&lat=${DAX.lat}`)).json();
    expect(nothing.features).toEqual([]);
  });
});

type Feature = { id: number | string; geometry: { type: string }; properties: Record<string, unknown> };

describe('map layers', () => {
  test('GET map-layers: the rows, and every local layer URL is a route of the API', async () => {
    const res = await get('/api/map-layers');
    expect(res.statusCode).toBe(200);
    const layers = res.json().data as { layerName: string; url: string; type: string; opacity: number }[];
    expect(layers.map((l) => l.layerName)).toEqual(
      expect.arrayContaining(['osm', 'communes', 'troncons', 'parcelles']),
    );
    expect(layers.find((l) => l.layerName === 'troncons')).toMatchObject({
      url: '/api/layers/roads',
      type: 'mapserver',
      opacity: 0.8,
      minZoom: 13,
    });
    expect(layers.find((l) => l.layerName === 'parcelles')).toMatchObject({
      url: '/api/layers/parcels',
      minZoom: 16,
    });
    const routes = new Set(t.ctx.routes.map((r) => r.url));
    for (const layer of layers.filter((l) => l.type === 'mapserver'))
      expect(routes, layer.url).toContain(layer.url);
  });

  test('communes: the 23 towns, simplified, public and cacheable', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/layers/communes' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/geo+json');
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    const body = res.json();
    expect(body.type).toBe('FeatureCollection');
    expect(body.features).toHaveLength(23);
    expect(body.features.find((f: Feature) => f.id === '40065')).toMatchObject({
      type: 'Feature',
      geometry: { type: 'MultiPolygon' },
      properties: { insee: '40065', name: 'Capbreton', postalCode: '40130' },
    });
  });

  test('roads: only those in the bbox, with accepted for the colours', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/layers/roads?bbox=-1.431,43.629,-1.426,43.634&zoom=15',
    });
    expect(res.statusCode).toBe(200);
    const features = res.json().features as Feature[];
    expect(features.map((f) => f.properties.nom).sort()).toEqual([
      'Avenue de la Plage',
      'Route de Bayonne',
      'Rue des Pins',
    ]);
    for (const f of features) {
      expect(f.geometry.type).toBe('LineString');
      expect(f.properties.accepted).toBe(
        (COMMUNITY_WAY_TYPES as readonly unknown[]).includes(f.properties.typevoie),
      );
      expect(Object.keys(f.properties).sort()).toEqual(['accepted', 'id', 'nom', 'numero', 'typevoie']);
    }
    expect(features.find((f) => f.properties.nom === 'Route de Bayonne')!.properties).toMatchObject({
      typevoie: ROADS.bayonne.typevoie,
      numero: 'D652',
      accepted: false,
    });
    const tyrosse = (
      await t.app.inject({ method: 'GET', url: '/api/layers/roads?bbox=-1.31,43.66,-1.29,43.67&zoom=14' })
    ).json();
    expect(tyrosse.features.map((f: Feature) => f.properties.typevoie).sort()).toEqual([
      'VPC ZA',
      'Voie Verte',
    ]);
  });

  test('roads: a wide bbox needs zoom 13; 1° at most; the bbox is required', async () => {
    const wide = '-1.5,43.5,-1.2,43.8';
    const low = await t.app.inject({ method: 'GET', url: `/api/layers/roads?bbox=${wide}&zoom=12` });
    expect(low.statusCode).toBe(400);
    expect(low.json().message).toContain('La zone demandée est trop étendue');
    const ok = await t.app.inject({ method: 'GET', url: `/api/layers/roads?bbox=${wide}&zoom=13` });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().features).toHaveLength(5);
    expect((await t.app.inject({ method: 'GET', url: `/api/layers/roads?bbox=${wide}` })).statusCode).toBe(
      200,
    );
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/layers/roads?bbox=-2,43,0,44&zoom=15' })).statusCode,
    ).toBe(400);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/layers/roads?bbox=-1.4,43.6,-1.5,43.7' })).statusCode,
    ).toBe(400);
    const missing = await t.app.inject({ method: 'GET', url: '/api/layers/roads' });
    expect(missing.statusCode).toBe(400);
    const bad = await t.app.inject({ method: 'GET', url: '/api/layers/roads?bbox=a,b,c' });
    expect(bad.json().message).toContain('Le paramètre bbox attend quatre nombres');
  });

  test('parcels: nothing below zoom 16, the bbox filters from zoom 16', async () => {
    const bbox = '-1.4300,43.6305,-1.4280,43.6315';
    const low = await t.app.inject({ method: 'GET', url: `/api/layers/parcels?bbox=${bbox}&zoom=15` });
    expect(low.statusCode).toBe(200);
    expect(low.json()).toEqual({ type: 'FeatureCollection', features: [] });
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/layers/parcels?bbox=${bbox}` })).json().features,
    ).toEqual([]);
    const high = (
      await t.app.inject({ method: 'GET', url: `/api/layers/parcels?bbox=${bbox}&zoom=16` })
    ).json();
    expect(high.features.map((f: Feature) => f.id).sort()).toEqual([
      '40065000AB0012',
      '40065000AB0013',
      '40065000AC0101',
    ]);
    expect(high.features[0]).toMatchObject({
      geometry: { type: 'MultiPolygon' },
      properties: { id: '40065000AB0012', section: 'AB', numero: '0012', insee: '40065' },
    });
    const east = (
      await t.app.inject({
        method: 'GET',
        url: '/api/layers/parcels?bbox=-1.3020,43.6625,-1.3000,43.6640&zoom=18',
      })
    ).json();
    expect(east.features.map((f: Feature) => f.id)).toEqual(['40284000ZA0007']);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/layers/parcels?bbox=-1.5,43.5,-1.2,43.8&zoom=17' }))
        .statusCode,
    ).toBe(400);
  });
});
