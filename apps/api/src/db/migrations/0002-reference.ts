import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

/**
 * Reference tables and their rows: request states, request kinds, document types, letter
 * templates (modele) and map layers. Ids are the specs' ids; tables an administrator may
 * extend (type_document, modele, map_layer) have their sequence moved past the seeded ids.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    // Detail-screen state ids and the French names adopted in docs/workflow.md "States".
    `CREATE TABLE state (
      id integer PRIMARY KEY,
      name text NOT NULL
    )`,
    `INSERT INTO state (id, name) VALUES
      (1, 'Annulée'),
      (2, 'Travaux réceptionnés'),
      (3, 'Transférée pour instruction'),
      (4, 'En attente de réception'),
      (5, 'Clôturée'),
      (6, 'Réception en attente de rendez-vous'),
      (7, 'Réception demandée'),
      (8, 'Transférée en complétude'),
      (9, 'Complétude réalisée'),
      (10, 'Prolongée'),
      (11, 'Réorientée'),
      (12, 'En attente de réception (réserves)'),
      (13, 'Réception refusée (2e refus)'),
      (999, 'Génération de l''arrêté en cours')`,

    // request.type, with the labels of the type filter list (docs/workflow.md "Request kinds").
    `CREATE TABLE request_kind (
      id smallint PRIMARY KEY,
      label text NOT NULL
    )`,
    `INSERT INTO request_kind (id, label) VALUES
      (1, 'Permission de voirie - Réseaux'),
      (2, 'Demande d''alignement'),
      (3, 'Permission de voirie - Accès/Clôture')`,

    // Document types. Columns (docs/data-model.md "Entities"):
    // - categorie: where the type is used — 'demande' (pieces attached when filing or completing;
    //   the wizard offers only these), 'complétude', 'décision' (orders and annexes, produced by
    //   the instruction), 'réception' (works reception and road disturbance).
    // - nature: a works theme (cerfa 14023 `themes` value) when the piece belongs to one theme,
    //   'réception' for the documents shown in the reception dialog (docs/screens.md "Documents
    //   list"), else null.
    // - is_mandatory: required for kinds 2 and 3; is_mandatory_reseaux: required for kind 1
    //   (docs/validation.md "Step 5"; 85, 79 and 80 are never required for kind 2, whatever the flag).
    // - cerfa: the form the piece belongs to — 1 = CERFA 14023 (permission pieces), 2 = CERFA
    //   14024; null = any request. Read by the "complementary pieces" rule (docs/validation.md
    //   "Filing wizard").
    // Decisions (the specs give ids and uses, not names nor flags):
    // - Required for every kind: 1 (situation plan) and 3 (precise location plan).
    // - Kind 1 (networks) also requires 8 (works plan), 6 (longitudinal cuts), 9 (technical cuts)
    //   and 85; 6 and 9 carry the theme 'ouvrage_divers', so an access request with that theme
    //   is offered them as complementary pieces.
    // - Kind 3 (access/fencing) also requires 79 and 80 (site plans, existing and project) and 85;
    //   79 and 80 carry the theme 'amenagement_acces'.
    // - 85 is the completed and signed CERFA 14023: required for permissions, shown optional for
    //   an alignment (which has no CERFA), and asked again on a transfer back to the applicant
    //   with 101 (the applicant's answer to the completeness request, docs/validation.md
    //   "Completeness dialog").
    // - 1 and 3 are named with their scales, and 97 'Annexe de décision', as in the names the
    //   complementary section excludes (docs/validation.md "Filing wizard", packages/domain
    //   EXCLUDED_COMPLEMENTARY_NAMES).
    // - 107 and 109 are the signed formal notice and the signed reception minutes (one of
    //   106–109 must exist before a reception is validated, docs/validation.md "Reception dialogs").
    `CREATE TABLE type_document (
      id serial PRIMARY KEY,
      name text NOT NULL,
      categorie text,
      nature text,
      is_mandatory boolean NOT NULL DEFAULT false,
      is_mandatory_reseaux boolean NOT NULL DEFAULT false,
      cerfa smallint
    )`,
    `INSERT INTO type_document (id, name, categorie, nature, is_mandatory, is_mandatory_reseaux, cerfa) VALUES
      (1, 'Plan de situation 1/10000 ou 1/20000', 'demande', NULL, true, true, NULL),
      (3, 'Plan de localisation précis 1/1000 ou 1/2000', 'demande', NULL, true, true, NULL),
      (5, 'Photos', 'demande', NULL, false, false, NULL),
      (6, 'Coupes longitudinales', 'demande', 'ouvrage_divers', false, true, 1),
      (8, 'Plan des travaux', 'demande', NULL, false, true, 1),
      (9, 'Coupes techniques', 'demande', 'ouvrage_divers', false, true, 1),
      (10, 'Plan de traversée', 'demande', NULL, false, false, 1),
      (11, 'Plan d''aménagement', 'demande', 'amenagement_acces', false, false, 1),
      (17, 'Image', 'demande', NULL, false, false, NULL),
      (18, 'Pièce complémentaire', 'demande', NULL, false, false, NULL),
      (20, 'Arrêté de décision', 'décision', NULL, false, false, NULL),
      (21, 'Arrêté de décision signé', 'décision', NULL, false, false, NULL),
      (79, 'Plan de masse de l''existant', 'demande', 'amenagement_acces', true, false, 1),
      (80, 'Plan de masse du projet', 'demande', 'amenagement_acces', true, false, 1),
      (85, 'Formulaire CERFA 14023 complété et signé', 'demande', NULL, true, true, 1),
      (93, 'Arrêté', 'décision', NULL, false, false, NULL),
      (97, 'Annexe de décision', 'décision', NULL, false, false, NULL),
      (101, 'Réponse à la demande de complétude', 'complétude', NULL, false, false, NULL),
      (102, 'Plans de récolement', 'réception', 'réception', false, false, NULL),
      (103, 'Résultats de compactage', 'réception', 'réception', false, false, NULL),
      (104, 'Photo', 'réception', 'réception', false, false, NULL),
      (105, 'Photo supplémentaire', 'réception', 'réception', false, false, NULL),
      (106, 'Mise en demeure', 'réception', 'réception', false, false, NULL),
      (107, 'Mise en demeure signée', 'réception', 'réception', false, false, NULL),
      (108, 'Procès-verbal de réception', 'réception', 'réception', false, false, NULL),
      (109, 'Procès-verbal de réception signé', 'réception', 'réception', false, false, NULL),
      (110, 'Procès-verbal de perturbation de voirie', 'réception', 'réception', false, false, NULL),
      (111, 'Photo de perturbation de voirie', 'réception', 'réception', false, false, NULL)`,
    `SELECT setval(pg_get_serial_sequence('type_document', 'id'), (SELECT max(id) FROM type_document))`,

    // Letter templates (DOCX, merged with docxtemplater, docs/templates.md). Ids 6–10 are the
    // spec's (docs/constants.md "Letter templates"); 1–5 are ours: the decision orders, by request
    // kind and decision. kind: 'arrete' (decision order), 'mise_en_demeure', 'pv_reception',
    // 'pv_perturbation'. file_key: the template's key in the document storage; the application
    // installs the files.
    `CREATE TABLE modele (
      id serial PRIMARY KEY,
      libelle text NOT NULL,
      kind text NOT NULL CHECK (kind IN ('arrete', 'mise_en_demeure', 'pv_reception', 'pv_perturbation')),
      request_type smallint REFERENCES request_kind (id),
      is_favorable boolean,
      file_key text NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`,
    `INSERT INTO modele (id, libelle, kind, request_type, is_favorable, file_key) VALUES
      (1, 'Arrêté de permission de voirie - Réseaux', 'arrete', 1, true, 'modeles/01-arrete-permission-reseaux.docx'),
      (2, 'Arrêté d''alignement individuel', 'arrete', 2, true, 'modeles/02-arrete-alignement.docx'),
      (3, 'Arrêté de permission de voirie - Accès/Clôture', 'arrete', 3, true, 'modeles/03-arrete-permission-acces.docx'),
      (4, 'Arrêté de refus de permission de voirie', 'arrete', NULL, false, 'modeles/04-arrete-refus-permission.docx'),
      (5, 'Refus de délivrance d''alignement', 'arrete', 2, false, 'modeles/05-refus-alignement.docx'),
      (6, 'Mise en demeure', 'mise_en_demeure', NULL, NULL, 'modeles/06-mise-en-demeure.docx'),
      (7, 'Procès-verbal de réception - Accès', 'pv_reception', 3, NULL, 'modeles/07-pv-reception-acces.docx'),
      (8, 'Procès-verbal de réception - Photos', 'pv_reception', NULL, NULL, 'modeles/08-pv-reception-photos.docx'),
      (9, 'Procès-verbal de réception', 'pv_reception', NULL, NULL, 'modeles/09-pv-reception.docx'),
      (10, 'Procès-verbal de perturbation de voirie', 'pv_perturbation', NULL, NULL, 'modeles/10-pv-perturbation-voirie.docx')`,
    `SELECT setval(pg_get_serial_sequence('modele', 'id'), (SELECT max(id) FROM modele))`,

    // Map layers (docs/data-model.md "Entities"). type: 'OSM' and 'IGN' for online base layers,
    // 'mapserver' for the local layers served by our API (url relative to the site; map = the source table).
    // IGN layers are WMTS: layer_name is the WMTS layer, matrix the tile matrix set.
    `CREATE TABLE map_layer (
      id serial PRIMARY KEY,
      layer_name text NOT NULL UNIQUE,
      text text NOT NULL,
      type text NOT NULL,
      url text NOT NULL,
      format text,
      projection text,
      map text,
      matrix text,
      opacity real NOT NULL DEFAULT 1 CHECK (opacity > 0 AND opacity <= 1),
      zindex integer NOT NULL DEFAULT 0,
      checked boolean NOT NULL DEFAULT false,
      base_layer boolean NOT NULL DEFAULT false,
      attribution text,
      min_zoom real,
      max_zoom real
    )`,
    `INSERT INTO map_layer (id, layer_name, text, type, url, format, projection, map, matrix, opacity, zindex, checked, base_layer, attribution, min_zoom, max_zoom) VALUES
      (1, 'osm', 'OpenStreetMap', 'OSM', 'https://tile.openstreetmap.org/{z}/{x}/{y}.png', 'image/png', 'EPSG:3857', NULL, NULL, 1, 0, true, true, '© les contributeurs d’OpenStreetMap', NULL, 19),
      (2, 'GEOGRAPHICALGRIDSYSTEMS.PLANIGNV2', 'Plan IGN', 'IGN', 'https://data.geopf.fr/wmts', 'image/png', 'EPSG:3857', NULL, 'PM', 1, 0, false, true, 'IGN – Géoplateforme', NULL, 19),
      (3, 'ORTHOIMAGERY.ORTHOPHOTOS', 'Photographies aériennes', 'IGN', 'https://data.geopf.fr/wmts', 'image/jpeg', 'EPSG:3857', NULL, 'PM', 1, 0, false, true, 'IGN – Géoplateforme', NULL, 19),
      (4, 'communes', 'Communes', 'mapserver', '/api/layers/communes', 'application/geo+json', 'EPSG:4326', 'commune', NULL, 1, 10, true, false, 'IGN – ADMIN EXPRESS COG 2018 (Licence Ouverte)', NULL, NULL),
      (5, 'troncons', 'Voies (par type de voie)', 'mapserver', '/api/layers/troncons', 'application/geo+json', 'EPSG:4326', 'road_segment', NULL, 0.8, 20, true, false, NULL, 13, NULL),
      (6, 'parcelles', 'Parcelles cadastrales', 'mapserver', '/api/layers/parcelles', 'application/geo+json', 'EPSG:4326', 'parcel', NULL, 0.5, 30, false, false, 'DGFiP / Etalab – Cadastre Etalab', 16, NULL)`,
    `SELECT setval(pg_get_serial_sequence('map_layer', 'id'), (SELECT max(id) FROM map_layer))`,
  ]);
}
