import { sql } from 'kysely';
import { readCsvRecords } from './csv-reader.ts';
import { layerImport } from './layer.ts';
import {
  countedUpsert,
  deleteNotWritten,
  jsonParameter,
  OUTSIDE_TERRITORY,
  RecordProblem,
  type Converted,
  type Importer,
  type ImportOptions,
} from './run.ts';
import { isMemberTown } from './territory.ts';
import { bool, decimal, integer, shown } from './values.ts';

/** Columns of the Base Adresse Nationale CSV (`adresses-{dep}.csv`), in file order. */
export const BAN_COLUMNS = [
  'id',
  'id_fantoir',
  'numero',
  'rep',
  'nom_voie',
  'code_postal',
  'code_insee',
  'nom_commune',
  'code_insee_ancienne_commune',
  'nom_ancienne_commune',
  'x',
  'y',
  'lon',
  'lat',
  'type_position',
  'alias',
  'nom_ld',
  'libelle_acheminement',
  'nom_afnor',
  'source_position',
  'source_nom_voie',
  'certification_commune',
  'cad_parcelles',
] as const;

/** The columns an address needs; the others may be absent from the header. */
export const BAN_REQUIRED_COLUMNS = [
  'id',
  'numero',
  'nom_voie',
  'code_insee',
  'nom_commune',
  'lon',
  'lat',
] as const;

interface AddressRow {
  id: string;
  id_fantoir: string | null;
  numero: number | null;
  rep: string | null;
  nom_voie: string;
  code_postal: string | null;
  code_insee: string;
  nom_commune: string;
  code_insee_ancienne_commune: string | null;
  nom_ancienne_commune: string | null;
  lon: number;
  lat: number;
  type_position: string | null;
  nom_ld: string | null;
  libelle_acheminement: string | null;
  nom_afnor: string | null;
  source_position: string | null;
  source_nom_voie: string | null;
  certification_commune: boolean | null;
  cad_parcelles: string | null;
}

const INSEE = /^[0-9][0-9AB][0-9]{3}$/;

function convertAddress(values: Record<string, string>, options: ImportOptions): Converted<AddressRow> {
  const value = (column: string) => {
    const raw = values[column]?.trim();
    return raw ? raw : null;
  };
  const codeInsee = value('code_insee');
  if (!codeInsee || !INSEE.test(codeInsee))
    throw new RecordProblem(`code_insee ${shown(values.code_insee ?? '')} invalide (5 caractères).`);
  if (options.territoryFilter !== false && !isMemberTown(codeInsee)) return { skip: OUTSIDE_TERRITORY };
  const id = value('id');
  if (!id) throw new RecordProblem('identifiant (id) vide.');
  const nomVoie = value('nom_voie');
  if (!nomVoie) throw new RecordProblem('nom_voie vide.');
  const nomCommune = value('nom_commune');
  if (!nomCommune) throw new RecordProblem('nom_commune vide.');
  const numero = integer(value('numero'));
  if (numero === undefined || (numero !== null && numero < 0))
    throw new RecordProblem(`numero ${shown(values.numero)} n’est pas un entier positif.`);
  const lon = decimal(value('lon'));
  const lat = decimal(value('lat'));
  if (lon === null || lon === undefined || lat === null || lat === undefined) {
    throw new RecordProblem(
      `position lon/lat illisible (${shown(values.lon ?? '')}, ${shown(values.lat ?? '')}).`,
    );
  }
  if (Math.abs(lon) > 180 || Math.abs(lat) > 90)
    throw new RecordProblem(`position hors des bornes longitude/latitude (${lon}, ${lat}).`);
  const certification = bool(value('certification_commune'));
  if (certification === undefined)
    throw new RecordProblem(`certification_commune ${shown(values.certification_commune)} : 1 ou 0 attendu.`);
  return {
    rows: [
      {
        id,
        id_fantoir: value('id_fantoir'),
        numero,
        rep: value('rep'),
        nom_voie: nomVoie,
        code_postal: value('code_postal'),
        code_insee: codeInsee,
        nom_commune: nomCommune,
        code_insee_ancienne_commune: value('code_insee_ancienne_commune'),
        nom_ancienne_commune: value('nom_ancienne_commune'),
        lon,
        lat,
        type_position: value('type_position'),
        nom_ld: value('nom_ld'),
        libelle_acheminement: value('libelle_acheminement'),
        nom_afnor: value('nom_afnor'),
        source_position: value('source_position'),
        source_nom_voie: value('source_nom_voie'),
        certification_commune: certification,
        cad_parcelles: value('cad_parcelles'),
      },
    ],
  };
}

