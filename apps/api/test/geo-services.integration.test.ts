import { beforeAll, describe, expect, test } from 'vitest';
import {
  checkRoadSegment,
  noRoadFoundMessage,
  notMemberTownMessage,
  VALIDATION_MESSAGES,
  wayTypeNotManagedMessage,
} from '@voirie/domain';
import { testAppForFile } from './test-app.ts';
import { DAX, insertGeoFixtures, signIn } from './geo-fixtures.ts';

const t = testAppForFile();
let auth: { authorization: string };
let ids: Awaited<ReturnType<typeof insertGeoFixtures>>;
beforeAll(async () => {
  ids = await insertGeoFixtures(t.database.db);
  auth = await signIn(t);
});

const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload, headers: auth });
const get = (url: string) => t.app.inject({ method: 'GET', url, headers: auth });
const point = (lon: number, lat: number) => ({ type: 'Point', coordinates: [lon, lat] });
const rectangle = (minLon: number, minLat: number, maxLon: number, maxLat: number) => ({
  type: 'Polygon',
  coordinates: [
    [
      [minLon, minLat],
      [maxLon, minLat],
      [maxLon, maxLat],
      [minLon, maxLat],
      [minLon, minLat],
    ],
  ],
});

describe('POST plots', () => {
  test('a shape over a known parcel returns its id and section', async () => {
    const res = await post('/api/plots', { dep: '40', geom: rectangle(-1.4296, 43.6311, -1.4294, 43.6312) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: '',
      data: {
        plots: ['40065000AB0012'],
        sections: ['AB'],
        parcels: [{ id: '40065000AB0012', section: 'AB', numero: '0012', insee: '40065' }],
        match: 'intersects',
      },
    });
  });

  test('a drawn collection over two parcels returns both; the department filters', async () => {
    const geom = {
      type: 'GeometryCollection',
      geometries: [
        rectangle(-1.4296, 43.6311, -1.4294, 43.6312),
        {
          type: 'LineString',
          coordinates: [
            [-1.429, 43.6312],
            [-1.4288, 43.6312],
          ],
        },
      ],
    };
    const res = await post('/api/plots', { dep: '40', geom });
    expect(res.json().data).toMatchObject({
      plots: ['40065000AB0012', '40065000AB0013'],
      sections: ['AB'],
      match: 'intersects',
    });
    const other = await post('/api/plots', { dep: '64', geom });
    expect(other.json().data).toMatchObject({ plots: [], sections: [] });
    // dep is optional (no postal code yet)
    expect((await post('/api/plots', { geom })).json().data.plots).toHaveLength(2);
  });

  test('a point on the roadway touches no parcel: the riverside parcels within 10 m are given', async () => {
    const res = await post('/api/plots', { dep: '40', geom: point(-1.4295, 43.631) });
    expect(res.json().data).toMatchObject({
      plots: expect.arrayContaining(['40065000AB0012', '40065000AC0101']),
      sections: ['AB', 'AC'],
      match: 'nearby',
    });
    expect(res.json().data.plots).toHaveLength(2);
  });

  test('outside the community: empty lists', async () => {
    const res = await post('/api/plots', { dep: '40', geom: point(DAX.lon, DAX.lat) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ plots: [], sections: [], parcels: [] });
  });

  test('a bad department is refused in French', async () => {
    const res = await post('/api/plots', { dep: 'Landes', geom: point(-1.4295, 43.631) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('deux premiers caractères du code postal');
  });
});

describe('POST troncon', () => {
  test('a point near a communal road gives its type; the domain accepts it', async () => {
    const res = await post('/api/troncon', { geom: point(-1.4295, 43.63115) });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      typevoie: 'Voie communale',
      nom: 'Rue des Pins',
      numero: null,
      inUrban: false,
    });
    expect(data.id).toEqual(expect.any(Number));
    expect(data.distance).toBeGreaterThan(14);
    expect(data.distance).toBeLessThan(19);
    expect(checkRoadSegment(data.typevoie)).toEqual({ ok: true, wayType: 'Voie communale', inUrban: false });
  });

  test('a departmental road in a built-up area sets inUrban', async () => {
    const res = await post('/api/troncon', { geom: point(-1.42705, 43.631) });
    expect(res.json().data).toMatchObject({
      typevoie: 'Voie departementale en agglomeration',
      numero: 'D152',
      inUrban: true,
      nom: 'Avenue de la Plage',
    });
  });

  test('a line on a refused way type returns that type, and the domain gives the exact refusal', async () => {
    const res = await post('/api/troncon', {
      geom: {
        type: 'LineString',
        coordinates: [
          [-1.4298, 43.63302],
          [-1.429, 43.63302],
        ],
      },
    });
    const data = res.json().data;
    expect(data).toMatchObject({
      typevoie: 'Route departementale',
      nom: 'Route de Bayonne',
      numero: 'D652',
      inUrban: false,
    });
    expect(checkRoadSegment(data.typevoie)).toEqual({
      ok: false,
      message: wayTypeNotManagedMessage('Route departementale'),
    });
    expect(wayTypeNotManagedMessage('Route departementale')).toBe(
      'Ce type de voie : "Route departementale" ne fait pas partie de la gestion de la communauté. Veuillez vérifier la localisation du chantier.',
    );
  });

  test('a polygon crossing a road touches it (distance 0); two roads: the nearest to the centre wins', async () => {
    const one = await post('/api/troncon', { geom: rectangle(-1.4296, 43.6309, -1.4294, 43.6311) });
    expect(one.json().data).toMatchObject({ nom: 'Rue des Pins', distance: 0 });
    // Crosses the Rue des Pins (west part) and the Avenue de la Plage (east edge): the centre is nearer the avenue.
    const both = await post('/api/troncon', { geom: rectangle(-1.4281, 43.6305, -1.4266, 43.6315) });
    expect(both.json().data).toMatchObject({ nom: 'Avenue de la Plage', distance: 0 });
  });

  test('the 30 m tolerance: 29 m is found, 31 m is not', async () => {
    expect((await post('/api/troncon', { geom: point(-1.429, 43.631 + 0.00026) })).json().data).toMatchObject(
      { nom: 'Rue des Pins' },
    );
    expect((await post('/api/troncon', { geom: point(-1.429, 43.631 + 0.00028) })).json().data).toBe(0);
  });

  test('a shape far from any road, or outside the community, returns 0', async () => {
    const far = await post('/api/troncon', { geom: point(-1.425, 43.64) });
    expect(far.json()).toEqual({ success: true, message: '', data: 0 });
    expect(checkRoadSegment(null)).toEqual({ ok: false, message: noRoadFoundMessage() });
    const dax = await post('/api/troncon', { geom: point(DAX.lon, DAX.lat) });
    expect(dax.json().data).toBe(0);
  });

  test('Saint-Vincent-de-Tyrosse: a community zone road and a greenway', async () => {
    expect((await post('/api/troncon', { geom: point(-1.301, 43.66302) })).json().data).toMatchObject({
      typevoie: 'VPC ZA',
      nom: 'Chemin de Lartigue',
    });
    expect((await post('/api/troncon', { geom: point(-1.298, 43.6655) })).json().data).toMatchObject({
      typevoie: 'Voie Verte',
      nom: null,
    });
  });
});

