import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'api',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Every file in one module graph per worker: the app's modules load once per worker, not
    // once per file (98 s of imports became 9 s). Each file still builds its own app on its own
    // database; a test that changes process.env puts it back in a finally or afterAll.
    isolate: false,
  },
});
