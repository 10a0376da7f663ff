import { z } from 'zod';
import { PUBLIC_ACTS_URLS } from './act-publication.ts';
import { REQUEST_KIND_LABELS, type RequestKind } from './kinds.ts';
import { publishedStreet, publishedTown, type ReferencePlace } from './published-text.ts';
import { GEO_MESSAGES } from './schemas/geo-inputs.ts';
import { findTownByName } from './towns.ts';
import { TRAFFIC_IMPACT_LEVELS, trafficImpact, type TrafficImpactSubject } from './traffic-impact.ts';
import { checkPeriod, isoDay, worksStatusOn, WORKS_PERIOD_MESSAGES } from './works-in-force.ts';

// The public works map and its open data (docs/public-works.md): the granted road
// permissions whose works are under way or to come, for anyone, without signing in — what they
// are, where (the reference road and town: never the address typed), when, for which network
// operator, and what they do to traffic. Never a person: no applicant, beneficiary, agent,
// e-mail, phone, number in the street, nor the forms' free text (published-text.ts).
// The same fields in GeoJSON and CSV, under the Licence Ouverte / Open Licence 2.0.

export const PUBLIC_WORKS_LICENCE = {
  name: 'Licence Ouverte / Open Licence 2.0',
  url: 'https://www.etalab.gouv.fr/licence-ouverte-open-licence/',
} as const;

/** The public addresses of the data (documented in the OpenAPI and on /travaux/donnees). */
export const PUBLIC_WORKS_URLS = {
  geojson: '/api/public/works.geojson',
  csv: '/api/public/works.csv',
  page: '/travaux',
  fields: '/travaux/donnees',
  /** The signed traffic-police order of a works site (its published `identifiant`). */
  trafficOrder: (identifiant: string) => `/api/public/works/${identifiant}/arrete-circulation.pdf`,
} as const;

/** Most works one answer carries (the soonest first); beyond, the collection says `tronque: true`. */
export const PUBLIC_WORKS_MAX_FEATURES = 1000;
/** Browsers and proxies may keep an answer this long (Cache-Control max-age, seconds). */
export const PUBLIC_WORKS_CACHE_SECONDS = 300;
/** Decimals of a footprint (~0.1 m), of its centre in the CSV (~1 m), of an approximate place (~100 m). */
export const PUBLIC_WORKS_DECIMALS = { footprint: 6, center: 5, approximate: 3 } as const;

export const PUBLIC_WORKS_MESSAGES = {
  bbox: GEO_MESSAGES.bbox,
  bboxRange:
    'Le paramètre bbox attend des degrés (EPSG:4326) : longitudes entre -180 et 180, latitudes entre -90 et 90, le minimum avant le maximum.',
  tooManyRequests: 'Trop de demandes depuis cette adresse : réessayez dans une minute.',
  trafficOrderNotFound: 'Aucun arrêté de police de la circulation n’est publié pour ce chantier.',
} as const;

/** `bbox=minLon,minLat,maxLon,maxLat` (degrees, EPSG:4326), read as four numbers. */
export const PublicBboxSchema = z
  .string({ error: PUBLIC_WORKS_MESSAGES.bbox })
  .transform((value, ctx) => {
    const parts = value.split(',').map((part) => (part.trim() === '' ? NaN : Number(part)));
    if (parts.length !== 4 || !parts.every(Number.isFinite)) {
      ctx.addIssue({ code: 'custom', message: PUBLIC_WORKS_MESSAGES.bbox });
      return z.NEVER;
    }
    const [minLon, minLat, maxLon, maxLat] = parts as [number, number, number, number];
    const inRange = (lon: number, lat: number) => Math.abs(lon) <= 180 && Math.abs(lat) <= 90;
    if (!inRange(minLon, minLat) || !inRange(maxLon, maxLat) || minLon >= maxLon || minLat >= maxLat) {
      ctx.addIssue({ code: 'custom', message: PUBLIC_WORKS_MESSAGES.bboxRange });
      return z.NEVER;
    }
    return [minLon, minLat, maxLon, maxLat] as const;
  })
  .meta({
    description: 'minLon,minLat,maxLon,maxLat (degrés, EPSG:4326)',
    example: '-1.48,43.60,-1.38,43.70',
  });

/**
 * `GET public/works.geojson` and `public/works.csv`: works in the bbox whose period meets
 * [from, to] (days included). Only works under way or to come are published: a `from` in the
 * past gives nothing more.
 */
export const PublicWorksQuerySchema = z
  .object({
    bbox: PublicBboxSchema.optional(),
    from: isoDay(WORKS_PERIOD_MESSAGES.from).optional(),
    to: isoDay(WORKS_PERIOD_MESSAGES.to).optional(),
  })
  .superRefine((query, ctx) => checkPeriod(query, ctx));
export type PublicWorksQuery = z.infer<typeof PublicWorksQuerySchema>;

/** How the place of a works site is published: its footprint, or a point rounded to ~100 m. */
export const PUBLIC_LOCATIONS = ['precise', 'approchee'] as const;
export type PublicLocation = (typeof PUBLIC_LOCATIONS)[number];

