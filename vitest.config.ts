import { defineConfig } from 'vitest/config';

// One run for every workspace; each project has its own config beside its code.
export default defineConfig({
  test: {
    projects: ['packages/domain', 'apps/api', 'apps/web'],
    // API test files each clone their own database: two at a time fits the 2-core machines.
    maxWorkers: 2,
  },
});
