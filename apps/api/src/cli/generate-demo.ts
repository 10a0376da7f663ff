import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { DEMO_SEED, demoGeoSizeFromEnv, generateDemoGeography } from '../geo/demo/index.ts';

/**
 * npm run demo:generate -- [--size small|full] [--out DIR] [--seed N] — writes the demo
 * geography files (official formats) without touching the database. Load them with
 * `npm run import`, or let the first demo start do both.
 */
const USAGE = 'Usage : npm run demo:generate -- [--size small|full] [--out DOSSIER] [--seed N]';
let parsed;
try {
  parsed = parseArgs({
    options: {
      size: { type: 'string' },
      out: { type: 'string' },
      seed: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
} catch (error) {
  console.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
  process.exit(2);
}
const { values } = parsed;
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const size = values.size ?? demoGeoSizeFromEnv();
if (size !== 'small' && size !== 'full') {
  console.error(`--size : small ou full (${size}).\n${USAGE}`);
  process.exit(2);
}
const seed = values.seed === undefined ? DEMO_SEED : Number(values.seed);
if (!Number.isInteger(seed) || seed < 0) {
  console.error(`--seed : entier positif attendu (${values.seed}).`);
  process.exit(2);
}
const outDir = path.resolve(values.out ?? path.join(loadConfig().dataDir, 'demo-geo'));
const started = performance.now();
const manifest = await generateDemoGeography({ outDir, size, seed });
console.log(
  `Données de démonstration (${size}, graine ${seed}) écrites dans ${outDir} en ${((performance.now() - started) / 1000).toFixed(1)} s :`,
);
for (const file of Object.values(manifest.files)) {
  console.log(
    `  ${file.name.padEnd(28)} ${String(file.records).padStart(7)} objets  ${(file.bytes / 1024 / 1024).toFixed(1).padStart(6)} Mo`,
  );
}
console.log('Chargement : npm run import -- zones|parcels|addresses|roads FICHIER');
