import { MAINTENANCE_TEXTS } from '@voirie/domain';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors/app-error.ts';

/** What stays open while the portal is closed: the load balancer's probe and what the page reads. */
const OPEN_DURING_MAINTENANCE = new Set(['/api/health', '/api/config']);

/**
 * Closed for maintenance (MAINTENANCE=1, docs/operations.md "Maintenance"): every API call but
 * the health probe and the public configuration answers 503 MAINTENANCE, before the session is
 * read — the database may be the thing under maintenance. The web app then shows /maintenance.
 * The built web app itself is still served, so that page can load.
 */
export function registerMaintenance(app: FastifyInstance, closed: boolean): void {
  if (!closed) return;
  app.addHook('onRequest', (request, _reply, done) => {
    const pathname = request.url.split('?')[0] ?? '';
    if (!pathname.startsWith('/api/') || OPEN_DURING_MAINTENANCE.has(pathname)) done();
    else done(new AppError('MAINTENANCE', MAINTENANCE_TEXTS.message));
  });
}
