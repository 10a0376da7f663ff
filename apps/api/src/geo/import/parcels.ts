import { sql } from 'kysely';
import { featureProperties } from './features.ts';
import type { RawFeature } from './geojson-reader.ts';
import { batchGeometry, checkGeometry, featureImporter, layerImport } from './layer.ts';
import {
  countedUpsert,
  deleteNotWritten,
  jsonParameter,
  OUTSIDE_TERRITORY,
  RecordProblem,
  type Converted,
  type ImportOptions,
} from './run.ts';
import { isMemberTown } from './territory.ts';
import { bool, integer, isoDate, shown, text } from './values.ts';

interface ParcelRow {
  id: string;
  insee: string;
  prefixe: string;
  section: string;
  numero: string;
  contenance: number | null;
  arpente: boolean | null;
  created: string | null;
  updated: string | null;
  geom: unknown;
}

/** Etalab parcel id: commune (5) + prefixe (3) + section (2, zero-padded) + numéro (4, zero-padded). */
const PARCEL_ID = /^[0-9][0-9AB][0-9]{3}[0-9]{3}[0-9A-Z]{2}[0-9]{4}$/;

function convertParcel(feature: RawFeature, options: ImportOptions): Converted<ParcelRow> {
  const properties = featureProperties(feature);
  const id = text(properties.id) ?? text(feature.id);
  if (!id) throw new RecordProblem('identifiant de parcelle absent (propriété id).');
  if (!PARCEL_ID.test(id)) {
    throw new RecordProblem(
      `identifiant de parcelle ${shown(id)} invalide (14 caractères : commune, préfixe, section, numéro).`,
    );
  }
  const insee = text(properties.commune) ?? id.slice(0, 5);
  if (!id.startsWith(insee))
    throw new RecordProblem(
      `l’identifiant ${shown(id)} ne commence pas par le code commune ${shown(insee)}.`,
    );
  if (options.territoryFilter !== false && !isMemberTown(insee)) return { skip: OUTSIDE_TERRITORY };
  const contenance = integer(properties.contenance);
  if (contenance === undefined)
    throw new RecordProblem(`contenance ${shown(properties.contenance)} non entière.`);
  const arpente = bool(properties.arpente);
  if (arpente === undefined)
    throw new RecordProblem(`arpente ${shown(properties.arpente)} n’est pas un booléen.`);
  const created = isoDate(properties.created);
  if (created === undefined)
    throw new RecordProblem(`date created ${shown(properties.created)} invalide (AAAA-MM-JJ).`);
  const updated = isoDate(properties.updated);
  if (updated === undefined)
    throw new RecordProblem(`date updated ${shown(properties.updated)} invalide (AAAA-MM-JJ).`);
  checkGeometry(feature, ['Polygon', 'MultiPolygon'], options);
  return {
    rows: [
      {
        id,
        insee,
        prefixe: text(properties.prefixe) ?? id.slice(5, 8),
        section: text(properties.section) ?? id.slice(8, 10).replace(/^0/, ''),
        numero: text(properties.numero) ?? String(Number(id.slice(10))),
        contenance,
        arpente,
        created,
        updated,
        geom: feature.geometry,
      },
    ],
  };
}

function parcelImporter(options: ImportOptions) {
  const geom = batchGeometry(options);
  return featureImporter<ParcelRow>({
    kind: 'parcels',
    convert: (feature) => convertParcel(feature, options),
    key: (row) => row.id,
    town: (row) => row.insee,
    async write(db, rows) {
      return countedUpsert(
        db,
        sql`
          INSERT INTO parcel AS p (id, insee_code, prefixe, section, numero, contenance, arpente, pci_created, pci_updated, geom)
          SELECT r.id, r.insee, r.prefixe, r.section, r.numero, r.contenance, r.arpente, r.created, r.updated, ST_Multi(${geom})
          FROM json_to_recordset(${jsonParameter(rows)}) AS r(id text, insee text, prefixe text, section text, numero text,
            contenance integer, arpente boolean, created date, updated date, geom json)
          ON CONFLICT (id) DO UPDATE SET insee_code = excluded.insee_code, prefixe = excluded.prefixe,
            section = excluded.section, numero = excluded.numero, contenance = excluded.contenance,
            arpente = excluded.arpente, pci_created = excluded.pci_created, pci_updated = excluded.pci_updated,
            geom = excluded.geom`,
      );
    },
    deleteStale: (db, towns) => deleteNotWritten(db, 'parcel', 'insee_code', towns),
  });
}

/**
 * Imports cadastral parcels from an Etalab cadastre GeoJSON (`cadastre-{INSEE|40}-parcelles.json`,
 * plain or `.gz`), per town or per department, streamed. Upsert by parcel id; with `replace`
 * (default), parcels of the towns in the file that the file no longer has are deleted.
 */
export const importParcels = layerImport(parcelImporter);
