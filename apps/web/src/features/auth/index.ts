export { CONNECTED_USER_KEY, connectedUserQueryOptions } from './api/session-api';
export { useLogout } from './hooks/use-logout';
export { HOME_PATH, safeRedirectTarget, validateLoginSearch } from './model/redirect-target';
export type { LoginSearch } from './model/redirect-target';
