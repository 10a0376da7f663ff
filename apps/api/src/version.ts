import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT_PACKAGE = 'voirie-portail';

/** The repository's package.json, found upward from this module: from the sources or the bundle (apps/api/dist). */
function rootVersion(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const file = path.join(dir, 'package.json');
    if (existsSync(file)) {
      const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
      if (pkg.name === ROOT_PACKAGE && pkg.version) return pkg.version;
    }
    const parent = path.dirname(dir);
    if (parent === dir) return '0.0.0';
    dir = parent;
  }
}

/**
 * The portal's version, the root package.json's (docs/constants.md "Version"): shown in the
 * footer through GET config and in the API documentation, so a support call names the build.
 */
export const PORTAL_VERSION: string = rootVersion();
