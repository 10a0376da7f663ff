// Builds what is missing or out of date: the web app (Vite) and the API bundle (esbuild).
// `--force` rebuilds both. Used by `npm start`, `npm run build`, e2e and the benchmark.
import { readdirSync, readFileSync, rmSync, statSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const force = process.argv.includes('--force');
const r = (...p) => path.join(root, ...p);

function newestMtime(entries) {
  let newest = 0;
  const visit = (p) => {
    if (!existsSync(p)) return;
    const s = statSync(p);
    if (s.isDirectory()) {
      for (const name of readdirSync(p))
        if (name !== 'node_modules' && name !== 'dist') visit(path.join(p, name));
    } else newest = Math.max(newest, s.mtimeMs);
  };
  entries.forEach(visit);
  return newest;
}

function isStale(output, sources) {
  if (force || !existsSync(output)) return true;
  return newestMtime(sources) > statSync(output).mtimeMs;
}

const domain = [r('packages/domain/src'), r('packages/domain/package.json')];

export async function buildWeb() {
  const out = r('apps/web/dist/index.html');
  if (
    !isStale(out, [
      r('apps/web/src'),
      r('apps/web/index.html'),
      r('apps/web/vite.config.ts'),
      r('apps/web/public'),
      ...domain,
    ])
  )
    return false;
  console.log('Construction de l’application web…');
  const { build } = await import('vite');
  // Vite sets NODE_ENV=production in this process; `npm start` then runs the server here, which
  // must read the user's own NODE_ENV (production refuses demo data and demo passwords).
  const nodeEnv = process.env.NODE_ENV;
  try {
    await build({ root: r('apps/web'), configFile: r('apps/web/vite.config.ts'), logLevel: 'warn' });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  return true;
}

export async function buildApi() {
  const out = r('apps/api/dist/server.mjs');
  if (!isStale(out, [r('apps/api/src'), r('apps/api/package.json'), ...domain])) return false;
  console.log('Construction du serveur…');
  const { build } = await import('esbuild');
  const pkg = JSON.parse(readFileSync(r('apps/api/package.json'), 'utf8'));
  const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@voirie/'));
  rmSync(r('apps/api/dist/chunks'), { recursive: true, force: true });
  await build({
    // The demo geography's worker thread and the embedded database's (db/pglite-client.ts)
    // beside the server, where their modules look for them.
    entryPoints: {
      server: r('apps/api/src/server.ts'),
      'demo-geo-worker': r('apps/api/src/geo/demo/generate-worker.ts'),
      'pglite-worker': r('apps/api/src/db/pglite-worker.mjs'),
    },
    outdir: r('apps/api/dist'),
    outExtension: { '.js': '.mjs' },
    // What a dynamic import() loads (the S3 adapter and its SDK, the document generators…) in
    // chunks of its own, loaded when first used: a later start loads less.
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external,
    sourcemap: true,
    loader: { '.geojson': 'json' },
    logLevel: 'warning',
  });
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await buildWeb();
  await buildApi();
}
