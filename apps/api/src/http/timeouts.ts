import type { Duplex } from 'node:stream';
import { PassThrough } from 'node:stream';
import type { FastifyServerOptions } from 'fastify';
import type { ServerOptions } from 'node:http';
import { AppError } from '../errors/app-error.ts';
import type { ApiApp } from './types.ts';

// How long a sender may take (a body trickled a byte at a time held its connection past
// 95 s, and a few hundred such senders hold them all). Every request's headers must arrive within
// the request limit (30 s); so must a body without files (1 MB at most: 35 KB/s). A form with
// files may take the upload limit (10 minutes: 20 MB on a slow line): only signed-in routes take
// files, and their policy runs before a byte of the body is read. Node checks its limits every
// CHECK_INTERVAL_MS, so a limit is met up to that much late.

/** The limits, in milliseconds. */
export interface RequestTimeouts {
  requestMs: number;
  uploadMs: number;
}

const CHECK_INTERVAL_MS = 1000;

export const TIMEOUT_MESSAGES = {
  timeout: 'La requête a mis trop de temps à arriver : elle a été interrompue. Réessayez.',
  malformed: 'Requête invalide.',
  headersTooLarge: 'Les en-têtes de la requête sont trop volumineux.',
} as const;

const isUpload = (contentType: string | undefined) => /^multipart\//i.test(contentType ?? '');

/**
 * The answer to a connection Node refuses before Fastify sees a request (headers too slow, an
 * upload past its limit, malformed HTTP): the French error envelope, then the connection closed.
 */
function refuseConnection(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code, message] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? ([408, 'REQUEST_TIMEOUT', TIMEOUT_MESSAGES.timeout] as const)
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? ([431, 'BAD_REQUEST', TIMEOUT_MESSAGES.headersTooLarge] as const)
        : ([400, 'BAD_REQUEST', TIMEOUT_MESSAGES.malformed] as const);
  const body = JSON.stringify({ success: false, code, message });
  // An answer already begun (an upload's route was reading) cannot take a second status line.
  const started = (socket as { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent;
  if (socket.writable && !started)
    socket.write(
      `HTTP/1.1 ${String(status)} ${code}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${String(Buffer.byteLength(body))}\r\nConnection: close\r\n\r\n${body}`,
    );
  socket.destroy(error);
}

/**
 * Fastify's server options for these limits: Node's own limits (headers; the whole request, at
 * the upload's limit — a body without files is cut sooner by registerBodyDeadline) and the French
 * answer when one is met.
 */
export function serverTimeoutOptions(
  timeouts: RequestTimeouts,
): Pick<FastifyServerOptions, 'requestTimeout' | 'clientErrorHandler'> & { http: ServerOptions } {
  return {
    requestTimeout: timeouts.uploadMs,
    http: {
      // Also given here: Node refuses a headersTimeout above its default requestTimeout (300 s).
      requestTimeout: timeouts.uploadMs,
      headersTimeout: Math.min(timeouts.requestMs, timeouts.uploadMs),
      connectionsCheckingInterval: CHECK_INTERVAL_MS,
    },
    clientErrorHandler: refuseConnection,
  };
}

/**
 * A body without files must arrive within the request limit from when its reading starts: past
 * it, the reading fails with a French 408 and the connection is closed once answered (the rest of
 * the body is not waited for). A multipart body is read by its route, under Node's upload limit.
 */
export function registerBodyDeadline(app: ApiApp, timeouts: RequestTimeouts): void {
  app.addHook('preParsing', (request, reply, payload, done) => {
    const { headers } = request;
    const hasBody = Number(headers['content-length'] ?? 0) > 0 || headers['transfer-encoding'] !== undefined;
    if (!hasBody || isUpload(headers['content-type'])) return done(null, payload);
    const body = new PassThrough();
    const timer = setTimeout(() => {
      payload.unpipe(body);
      body.destroy(new AppError('REQUEST_TIMEOUT', TIMEOUT_MESSAGES.timeout));
    }, timeouts.requestMs);
    const stop = () => clearTimeout(timer);
    // Read whole, or answered without being read (a 413 on its length, a 415): no deadline left.
    body.once('end', stop);
    reply.raw.once('close', stop);
    // The body parser listens while it reads; a body never read must not throw when cut.
    body.on('error', () => undefined);
    // A sender that hangs up: the reading ends now, not at the deadline.
    payload.once('error', (error) => body.destroy(error));
    payload.pipe(body);
    done(null, body);
  });
}
