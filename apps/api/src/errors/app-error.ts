import type { ErrorCode } from '@voirie/domain';

// The error model (docs/decisions/0014-error-model.md): services throw AppError, with one of the
// domain's codes and the user's French message; the HTTP status each code answers with is the
// API's concern, kept here so that services need nothing of `http/`.

/** The HTTP status each error code answers with; the client decides on the code. */
export const ERROR_STATUS = {
  VALIDATION: 400,
  BAD_REQUEST: 400,
  TOKEN_INVALID: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  LINK_INVALID: 401,
  FORBIDDEN: 403,
  EMAIL_NOT_VALIDATED: 403,
  ACCOUNT_DISABLED: 403,
  NOT_FOUND: 404,
  /** The request did not arrive in time (http/timeouts.ts). */
  REQUEST_TIMEOUT: 408,
  CONFLICT: 409,
  STATE_CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_ATTEMPTS: 429,
  INTERNAL: 500,
  /** A service we call (the national address API) did not answer. */
  UPSTREAM: 502,
  /** The object storage of the files did not answer (files/s3-storage.ts). */
  STORAGE_UNAVAILABLE: 503,
  /** A database statement ran past its time limit and was stopped. */
  DATABASE_TIMEOUT: 503,
  /** The portal is closed for maintenance (http/maintenance.ts). */
  MAINTENANCE: 503,
} as const satisfies Record<ErrorCode, number>;

export interface FieldError {
  path: string;
  message: string;
}

/** The one error type services throw: a code and a French message for the user. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly errors: FieldError[] | undefined;
  /** Seconds before a retry makes sense (429). */
  readonly retryAfter: number | undefined;

  constructor(
    code: ErrorCode,
    message: string,
    options: { errors?: FieldError[]; retryAfter?: number; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.errors = options.errors;
    this.retryAfter = options.retryAfter;
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}
