import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';

// scripts/patch-pglite.mjs, run by `npm install`: PGlite's symbol lookup by map.
const ROOT = path.resolve(import.meta.dirname, '../../..');
interface PatchScript {
  patchSource(source: string): string;
  pgliteDist(root: string): string;
  PATCH_MARK: string;
}
const script = (await import(pathToFileURL(path.join(ROOT, 'scripts/patch-pglite.mjs')).href)) as PatchScript;

const ORIGINAL = 'Object.keys(lib.exports).indexOf(name)';
type Library = { exports: Record<string, unknown> };
const lookupOf = (expression: string) => (lib: Library, name: string) =>
  runInNewContext(expression, { lib, name }) as number;

describe('the PGlite symbol lookup patch', () => {
  it('is applied to every runtime file of the installed PGlite (else: PGlite changed, see the script)', () => {
    const dist = script.pgliteDist(ROOT);
    const runtimes = readdirSync(dist)
      .filter((name) => /\.c?js$/.test(name))
      .map((name) => readFileSync(path.join(dist, name), 'utf8'))
      .filter((source) => source.includes('__dlsym_js'));
    expect(runtimes.length).toBeGreaterThan(0);
    for (const source of runtimes) {
      expect(source).toContain(script.PATCH_MARK);
      expect(source).not.toMatch(/Object\.keys\([\w$]+\.exports\)\.indexOf\(/);
    }
  });

  it('answers the same index as the original lookup, also for an export added after the first lookup', () => {
    const patchedBody = script.patchSource(ORIGINAL);
    expect(patchedBody).not.toBe(ORIGINAL);
    const original = lookupOf(ORIGINAL);
    const patched = lookupOf(patchedBody);
    const lib: Library = { exports: { malloc: 1, free: 2, ST_Buffer: 3 } };
    for (const name of ['ST_Buffer', 'malloc', 'free']) expect(patched(lib, name)).toBe(original(lib, name));
    lib.exports.ST_Union = 4;
    expect(patched(lib, 'ST_Union')).toBe(3);
    expect(patched(lib, 'free')).toBe(1);
  });
});
