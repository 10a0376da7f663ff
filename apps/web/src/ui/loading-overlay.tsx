import { useSyncExternalStore } from 'react';
import { getInFlightCount, subscribeInFlight } from '../api';

export const LOADING_TEXT = 'Chargement...';

/**
 * The global overlay shown while any API call runs (docs/screens.md "Notices and errors"). Plain
 * markup (app/base.css): every page shows it, the sign-in page included, which loads no MUI.
 */
export function LoadingOverlay() {
  const isLoading = useSyncExternalStore(subscribeInFlight, getInFlightCount) > 0;
  return (
    <>
      <div className="loading-overlay" data-open={isLoading} aria-hidden="true">
        <span className="loading-overlay__spinner" />
        {/* Hidden from assistive technology: the live region below announces it once. */}
        <span>{LOADING_TEXT}</span>
      </div>
      {/* Always mounted, so screen readers notice when its text changes. */}
      <div role="status" aria-live="polite" className="visually-hidden">
        {isLoading ? LOADING_TEXT : ''}
      </div>
    </>
  );
}
