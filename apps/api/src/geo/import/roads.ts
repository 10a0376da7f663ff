import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema/index.ts';
import { writeAppSetting } from '../../db/app-settings.ts';
import { featureProperties, type FeatureProperties } from './features.ts';
import type { RawFeature } from './geojson-reader.ts';
import { batchGeometry, checkGeometry, featureImporter, inTerritory, layerImport } from './layer.ts';
import { classifyRoad, detectRoadFormat, wayTypeCodeOfName, type RoadFormat } from './road-classification.ts';
import {
  countedUpsert,
  deleteNotWritten,
  jsonParameter,
  RecordProblem,
  type Converted,
  type ImportOptions,
} from './run.ts';
import { text } from './values.ts';

/** The app_setting key read by GET /api/config (demoGeography): 'true' while the demo set is loaded. */
export const DEMO_GEOGRAPHY_SETTING = 'demo_geography';

export interface RoadImportOptions extends ImportOptions {
  /** Force the format instead of detecting it per feature (typevoie / cleabs / highway). */
  format?: RoadFormat;
  /** The generated demo set: rows get source 'demo' and app_setting demo_geography = 'true'. */
  demo?: boolean;
}

interface RoadRow {
  source: string;
  source_id: string;
  typevoie: string;
  name: string | null;
  type_voie_code: string | null;
  numero: string | null;
  in_urban: boolean;
  gestionnaire: string | null;
  insee: string | null;
  geom: unknown;
}

function first(properties: FeatureProperties, ...keys: string[]): string | null {
  for (const key of keys) {
    const value = text(properties[key]);
    if (value) return value;
  }
  return null;
}

interface Attributes {
  id: string | null;
  name: string | null;
  typeVoieCode: string | null;
  insee: string | null;
  gestionnaire: string | null;
}

function attributes(format: RoadFormat, feature: RawFeature, properties: FeatureProperties): Attributes {
  const featureId = text(feature.id);
  switch (format) {
    case 'portail': {
      const name = first(properties, 'nom_voie', 'nom', 'name');
      return {
        id: first(properties, 'id') ?? featureId,
        name,
        typeVoieCode: first(properties, 'type_voie') ?? wayTypeCodeOfName(name),
        insee: first(properties, 'code_insee'),
        gestionnaire: first(properties, 'gestionnaire'),
      };
    }
    case 'bdtopo': {
      const name = first(
        properties,
        'nom_collaboratif_gauche',
        'nom_collaboratif_droite',
        'nom_voie_ban_gauche',
        'nom_voie_ban_droite',
        'cpx_toponyme_route_nommee',
      );
      return {
        id: first(properties, 'cleabs') ?? featureId,
        name,
        typeVoieCode: wayTypeCodeOfName(name),
        insee: first(properties, 'insee_commune_gauche', 'insee_commune_droite'),
        gestionnaire: first(properties, 'cpx_gestionnaire'),
      };
    }
    case 'osm': {
      const name = first(properties, 'name');
      return {
        id: featureId ?? first(properties, '@id', 'osm_id', 'id'),
        name,
        typeVoieCode: wayTypeCodeOfName(name),
        insee: first(properties, 'code_insee', 'ref:INSEE'),
        gestionnaire: first(properties, 'operator'),
      };
    }
  }
}

function convertRoad(feature: RawFeature, options: RoadImportOptions): Converted<RoadRow> {
  const properties = featureProperties(feature);
  const format = options.format ?? detectRoadFormat(properties);
  if (!format) {
    throw new RecordProblem(
      'format de tronçon non reconnu : propriété typevoie (portail), cleabs (BD TOPO troncon_de_route) ou highway (OpenStreetMap) attendue.',
    );
  }
  const classification = classifyRoad(format, properties);
  if (classification.kind === 'error') throw new RecordProblem(classification.reason);
  if (classification.kind === 'skip') return { skip: classification.reason };
  checkGeometry(feature, ['LineString', 'MultiLineString'], options);
  const { id, name, typeVoieCode, insee, gestionnaire } = attributes(format, feature, properties);
  if (!id) throw new RecordProblem('identifiant du tronçon absent (id, cleabs ou identifiant OSM).');
  const geometry = feature.geometry as { type: 'LineString' | 'MultiLineString'; coordinates: unknown[] };
  const lines =
    geometry.type === 'LineString'
      ? [geometry]
      : geometry.coordinates.map((coordinates) => ({ type: 'LineString', coordinates }));
  const { road } = classification;
  return {
    rows: lines.map((line, index) => ({
      source: options.demo ? 'demo' : format,
      source_id: lines.length > 1 ? `${id}#${index + 1}` : id,
      typevoie: road.typevoie,
      name,
      type_voie_code: typeVoieCode,
      numero: road.numero,
      in_urban: road.inUrban,
      gestionnaire,
      insee,
      geom: line,
    })),
  };
}

