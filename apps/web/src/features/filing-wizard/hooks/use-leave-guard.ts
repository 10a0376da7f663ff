import { useBlocker } from '@tanstack/react-router';
import type { RefObject } from 'react';

/**
 * Asks before leaving the wizard while `active.current` (input not saved): a move inside the app
 * is held until the user answers (`proceed` or `reset`); closing or reloading the tab gets the
 * browser's own question. A change of the page's search alone (the draft's id in the address)
 * is no leave. A ref, read when the user leaves: the value of that moment, not of a render.
 */
export function useLeaveGuard(active: RefObject<boolean>) {
  return useBlocker({
    shouldBlockFn: ({ current, next }) => active.current && current.pathname !== next.pathname,
    enableBeforeUnload: () => active.current,
    withResolver: true,
  });
}
