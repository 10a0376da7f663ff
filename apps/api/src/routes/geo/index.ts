import type { ApiApp, RouteContext } from '../../http/types.ts';
import { createGeocoder } from '../../geo/services/index.ts';
import { addressReverseRoute } from './address-reverse.ts';
import { addressSearchRoute } from './address-search.ts';
import { citiesRoutes } from './cities.ts';
import { communeAtRoute } from './commune-at.ts';
import { groupRoutes } from '../groups/index.ts';
import { communesLayerRoute } from './layer-communes.ts';
import { consultationsLayerRoute } from './layer-consultations.ts';
import { parcelsLayerRoute } from './layer-parcels.ts';
import { roadsLayerRoute } from './layer-roads.ts';
import { mapLayersRoute } from './map-layers.ts';
import { perimeterGetRoute } from './perimeter-get.ts';
import { perimeterSearchRoutes } from './perimeter-search.ts';
import { plotsRoute } from './plots.ts';
import { recipientRoutes } from '../recipients/index.ts';
import { tronconRoute } from './troncon.ts';
import { zoneRoute } from './zone.ts';

/** The geography part of the call catalogue: wizard look-ups, perimeters, cities, addresses, map layers. */
export function geoRoutes(app: ApiApp, ctx: RouteContext) {
  const geocoder = createGeocoder(ctx.config, ctx.db);
  plotsRoute(app, ctx);
  tronconRoute(app, ctx);
  zoneRoute(app, ctx);
  communeAtRoute(app, ctx);
  perimeterSearchRoutes(app, ctx);
  perimeterGetRoute(app, ctx);
  // Operators and subcontractors: writes on the same perimeter paths (docs/api-groups.md).
  groupRoutes(app, ctx);
  citiesRoutes(app, ctx);
  // The recipients screen's extra contacts sit beside the towns' e-mails (docs/api-recipients.md
  // "The screen").
  recipientRoutes(app, ctx);
  addressSearchRoute(app, geocoder);
  addressReverseRoute(app, geocoder);
  mapLayersRoute(app, ctx);
  communesLayerRoute(app, ctx);
  roadsLayerRoute(app, ctx);
  parcelsLayerRoute(app, ctx);
  consultationsLayerRoute(app, ctx);
}
