// npm start: builds what is missing, then runs the portal (embedded database by default).
import { buildApi, buildWeb } from './build.mjs';

await buildWeb();
await buildApi();
await import('../apps/api/dist/server.mjs');
