import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/api/src/app.ts';
import { benchConfig } from './harness.ts';
import { fromPglite } from '../apps/api/src/db/database.ts';
import { migrateToLatest } from '../apps/api/src/db/migrate.ts';
import { openPglite } from '../apps/api/src/db/pglite.ts';
import { seedDemoGeography } from '../apps/api/src/seed/demo-geography.ts';
import { benchGeoServices, formatGeoBench } from './geo-services.ts';
import { benchParcelImport } from './geo-import.ts';

/**
 * The measures of docs/gis-api.md "Measures": plots, troncon and address search through the API vs
 * their SQL on the default (full) demo geography, and the streamed import of a 100,000-parcel file.
 */
export async function benchGeo(): Promise<string[]> {
  const lines: string[] = [];
  const dataDir = await mkdtemp(path.join(tmpdir(), 'voirie-bench-geo-'));
  const database = fromPglite(await openPglite({}));
  try {
    await migrateToLatest(database.db);
    await seedDemoGeography(database.db, { size: 'full', dataDir });
    const { app, ctx } = await buildApp({
      config: benchConfig({ DATA_DIR: dataDir }),
      database,
      logger: false,
    });
    await app.ready();
    lines.push(...formatGeoBench(await benchGeoServices(app, ctx)));
    await app.close();
  } finally {
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
  const parcels = await benchParcelImport();
  lines.push(
    `Import de parcelles : ${parcels.features} entités (${parcels.fileMb.toFixed(1)} Mo) en ${(parcels.durationMs / 1000).toFixed(1)} s, ${Math.round(parcels.featuresPerSecond)} entités/s ; mémoire : +${parcels.peakRssGrowthMb.toFixed(0)} Mo RSS (base embarquée comprise), tas retenu après ramasse-miettes +${parcels.retainedHeapGrowthMb.toFixed(0)} Mo (pic avec déchets +${parcels.peakHeapGrowthMb.toFixed(0)} Mo)`,
  );
  return lines;
}
