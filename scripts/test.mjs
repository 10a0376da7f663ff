// npm test: typecheck, lint, formatting, unused code (knip), unit and integration tests (PGlite, and PostgreSQL when
// DATABASE_URL is set), then the end-to-end journeys in Chromium. Stops at the first failure
// and ends with one line counting the tests.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = path.join(root, '.tmp/reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });
const totals = { passed: 0, failed: 0, skipped: 0 };

function run(title, command, args, env = {}) {
  console.log(`\n=== ${title}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(
    `=== ${title}: ${result.status === 0 ? 'ok' : 'ÉCHEC'} (${((Date.now() - started) / 1000).toFixed(0)} s)`,
  );
  return result.status === 0;
}

function countVitest(file) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + (report.numTodoTests ?? 0);
}

function countPlaywright(file) {
  if (!existsSync(file)) return;
  const { stats } = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += stats.expected + stats.flaky;
  totals.failed += stats.unexpected;
  totals.skipped += stats.skipped;
}

function finish(ok) {
  console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
  process.exit(ok ? 0 : 1);
}

const vitest = (name, env = {}, extra = []) => {
  const out = path.join(reports, `${name}.json`);
  const ok = run(
    name,
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`, ...extra],
    env,
  );
  countVitest(out);
  return ok;
};

const steps = [
  () => run('typecheck', 'npm', ['run', '-s', 'typecheck']),
  () => run('lint', 'npm', ['run', '-s', 'lint']),
  () => run('format (prettier --check)', 'npm', ['run', '-s', 'format:check']),
  () => run('knip (unused files, exports, dependencies)', 'npm', ['run', '-s', 'knip']),
  () => vitest('unit+integration (PGlite)', { TEST_TARGET: '' }),
  () =>
    process.env.DATABASE_URL
      ? vitest('integration (PostgreSQL)', { TEST_TARGET: 'postgres' }, ['--project', 'api'])
      : (console.log('\n=== integration (PostgreSQL): DATABASE_URL absent, ignoré'), true),
  () => {
    if (!existsSync(path.join(root, 'e2e/playwright.config.ts'))) return true;
    const out = path.join(reports, 'e2e.json');
    const ok = run('e2e (Chromium)', 'npm', ['run', '-s', 'test:e2e'], { PLAYWRIGHT_JSON_OUTPUT_NAME: out });
    countPlaywright(out);
    return ok;
  },
];

for (const step of steps) {
  if (!step()) finish(false);
}
finish(true);
