// Entry of the worker thread that writes the demo geography's files (generate-in-worker.ts);
// bundled on its own as dist/demo-geo-worker.mjs (scripts/build.mjs).
import { parentPort, workerData } from 'node:worker_threads';
import { generateDemoGeography, type DemoGenerateOptions } from './generate.ts';

const manifest = await generateDemoGeography(workerData as DemoGenerateOptions);
parentPort?.postMessage(manifest);
