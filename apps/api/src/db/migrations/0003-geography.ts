import { sql, type Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';
// Contours : IGN – ADMIN EXPRESS COG 2018, via gregoiredavid/france-geojson (Licence Ouverte).
// Codes et populations : INSEE, DGCL, La Poste, via @etalab/decoupage-administratif 2026
// (Licence Ouverte). Copies of shared/data/*.geojson, see src/db/reference/README.md.
import communes from '../reference/communes.geojson.json' with { type: 'json' };
import epci from '../reference/epci.geojson.json' with { type: 'json' };
import departement from '../reference/departement-40.geojson.json' with { type: 'json' };

/**
 * Geography (docs/data-model.md "Geometry conventions"), stored in EPSG:4326 with a GIST index on
 * every geometry: towns and their administrative settings, road segments, cadastral parcels, BAN addresses,
 * operation zones, perimeters (territories and operator/subcontractor groups) and the
 * perimeters of users. Seeds the 23 member towns and the department, EPCI and town perimeters.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    // Lower case, without accents, blanks collapsed: for tolerant search columns, and for the
    // searched text (WHERE search_text LIKE '%' || search_normalize($1) || '%'). IMMUTABLE so
    // that generated columns and indexes may use it (unaccent() itself is only STABLE); the
    // SQL-standard body (PostgreSQL 14+, no $$) binds public.unaccent at creation, whatever
    // the search_path later.
    `CREATE FUNCTION search_normalize(value text) RETURNS text
      LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
      RETURN btrim(regexp_replace(lower(public.unaccent('public.unaccent'::regdictionary, value)), '\\s+', ' ', 'g'))`,

    // Member towns. Geometry always MultiPolygon (the source has Polygons: ST_Multi).
    `CREATE TABLE commune (
      insee_code text PRIMARY KEY CHECK (insee_code ~ '^[0-9][0-9AB][0-9]{3}$'),
      name text NOT NULL,
      postal_codes text[] NOT NULL,
      postal_code text NOT NULL,
      libelle_acheminement text,
      siren text,
      departement_code text NOT NULL,
      epci_siren text,
      population integer,
      interior_point geometry(Point, 4326) NOT NULL,
      geom geometry(MultiPolygon, 4326) NOT NULL
    )`,
    'CREATE INDEX commune_geom_idx ON commune USING gist (geom)',

    // City {id, name, mailMairie, mailPM} (docs/data-model.md): the recipients screen's editable e-mails,
    // apart from the boundaries so that a re-import of commune never touches them.
    `CREATE TABLE city (
      id serial PRIMARY KEY,
      insee_code text NOT NULL UNIQUE REFERENCES commune (insee_code) ON UPDATE CASCADE,
      name text NOT NULL,
      mail_mairie text,
      mail_pm text,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`,

    // Contact {id, name (commune), email} (docs/data-model.md): extra recipients of the recipients screen.
    `CREATE TABLE contact (
      id serial PRIMARY KEY,
      insee_code text REFERENCES commune (insee_code) ON UPDATE CASCADE,
      name text NOT NULL,
      email text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`,

    // Road network (BD TOPO troncon_de_route, OSM ways or the demo generator). typevoie is the
    // portal's way type ('Voie communale', 'Voie departementale en agglomeration', 'VPC ZA',
    // 'Voie Verte', or any other value, which the wizard refuses); numero the road number
    // (BD TOPO cpx_numero / OSM ref, e.g. 'D652'); in_urban: in a built-up area (BD TOPO urbain).
    `CREATE TABLE road_segment (
      id serial PRIMARY KEY,
      source text NOT NULL,
      source_id text,
      typevoie text NOT NULL,
      name text,
      type_voie_code text,
      numero text,
      in_urban boolean NOT NULL DEFAULT false,
      gestionnaire text,
      insee_code text,
      geom geometry(LineString, 4326) NOT NULL
    )`,
    'CREATE INDEX road_segment_geom_idx ON road_segment USING gist (geom)',
    'CREATE INDEX road_segment_insee_idx ON road_segment (insee_code)',
    'CREATE UNIQUE INDEX road_segment_source_key ON road_segment (source, source_id)',

    // Cadastral parcels, Etalab cadastre format: id = commune(5) + prefixe(3) + section(2,
    // zero-padded) + numero(4, zero-padded); Etalab `commune` -> insee_code, `created` and
    // `updated` -> pci_created, pci_updated; contenance (m²) may be missing.
    `CREATE TABLE parcel (
      id text PRIMARY KEY CHECK (length(id) = 14),
      insee_code text NOT NULL,
      prefixe text NOT NULL DEFAULT '000',
      section text NOT NULL,
      numero text NOT NULL,
      contenance integer,
      arpente boolean,
      pci_created date,
      pci_updated date,
      geom geometry(MultiPolygon, 4326) NOT NULL
    )`,
    'CREATE INDEX parcel_geom_idx ON parcel USING gist (geom)',
    'CREATE INDEX parcel_insee_section_idx ON parcel (insee_code, section, numero)',

    // Addresses, Base Adresse Nationale CSV columns kept under their BAN names (x, y and alias
    // dropped: geom and lon/lat carry the position). search_text feeds the offline geocoder.
    `CREATE TABLE address (
      id text PRIMARY KEY,
      id_fantoir text,
      numero integer,
      rep text,
      nom_voie text NOT NULL,
      code_postal text,
      code_insee text NOT NULL,
      nom_commune text NOT NULL,
      code_insee_ancienne_commune text,
      nom_ancienne_commune text,
      lon double precision NOT NULL,
      lat double precision NOT NULL,
      type_position text,
      nom_ld text,
      libelle_acheminement text,
      nom_afnor text,
      source_position text,
      source_nom_voie text,
      certification_commune boolean,
      cad_parcelles text,
      geom geometry(Point, 4326) NOT NULL,
      search_text text NOT NULL GENERATED ALWAYS AS (search_normalize(
        coalesce(numero::text, '') || ' ' || coalesce(rep, '') || ' ' || nom_voie || ' ' ||
        coalesce(code_postal, '') || ' ' || nom_commune)) STORED
    )`,
    'CREATE INDEX address_geom_idx ON address USING gist (geom)',
    'CREATE INDEX address_insee_idx ON address (code_insee)',
    'CREATE INDEX address_search_idx ON address USING gin (search_text gin_trgm_ops)',

    // Operation zones (POST zone {lon, lat} -> code_ope).
    `CREATE TABLE zone (
      id serial PRIMARY KEY,
      code_ope text NOT NULL,
      name text,
      geom geometry(MultiPolygon, 4326) NOT NULL
    )`,
    'CREATE INDEX zone_geom_idx ON zone USING gist (geom)',

    // Perimeters: territories (department, epci, town; code = department code, EPCI SIREN or
    // town INSEE code) have a geometry; groups (operator, soustraitant; code = SIRET) have none:
    // an operator's territory is the union of its members (perimeter_member).
    `CREATE TABLE perimeter (
      id serial PRIMARY KEY,
      libelle text NOT NULL,
      code text,
      type text NOT NULL CHECK (type IN ('department', 'epci', 'town', 'operator', 'soustraitant')),
      geom geometry(MultiPolygon, 4326),
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK (type IN ('operator', 'soustraitant') OR geom IS NOT NULL)
    )`,
    'CREATE INDEX perimeter_geom_idx ON perimeter USING gist (geom)',
    'CREATE INDEX perimeter_type_idx ON perimeter (type, libelle)',
    // An operator's perimeters: operator_id is an 'operator' perimeter, perimeter_id a
    // department, epci or town one (checked by the application: no cross-row CHECK in SQL).
    `CREATE TABLE perimeter_member (
      operator_id integer NOT NULL REFERENCES perimeter (id) ON DELETE CASCADE,
      perimeter_id integer NOT NULL REFERENCES perimeter (id) ON DELETE CASCADE,
      PRIMARY KEY (operator_id, perimeter_id),
      CHECK (operator_id <> perimeter_id)
    )`,
    'CREATE INDEX perimeter_member_perimeter_idx ON perimeter_member (perimeter_id)',
    // The perimeters of a user, by role: guichet and gestionnaire -> territories,
    // operateur -> an operator group, soustraitant -> a subcontractor group.
    `CREATE TABLE user_perimeter (
      user_id integer NOT NULL REFERENCES std_user (id) ON DELETE CASCADE,
      perimeter_id integer NOT NULL REFERENCES perimeter (id) ON DELETE CASCADE,
      kind text NOT NULL CHECK (kind IN ('guichet', 'gestionnaire', 'operateur', 'soustraitant')),
      PRIMARY KEY (user_id, perimeter_id, kind)
    )`,
    'CREATE INDEX user_perimeter_perimeter_idx ON user_perimeter (perimeter_id)',

    // docs/data-model.md "Entities": consultations (Plat'AU) shown on the map.
    `CREATE TABLE consultation (
      id serial PRIMARY KEY,
      platau_id text,
      service text,
      feature_name text,
      geom geometry(Geometry, 4326),
      created_at timestamptz NOT NULL DEFAULT now()
    )`,
    'CREATE INDEX consultation_geom_idx ON consultation USING gist (geom)',
  ]);

  // One statement per file: the features are expanded in SQL from a jsonb parameter.
  await sql`
    INSERT INTO commune (insee_code, name, postal_codes, postal_code, libelle_acheminement, siren,
      departement_code, epci_siren, population, interior_point, geom)
    SELECT p->>'code_insee', p->>'nom',
      ARRAY(SELECT jsonb_array_elements_text(p->'codes_postaux')), p->>'code_postal',
      p->>'libelle_acheminement', p->>'siren', p->>'code_departement', p->>'epci_siren',
      (p->>'population')::integer,
      ST_SetSRID(ST_MakePoint((p->'point_interieur'->>0)::float8, (p->'point_interieur'->>1)::float8), 4326),
      ST_Multi(ST_SetSRID(ST_GeomFromGeoJSON(f->>'geometry'), 4326))
    FROM jsonb_array_elements(CAST(${JSON.stringify(communes)} AS jsonb)->'features') AS f,
      LATERAL (SELECT f->'properties' AS p) AS props
  `.execute(db);
  await runStatements(db, [
    'INSERT INTO city (insee_code, name) SELECT insee_code, name FROM commune ORDER BY insee_code',
  ]);
  await sql`
    INSERT INTO perimeter (libelle, code, type, geom)
    SELECT f->'properties'->>'nom', f->'properties'->>'code', 'department',
      ST_Multi(ST_SetSRID(ST_GeomFromGeoJSON(f->>'geometry'), 4326))
    FROM jsonb_array_elements(CAST(${JSON.stringify(departement)} AS jsonb)->'features') AS f
  `.execute(db);
  await sql`
    INSERT INTO perimeter (libelle, code, type, geom)
    SELECT f->'properties'->>'nom', f->'properties'->>'siren', 'epci',
      ST_Multi(ST_SetSRID(ST_GeomFromGeoJSON(f->>'geometry'), 4326))
    FROM jsonb_array_elements(CAST(${JSON.stringify(epci)} AS jsonb)->'features') AS f
  `.execute(db);
  await runStatements(db, [
    `INSERT INTO perimeter (libelle, code, type, geom)
      SELECT name, insee_code, 'town', geom FROM commune ORDER BY insee_code`,
  ]);
}
