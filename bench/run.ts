import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { benchStartup } from './startup.ts';
import { benchRequests, formatRequestsBench } from './requests.ts';
import { verdict } from './harness.ts';

// npm run bench: prints measured ratios against their targets (docs/gis-api.md "Measures",
// docs/api-requests.md "Performance").
const ROOT = path.resolve(import.meta.dirname, '..');

const startup = await benchStartup();
console.log(
  `Démarrage (premier, base neuve) : connexion possible en ${(startup.firstStartMs / 1000).toFixed(1)} s (cible <= 20 s) ${verdict(startup.firstStartMs <= 20_000)}`,
);
console.log(
  `  données de démonstration prêtes en ${(startup.firstPreparedMs / 1000).toFixed(1)} s ; réponse la plus lente pendant leur préparation : ${startup.firstSlowestAnswerMs.toFixed(0)} ms (cible <= 1 000 ms) ${verdict(startup.firstSlowestAnswerMs <= 1000)}`,
);
console.log(
  `Démarrage avec données existantes : ${(startup.serverMs / 1000).toFixed(2)} s ; ouverture PGlite+PostGIS nue : ${(startup.bareMs / 1000).toFixed(2)} s ; ratio ${startup.ratio.toFixed(2)} (cible <= 1,3) ${verdict(startup.ratio <= 1.3)}`,
);

const loginKb = Number(
  execFileSync(process.execPath, [path.join(ROOT, 'apps/web/scripts/login-bundle-size.mjs')], {
    cwd: path.join(ROOT, 'apps/web'),
  })
    .toString()
    .trim()
    .split(/\s+/)[0],
);
console.log(
  `JavaScript chargé par la page de connexion (gzip) : ${loginKb.toFixed(1)} Ko (cible <= 150 Ko) ${verdict(loginKb <= 150)}`,
);

// npm run bench -- --requests N: the request list, counts and export on N requests.
const requestsFlag = process.argv.indexOf('--requests');
if (requestsFlag !== -1) {
  const requests = Number(process.argv[requestsFlag + 1] ?? 100_000);
  for (const line of formatRequestsBench(await benchRequests({ requests }))) console.log(line);
  // The statistics page on as many requests, with their history.
  const { benchStatistics, formatStatisticsBench } = await import('./statistics.ts');
  for (const line of formatStatisticsBench(await benchStatistics({ requests }))) console.log(line);
  // The conflict search of the coordination of works on as many requests.
  const { benchCoordination, formatCoordinationBench } = await import('./coordination.ts');
  for (const line of formatCoordinationBench(await benchCoordination({ requests }))) console.log(line);
}

// GIS services vs SQL on the full demo geography, parcel import; `-- --no-geo` skips them.
if (!process.argv.includes('--no-geo')) {
  const { benchGeo } = await import('./geo.ts');
  for (const line of await benchGeo()) console.log(line);
}

// ---- PostgreSQL, two API instances ----
// npm run bench -- --postgres postgres://…/voirie_bench [--postgres-requests 1000000]
// [--postgres-seconds 30]: list, search, filters, map layer and counts through HTTP vs SQL,
// 50 connections over two instances, export memory (bench/postgres.ts). The requests are
// seeded once in that database (an empty one, or one this bench filled): a second run with the
// same count reuses them.
const postgresFlag = process.argv.indexOf('--postgres');
if (postgresFlag !== -1) {
  const { benchPostgres, formatPostgresBench } = await import('./postgres.ts');
  const option = (name: string, fallback: number) => {
    const at = process.argv.indexOf(name);
    return at === -1 ? fallback : Number(process.argv[at + 1]);
  };
  const url = process.argv[postgresFlag + 1];
  if (!url?.startsWith('postgres')) throw new Error('--postgres attend une URL postgres://…');
  const result = await benchPostgres({
    url,
    requests: option('--postgres-requests', 1_000_000),
    seconds: option('--postgres-seconds', 30),
  });
  for (const line of formatPostgresBench(result)) console.log(line);
}

// ---- Département-scale import ----
// npm run bench -- --departement [parcels]: 1,000,000 parcels (Etalab) and 100,000 road segments
// (BD TOPO) generated in a temporary folder, imported into a fresh PGlite on disk; features per
// second and memory growth of each import (target <= 200 Mo). Long: about 5 minutes.
const departementFlag = process.argv.indexOf('--departement');
if (departementFlag !== -1) {
  const { benchDepartement, formatDepartementBench } = await import('./departement.ts');
  const count = process.argv[departementFlag + 1];
  const parcels = count && /^\d+$/.test(count) ? Number(count) : 1_000_000;
  for (const line of formatDepartementBench(await benchDepartement({ parcels }))) console.log(line);
}
