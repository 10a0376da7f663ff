// Run after `npm install` (the root package's postinstall). PGlite's Emscripten runtime finds
// each symbol a dynamic library asks for with `Object.keys(lib.exports).indexOf(name)`: a fresh
// array of all the library's exports for every symbol, tens of thousands of times when PostGIS
// loads. That was a fifth of a first `npm start` and is paid by every test database.
// The patch looks the index up in a name → index map built once per library, rebuilt on a miss,
// so the answer is the same index in the same order. Still in PGlite 0.5.16; to be dropped when
// PGlite ships its own fix. Never fails the install: a PGlite whose code changed is left as it
// is with a warning, and apps/api/test/pglite-patch.test.ts fails so that someone looks.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const LOOKUP = /Object\.keys\(([\w$]+)\.exports\)\.indexOf\(([\w$]+)\)/g;
export const PATCH_MARK = '.symbolIndex';

/** The lookup, with the map cached on the library object (`lib.symbolIndex`). */
export function patchSource(source) {
  return source.replace(
    LOOKUP,
    (_, lib, name) =>
      `(${lib}.symbolIndex?.get(${name})??(${lib}.symbolIndex=new Map(Object.keys(${lib}.exports).map((k,i)=>[k,i]))).get(${name}))`,
  );
}

/** The dist folder of the PGlite the API loads. */
export function pgliteDist(root) {
  const require = createRequire(path.join(root, 'apps/api/package.json'));
  return path.dirname(require.resolve('@electric-sql/pglite'));
}

/** Patches the runtime files that have the slow lookup; reports what each one is now. */
export function patchPglite(root) {
  const dist = pgliteDist(root);
  const report = [];
  for (const name of readdirSync(dist).filter((file) => /\.(c?js)$/.test(file))) {
    const file = path.join(dist, name);
    const source = readFileSync(file, 'utf8');
    if (!source.includes('__dlsym_js')) continue;
    const patched = patchSource(source);
    if (source.includes(PATCH_MARK)) report.push({ name, state: 'déjà corrigé' });
    else if (patched !== source) {
      writeFileSync(file, patched);
      report.push({ name, state: 'corrigé' });
    } else report.push({ name, state: 'code inconnu, laissé tel quel' });
  }
  return report;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  try {
    const report = patchPglite(root);
    const unknown = report.filter((entry) => entry.state.startsWith('code inconnu'));
    console.log(`PGlite, recherche des symboles : ${report.map((e) => `${e.name} ${e.state}`).join(', ')}`);
    if (unknown.length > 0 || report.length === 0)
      console.warn(
        'Attention : PGlite a changé, la correction de scripts/patch-pglite.mjs ne s’applique plus.',
      );
  } catch (error) {
    console.warn(
      `Attention : PGlite n’a pas pu être corrigé (${error.message}) ; il fonctionne, plus lentement.`,
    );
  }
}
