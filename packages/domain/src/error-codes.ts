/**
 * The stable codes of the API's error answers (docs/decisions/0014-error-model.md): clients decide
 * on the code, never on the message (French, for the user) nor on the HTTP status (the API maps
 * each code to one status, apps/api/src/errors/app-error.ts).
 */
export const ERROR_CODES = [
  'VALIDATION',
  'BAD_REQUEST',
  'TOKEN_INVALID',
  'UNAUTHENTICATED',
  'INVALID_CREDENTIALS',
  'LINK_INVALID',
  'FORBIDDEN',
  'EMAIL_NOT_VALIDATED',
  'ACCOUNT_DISABLED',
  'NOT_FOUND',
  /** The request did not arrive in time. */
  'REQUEST_TIMEOUT',
  'CONFLICT',
  'STATE_CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'TOO_MANY_ATTEMPTS',
  'INTERNAL',
  /** A service the API calls (the national address API) did not answer. */
  'UPSTREAM',
  /** The object storage of the files did not answer. */
  'STORAGE_UNAVAILABLE',
  /** A database statement ran past its time limit and was stopped (nothing was written). */
  'DATABASE_TIMEOUT',
  /** The portal is closed for maintenance (MAINTENANCE=1): the web app shows its page. */
  'MAINTENANCE',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];