/** The properties of a published works site (GeoJSON feature, CSV line). */
export const PublicWorkPropertiesSchema = z.object({
  identifiant: z.string(),
  nature: z.string(),
  commune: z.string(),
  code_insee: z.string().nullable(),
  voie: z.string().nullable(),
  date_debut: z.iso.date(),
  date_fin: z.iso.date(),
  statut: z.enum(['en_cours', 'a_venir']),
  operateur: z.string().nullable(),
  impact_circulation: z.string(),
  impact_niveau: z.enum(TRAFFIC_IMPACT_LEVELS),
  localisation: z.enum(PUBLIC_LOCATIONS),
  /** The address of the signed traffic-police order's PDF (an act that must be published), or null. */
  arrete_circulation: z.string().nullable(),
  /** The public page of the traffic order as published (/actes/{number}), or null. */
  acte_publie: z.string().nullable(),
});
export type PublicWorkProperties = z.infer<typeof PublicWorkPropertiesSchema>;

const PublicGeometrySchema = z
  .looseObject({ type: z.string(), coordinates: z.array(z.unknown()).optional() })
  .meta({ description: 'Géométrie GeoJSON (RFC 7946, EPSG:4326) : l’emprise, ou un point approché.' });

/** The answer of `GET public/works.geojson`: a GeoJSON FeatureCollection (RFC 7946). */
export const PublicWorksCollectionSchema = z
  .object({
    type: z.literal('FeatureCollection'),
    licence: z.literal(PUBLIC_WORKS_LICENCE.name),
    licence_url: z.string(),
    producteur: z.string(),
    /** The day (Europe/Paris) the statuses are computed for. */
    date_donnees: z.iso.date(),
    /** More works matched than an answer carries (PUBLIC_WORKS_MAX_FEATURES). */
    tronque: z.boolean(),
    features: z.array(
      z.object({
        type: z.literal('Feature'),
        id: z.string(),
        geometry: PublicGeometrySchema.nullable(),
        properties: PublicWorkPropertiesSchema,
      }),
    ),
  })
  .meta({
    description: `GeoJSON FeatureCollection (RFC 7946, EPSG:4326) des travaux en cours et à venir — ${PUBLIC_WORKS_LICENCE.name}.`,
  });
export type PublicWorksCollection = z.infer<typeof PublicWorksCollectionSchema>;

/** A published field: its name (GeoJSON property and CSV column), what it holds, an example. */
export interface PublicWorksField {
  name: keyof PublicWorkProperties | 'longitude' | 'latitude';
  description: string;
  example: string;
}

/** Every field of the open data, in the CSV's column order (the /travaux/donnees page lists them). */
export const PUBLIC_WORKS_FIELDS: readonly PublicWorksField[] = [
  {
    name: 'identifiant',
    description:
      'Identifiant stable et opaque du chantier : le même d’un téléchargement à l’autre, sans lien avec la numérotation interne des dossiers.',
    example: 'k3Vb0xq2ZpT1aW9c',
  },
  {
    name: 'nature',
    description:
      'Nature de l’autorisation : permission de voirie pour des réseaux, ou pour un accès ou une clôture.',
    example: REQUEST_KIND_LABELS[1],
  },
  {
    name: 'commune',
    description:
      'Commune membre où se trouvent les travaux (celle de leur emprise, sinon celle de la demande), selon le référentiel des communes.',
    example: 'Capbreton',
  },
  { name: 'code_insee', description: 'Code INSEE de la commune (vide si inconnu).', example: '40065' },
  {
    name: 'voie',
    description:
      'Nom de la voie la plus proche des travaux (à moins de 30 m) dans le référentiel des voies, jamais l’adresse saisie par le demandeur ; vide si aucune voie n’est connue.',
    example: 'Avenue de la Plage',
  },
  { name: 'date_debut', description: 'Premier jour des travaux (AAAA-MM-JJ).', example: '2026-06-01' },
  {
    name: 'date_fin',
    description: 'Dernier jour des travaux, inclus (AAAA-MM-JJ).',
    example: '2026-06-12',
  },
  {
    name: 'statut',
    description: '« en_cours » si les travaux ont commencé au jour des données, « a_venir » sinon.',
    example: 'en_cours',
  },
  {
    name: 'operateur',
    description:
      'Opérateur de réseau pour qui les travaux sont faits, tel qu’enregistré par la communauté (vide sinon : jamais le nom d’une personne ni d’une entreprise privée).',
    example: 'Réseaux Sud Landes',
  },
  {
    name: 'impact_circulation',
    description:
      'Effet sur la circulation, en une phrase : d’après l’arrêté de police de la circulation demandé (cerfa 14024) quand il y en a un, sinon d’après l’emprise des travaux sur la chaussée.',
    example: 'Circulation alternée par feux tricolores, vitesse limitée à 30 km/h',
  },
  {
    name: 'impact_niveau',
    description:
      'Le même effet en un code : route_barree, circulation_alternee, circulation_restreinte, chantier_sur_chaussee ou aucun.',
    example: 'circulation_alternee',
  },
  {
    name: 'localisation',
    description:
      '« precise » : l’emprise dessinée des travaux d’un opérateur de réseau ; « approchee » : un point arrondi à environ 100 m (les autres travaux, qui peuvent être ceux d’un particulier).',
    example: 'precise',
  },
  {
    name: 'arrete_circulation',
    description:
      'Adresse du PDF de l’arrêté de police de la circulation signé qui réglemente la circulation pendant ces travaux, publié comme tout acte réglementaire (vide s’il n’y en a pas). Cet arrêté ne reprend aucun texte saisi par le demandeur : ni nom, ni adresse, ni coordonnées.',
    example: PUBLIC_WORKS_URLS.trafficOrder('k3Vb0xq2ZpT1aW9c'),
  },
  {
    name: 'acte_publie',
    description:
      'Adresse de la page publique de cet arrêté de police de la circulation sur le site (« Actes publiés ») : son numéro, sa date et son heure de publication, son empreinte SHA-256 et le PDF publié (vide tant qu’il n’est pas publié, ou s’il n’y en a pas).',
    example: '/actes/2026-0042',
  },
  {
    name: 'longitude',
    description: 'CSV seulement : longitude du centre de l’emprise ou du point approché (degrés, EPSG:4326).',
    example: '-1.44529',
  },
  {
    name: 'latitude',
    description: 'CSV seulement : latitude du centre de l’emprise ou du point approché (degrés, EPSG:4326).',
    example: '43.64218',
  },
];

