import { defineConfig } from 'vitest/config';

// One run for every workspace; each project has its own config beside its code.
export default defineConfig({
  test: {
    projects: ['packages/domain', 'apps/api', 'apps/web/vitest.config.ts', 'apps/web/vitest.mocks.config.ts'],
    // API test files each clone their own database: two at a time fits the 2-core machines.
    maxWorkers: 2,
  },
});
