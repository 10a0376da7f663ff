import { z } from 'zod';
import { AddressPropertiesSchema, type AddressCollection, type AddressFeature } from '@voirie/domain';
import { AppError } from '../../../errors/app-error.ts';
import { UPSTREAM_GEOCODER_MESSAGE, addressCollection, isSearchable, type Geocoder } from './geocoder.ts';

/** The national API answers within this time or the call is a 502. */
export const BAN_TIMEOUT_MS = 3000;

// What we need of the national API's answer; anything else in it is ignored.
const BanAnswerSchema = z.object({
  features: z.array(
    z.object({
      geometry: z.object({ coordinates: z.tuple([z.number(), z.number()]).rest(z.unknown()) }),
      properties: z.record(z.string(), z.unknown()),
    }),
  ),
});

const stringOr = (value: unknown, fallback = '') =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : fallback;

/** One national API feature in our shape (declared properties only), or null when unusable. */
function toFeature(raw: z.infer<typeof BanAnswerSchema>['features'][number]): AddressFeature | null {
  const p = raw.properties;
  const properties = AddressPropertiesSchema.safeParse({
    label: stringOr(p.label),
    score: typeof p.score === 'number' ? p.score : 0,
    ...(p.housenumber !== undefined ? { housenumber: stringOr(p.housenumber) } : {}),
    id: stringOr(p.id),
    name: stringOr(p.name),
    postcode: stringOr(p.postcode),
    citycode: stringOr(p.citycode),
    city: stringOr(p.city),
    ...(typeof p.context === 'string' ? { context: p.context } : {}),
    type: p.type,
    ...(typeof p.street === 'string' ? { street: p.street } : {}),
    ...(typeof p.distance === 'number' ? { distance: p.distance } : {}),
  });
  if (!properties.success) return null;
  const [lon, lat] = raw.geometry.coordinates;
  return {
    type: 'Feature',
    geometry: { type: 'Point', coordinates: [lon, lat] },
    properties: properties.data,
  };
}

/**
 * The national address API (api-adresse.data.gouv.fr, GEOCODER=ban): `/search/` and
 * `/reverse/` with a 3 s timeout. No answer, a server error or an unreadable body is a 502
 * (`UPSTREAM`); a query the API refuses (400, e.g. too short) gives no result.
 */
export class BanGeocoder implements Geocoder {
  constructor(
    private readonly baseUrl: string,
    private readonly timeoutMs: number = BAN_TIMEOUT_MS,
  ) {}

  async search(q: string, limit: number): Promise<AddressCollection> {
    const meta = { query: q, limit };
    if (!isSearchable(q)) return addressCollection([], meta);
    const url = new URL(`${this.baseUrl}/search/`);
    url.searchParams.set('q', q);
    url.searchParams.set('limit', String(limit));
    return addressCollection(await this.features(url), meta);
  }

  async reverse(lon: number, lat: number): Promise<AddressCollection> {
    const url = new URL(`${this.baseUrl}/reverse/`);
    url.searchParams.set('lon', String(lon));
    url.searchParams.set('lat', String(lat));
    return addressCollection((await this.features(url)).slice(0, 1), { limit: 1 });
  }

  private async features(url: URL): Promise<AddressFeature[]> {
    let response: Response;
    try {
      response = await fetch(url, {
        signal: AbortSignal.timeout(this.timeoutMs),
        headers: { accept: 'application/json' },
      });
    } catch {
      throw new AppError('UPSTREAM', UPSTREAM_GEOCODER_MESSAGE);
    }
    if (response.status === 400) {
      await response.body?.cancel();
      return [];
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new AppError('UPSTREAM', UPSTREAM_GEOCODER_MESSAGE);
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      throw new AppError('UPSTREAM', UPSTREAM_GEOCODER_MESSAGE);
    }
    const answer = BanAnswerSchema.safeParse(body);
    if (!answer.success) throw new AppError('UPSTREAM', UPSTREAM_GEOCODER_MESSAGE);
    return answer.data.features
      .map(toFeature)
      .filter((feature): feature is AddressFeature => feature !== null);
  }
}