/** The CSV's header: the field names, in order. */
export const PUBLIC_WORKS_CSV_COLUMNS = PUBLIC_WORKS_FIELDS.map((field) => field.name);

/**
 * The town of a works site on the signed-in works calendar: the member town its locality names,
 * else the locality as typed. Never published: the open data reads publishedTown.
 */
export function publicTown(locality: string | null | undefined): { name: string; insee: string | null } {
  const town = findTownByName(locality);
  return town ? { name: town.name, insee: town.inseeCode } : { name: locality?.trim() ?? '', insee: null };
}

/**
 * The street of a works site on the signed-in works calendar: its type and name as typed,
 * capitalised, without a number typed at the start of the name ('12 bis rue…', '4, chemin…').
 * Never published: a typed name may be anything (« Résidence des Pins, maison Dupont »); the open
 * data reads publishedStreet, the reference road's name.
 */
export function publicStreet(
  wayType: string | null | undefined,
  wayName: string | null | undefined,
): string | null {
  const withoutNumber = (text: string | null | undefined) =>
    (text ?? '').replace(/^\s*\d+\s*(?:bis|ter|quater|[a-z](?![a-zà-ÿ]))?\s*[,\s]\s*/iu, '').trim();
  const street = [withoutNumber(wayType), withoutNumber(wayName)].filter(Boolean).join(' ');
  return street ? street.charAt(0).toUpperCase() + street.slice(1) : null;
}

/** What the public presenter reads of a granted permission (no party, no free text). */
export interface PublicWorkSource extends TrafficImpactSubject {
  /** The opaque, stable id (the API derives it; never the request's id or number). */
  publicKey: string;
  /** Where the works are, from the reference data (never the address typed). */
  place: ReferencePlace;
  /** The request's town as filed: only to find the member town it names (publishedTown). */
  locality: string | null;
  dateStart: string;
  dateEnd: string | null;
  stateId: number;
  /** The network operator's label (a perimeter of type operator), or null. */
  operatorName: string | null;
  /** A signed traffic-police order (cerfa 14024) is attached to the request. */
  trafficOrderSigned?: boolean;
  /** The number of its traffic order once published (act-publication.ts), or null. */
  publishedActNumber?: string | null;
}

/**
 * A granted permission as published, or null when it is not under way or to come on
 * `today`. Its place is precise only for a network operator's works: the others may be a private
 * person's (an access, a fence, a connection), whose footprint would point to a house.
 */
export function presentPublicWork(source: PublicWorkSource, today: string): PublicWorkProperties | null {
  const status = worksStatusOn(source, today);
  if (!status) return null;
  const town = publishedTown(source.place, source.locality);
  const impact = trafficImpact(source);
  return {
    identifiant: source.publicKey,
    nature: REQUEST_KIND_LABELS[source.type as RequestKind] ?? '',
    commune: town?.name ?? '',
    code_insee: town?.inseeCode ?? null,
    voie: publishedStreet(source.place),
    date_debut: source.dateStart,
    date_fin: source.dateEnd ?? source.dateStart,
    statut: status,
    operateur: source.operatorName?.trim() || null,
    impact_circulation: impact.label,
    impact_niveau: impact.level,
    localisation: isPreciseLocation(source) ? 'precise' : 'approchee',
    arrete_circulation:
      source.trafficOrderSigned === true ? PUBLIC_WORKS_URLS.trafficOrder(source.publicKey) : null,
    acte_publie: source.publishedActNumber ? PUBLIC_ACTS_URLS.page(source.publishedActNumber) : null,
  };
}

/** True when a works site's footprint is published as drawn: a network operator's works. */
export function isPreciseLocation(source: { operatorName: string | null }): boolean {
  return Boolean(source.operatorName?.trim());
}
