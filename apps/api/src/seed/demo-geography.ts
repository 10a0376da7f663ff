import { stat } from 'node:fs/promises';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema/index.ts';
import {
  DEMO_FILE_NAMES,
  DEMO_OPERATORS,
  DEMO_SUBCONTRACTOR,
  generateDemoGeography,
  type DemoGeoSize,
  type DemoManifest,
} from '../geo/demo/index.ts';
import {
  formatSummary,
  importAddresses,
  importParcels,
  importRoads,
  importZones,
  type ImportOptions,
  type ImportSummary,
} from '../geo/import/index.ts';

/**
 * The demo geography's layers, in their import order: roads first — the wizard's road check
 * needs them, and a first start imports them before the portal answers (seed/demo-preparation.ts).
 */
export const DEMO_LAYERS = ['roads', 'addresses', 'zones', 'parcels'] as const;
export type DemoLayer = (typeof DEMO_LAYERS)[number];

const LAYER_LABELS: Record<DemoLayer, string> = {
  roads: 'tronçons',
  addresses: 'adresses',
  zones: "zones d'opération",
  parcels: 'parcelles',
};

const IMPORTERS: Record<
  DemoLayer,
  (db: Kysely<Database>, file: string, options: ImportOptions) => Promise<ImportSummary>
> = {
  roads: (db, file, options) => importRoads(db, file, { ...options, demo: true }),
  addresses: importAddresses,
  zones: importZones,
  parcels: importParcels,
};

export interface DemoGeographyOptions {
  size?: DemoGeoSize;
  /** The files are written under `<dataDir>/demo-geo/`. */
  dataDir: string;
  seed?: number;
  log?: (line: string) => void;
  /**
   * The files, already being written into `<dataDir>/demo-geo/` with this size and seed (the
   * server's first start starts them on a worker thread before opening the database).
   */
  files?: Promise<DemoManifest>;
  /**
   * Each batch in a transaction of its own (run.ts `commitEachBatch`), so that the portal answers
   * while the demo geography is imported (seed/demo-preparation.ts).
   */
  commitEachBatch?: boolean;
  /** These layers only (default all, DEMO_LAYERS). */
  layers?: readonly DemoLayer[];
  /** The share of the files imported so far, 0 to 1, by their bytes read. */
  onProgress?: (share: number) => void;
}

