import { ACCOUNT_MESSAGES, MAINTENANCE_TEXTS } from '@voirie/domain/account-texts';
// A type only (erased from the bundle): the sign-in page's bundle stays without the domain's zod.
import type { ErrorCode } from '@voirie/domain';
import { beginRequest, endRequest } from './in-flight';

/** Every API answer (docs/api-accounts.md): the envelope, plus error details on failures. */
export interface ApiEnvelope<T = unknown> {
  success: boolean;
  message?: string;
  data?: T;
  /** The stable code of a failure (docs/decisions/0014-error-model.md): what the client decides on. */
  code?: ErrorCode;
  detail?: string;
  errors?: { path?: string; message: string }[];
}

/** A successful answer: `data` is present when the endpoint returns some. */
export interface ApiSuccess<T> {
  success: true;
  message: string;
  data: T;
}

export type ToastSeverity = 'success' | 'info' | 'warning' | 'error';

export const HTTP_MESSAGES = {
  notFound: "Cette route n'existe pas sur l'api",
  serverError: 'Erreur interne du serveur',
} as const;

/**
 * A failed call; `message` is the French text the user should read, `code` what the caller
 * decides on (see failureCode); `status` is only informative.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    message: string,
    readonly status: number,
    readonly code?: ErrorCode,
    readonly body?: ApiEnvelope,
  ) {
    super(message);
  }
}

export interface RequestOptions {
  body?: unknown;
  /** No global toast on failure: the caller shows the message itself. */
  silent?: boolean;
  /** Show the global 'Chargement...' overlay while the call runs (default true). */
  overlay?: boolean;
  signal?: AbortSignal;
}

export interface HttpHandlers {
  notify: (message: string, severity: ToastSeverity) => void;
  /** The session is gone (UNAUTHENTICATED outside the sign-in and password pages). */
  onSessionExpired: () => void;
  /** The portal is closed for maintenance: its page says so (docs/operations.md "Maintenance"). */
  onMaintenance: () => void;
}

export const API_BASE = '/api';

let handlers: HttpHandlers = {
  notify: () => undefined,
  onSessionExpired: () => undefined,
  onMaintenance: () => undefined,
};

/** Wire the client to the toasts and the router; done once by the app at start. */
export function configureHttp(next: HttpHandlers): void {
  handlers = next;
}

interface Failure {
  message: string;
  severity: ToastSeverity;
  sessionExpired: boolean;
  /** Closed for maintenance: a navigation to its page, no toast. */
  maintenance?: boolean;
}

function isPasswordPage(pathname: string): boolean {
  return pathname === '/password' || pathname.startsWith('/password/');
}

function joinedMessages(body: ApiEnvelope | undefined): string | undefined {
  const messages = [...new Set((body?.errors ?? []).map((error) => error.message).filter(Boolean))];
  if (messages.length > 0) return messages.join('\n');
  return body?.message || undefined;
}

/**
 * The code a failed answer stands for: its envelope's, or, for an answer without one (no network,
 * a proxy's bare page), the code its status means. The one place the client reads a status.
 */
function failureCode(status: number, body: ApiEnvelope | undefined): ErrorCode | undefined {
  if (body?.code) return body.code;
  if (status === 401) return 'UNAUTHENTICATED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  if (status >= 500 || status === 0) return 'INTERNAL';
  return undefined;
}

/**
 * The spec's failure -> message table (docs/screens.md "Notices and errors"), decided on the
 * answer's code and read on the page the user is on.
 */
