// Prints the gzip size, in KB, of the JavaScript the login page loads: the files that
// dist/index.html references, the login route's chunk, and every chunk they import
// statically (read from the Vite manifest). Run after `vite build`; used by `npm run bench`.
// Usage: node scripts/login-bundle-size.mjs [distDir] [--details]
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const LOGIN_PAGE_SOURCE = 'src/features/auth/components/login-page.tsx';

const args = process.argv.slice(2);
const showDetails = args.includes('--details');
const distDir = path.resolve(
  args.find((arg) => !arg.startsWith('--')) ??
    path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist'),
);

const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8'));
const indexHtml = readFileSync(path.join(distDir, 'index.html'), 'utf8');

const files = new Set();
const visitedKeys = new Set();

function followChunk(key) {
  if (visitedKeys.has(key)) return;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`Entrée absente du manifeste Vite : ${key}`);
  visitedKeys.add(key);
  if (chunk.file.endsWith('.js')) files.add(chunk.file);
  for (const imported of chunk.imports ?? []) followChunk(imported);
}

// The scripts and module preloads written into index.html.
for (const [, file] of indexHtml.matchAll(/(?:src|href)="\/?([^"]+\.js)"/g)) files.add(file);
for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) followChunk(key);

const loginKey = Object.keys(manifest).find(
  (key) => key === LOGIN_PAGE_SOURCE || manifest[key].src === LOGIN_PAGE_SOURCE,
);
if (!loginKey)
  throw new Error(`Chunk de la page de connexion introuvable (${LOGIN_PAGE_SOURCE}) dans le manifeste`);
followChunk(loginKey);

let totalBytes = 0;
const rows = [];
for (const file of [...files].sort()) {
  const gzipBytes = gzipSync(readFileSync(path.join(distDir, file))).length;
  totalBytes += gzipBytes;
  rows.push(`${(gzipBytes / 1024).toFixed(1).padStart(7)} KB  ${file}`);
}

if (showDetails) console.error(rows.join('\n'));
console.log((totalBytes / 1024).toFixed(1));
