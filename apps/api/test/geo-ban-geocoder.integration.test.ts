import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from './test-app.ts';
import { signIn } from './geo-fixtures.ts';
import { AppError } from '../src/errors/app-error.ts';
import { BanGeocoder, UPSTREAM_GEOCODER_MESSAGE } from '../src/geo/services/index.ts';

// A stand-in for api-adresse.data.gouv.fr on 127.0.0.1: the tests never reach the network.
const BAN_SEARCH = {
  type: 'FeatureCollection',
  version: 'draft',
  features: [
    {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [-1.445237, 43.643291] },
      properties: {
        label: '8 Boulevard du Port 40130 Capbreton',
        score: 0.9641,
        housenumber: '8',
        id: '40065_0160_00008',
        banId: 'b1f6c1c8-0000-4000-8000-000000000000',
        name: '8 Boulevard du Port',
        postcode: '40130',
        citycode: '40065',
        x: 341150.2,
        y: 6292691.7,
        city: 'Capbreton',
        context: '40, Landes, Nouvelle-Aquitaine',
        type: 'housenumber',
        importance: 0.56,
        street: 'Boulevard du Port',
        _type: 'address',
      },
    },
    {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [-1.44, 43.64] },
      properties: { label: 'sans type', type: 'poi' },
    },
  ],
  attribution: 'BAN',
  licence: 'ETALAB-2.0',
  query: '8 bd du port capbreton',
  limit: 3,
};
const BAN_REVERSE = {
  ...BAN_SEARCH,
  features: [
    { ...BAN_SEARCH.features[0], properties: { ...BAN_SEARCH.features[0]!.properties, distance: 12 } },
  ],
};

class FakeBan {
  readonly requests: URL[] = [];
  mode: 'ok' | 'error' | 'garbage' | 'slow' | 'refuse' = 'ok';
  private server: Server | undefined;

  async start(): Promise<string> {
    this.server = createServer((req: IncomingMessage, res: ServerResponse) => this.answer(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  private answer(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    this.requests.push(url);
    const json = (status: number, body: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (this.mode === 'error') return json(503, { message: 'indisponible' });
    if (this.mode === 'refuse')
      return json(400, { code: 400, message: 'q must contain between 3 and 200 chars' });
    if (this.mode === 'garbage')
      return res.writeHead(200, { 'content-type': 'text/html' }).end('<html>maintenance</html>');
    if (this.mode === 'slow') return void setTimeout(() => json(200, BAN_SEARCH), 1500);
    if (url.pathname === '/search/') return json(200, BAN_SEARCH);
    if (url.pathname === '/reverse/') return json(200, BAN_REVERSE);
    return json(404, {});
  }

  async stop(): Promise<void> {
    if (!this.server) return;
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server!.close(() => resolve()));
    this.server = undefined;
  }
}

const ban = new FakeBan();
let baseUrl: string;
let t: TestApp;
let auth: { authorization: string };
beforeAll(async () => {
  baseUrl = await ban.start();
  t = await createTestApp({ GEOCODER: 'ban', GEOCODER_BAN_URL: `${baseUrl}/` });
  auth = await signIn(t);
});
afterAll(async () => {
  await t?.close();
  await ban.stop();
});

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: auth });

describe('BanGeocoder (GEOCODER=ban)', () => {
  test('the configuration reads GEOCODER and GEOCODER_BAN_URL', () => {
    expect(t.config.geocoder).toBe('ban');
    expect(t.config.geocoderBanUrl).toBe(baseUrl);
  });

  test('search forwards q and limit and answers the national shape, declared properties only', async () => {
    ban.mode = 'ok';
    const res = await get(`/api/address/search?q=${encodeURIComponent('8 bd du port capbreton')}&limit=3`);
    expect(res.statusCode).toBe(200);
    const asked = ban.requests.at(-1)!;
    expect(asked.pathname).toBe('/search/');
    expect(asked.searchParams.get('q')).toBe('8 bd du port capbreton');
    expect(asked.searchParams.get('limit')).toBe('3');
    const body = res.json();
    expect(body).toMatchObject({
      type: 'FeatureCollection',
      version: 'draft',
      query: '8 bd du port capbreton',
      limit: 3,
    });
    // The feature without a known type is dropped; x, y, banId, importance, _type are not ours.
    expect(body.features).toEqual([
      {
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [-1.445237, 43.643291] },
        properties: {
          label: '8 Boulevard du Port 40130 Capbreton',
          score: 0.9641,
          housenumber: '8',
          id: '40065_0160_00008',
          name: '8 Boulevard du Port',
          postcode: '40130',
          citycode: '40065',
          city: 'Capbreton',
          context: '40, Landes, Nouvelle-Aquitaine',
          type: 'housenumber',
          street: 'Boulevard du Port',
        },
      },
    ]);
  });

  test('reverse forwards lon and lat; the distance is kept', async () => {
    ban.mode = 'ok';
    const res = await get('/api/address/reverse?lon=-1.4452&lat=43.6433');
    expect(res.statusCode).toBe(200);
    const asked = ban.requests.at(-1)!;
    expect(asked.pathname).toBe('/reverse/');
    expect([asked.searchParams.get('lon'), asked.searchParams.get('lat')]).toEqual(['-1.4452', '43.6433']);
    expect(res.json().features[0].properties).toMatchObject({
      label: '8 Boulevard du Port 40130 Capbreton',
      distance: 12,
    });
  });

  test('a query too short is not sent; a query the API refuses gives no result', async () => {
    const before = ban.requests.length;
    expect((await get('/api/address/search?q=ab')).json().features).toEqual([]);
    expect(ban.requests.length).toBe(before);
    ban.mode = 'refuse';
    const refused = await get('/api/address/search?q=abc');
    expect(refused.statusCode).toBe(200);
    expect(refused.json().features).toEqual([]);
  });

  test('a server error or an unreadable answer is a 502 with a French message', async () => {
    for (const mode of ['error', 'garbage'] as const) {
      ban.mode = mode;
      const res = await get('/api/address/search?q=rue%20des%20pins');
      expect(res.statusCode, mode).toBe(502);
      expect(res.json()).toEqual({ success: false, code: 'UPSTREAM', message: UPSTREAM_GEOCODER_MESSAGE });
    }
  });

  test('no answer within the timeout is a 502', async () => {
    ban.mode = 'slow';
    const geocoder = new BanGeocoder(baseUrl, 200);
    const started = Date.now();
    const error = await geocoder.search('rue des pins', 5).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'UPSTREAM', status: 502 });
    expect(Date.now() - started).toBeLessThan(1500);
  });

  test('the server down: 502 UPSTREAM', async () => {
    await ban.stop();
    const search = await get('/api/address/search?q=rue%20des%20pins');
    expect(search.statusCode).toBe(502);
    expect(search.json()).toMatchObject({
      code: 'UPSTREAM',
      message: 'Le service national des adresses ne répond pas. Réessayez dans quelques instants.',
    });
    const reverse = await get('/api/address/reverse?lon=-1.44&lat=43.64');
    expect(reverse.statusCode).toBe(502);
  });
});
