import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fromPglite } from '../apps/api/src/db/database.ts';
import { migrateToLatest } from '../apps/api/src/db/migrate.ts';
import { openPglite } from '../apps/api/src/db/pglite.ts';
import { importParcels, importRoads } from '../apps/api/src/geo/import/index.ts';
import { generateDepartement, type GeneratedFile } from './departement-data.ts';
import { measureImport, type ImportMeasure } from './geo-import.ts';
import { verdict } from './harness.ts';

/** Memory growth allowed to a département-scale import, in MiB ("Mo"). */
export const DEPARTEMENT_MEMORY_TARGET_MB = 200;

export interface DepartementImport extends ImportMeasure {
  fileMb: number;
}

export interface DepartementBenchResult {
  generationMs: number;
  parcels: DepartementImport;
  roads: DepartementImport;
}

/**
 * A département-scale import. Generates, streamed into a temporary folder,
 * 1,000,000 parcels (Etalab cadastre GeoJSON) and 100,000 road segments (IGN BD TOPO
 * troncon_de_route GeoJSON) over the 23 member towns, then imports both, one after the
 * other, into a fresh PGlite on disk (as `npm start` runs it, migrated first), and measures
 * each import: features per second, peak RSS growth (the embedded database's buffers
 * included) and the heap retained after a full garbage collection, against the state just
 * before that import.
 */
export async function benchDepartement(
  options: { parcels?: number; roads?: number } = {},
): Promise<DepartementBenchResult> {
  const parcelCount = options.parcels ?? 1_000_000;
  const roadCount = options.roads ?? Math.round(parcelCount / 10);
  const dir = await mkdtemp(path.join(tmpdir(), 'voirie-bench-departement-'));
  try {
    const files = await generateDepartement({
      outDir: path.join(dir, 'fichiers'),
      parcels: parcelCount,
      roads: roadCount,
    });
    const handle = fromPglite(await openPglite({ dataDir: path.join(dir, 'pglite') }));
    try {
      await migrateToLatest(handle.db);
      const withFile = (measure: ImportMeasure, file: GeneratedFile): DepartementImport => ({
        ...measure,
        fileMb: file.bytes / 1024 / 1024,
      });
      const parcels = withFile(
        await measureImport(() => importParcels(handle.db, files.parcels.path)),
        files.parcels,
      );
      const roads = withFile(
        await measureImport(() => importRoads(handle.db, files.roads.path)),
        files.roads,
      );
      return { generationMs: files.durationMs, parcels, roads };
    } finally {
      await handle.close();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function importLine(what: string, format: string, result: DepartementImport): string {
  const target = DEPARTEMENT_MEMORY_TARGET_MB;
  const { summary } = result;
  const written = summary.inserted + summary.updated;
  const left = result.features - written;
  return (
    `Import départemental : ${result.features.toLocaleString('fr-FR')} ${what} (${format}, ${result.fileMb.toFixed(1)} Mo)` +
    `${left > 0 ? `, dont ${left.toLocaleString('fr-FR')} non importé${left > 1 ? 's' : ''}` : ''}` +
    ` en ${(result.durationMs / 1000).toFixed(1)} s, ${Math.round(result.featuresPerSecond).toLocaleString('fr-FR')} entités/s ;` +
    ` mémoire : +${result.peakRssGrowthMb.toFixed(0)} Mo RSS au pic (base embarquée comprise) (cible <= ${target} Mo) ${verdict(result.peakRssGrowthMb <= target)},` +
    ` tas retenu après ramasse-miettes +${result.retainedHeapGrowthMb.toFixed(0)} Mo (cible <= ${target} Mo) ${verdict(result.retainedHeapGrowthMb <= target)}` +
    ` (pic avec déchets +${result.peakHeapGrowthMb.toFixed(0)} Mo)`
  );
}

export function formatDepartementBench(result: DepartementBenchResult): string[] {
  return [
    `Import départemental (PGlite sur disque, fichiers générés en flux en ${(result.generationMs / 1000).toFixed(1)} s) :`,
    importLine('parcelles', 'cadastre Etalab GeoJSON', result.parcels),
    importLine('tronçons de route', 'BD TOPO troncon_de_route GeoJSON', result.roads),
  ];
}