function addressImporter(options: ImportOptions): Importer<Record<string, string>, AddressRow> {
  return {
    kind: 'addresses',
    unit: 'ligne',
    async *records(_handle, opened) {
      for await (const batch of readCsvRecords(opened, { separator: ';', required: BAN_REQUIRED_COLUMNS })) {
        yield batch.map((record) => ({ number: record.line, data: record.values }));
      }
    },
    convert: (values) => convertAddress(values, options),
    key: (row) => row.id,
    town: (row) => row.code_insee,
    async write(db, rows) {
      return countedUpsert(
        db,
        sql`
          INSERT INTO address AS a (id, id_fantoir, numero, rep, nom_voie, code_postal, code_insee, nom_commune,
            code_insee_ancienne_commune, nom_ancienne_commune, lon, lat, type_position, nom_ld, libelle_acheminement,
            nom_afnor, source_position, source_nom_voie, certification_commune, cad_parcelles, geom)
          SELECT r.id, r.id_fantoir, r.numero, r.rep, r.nom_voie, r.code_postal, r.code_insee, r.nom_commune,
            r.code_insee_ancienne_commune, r.nom_ancienne_commune, r.lon, r.lat, r.type_position, r.nom_ld,
            r.libelle_acheminement, r.nom_afnor, r.source_position, r.source_nom_voie, r.certification_commune,
            r.cad_parcelles, ST_SetSRID(ST_MakePoint(r.lon, r.lat), 4326)
          FROM json_to_recordset(${jsonParameter(rows)}) AS r(id text, id_fantoir text, numero integer, rep text,
            nom_voie text, code_postal text, code_insee text, nom_commune text, code_insee_ancienne_commune text,
            nom_ancienne_commune text, lon double precision, lat double precision, type_position text, nom_ld text,
            libelle_acheminement text, nom_afnor text, source_position text, source_nom_voie text,
            certification_commune boolean, cad_parcelles text)
          ON CONFLICT (id) DO UPDATE SET id_fantoir = excluded.id_fantoir, numero = excluded.numero, rep = excluded.rep,
            nom_voie = excluded.nom_voie, code_postal = excluded.code_postal, code_insee = excluded.code_insee,
            nom_commune = excluded.nom_commune, code_insee_ancienne_commune = excluded.code_insee_ancienne_commune,
            nom_ancienne_commune = excluded.nom_ancienne_commune, lon = excluded.lon, lat = excluded.lat,
            type_position = excluded.type_position, nom_ld = excluded.nom_ld,
            libelle_acheminement = excluded.libelle_acheminement, nom_afnor = excluded.nom_afnor,
            source_position = excluded.source_position, source_nom_voie = excluded.source_nom_voie,
            certification_commune = excluded.certification_commune, cad_parcelles = excluded.cad_parcelles,
            geom = excluded.geom`,
      );
    },
    deleteStale: (db, towns) => deleteNotWritten(db, 'address', 'code_insee', towns),
  };
}

/**
 * Imports addresses from a Base Adresse Nationale CSV (`;`, UTF-8, `.csv` or `.csv.gz`,
 * per department or town), streamed. Upsert by BAN id; with `replace` (default), addresses
 * of the towns in the file that the file no longer has are deleted.
 */
export const importAddresses = layerImport(addressImporter);
