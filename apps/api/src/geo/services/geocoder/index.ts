import type { Kysely } from 'kysely';
import type { Config } from '../../../config.ts';
import type { Database } from '../../../db/schema/index.ts';
import { BanGeocoder } from './ban-geocoder.ts';
import { LocalGeocoder } from './local-geocoder.ts';
import type { Geocoder } from './geocoder.ts';

export * from './geocoder.ts';
export { BanGeocoder } from './ban-geocoder.ts';
export { houseNumberOf, searchWords, townsNamedIn, searchPlan } from './local-geocoder.ts';
/** The geocoder the configuration chooses: the local `address` table, or the national API (GEOCODER=ban). */
export function createGeocoder(
  config: Pick<Config, 'geocoder' | 'geocoderBanUrl'>,
  db: Kysely<Database>,
): Geocoder {
  return config.geocoder === 'ban' ? new BanGeocoder(config.geocoderBanUrl) : new LocalGeocoder(db);
}
