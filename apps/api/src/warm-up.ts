import { docxLibs } from './orders/docx-libs.ts';

/** How long after the server is ready the libraries below are loaded. */
const WARM_UP_DELAY_MS = 1000;

/**
 * The libraries only some requests need (pdf-lib for the printed forms and annexes, docxtemplater
 * for the orders), loaded once the server answers: they are left out of the start-up,
 * and the first request that needed one held the server's thread while it compiled — /api/health
 * waited ~0.5 s behind the first printed form (`npm run fault -- --freeze`).
 */
export function warmUpAfterStart(): void {
  setTimeout(() => {
    void Promise.all([import('pdf-lib'), docxLibs()]).catch(() => undefined);
  }, WARM_UP_DELAY_MS).unref();
}
