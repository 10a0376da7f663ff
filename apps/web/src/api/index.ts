export { ApiError, API_BASE, configureHttp, describeFailure, failureText, http, HTTP_MESSAGES } from './http';
export type { ApiEnvelope, ApiSuccess, HttpHandlers, RequestOptions, ToastSeverity } from './http';
export { getInFlightCount, subscribeInFlight } from './in-flight';
export { clearSessionCookie, hasSessionCookie, SESSION_COOKIE } from './session-cookie';
