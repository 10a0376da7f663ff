import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const here = path.dirname(new URL(import.meta.url).pathname);
const TEST_FILE = /\.test\.tsx?$/;

/**
 * The test files that replace a module with `vi.mock` (the map, most often). They run each in a
 * fresh module graph (vitest.mocks.config.ts): with a shared one, a mocked module stays in the
 * cache and later files in the same worker would get the stand-in instead of the real one.
 */
export const FILES_WITH_MOCKS = readdirSync(path.join(here, 'src'), { recursive: true, encoding: 'utf8' })
  .filter((file) => TEST_FILE.test(file))
  .filter((file) => readFileSync(path.join(here, 'src', file), 'utf8').includes('vi.mock('))
  .map((file) => `src/${file.split(path.sep).join('/')}`);

/** The web project: every test file but those that mock, unless `files` names them. */
export function webProject(files?: { name: string; include: string[] }) {
  return defineConfig({
    plugins: [react()],
    test: {
      name: files?.name ?? 'web',
      include: files?.include ?? ['src/**/*.test.{ts,tsx}'],
      exclude: files ? [] : FILES_WITH_MOCKS,
      environment: 'jsdom',
      setupFiles: ['./src/test/setup.ts'],
      passWithNoTests: true,
      testTimeout: 20_000,
      // Every file in one module graph per worker: MUI, React and the app load once per worker
      // instead of once per file (about 40 % of the web tests' time). src/test/setup.ts resets
      // after each test what a test may change (the DOM, toasts, stubs, cookie, address).
      isolate: Boolean(files),
    },
  });
}

export default webProject();
