import { FILES_WITH_MOCKS, webProject } from './vitest.config';

// The web test files that mock a module, each in a fresh module graph (see vitest.config.ts).
export default webProject({ name: 'web-mocks', include: FILES_WITH_MOCKS });
