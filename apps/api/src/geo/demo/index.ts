export { generateDemoGeography, DEMO_FILE_NAMES, type DemoManifest } from './generate.ts';
export { generateDemoGeographyInWorker } from './generate-in-worker.ts';
export { DEMO_SEED, DEMO_OPERATORS, DEMO_SUBCONTRACTOR, type DemoGeoSize } from './config.ts';

/** DEMO_GEO_SIZE=small|full (default full). */
export function demoGeoSizeFromEnv(env: NodeJS.ProcessEnv = process.env): 'small' | 'full' {
  return env.DEMO_GEO_SIZE?.trim().toLowerCase() === 'small' ? 'small' : 'full';
}
