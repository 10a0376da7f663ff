import { useRouterState } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { MAIN_CONTENT_ID } from '../components/main-content';

/**
 * After an in-app navigation, puts the focus on the new page's <main>, as a page load would
 * put it at the top: otherwise it stays on a link or button that no longer exists.
 */
export function useFocusMainOnNavigation(): void {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    document.getElementById(MAIN_CONTENT_ID)?.focus({ preventScroll: true });
  }, [pathname]);
}
