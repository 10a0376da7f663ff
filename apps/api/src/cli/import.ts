import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import {
  createProgressBar,
  formatSummary,
  ImportError,
  importKind,
  type ImportKind,
  type RoadFormat,
} from '../geo/import/index.ts';

/**
 * npm run import -- <roads|parcels|addresses|zones|resurfacing|consultations> FILE [options] — loads an official file
 * into the configured database (docs/data-import.md). Stop the server first in embedded mode:
 * PGlite is one process's database.
 */
const USAGE = `Usage : npm run import -- <roads|parcels|addresses|zones|resurfacing|consultations> FICHIER [options]
  roads      tronçons : BD TOPO troncon_de_route, OpenStreetMap ou format portail (GeoJSON)
  parcels    parcelles : cadastre Etalab (GeoJSON, .json ou .json.gz)
  addresses  adresses : Base Adresse Nationale (CSV « ; », .csv ou .csv.gz)
  zones      zones d'opération (GeoJSON avec code_ope)
  resurfacing  réfections de voirie (GeoJSON lignes ou polygones avec date_refection)
  consultations  consultations Plat'AU (GeoJSON points ou polygones avec platau_id et service)
Options :
  --all-towns        importer aussi hors des 23 communes (pas de filtre de territoire)
  --keep-missing     ne pas supprimer les objets des communes du fichier qui n'y figurent plus
  --srid 2154        coordonnées du fichier en Lambert-93 (défaut 4326)
  --format F         tronçons : bdtopo, osm ou portail (défaut : détecté par entité)
  --batch-size N     lignes par insertion (défaut 1000)`;

const ALIASES: Readonly<Record<string, ImportKind>> = {
  roads: 'roads',
  troncons: 'roads',
  parcels: 'parcels',
  parcelles: 'parcels',
  addresses: 'addresses',
  adresses: 'addresses',
  zones: 'zones',
  resurfacing: 'resurfacing',
  refections: 'resurfacing',
  consultations: 'consultations',
};

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

let parsed;
try {
  parsed = parseArgs({
    allowPositionals: true,
    options: {
      'all-towns': { type: 'boolean', default: false },
      'keep-missing': { type: 'boolean', default: false },
      srid: { type: 'string' },
      format: { type: 'string' },
      'batch-size': { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
} catch (error) {
  fail(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
}
const { values, positionals } = parsed;
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const [kindArg, file] = positionals;
const kind = kindArg ? ALIASES[kindArg.toLowerCase()] : undefined;
if (!kind || !file || positionals.length > 2) fail(USAGE);
const srid = values.srid ? Number(values.srid) : 4326;
if (!Number.isInteger(srid) || srid <= 0) fail(`--srid : entier attendu (${values.srid}).`);
const batchSize = values['batch-size'] ? Number(values['batch-size']) : 1000;
if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > 10_000)
  fail('--batch-size : entier de 1 à 10000 attendu.');
const format = values.format as RoadFormat | undefined;
if (format && !['bdtopo', 'osm', 'portail'].includes(format)) fail('--format : bdtopo, osm ou portail.');

const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDir: path.join(config.dataDir, 'pglite'),
});
let exitCode = 0;
const bar = createProgressBar();
try {
  await migrateToLatest(database.db);
  const summary = await importKind(database.db, kind, file, {
    territoryFilter: !values['all-towns'],
    replace: !values['keep-missing'],
    srid,
    batchSize,
    ...(format ? { format } : {}),
    onProgress: (progress) => bar.update(progress),
    progressIntervalMs: 100,
  });
  bar.stop();
  console.log(formatSummary(summary));
} catch (error) {
  bar.stop();
  if (error instanceof ImportError) {
    console.error(`Import annulé : ${error.message}\nAucune donnée n'a été modifiée.`);
  } else {
    console.error(
      `Import annulé : ${error instanceof Error ? error.message : String(error)}\nAucune donnée n'a été modifiée.`,
    );
  }
  exitCode = 1;
} finally {
  await database.close();
}
process.exit(exitCode);