function roadImporter(options: RoadImportOptions) {
  const geom = batchGeometry(options);
  const territory = options.territoryFilter !== false;
  return featureImporter<RoadRow>({
    kind: 'roads',
    convert: (feature) => convertRoad(feature, options),
    key: (row) => `${row.source}\u0000${row.source_id}`,
    async write(db, rows) {
      // The town: the given INSEE code when it is a member town, else the member town the
      // segment crosses nearest to its middle. Kept: segments crossing a member town.
      const located = sql`input AS (
          SELECT r.*, ${geom} AS g
          FROM json_to_recordset(${jsonParameter(rows)}) AS r(source text, source_id text, typevoie text, name text,
            type_voie_code text, numero text, in_urban boolean, gestionnaire text, insee text, geom json)
        ), located AS (
          SELECT i.*, CASE WHEN i.insee IN (SELECT insee_code FROM commune) THEN i.insee ELSE (
              SELECT c.insee_code FROM commune c WHERE ST_Intersects(c.geom, i.g)
              ORDER BY ST_Distance(c.geom, ST_LineInterpolatePoint(i.g, 0.5)), c.insee_code LIMIT 1)
            END AS town
          FROM input i
          WHERE ${inTerritory(options)}
        )`;
      return countedUpsert(
        db,
        sql`
          INSERT INTO road_segment AS s (source, source_id, typevoie, name, type_voie_code, numero, in_urban, gestionnaire, insee_code, geom)
          SELECT source, source_id, typevoie, name, type_voie_code, numero, in_urban, gestionnaire,
            ${territory ? sql`town` : sql`coalesce(town, insee)`}, g
          FROM located
          ON CONFLICT (source, source_id) DO UPDATE SET typevoie = excluded.typevoie, name = excluded.name,
            type_voie_code = excluded.type_voie_code, numero = excluded.numero, in_urban = excluded.in_urban,
            gestionnaire = excluded.gestionnaire, insee_code = excluded.insee_code, geom = excluded.geom`,
        { before: located, town: 'insee_code' },
      );
    },
    deleteStale: (db, towns) => deleteNotWritten(db, 'road_segment', 'insee_code', towns),
    async finish(db, summary) {
      if (summary.inserted + summary.updated === 0) return;
      // The footer's « données de démonstration » follows the road network.
      await writeAppSetting(db, DEMO_GEOGRAPHY_SETTING, options.demo ? 'true' : 'false');
    },
  });
}

/**
 * Imports road segments from GeoJSON: IGN BD TOPO troncon_de_route, OpenStreetMap ways, or
 * the portal's own columns (typevoie…), detected per feature; classifications are mapped to
 * the portal's way types (docs/data-import.md). Upsert by (source, id); segments that cross
 * no member town are skipped; with `replace` (default) segments of the covered towns that the
 * file no longer has — whatever their source, the demo set included — are deleted.
 */
export const importRoads = layerImport(roadImporter);

/** True when the road network is the generated demo set (GET /api/config demoGeography). */
export async function isDemoGeography(db: Kysely<Database>): Promise<boolean> {
  const row = await db
    .selectFrom('appSetting')
    .select('value')
    .where('key', '=', DEMO_GEOGRAPHY_SETTING)
    .executeTakeFirst();
  return row?.value === 'true';
}
