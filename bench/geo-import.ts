import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fromPglite } from '../apps/api/src/db/database.ts';
import { migrateToLatest } from '../apps/api/src/db/migrate.ts';
import { openPglite } from '../apps/api/src/db/pglite.ts';
import { DEMO_FILE_NAMES, generateDemoGeography } from '../apps/api/src/geo/demo/index.ts';
import { importParcels, type ImportSummary } from '../apps/api/src/geo/import/index.ts';
import { collector } from './gc.ts';

export interface ParcelImportBench {
  /** Parcels in the file (full demo size: about 100 000). */
  features: number;
  fileMb: number;
  durationMs: number;
  featuresPerSecond: number;
  /**
   * Peak of process RSS during the import minus RSS just before it (sampled every 100 ms).
   * It includes the embedded database's own growth (its pages and WAL for the new rows).
   */
  peakRssGrowthMb: number;
  /** The same for the JavaScript heap, garbage included (V8 collects lazily). */
  peakHeapGrowthMb: number;
  /**
   * The heap still in use after a full garbage collection, sampled every second, minus the
   * same before the import: what the importer holds (a read chunk and a batch, not the file).
   */
  retainedHeapGrowthMb: number;
}

/**
 * Streamed import of a department-size parcel file: generates the full demo parcel file
 * (Etalab format) in a temporary folder, imports it into a fresh in-memory PGlite (migrated
 * first), and measures features per second and the growth of the process's memory — which
 * must stay bounded whatever the file size (the file is never held in memory).
 */
export async function benchParcelImport(): Promise<ParcelImportBench> {
  const dir = await mkdtemp(path.join(tmpdir(), 'voirie-bench-geo-'));
  // On disk, as `npm start` runs it: the RSS then shows the importer and PGlite's buffers,
  // not a copy of the whole database in memory.
  const handle = fromPglite(await openPglite({ dataDir: path.join(dir, 'pglite') }));
  try {
    const manifest = await generateDemoGeography({ outDir: dir, size: 'full', files: ['parcels'] });
    await migrateToLatest(handle.db);
    const file = path.join(dir, DEMO_FILE_NAMES.parcels);
    const { summary: _summary, ...measured } = await measureImport(() => importParcels(handle.db, file));
    return { ...measured, fileMb: (manifest.files.parcels?.bytes ?? 0) / 1024 / 1024 };
  } finally {
    await handle.close();
    await rm(dir, { recursive: true, force: true });
  }
}

export type ImportMeasure = Omit<ParcelImportBench, 'fileMb'> & { summary: ImportSummary };

/**
 * Runs an import and measures its speed and the growth of the process's memory against the
 * state just before it (after a full garbage collection): RSS and heap sampled every 100 ms,
 * the heap still in use after a full collection every second.
 */
export async function measureImport(run: () => Promise<ImportSummary>): Promise<ImportMeasure> {
  const gc = collector();
  gc();
  const baseline = process.memoryUsage();
  let peak = baseline.rss;
  let peakHeap = baseline.heapUsed;
  let retained = baseline.heapUsed;
  const sample = () => {
    const now = process.memoryUsage();
    peak = Math.max(peak, now.rss);
    peakHeap = Math.max(peakHeap, now.heapUsed);
  };
  const sampler = setInterval(sample, 100);
  const collecting = setInterval(() => {
    gc();
    retained = Math.max(retained, process.memoryUsage().heapUsed);
  }, 1000);
  let summary;
  try {
    summary = await run();
  } finally {
    clearInterval(sampler);
    clearInterval(collecting);
  }
  sample();
  return {
    summary,
    features: summary.read,
    durationMs: summary.durationMs,
    featuresPerSecond: (summary.read * 1000) / summary.durationMs,
    peakRssGrowthMb: (peak - baseline.rss) / 1024 / 1024,
    peakHeapGrowthMb: (peakHeap - baseline.heapUsed) / 1024 / 1024,
    retainedHeapGrowthMb: (retained - baseline.heapUsed) / 1024 / 1024,
  };
}
