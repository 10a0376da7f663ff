import { Worker } from 'node:worker_threads';
import { generateDemoGeography, type DemoGenerateOptions, type DemoManifest } from './generate.ts';

/**
 * Writes the demo geography's files on another thread: on a first start the server opens and
 * migrates the embedded database meanwhile — both are CPU-bound, and the machine has two cores
 * or more (the first start). From the TypeScript sources (`npm run dev`, tests) there
 * is no worker bundle: the files are written on this thread.
 */
export function generateDemoGeographyInWorker(options: DemoGenerateOptions): Promise<DemoManifest> {
  if (import.meta.url.endsWith('.ts')) return generateDemoGeography(options);
  // The server's bundle (dist/server.mjs) sits beside the worker's (scripts/build.mjs).
  const worker = new Worker(new URL('./demo-geo-worker.mjs', import.meta.url), { workerData: options });
  return new Promise((resolve, reject) => {
    worker.once('message', (manifest: DemoManifest) => resolve(manifest));
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`Génération des données de démonstration interrompue (code ${code})`));
    });
  });
}
