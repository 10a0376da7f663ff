import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root: `node scripts/start.mjs` runs from here, as `npm start` does. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Reports, results and portal logs of the e2e run (ignored by git through the root `.tmp/` rule). */
export const E2E_TMP = path.join(REPO_ROOT, 'e2e/.tmp');

/** Portal logs, kept after the run to diagnose a failure. */
export const LOG_DIR = path.join(E2E_TMP, 'logs');

/** Screenshots the run writes for the next reviewer, kept after the run. */
export const SCREENSHOT_DIR = path.join(E2E_TMP, 'artifacts/screenshots');

/**
 * What global setup hands to the test workers, through the environment (workers are forked
 * after global setup and inherit it).
 */
export const ENV = {
  /** Port of the portal under test; chosen by the config when not given. */
  port: 'E2E_PORT',
  /** Folder where the SMTP sink writes one JSON file per mail received. */
  mailDir: 'E2E_MAIL_DIR',
  /** SMTP URL of the sink, for a second portal instance started by a spec. */
  smtpUrl: 'E2E_SMTP_URL',
  /** The run's temporary folder (databases, mails, web app copy), removed by global teardown. */
  runDir: 'E2E_RUN_DIR',
  /** The copy of the built web app the portals serve (see global-setup.ts). */
  webDist: 'E2E_WEB_DIST',
} as const;

export function requiredEnv(name: string): string {
  const value = process.env[name];
  if (!value)
    throw new Error(`${name} absent : les tests e2e se lancent par « npm run test:e2e » (global setup).`);
  return value;
}
