export { ApiError, API_BASE, configureHttp, describeFailure, failureText, http } from './http';
export type { ApiSuccess, ToastSeverity } from './http';
export { getInFlightCount, subscribeInFlight } from './in-flight';
export { clearSessionCookie, hasSessionCookie } from './session-cookie';
