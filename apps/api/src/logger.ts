import type { FastifyServerOptions } from 'fastify';

// Link tokens travel in paths: never write them to the logs.
const TOKEN_PATHS = /\/(validate-email|password)\/[^/?#]+/g;

/** Logs without personal data: no addresses, no tokens, no cookies, no query strings. */
export function redactUrl(url: string): string {
  return url.split('?')[0]!.replace(TOKEN_PATHS, '/$1/***');
}

/** Structured JSON logs (pino) for the server. */
export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    serializers: {
      req: (req: { method: string; url: string; id: string }) => ({
        id: req.id,
        method: req.method,
        url: redactUrl(req.url),
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
  };
}
