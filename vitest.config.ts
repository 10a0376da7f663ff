import { defineConfig } from 'vitest/config';

// One run for every workspace; each project has its own config beside its code.
export default defineConfig({
  test: {
    projects: ['packages/domain', 'apps/api', 'apps/web'],
  },
});
