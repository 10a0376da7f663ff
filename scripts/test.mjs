// npm test: the static checks (types, lint, formatting, unused code, the API's layers) side by
// side, the unit and integration tests, then the end-to-end journeys in Chromium. Stops at the
// first failure, prints each step's time and ends with one line counting the tests.
//
// With DATABASE_URL (CI, and any machine with PostgreSQL + PostGIS) the API suite runs once on
// PostgreSQL, and on the embedded database only the files that exercise what differs between the
// two engines (apps/api/test/embedded-engine-files.mjs); the journeys run on the embedded database,
// as `npm start` does. Without it, the whole API suite runs on the embedded database.
// docs/testing.md says why and how long each part takes.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { EMBEDDED_ENGINE_FILES } from '../apps/api/test/embedded-engine-files.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = path.join(root, '.tmp/reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });
const totals = { passed: 0, failed: 0, skipped: 0 };
/** Each step's title and seconds, printed at the end. */
const times = [];
const startedAt = Date.now();

const seconds = (since) => Math.round((Date.now() - since) / 1000);

function report(title, ok, since) {
  times.push([title, seconds(since), ok]);
  console.log(`=== ${title}: ${ok ? 'ok' : 'ÉCHEC'} (${String(seconds(since))} s)`);
}

function run(title, command, args, env = {}) {
  console.log(`\n=== ${title}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  report(title, result.status === 0, started);
  return result.status === 0;
}

/** Runs commands at once, each one's output held and printed whole when it ends. */
async function runTogether(commands) {
  const results = await Promise.all(
    commands.map(
      ([title, command, args]) =>
        new Promise((resolve) => {
          const started = Date.now();
          const child = spawn(command, args, { cwd: root, env: process.env });
          const output = [];
          child.stdout.on('data', (chunk) => output.push(chunk));
          child.stderr.on('data', (chunk) => output.push(chunk));
          child.on('close', (code) => {
            console.log(`\n=== ${title}`);
            process.stdout.write(Buffer.concat(output));
            report(title, code === 0, started);
            resolve(code === 0);
          });
        }),
    ),
  );
  return results.every(Boolean);
}

function countVitest(file) {
  if (!existsSync(file)) return;
  const result = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += result.numPassedTests;
  totals.failed += result.numFailedTests;
  totals.skipped += result.numPendingTests + (result.numTodoTests ?? 0);
}

function countPlaywright(file) {
  if (!existsSync(file)) return;
  const { stats } = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += stats.expected + stats.flaky;
  totals.failed += stats.unexpected;
  totals.skipped += stats.skipped;
}

function finish(ok) {
  console.log('\n=== durées');
  for (const [title, time, passed] of times) {
    console.log(`${String(time).padStart(6)} s  ${passed ? '' : 'ÉCHEC  '}${title}`);
  }
  console.log(`${String(seconds(startedAt)).padStart(6)} s  en tout`);
  console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
  process.exit(ok ? 0 : 1);
}

const vitest = (name, env = {}, extra = []) => {
  const out = path.join(reports, `${name.replace(/[^\w+-]+/g, '-')}.json`);
  const ok = run(
    name,
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`, ...extra],
    env,
  );
  countVitest(out);
  return ok;
};

const onPostgres = Boolean(process.env.DATABASE_URL);
// A renamed file would silently leave the list (vitest filters by name): a missing one fails.
const missing = EMBEDDED_ENGINE_FILES.filter((file) => !existsSync(path.join(root, file)));
if (missing.length > 0) {
  console.error(`apps/api/test/embedded-engine-files.mjs : fichiers absents : ${missing.join(', ')}`);
  process.exit(1);
}

const steps = [
  () =>
    runTogether([
      ['typecheck', 'npm', ['run', '-s', 'typecheck']],
      ['lint', 'npm', ['run', '-s', 'lint']],
      ['format (prettier --check)', 'npm', ['run', '-s', 'format:check']],
      ['knip (unused files, exports, dependencies)', 'npm', ['run', '-s', 'knip']],
      ['layers of the API (dependency-cruiser)', 'npm', ['run', '-s', 'deps:check']],
    ]),
  () =>
    onPostgres
      ? vitest('unit + integration (PostgreSQL)', { TEST_TARGET: 'postgres' })
      : (console.log('\n=== integration (PostgreSQL): DATABASE_URL absent, ignoré'), true),
  () =>
    onPostgres
      ? vitest('integration (PGlite): what differs between the engines', { TEST_TARGET: '' }, [
          '--project',
          'api',
          ...EMBEDDED_ENGINE_FILES,
        ])
      : vitest('unit + integration (PGlite)', { TEST_TARGET: '' }),
  () => {
    if (!existsSync(path.join(root, 'e2e/playwright.config.ts'))) return true;
    const out = path.join(reports, 'e2e.json');
    const ok = run('e2e (Chromium)', 'npm', ['run', '-s', 'test:e2e'], { PLAYWRIGHT_JSON_OUTPUT_NAME: out });
    countPlaywright(out);
    return ok;
  },
];

for (const step of steps) {
  if (!(await step())) finish(false);
}
finish(true);
