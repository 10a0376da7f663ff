import { vi } from 'vitest';

export interface MockAnswer {
  status?: number;
  body?: unknown;
  /** Runs when the call arrives, e.g. to set the cookies the API would set. */
  effect?: () => void;
}

export interface RecordedCall {
  method: string;
  path: string;
  body: unknown;
}

const queries = new WeakMap<RecordedCall, URLSearchParams>();

/** The query string's parameters of a recorded call. */
export function queryOf(call: RecordedCall | undefined): URLSearchParams {
  return (call && queries.get(call)) ?? new URLSearchParams();
}

type Handler = MockAnswer | ((call: RecordedCall) => MockAnswer | Promise<MockAnswer>);

/**
 * Replaces fetch with a fake API: routes are 'METHOD /api/path'. Unlisted calls answer 404,
 * as the real server would. Returns the calls made, in order.
 */
export function mockApi(routes: Record<string, Handler>) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(href, 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
    const call = { method, path: url.pathname, body };
    queries.set(call, url.searchParams);
    calls.push(call);
    const handler = routes[`${method} ${url.pathname}`];
    const answer =
      typeof handler === 'function'
        ? await handler(call)
        : (handler ?? { status: 404, body: { success: false, message: 'Not Found' } });
    answer.effect?.();
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

export function signInCookie(): void {
  document.cookie = 'voirie_session=1; Path=/';
}

/** The calls that change something (all but GET), in order. */
export function writes(calls: RecordedCall[]): RecordedCall[] {
  return calls.filter((call) => call.method !== 'GET');
}
