import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ApiApp } from './types.ts';

// Who may keep an answer. The API's answers are a person's data — a request, a
// document, a session's token — and stay out of every cache (`no-store`), the browser's included,
// where the next user of a shared computer would find them. Only open data says otherwise: a
// route marks it `Cache-Control: public` (the public works, the map's layers); such an answer
// carries an ETag and answers 304 to a client that already has it. A private answer that is
// costly to build and cheap to tag (the list map's tiles) may say `private, no-cache` with its
// own ETag: the browser keeps it for this user and asks again each time, and the route answers
// 304 before building it. The web app's files are outside /api and keep their own caching (app.ts).

const isPublic = (reply: FastifyReply) => /^public\b/.test(String(reply.getHeader('cache-control') ?? ''));

/** The caching of a private answer its route tags and revalidates itself. */
export const PRIVATE_REVALIDATED = 'private, no-cache';
const isRevalidated = (reply: FastifyReply) =>
  reply.getHeader('cache-control') === PRIVATE_REVALIDATED && reply.hasHeader('etag');

/** True when the client's If-None-Match names this tag (or '*'); weak tags compare as strong. */
export function isFresh(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  const strong = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => {
    const value = tag.trim().replace(/^W\//, '');
    return value === '*' || value === strong;
  });
}

/** The tag of an answer's bytes; null for a stream (its route gives the tag, if any). */
function etagOf(payload: unknown): string | null {
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return null;
  return `"${createHash('sha256').update(payload).digest('base64url').slice(0, 32)}"`;
}

/** Drops an answer's body that will not be sent (a file stream is closed, not left open). */
function discard(payload: unknown): void {
  if (payload && typeof (payload as { destroy?: unknown }).destroy === 'function')
    (payload as { destroy: () => void }).destroy();
}

/** `no-store` on every API answer but open data and revalidated ones; ETag and 304 for open data. */
export function registerCaching(app: ApiApp): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!request.url.startsWith('/api/')) return done(null, payload);
    if (isRevalidated(reply)) return done(null, payload);
    if (!isPublic(reply)) {
      // The documentation is the same for everyone and holds nothing private.
      if (!request.url.startsWith('/api/docs')) void reply.header('cache-control', 'no-store');
      return done(null, payload);
    }
    if (reply.statusCode !== 200 || (request.method !== 'GET' && request.method !== 'HEAD'))
      return done(null, payload);
    const given = reply.getHeader('etag');
    const etag = typeof given === 'string' ? given : etagOf(payload);
    if (!etag) return done(null, payload);
    void reply.header('etag', etag);
    if (!isFresh(request, etag)) return done(null, payload);
    discard(payload);
    void reply.code(304).removeHeader('content-length');
    done(null, null);
  });
}
