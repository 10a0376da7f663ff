import helmet from '@fastify/helmet';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema/index.ts';
import type { ApiApp } from './types.ts';

export interface SecurityHeaderOptions {
  /** PUBLIC_URL is https: HSTS, and insecure sub-resources are upgraded. */
  https: boolean;
  /** Where the map's online tiles come from (`map_layer` rows), e.g. https://tile.openstreetmap.org. */
  tileOrigins: readonly string[];
}

/**
 * The `scheme://host[:port]` of the online map layers (OSM, IGN WMTS), read from `map_layer`
 * at start-up: the CSP lets the map load their tiles and nothing else from outside. Local
 * layers (`/api/layers/…`) are same-origin. A `{a-c}` host template becomes a `*` wildcard.
 */
export async function mapTileOrigins(db: Kysely<Database>): Promise<string[]> {
  const rows = await db.selectFrom('mapLayer').select('url').execute();
  const origins = rows.flatMap(({ url }) => {
    const match = /^(https?:\/\/)([^/?#]+)/i.exec(url ?? '');
    if (!match) return [];
    const host = match[2]!.replace(/^\{[^}]*\}\./, '*.');
    return /[{}]/.test(host) ? [] : [`${match[1]!.toLowerCase()}${host.toLowerCase()}`];
  });
  return [...new Set(origins)].sort();
}

/**
 * The Content-Security-Policy of every answer. MUI (emotion) injects <style> elements, hence
 * 'unsafe-inline' for styles only; scripts come from our own files. Tiles are images
 * (img-src); OpenLayers and exports use blob: and data: URLs; the address search (GEOCODER=ban)
 * is called by the server, so connect-src stays 'self'.
 */
export function contentSecurityPolicy(options: SecurityHeaderOptions): Record<string, string[]> {
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'connect-src': ["'self'"],
    'font-src': ["'self'", 'data:'],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    'img-src': ["'self'", 'data:', 'blob:', ...options.tileOrigins],
    'object-src': ["'none'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'worker-src': ["'self'", 'blob:'],
    // Only over https: on plain http it would send same-origin requests to an https port.
    ...(options.https ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/**
 * Security headers on every answer (@fastify/helmet): the CSP above with frame-ancestors
 * 'none' (and X-Frame-Options DENY for older browsers), Referrer-Policy
 * strict-origin-when-cross-origin (tile servers such as OSM's require a referrer; paths such
 * as reset links never leave the site), nosniff, and HSTS (one year) only when PUBLIC_URL is
 * https — over plain http browsers ignore it. PDFs (the cerfa print) get the same headers:
 * Chromium's viewer shows them under this policy (e2e/security).
 */
export async function registerSecurityHeaders(app: ApiApp, options: SecurityHeaderOptions): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(options) },
    strictTransportSecurity: options.https ? { maxAge: 365 * 24 * 3600, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
  });
}