export function describeFailure(status: number, body: ApiEnvelope | undefined, pathname: string): Failure {
  const failure = (message: string, severity: ToastSeverity = 'error', sessionExpired = false): Failure => ({
    message,
    severity,
    sessionExpired,
  });
  switch (failureCode(status, body)) {
    case 'UNAUTHENTICATED':
      // The sign-in and password pages have no session to lose: the failure is theirs.
      if (pathname === '/login') return failure(ACCOUNT_MESSAGES.loginUnauthorized);
      if (isPasswordPage(pathname)) return failure(ACCOUNT_MESSAGES.linkNoLongerValidShort);
      return failure(ACCOUNT_MESSAGES.sessionExpired, 'warning', true);
    case 'INVALID_CREDENTIALS':
      return failure(ACCOUNT_MESSAGES.loginFailure);
    case 'LINK_INVALID':
      return failure(ACCOUNT_MESSAGES.linkNoLongerValidShort);
    case 'FORBIDDEN':
    case 'EMAIL_NOT_VALIDATED':
    case 'ACCOUNT_DISABLED':
      return failure(body?.detail || body?.message || 'Accès refusé');
    case 'NOT_FOUND':
      return failure(HTTP_MESSAGES.notFound);
    // A service of ours that did not answer (the file storage, the address API, the database in
    // time): the API says which, in French, and that nothing was saved.
    case 'UPSTREAM':
    case 'STORAGE_UNAVAILABLE':
    case 'DATABASE_TIMEOUT':
      return failure(body?.message || HTTP_MESSAGES.serverError);
    case 'INTERNAL':
      return failure(HTTP_MESSAGES.serverError);
    case 'MAINTENANCE':
      return { ...failure(MAINTENANCE_TEXTS.message, 'warning'), maintenance: true };
    default:
      return failure(joinedMessages(body) ?? `La requête a échoué (erreur ${status}).`);
  }
}

async function readBody(response: Response): Promise<ApiEnvelope | undefined> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as ApiEnvelope;
  } catch {
    return undefined;
  }
}

/**
 * A failure met outside fetch (the wizard's XMLHttpRequest sends): when the session is gone, the
 * same 'Session expirée' and return to the sign-in page as any call (docs/screens.md "Notices and
 * errors"). True when it was a session expiry.
 */
export function announceSessionExpiry(status: number, body: ApiEnvelope | undefined): boolean {
  const failure = describeFailure(status, body, window.location.pathname);
  if (!failure.sessionExpired) return false;
  handlers.notify(failure.message, failure.severity);
  handlers.onSessionExpired();
  return true;
}

function fail(status: number, body: ApiEnvelope | undefined, silent: boolean): never {
  const failure = describeFailure(status, body, window.location.pathname);
  // Session expiry and maintenance are navigations, not just messages: even for silent calls.
  if (failure.maintenance) {
    handlers.onMaintenance();
  } else if (failure.sessionExpired) {
    handlers.notify(failure.message, failure.severity);
    handlers.onSessionExpired();
  } else if (!silent) {
    handlers.notify(failure.message, failure.severity);
  }
  throw new ApiError(failure.message, status, failureCode(status, body), body);
}

function buildInit(method: string, options: RequestOptions): RequestInit {
  const headers: Record<string, string> = { Accept: 'application/json' };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  return { method, headers, body, credentials: 'same-origin', signal: options.signal };
}

/** Sends the call and reads the answer's body; failures are announced and thrown as ApiError. */
async function send(method: string, path: string, options: RequestOptions): Promise<ApiEnvelope | undefined> {
  const { silent = false, overlay = true } = options;
  if (overlay) beginRequest();
  try {
    let response: Response;
    try {
      response = await fetch(`${API_BASE}/${path.replace(/^\//, '')}`, buildInit(method, options));
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      return fail(0, undefined, silent);
    }
    const body = await readBody(response);
    if (!response.ok || body?.success === false) return fail(response.status, body, silent);
    return body;
  } finally {
    if (overlay) endRequest();
  }
}

/** Call the API under /api; resolves with the envelope, or throws an ApiError already announced. */
export async function request<T = undefined>(
  method: string,
  path: string,
  options: RequestOptions = {},
): Promise<ApiSuccess<T>> {
  const body = await send(method, path, options);
  return { success: true, message: body?.message ?? '', data: body?.data as T };
}

/**
 * GET of a route that answers a plain document instead of the envelope (the GeoJSON of the
 * address search and of the map layers, docs/gis-api.md); failures are handled as for the others.
 */
export async function getDocument<T>(path: string, options: Omit<RequestOptions, 'body'> = {}): Promise<T> {
  return (await send('GET', path, options)) as T;
}

export const http = {
  get: <T = undefined>(path: string, options?: Omit<RequestOptions, 'body'>) =>
    request<T>('GET', path, options),
  post: <T = undefined>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('POST', path, { ...options, body }),
  put: <T = undefined>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('PUT', path, { ...options, body }),
  delete: <T = undefined>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
  getDocument,
};

/** The user-facing text of a failed call: the server's message (403: its detail, see describeFailure). */
export function failureText(error: unknown): string {
  return error instanceof ApiError ? error.message : HTTP_MESSAGES.serverError;
}
