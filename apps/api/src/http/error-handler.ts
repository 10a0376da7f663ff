import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorCode } from '@voirie/domain';
import { AppError, type FieldError } from '../errors/app-error.ts';
import { fieldError } from '../errors/field-errors.ts';
import type { ErrorEnvelope } from './envelope.ts';
import { MULTIPART_MESSAGES } from '../files/multipart-limits.ts';
import { STATEMENT_TIMEOUT_CODE } from '../db/pglite-client.ts';

export const MESSAGES = {
  internal: 'Erreur interne du serveur',
  notFound: "Cette route n'existe pas sur l'api",
  invalidJson: "Le corps de la requête n'est pas un JSON valide.",
  emptyBody: 'Le corps de la requête est vide.',
  tooLarge: 'La requête est trop volumineuse.',
  mediaType: "Ce type de contenu n'est pas accepté.",
  badRequest: 'Requête invalide.',
  unknownField: (field: string) => `Le champ « ${field} » n'est pas attendu.`,
  databaseTimeout:
    "Cette opération a pris trop de temps et a été interrompue : rien n'a été enregistré. Réessayez dans un instant ; si elle échoue encore, simplifiez-la (un tracé plus petit, moins de lignes).",
} as const;

/** Seconds before a retry after a statement stopped at its time limit. */
const DATABASE_TIMEOUT_RETRY_SECONDS = 5;

type KnownError = { status: number; code: ErrorCode; message: string };
const badRequest = (message: string): KnownError => ({ status: 400, code: 'BAD_REQUEST', message });
const tooLarge = (message: string): KnownError => ({ status: 413, code: 'PAYLOAD_TOO_LARGE', message });
const unsupported = (message: string): KnownError => ({
  status: 415,
  code: 'UNSUPPORTED_MEDIA_TYPE',
  message,
});

// Fastify's own 4xx errors, in French.
const FASTIFY_CODES: Record<string, KnownError> = {
  FST_ERR_CTP_INVALID_JSON_BODY: badRequest(MESSAGES.invalidJson),
  FST_ERR_CTP_EMPTY_JSON_BODY: badRequest(MESSAGES.emptyBody),
  FST_ERR_CTP_BODY_TOO_LARGE: tooLarge(MESSAGES.tooLarge),
  FST_ERR_CTP_INVALID_MEDIA_TYPE: unsupported(MESSAGES.mediaType),
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: badRequest(MESSAGES.badRequest),
  // @fastify/multipart's, should one escape readUploadParts (which words them with the limits).
  FST_PARTS_LIMIT: badRequest(MULTIPART_MESSAGES.overLimits),
  FST_FILES_LIMIT: badRequest(MULTIPART_MESSAGES.overLimits),
  FST_FIELDS_LIMIT: badRequest(MULTIPART_MESSAGES.overLimits),
  FST_REQ_FILE_TOO_LARGE: tooLarge(MULTIPART_MESSAGES.fileTooLarge),
  FST_PROTO_VIOLATION: badRequest(MULTIPART_MESSAGES.forbiddenName),
  FST_INVALID_MULTIPART_CONTENT_TYPE: unsupported(MESSAGES.mediaType),
  FST_INVALID_JSON_FIELD_ERROR: badRequest(MULTIPART_MESSAGES.invalidJsonField),
  FST_MP_PREMATURE_CLOSE: badRequest(MULTIPART_MESSAGES.interrupted),
};

function fieldErrors(error: FastifyError): FieldError[] {
  if (!hasZodFastifySchemaValidationErrors(error)) return [{ path: '', message: MESSAGES.badRequest }];
  return error.validation.map((v) => {
    const keys = (v.params as { keys?: string[] }).keys ?? [];
    const path = v.instancePath.replace(/^\//, '').replace(/\//g, '.');
    if (v.keyword === 'unrecognized_keys') {
      return { path, message: keys.map((k) => MESSAGES.unknownField(k)).join(' ') };
    }
    // zod's own texts are French (configureFrenchValidationMessages); ours are the spec's.
    return fieldError(path, v.message ?? MESSAGES.badRequest);
  });
}

/** Every error leaves as the envelope with a stable code and a French message. */
export function handleError(
  error: FastifyError | AppError,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  let status: number;
  let body: ErrorEnvelope;
  if (error instanceof AppError) {
    status = error.status;
    body = { success: false, code: error.code, message: error.message };
    if (error.errors) body.errors = error.errors;
    if (status === 403) body.detail = error.message;
    if (error.retryAfter) void reply.header('retry-after', String(error.retryAfter));
    // The rest of a body too slow to arrive is not waited for: the connection closes once answered.
    if (status === 408) void reply.header('connection', 'close');
    // A service of ours that failed (storage, address API): the operators need its cause.
    if (status >= 500)
      request.log.error({ err: error.cause ?? error, code: error.code }, 'service unavailable');
  } else if (error.validation) {
    const errors = fieldErrors(error);
    status = 400;
    body = { success: false, code: 'VALIDATION', message: errors.map((e) => e.message).join(' ; '), errors };
  } else if (error.code === STATEMENT_TIMEOUT_CODE) {
    // PostgreSQL's statement_timeout, or the embedded database's (pglite-client.ts): the
    // transaction was rolled back.
    request.log.warn({ url: request.routeOptions.url, method: request.method }, 'statement timeout');
    status = 503;
    body = { success: false, code: 'DATABASE_TIMEOUT', message: MESSAGES.databaseTimeout };
    void reply.header('retry-after', String(DATABASE_TIMEOUT_RETRY_SECONDS));
  } else if (error.code && FASTIFY_CODES[error.code]) {
    const known = FASTIFY_CODES[error.code]!;
    status = known.status;
    body = { success: false, code: known.code, message: known.message };
  } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    status = error.statusCode;
    body = { success: false, code: 'BAD_REQUEST', message: MESSAGES.badRequest };
  } else {
    request.log.error({ err: error }, 'unhandled error');
    status = 500;
    body = { success: false, code: 'INTERNAL', message: MESSAGES.internal };
  }
  return reply.status(status).send(body);
}
