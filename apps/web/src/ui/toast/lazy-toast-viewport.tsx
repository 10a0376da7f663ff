import { lazy, Suspense, useSyncExternalStore } from 'react';
import { getToasts, subscribeToasts } from './toast-store';

// MUI's Snackbar and the theme load with the first toast: a page that has nothing to say,
// the sign-in page first, loads no MUI (issue 19).
const ThemedToastViewport = lazy(() => import('./themed-toast-viewport'));

/** The app's toasts (spec 1 §8), mounted while one is queued. */
export function LazyToastViewport() {
  const hasToasts = useSyncExternalStore(subscribeToasts, getToasts).length > 0;
  if (!hasToasts) return null;
  return (
    <Suspense fallback={null}>
      <ThemedToastViewport />
    </Suspense>
  );
}
