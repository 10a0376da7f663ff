import { existsSync } from 'node:fs';
import path from 'node:path';
import { defineConfig, type ReporterDescription } from '@playwright/test';
import { E2E_TMP, ENV } from './support/paths.ts';
import { freePortSync } from './support/ports.ts';

// The runner reads this file first and forks the workers afterwards: they inherit the port
// chosen here through the environment, so every process agrees on baseURL.
process.env[ENV.port] ||= String(freePortSync());
const port = Number(process.env[ENV.port]);

/**
 * Debian's Chromium, never a downloaded one (STACK.md). As root it needs --no-sandbox. Its
 * headless shell (`chromium-headless-shell`, which `.ci/run` installs) when present: the same
 * engine without the browser's windowing and compositor processes, which Playwright's own
 * builds also use for headless runs; about a fifth less CPU over the journeys.
 */
const VIEWER = '/usr/bin/chromium';
const CHROMIUM = ['/usr/bin/chromium-headless-shell', VIEWER].find((file) => existsSync(file));

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const jsonOutput = process.env.PLAYWRIGHT_JSON_OUTPUT_NAME || path.join(E2E_TMP, 'report.json');
const reporter: ReporterDescription[] = [['list'], ['json', { outputFile: jsonOutput }]];

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  testIgnore: ['.tmp/**', 'mobile/**'],
  outputDir: path.join(E2E_TMP, 'test-results'),
  // One embedded database and a 2-core CI machine: one test at a time.
  workers: 1,
  fullyParallel: false,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  // Long journeys on a 2-core machine: a margin over the slowest (35–45 s when CI runs alone).
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter,
  globalSetup: './support/global-setup.ts',
  globalTeardown: './support/global-teardown.ts',
  use: {
    baseURL: `http://localhost:${port}`,
    browserName: 'chromium',
    headless: true,
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    viewport: { width: 1280, height: 800 },
    launchOptions: { executablePath: process.env.E2E_CHROMIUM ?? CHROMIUM, args: CHROMIUM_ARGS },
    // A failed journey keeps a screenshot; with E2E_TRACE=1, its trace too (each action's DOM,
    // network, console). Recording it for every journey, to keep it for the few that fail, cost
    // 9–20 % of a journey's CPU (reception.spec.ts, twice each way): off by default, as no one
    // reads CI's. Never the trace's screencast (about 50 s of the 11 minutes).
    trace: process.env.E2E_TRACE === '1' ? { mode: 'retain-on-failure', screenshots: false } : 'off',
    screenshot: 'only-on-failure',
    actionTimeout: 10_000,
    navigationTimeout: 15_000,
  },
  projects: [
    { name: 'chromium', testIgnore: ['.tmp/**', 'mobile/**', 'security/**'] },
    // The cerfa's PDF in Chromium's own viewer, under the portal's CSP: the whole browser, as
    // the headless shell has no PDF viewer (it downloads the file).
    {
      name: 'viewer',
      testMatch: 'security/**/*.spec.ts',
      testIgnore: '.tmp/**',
      use: { launchOptions: { executablePath: process.env.E2E_CHROMIUM ?? VIEWER, args: CHROMIUM_ARGS } },
    },
    // The phone: the wizard at 390 × 844, by touch. Only its own folder, so that
    // the whole suite does not run twice.
    {
      name: 'mobile',
      testMatch: 'mobile/**/*.spec.ts',
      testIgnore: '.tmp/**',
      use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
    },
  ],
});