export interface DemoGeographyResult {
  /** False when roads were already there (a later start): nothing generated. */
  generated: boolean;
  summaries: ImportSummary[];
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1).replace('.', ',')} s`;

/**
 * Demo mode in one go: makes sure the demo operators and the demo accounts' perimeters exist
 * (idempotent) and, when the road network is empty, imports the demo geography. A first start
 * does the same in two steps around the server's start (seed/demo-preparation.ts).
 */
export async function seedDemoGeography(
  db: Kysely<Database>,
  options: DemoGeographyOptions,
): Promise<DemoGeographyResult> {
  await seedDemoPerimeters(db);
  const existing = await db.selectFrom('roadSegment').select('id').limit(1).executeTakeFirst();
  if (existing) return { generated: false, summaries: [] };
  return importDemoGeography(db, options);
}

/**
 * Generates the demo geography (official formats, `<dataDir>/demo-geo/`), unless its files are
 * given, and loads its layers through the importers, whatever is there already (they upsert);
 * the roads import records app_setting demo_geography = 'true'.
 */
export async function importDemoGeography(
  db: Kysely<Database>,
  options: DemoGeographyOptions,
): Promise<DemoGeographyResult> {
  const log = options.log ?? (() => {});
  const started = performance.now();
  const size = options.size ?? 'full';
  const dir = path.join(options.dataDir, 'demo-geo');
  const layers = options.layers ?? DEMO_LAYERS;
  // A first start imports the roads, then the other layers behind the running portal
  // (seed/demo-preparation.ts): the files are announced once, with the roads, which come first.
  const announce = layers.includes(DEMO_LAYERS[0]);
  if (announce)
    log(
      `Génération des données géographiques de démonstration (${size === 'full' ? 'complètes' : 'réduites'})…`,
    );
  const manifest = await (options.files ??
    generateDemoGeography({
      outDir: dir,
      size,
      ...(options.seed === undefined ? {} : { seed: options.seed }),
    }));
  const { counts } = manifest;
  if (announce)
    log(
      `  fichiers écrits dans ${dir} en ${seconds(performance.now() - started)} : ${counts.segments + counts.segmentsOutside} tronçons, ${counts.parcels} parcelles, ${counts.addresses} adresses, ${counts.zones} zones`,
    );
  const file = (layer: DemoLayer) => path.join(dir, DEMO_FILE_NAMES[layer]);
  const sizes = await Promise.all(layers.map(async (layer) => (await stat(file(layer))).size));
  const totalBytes = sizes.reduce((sum, size) => sum + size, 0);
  let doneBytes = 0;
  const summaries: ImportSummary[] = [];
  for (const [index, layer] of layers.entries()) {
    log(`  import des ${LAYER_LABELS[layer]}…`);
    const summary = await IMPORTERS[layer](db, file(layer), {
      ...(options.commitEachBatch && { commitEachBatch: true, replace: false }),
      onProgress: ({ bytesRead }) => options.onProgress?.((doneBytes + bytesRead) / totalBytes),
    });
    doneBytes += sizes[index]!;
    summaries.push(summary);
    log(`  ${formatSummary(summary)}`);
  }
  const took = seconds(performance.now() - started);
  log(
    layers.includes(DEMO_LAYERS.at(-1)!)
      ? `Données géographiques de démonstration prêtes en ${took}.`
      : `  ${layers.map((layer) => LAYER_LABELS[layer]).join(', ')} de démonstration prêts en ${took}.`,
  );
  return { generated: true, summaries };
}

/** The demo accounts' perimeters (kind: the account's role). */
const DEMO_USER_PERIMETERS: readonly {
  email: string;
  kind: 'guichet' | 'gestionnaire' | 'operateur' | 'soustraitant';
  type: 'town' | 'operator' | 'soustraitant';
  key: string;
}[] = [
  { email: 'guichet@exemple.fr', kind: 'guichet', type: 'town', key: '40065' },
  { email: 'gestionnaire@exemple.fr', kind: 'gestionnaire', type: 'town', key: '40065' },
  { email: 'gestionnaire@exemple.fr', kind: 'gestionnaire', type: 'town', key: '40304' },
  { email: 'operateur@exemple.fr', kind: 'operateur', type: 'operator', key: DEMO_OPERATORS[0]!.libelle },
  {
    email: 'soustraitant@exemple.fr',
    kind: 'soustraitant',
    type: 'soustraitant',
    key: DEMO_SUBCONTRACTOR.libelle,
  },
];

/**
 * The demo operators (groups without geometry: their territory is their member towns), the
 * subcontractor group (no territory: its mandates by the operators), and the demo accounts'
 * perimeters. Creates only what is missing.
 */
export async function seedDemoPerimeters(db: Kysely<Database>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const groups = [
      ...DEMO_OPERATORS.map((operator) => ({ ...operator, type: 'operator' as const })),
      {
        libelle: DEMO_SUBCONTRACTOR.libelle,
        code: DEMO_SUBCONTRACTOR.code,
        type: 'soustraitant' as const,
        towns: [],
      },
    ];
    for (const group of groups) {
      const found = await trx
        .selectFrom('perimeter')
        .select(['id', 'deletedAt'])
        .where('type', '=', group.type)
        .where('libelle', '=', group.libelle)
        .orderBy('deletedAt', 'desc')
        .executeTakeFirst();
      // A demo group an administrator deleted stays deleted.
      if (found?.deletedAt) continue;
      const row =
        found ??
        (await trx
          .insertInto('perimeter')
          .values({ libelle: group.libelle, code: group.code, type: group.type, geom: null })
          .returning('id')
          .executeTakeFirstOrThrow());
      await sql`
        INSERT INTO perimeter_member (operator_id, perimeter_id)
        SELECT ${row.id}, p.id FROM perimeter p
        WHERE p.type = 'town' AND p.code IN (SELECT json_array_elements_text(CAST(${JSON.stringify(group.towns)} AS json)))
        ON CONFLICT DO NOTHING`.execute(trx);
    }
    for (const mandate of DEMO_SUBCONTRACTOR.mandates) {
      await sql`
        INSERT INTO mandate (soustraitant_id, operator_id, date_from, date_to)
        SELECT s.id, o.id, ${mandate.dateFrom}::date, ${mandate.dateTo}::date
        FROM perimeter s, perimeter o
        WHERE s.type = 'soustraitant' AND s.libelle = ${DEMO_SUBCONTRACTOR.libelle} AND s.deleted_at IS NULL
          AND o.type = 'operator' AND o.libelle = ${mandate.operator} AND o.deleted_at IS NULL
          AND NOT EXISTS (SELECT 1 FROM mandate m WHERE m.soustraitant_id = s.id AND m.operator_id = o.id)`.execute(
        trx,
      );
    }
    for (const link of DEMO_USER_PERIMETERS) {
      await sql`
        INSERT INTO user_perimeter (user_id, perimeter_id, kind)
        SELECT u.id, p.id, ${link.kind} FROM std_user u, perimeter p
        WHERE lower(u.email) = ${link.email} AND p.type = ${link.type} AND p.deleted_at IS NULL
          AND ${link.type === 'town' ? sql`p.code = ${link.key}` : sql`p.libelle = ${link.key}`}
        ON CONFLICT DO NOTHING`.execute(trx);
    }
  });
}
