import type { QueryClient } from '@tanstack/react-query';
import { clearSessionCookie, configureHttp } from '../api';
import { showToast } from '../ui';
import type { AppRouter } from './router';

/**
 * Connects the HTTP client to the toasts, on an expired session to the sign-in page, and while the
 * portal is closed for maintenance to its page.
 */
export function wireHttpClient(router: AppRouter, queryClient: QueryClient): void {
  let isLeaving = false;
  configureHttp({
    notify: showToast,
    onSessionExpired: () => {
      clearSessionCookie();
      // Several calls may fail together: leave once.
      if (isLeaving) return;
      isLeaving = true;
      const here = router.latestLocation;
      const search = here.pathname === '/login' ? {} : { redirect: here.href };
      void router.navigate({ to: '/login', search }).finally(() => {
        // Cleared only once the signed-in pages are gone, or they would fetch again.
        queryClient.clear();
        isLeaving = false;
      });
    },
    onMaintenance: () => {
      if (router.latestLocation.pathname === '/maintenance') return;
      void router.navigate({ to: '/maintenance', replace: true });
    },
  });
}