describe('POST zone and GET commune/at', () => {
  test('zone hit and miss', async () => {
    const hit = await post('/api/zone', { lon: -1.301, lat: 43.663 });
    expect(hit.json()).toEqual({
      success: true,
      message: '',
      data: { code_ope: 'ZA-CASSIET', name: 'ZA de Cassiet' },
    });
    const miss = await post('/api/zone', { lon: -1.4295, lat: 43.631 });
    expect(miss.json()).toEqual({ success: true, message: '', data: null });
  });

  test('zone needs both coordinates, in France', async () => {
    const res = await post('/api/zone', { lat: 43.663 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('La longitude est obligatoire.');
    const far = await post('/api/zone', { lon: 2000, lat: 43.663 });
    expect(far.statusCode).toBe(400);
    expect(far.json().message).toContain('France métropolitaine');
  });

  test('the member town at a point; null outside the community (the wizard refuses it)', async () => {
    const capbreton = await get('/api/commune/at?lon=-1.429155&lat=43.63091');
    expect(capbreton.json().data).toEqual({
      insee: '40065',
      name: 'Capbreton',
      postalCode: '40130',
      postalCodes: ['40130'],
    });
    const dax = await get(`/api/commune/at?lon=${DAX.lon}&lat=${DAX.lat}`);
    expect(dax.statusCode).toBe(200);
    expect(dax.json().data).toBeNull();
    expect(notMemberTownMessage('Dax')).toBe('Dax ne fait pas partie de la communauté.');
  });
});

describe('bad geometry is a 400 with a French message', () => {
  const cases: [string, unknown, string][] = [
    ['unknown type', { type: 'Polygone', coordinates: [] }, 'Type de géométrie inconnu'],
    [
      'ring not closed',
      {
        type: 'Polygon',
        coordinates: [
          [
            [-1.43, 43.63],
            [-1.42, 43.63],
            [-1.42, 43.64],
            [-1.43, 43.64],
          ],
        ],
      },
      'se referme',
    ],
    ['outside France', point(200, 43.6), 'France métropolitaine'],
    ['swapped lon/lat', point(43.63, -1.43), 'France métropolitaine'],
    [
      'text instead of numbers',
      { type: 'Point', coordinates: ['-1.43', '43.63'] },
      '[longitude, latitude] en nombres',
    ],
    ['a line of one position', { type: 'LineString', coordinates: [[-1.43, 43.63]] }, 'au moins 2 positions'],
    ['malformed coordinates', { type: 'MultiPolygon', coordinates: [5] }, 'mal formées'],
    [
      'nested collection',
      { type: 'GeometryCollection', geometries: [{ type: 'GeometryCollection', geometries: [] }] },
      'ne peut pas contenir de collection',
    ],
    [
      'empty collection',
      { type: 'GeometryCollection', geometries: [] },
      VALIDATION_MESSAGES.geometryRequired,
    ],
    [
      'too many vertices',
      { type: 'LineString', coordinates: Array.from({ length: 5001 }, (_, i) => [-1.43 + i * 1e-6, 43.63]) },
      'sommets au plus',
    ],
  ];
  test.each(cases)('%s', async (_name, geom, message) => {
    for (const url of ['/api/troncon', '/api/plots']) {
      const res = await post(url, { dep: '40', geom });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION' });
      expect(res.json().message).toContain(message);
    }
  });

  test('5,000 vertices are accepted', async () => {
    const geom = {
      type: 'LineString',
      coordinates: Array.from({ length: 5000 }, (_, i) => [-1.43 + i * 1e-7, 43.631]),
    };
    const res = await post('/api/troncon', { geom });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ nom: 'Rue des Pins' });
  });

  test('a self-crossing polygon is repaired, not a server error', async () => {
    const bowtie = {
      type: 'Polygon',
      coordinates: [
        [
          [-1.4296, 43.6311],
          [-1.4294, 43.6312],
          [-1.4294, 43.6311],
          [-1.4296, 43.6312],
          [-1.4296, 43.6311],
        ],
      ],
    };
    const res = await post('/api/plots', { geom: bowtie });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.plots).toEqual(['40065000AB0012']);
  });

  test('no geometry at all', async () => {
    const res = await post('/api/troncon', {});
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].path).toBe('geom');
  });
});

