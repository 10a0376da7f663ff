import { lazy, Suspense } from 'react';

// The error pages use MUI: loaded when a page fails, not with the sign-in page.
const ThemedRouteError = lazy(() =>
  import('./route-error').then((module) => ({ default: module.RouteError })),
);
const ThemedLayoutError = lazy(() =>
  import('./route-error').then((module) => ({ default: module.LayoutError })),
);

/** Shown when a page or its data failed to load (route-error.tsx). */
export function RouteError() {
  return (
    <Suspense fallback={null}>
      <ThemedRouteError />
    </Suspense>
  );
}

/** The same, when the layout itself failed. */
export function LayoutError() {
  return (
    <Suspense fallback={null}>
      <ThemedLayoutError />
    </Suspense>
  );
}
