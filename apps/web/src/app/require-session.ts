import type { QueryClient } from '@tanstack/react-query';
import { redirect, type ParsedLocation } from '@tanstack/react-router';
import { ACCOUNT_MESSAGES } from '@voirie/domain/account-texts';
import { ApiError, hasSessionCookie } from '../api';
import { connectedUserQueryOptions } from '../features/auth';
import { publicConfigQueryOptions } from '../features/shell';
import { showToast } from '../ui';

/** Throws the router's redirect (`throw: true`: TanStack redirects are not Error objects). */
function redirectToLogin(location: ParsedLocation): void {
  redirect({ to: '/login', search: { redirect: location.href }, throw: true });
}

/**
 * Guard of the signed-in pages (docs/screens.md "Routes"): no session cookie -> /login, keeping the
 * wanted page; a cookie but no user loaded yet -> GET userConnected, UNAUTHENTICATED -> /login.
 */
export async function requireSession(queryClient: QueryClient, location: ParsedLocation): Promise<void> {
  if (!hasSessionCookie()) {
    redirectToLogin(location);
    return;
  }
  try {
    await queryClient.ensureQueryData(connectedUserQueryOptions());
  } catch (error) {
    if (error instanceof ApiError && error.code === 'UNAUTHENTICATED') {
      redirectToLogin(location);
      return;
    }
    const reason = error instanceof Error ? error.message : String(error);
    showToast(`${ACCOUNT_MESSAGES.userFetchFailure}${reason}`, 'error');
    throw error;
  }
  // Not awaited: the sidebar reads it when it arrives.
  void queryClient.prefetchQuery(publicConfigQueryOptions());
}
