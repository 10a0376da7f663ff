import { lazy, Suspense, useSyncExternalStore, type ComponentType } from 'react';
import { getToasts, subscribeToasts } from './toast-store';

// MUI's Snackbar and the theme load with the first toast, or once a signed-in page shows
// (preloadToasts): a page that has nothing to say, the sign-in page first, loads no MUI
// (ADR 0007).
let viewport: Promise<typeof import('./themed-toast-viewport')> | undefined;
/** Once loaded, rendered at once: Suspense would hold a revealed boundary back (~300 ms). */
let LoadedViewport: ComponentType | undefined;
const loadViewport = () =>
  (viewport ??= import('./themed-toast-viewport').then((module) => {
    LoadedViewport = module.default;
    return module;
  }));
const ThemedToastViewport = lazy(loadViewport);

/**
 * Fetches the toasts' code ahead of the first one: a toast loaded on demand shows some time
 * after what it announces (the saved row is already there), and a slow network makes it late.
 */
export function preloadToasts(): void {
  void loadViewport();
}

/** The app's toasts (docs/screens.md "Notices and errors"), mounted while one is queued. */
export function LazyToastViewport() {
  const hasToasts = useSyncExternalStore(subscribeToasts, getToasts).length > 0;
  if (!hasToasts) return null;
  if (LoadedViewport) return <LoadedViewport />;
  return (
    <Suspense fallback={null}>
      <ThemedToastViewport />
    </Suspense>
  );
}