describe('perimeters', () => {
  test('by name, accents, case and hyphens ignored', async () => {
    for (const q of ['benesse', 'BÉNESSE', 'benesse maremne']) {
      const res = await get(`/api/perimeter?type=town&q=${encodeURIComponent(q)}`);
      expect(res.json().data, q).toEqual([
        { id: expect.any(Number), libelle: 'Bénesse-Maremne', type: 'town', code: '40036' },
      ]);
    }
    const operators = await get('/api/perimeter?type=operator&q=reseaux');
    expect(operators.json().data).toEqual([
      { id: ids.reseauxSudLandes, libelle: 'Réseaux Sud Landes', type: 'operator', code: '12345678900012' },
    ]);
  });

  test('operators at a point: through their member perimeters', async () => {
    const capbreton = await get('/api/perimeter?type=operator&lon=-1.429155&lat=43.63091&limit=10');
    expect(capbreton.json().data.map((p: { id: number }) => p.id)).toEqual([
      ids.energiesOceanes,
      ids.reseauxSudLandes,
    ]);
    const tyrosse = await get('/api/perimeter?type=operator&lon=-1.30141&lat=43.662985');
    expect(tyrosse.json().data.map((p: { libelle: string }) => p.libelle)).toEqual([
      'Énergies Océanes',
      'Fibre Adour',
    ]);
    const dax = await get(`/api/perimeter?type=operator&lon=${DAX.lon}&lat=${DAX.lat}`);
    expect(dax.json().data).toEqual([]);
  });

  test('territories at a point; POST takes the same criteria in its body', async () => {
    const towns = await get('/api/perimeter?type=town&lon=-1.429155&lat=43.63091');
    expect(towns.json().data).toEqual([
      { id: ids.capbreton, libelle: 'Capbreton', type: 'town', code: '40065' },
    ]);
    const all = await post('/api/perimeter', { lon: -1.429155, lat: 43.63091 });
    expect(all.statusCode).toBe(200);
    expect(
      all
        .json()
        .data.map((p: { type: string }) => p.type)
        .sort(),
    ).toEqual(['department', 'epci', 'operator', 'operator', 'town']);
    const named = await post('/api/perimeter', { type: 'operator', q: 'fibre' });
    expect(named.json().data).toEqual([expect.objectContaining({ id: ids.fibreAdour })]);
  });

  test('limit: 10 by default, 500 at most; lon and lat together', async () => {
    expect((await get('/api/perimeter?type=town')).json().data).toHaveLength(10);
    expect((await get('/api/perimeter?type=town&limit=50')).json().data).toHaveLength(23);
    expect((await get('/api/perimeter?limit=501')).statusCode).toBe(400);
    const half = await get('/api/perimeter?type=operator&lon=-1.43');
    expect(half.statusCode).toBe(400);
    expect(half.json().message).toContain('La longitude et la latitude vont ensemble');
  });

  test('one perimeter with its members', async () => {
    const operator = await get(`/api/perimeter/${ids.energiesOceanes}`);
    expect(operator.json().data).toEqual({
      id: ids.energiesOceanes,
      libelle: 'Énergies Océanes',
      type: 'operator',
      code: '11122233300044',
      perimeters: [{ id: ids.epci, libelle: expect.any(String), type: 'epci' }],
    });
    const town = await get(`/api/perimeter/${ids.capbreton}`);
    expect(town.json().data).toMatchObject({
      libelle: 'Capbreton',
      type: 'town',
      code: '40065',
      perimeters: [],
    });
    const missing = await get('/api/perimeter/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'NOT_FOUND', message: "Ce périmètre n'existe pas." });
  });
});

describe('cities', () => {
  test('the 23 member towns, by name, with their e-mails and INSEE code', async () => {
    const res = await get('/api/cities');
    const cities = res.json().data as {
      id: number;
      name: string;
      insee: string;
      mailMairie: string | null;
      mailPM: string | null;
    }[];
    expect(cities).toHaveLength(23);
    expect(cities[0]).toEqual({
      id: expect.any(Number),
      name: 'Angresse',
      mailMairie: null,
      mailPM: null,
      insee: '40004',
    });
    expect(cities[2]).toMatchObject({ name: 'Bénesse-Maremne', insee: '40036' });
    const capbreton = cities.find((c) => c.insee === '40065')!;
    await t.database.db
      .updateTable('city')
      .set({ mailMairie: 'mairie@capbreton.example.fr', mailPm: 'pm@capbreton.example.fr' })
      .where('id', '=', capbreton.id)
      .execute();
    const one = await get(`/api/city/${capbreton.id}`);
    expect(one.json().data).toEqual({
      id: capbreton.id,
      name: 'Capbreton',
      mailMairie: 'mairie@capbreton.example.fr',
      mailPM: 'pm@capbreton.example.fr',
      insee: '40065',
    });
    const missing = await get('/api/city/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe("Cette commune n'existe pas.");
  });
});

describe('authorization', () => {
  test('anonymous calls to the signed-in GIS routes get 401', async () => {
    const calls: [string, string][] = [
      ['POST', '/api/plots'],
      ['POST', '/api/troncon'],
      ['POST', '/api/zone'],
      ['GET', '/api/commune/at?lon=-1.43&lat=43.63'],
      ['GET', '/api/perimeter'],
      ['POST', '/api/perimeter'],
      ['GET', `/api/perimeter/${ids.capbreton}`],
      ['GET', '/api/cities'],
      ['GET', '/api/city/1'],
      ['GET', '/api/address/search?q=rue'],
      ['GET', '/api/address/reverse?lon=-1.43&lat=43.63'],
      ['GET', '/api/map-layers'],
    ];
    for (const [method, url] of calls) {
      const res = await t.app.inject({
        method: method as 'GET',
        url,
        payload: method === 'POST' ? { geom: point(-1.43, 43.63), lon: -1.43, lat: 43.63 } : undefined,
      });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json()).toMatchObject({ code: 'UNAUTHENTICATED', message: 'Session expirée' });
    }
    // The reference layers are public; the Plat'AU consultations are the staff's (their own test).
    const policies = t.ctx.routes.filter((r) => r.method === 'GET' && r.url.startsWith('/api/layers/'));
    expect(Object.fromEntries(policies.map((r) => [r.url, r.policy.kind]))).toEqual({
      '/api/layers/communes': 'public',
      '/api/layers/roads': 'public',
      '/api/layers/parcels': 'public',
      '/api/layers/consultations': 'roles',
    });
  });
});
